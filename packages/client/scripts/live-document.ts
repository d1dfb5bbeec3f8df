/**
 * The live OpenAPI document: the real server application built on a throwaway in-memory PGlite,
 * asked for `/openapi.json` exactly as a client would, then closed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { migrateDatabase, pgliteDatabase } from '../../server/src/db/client.js';

/** Public URL written into the document's `servers`, fixed so the generated file is stable. */
const PUBLIC_URL = 'http://localhost:8080';

/** Returns the parsed `/openapi.json` of the current server code. */
export async function liveOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'service-openapi-'));
  const config = loadConfig({
    SERVICE_DATA_DIR: dataDir,
    SERVICE_SECRET_KEY: 'openapi-generation-secret-key-0123456789abcdef',
    SERVICE_PUBLIC_URL: PUBLIC_URL,
    SERVICE_LOG_LEVEL: 'silent',
  });
  const database = pgliteDatabase(await PGlite.create());
  await migrateDatabase(database);
  const app = await buildApp(config, { logger: false, database, workers: 0 });
  try {
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`/openapi.json answered ${res.statusCode}`);
    return res.json() as Record<string, unknown>;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Path of the committed, generated `paths`/`components` types. */
export const SCHEMA_FILE = path.join(import.meta.dirname, '..', 'src', 'schema.d.ts');

/** Renders the TypeScript types of an OpenAPI 3.1 document with openapi-typescript. */
export async function renderSchema(doc: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0]);
  return `/**\n * Generated from /openapi.json by \`npm run generate:client\`; do not edit by hand.\n */\n\n${astToString(ast)}`;
}
