/** Regenerates src/schema.d.ts from the live OpenAPI document (`npm run generate:client`). */
import { writeFileSync } from 'node:fs';
import { liveOpenApiDocument, renderSchema, SCHEMA_FILE } from './live-document.js';

const doc = await liveOpenApiDocument();
writeFileSync(SCHEMA_FILE, await renderSchema(doc));
if (process.argv.includes('--json'))
  writeFileSync(process.argv[process.argv.indexOf('--json') + 1], JSON.stringify(doc, null, 2));
console.log(`wrote ${SCHEMA_FILE}`);
