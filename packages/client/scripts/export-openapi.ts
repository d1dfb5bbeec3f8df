/**
 * Writes the live OpenAPI document (live-document.ts: the current server code, no running server
 * needed) as JSON to the path given, or to standard output; clients/python/generate.sh reads it.
 */
import { writeFileSync } from 'node:fs';
import { liveOpenApiDocument } from './live-document.js';

const doc = JSON.stringify(await liveOpenApiDocument(), null, 2);
const out = process.argv[2];
if (out) writeFileSync(out, doc);
else process.stdout.write(`${doc}\n`);
