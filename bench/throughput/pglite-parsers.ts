/**
 * The main-thread CPU per statement of drizzle on the embedded database with and without
 * drizzle's per-query parsers (src/db/pglite-parsers.ts): the same statements through drizzle
 * over a plain PGlite (drizzle passes its parsers with every query and PGlite merges them into
 * its whole parser map) and through `pgliteDatabase` (the instance parses those types itself),
 * each on its own in-memory PGlite with the service's schema, 500 calls each, three rounds.
 *
 * Run: node --liftoff-only --import tsx bench/throughput/pglite-parsers.ts
 *   (`--liftoff-only` as the launcher runs the server, packages/server/bin/service-server)
 */
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Db, migrationsFolder, PGLITE_OPTIONS, pgliteDatabase } from '../../packages/server/src/db/client.js';
import * as schema from '../../packages/server/src/db/schema.js';
import { documents, events } from '../../packages/server/src/db/schema.js';
import { newId } from '../../packages/server/src/ids.js';
import { seedDocument } from './seed.js';

/** A migrated in-memory database with one organization and one document; `plain`: drizzle as before. */
async function open(plain: boolean) {
  const client = await PGlite.create(PGLITE_OPTIONS);
  // drizzle as before: over the PGlite itself, with its per-query parsers.
  const db = plain ? (drizzle(client, { schema }) as unknown as Db) : pgliteDatabase(client).db;
  await migrate(db as never, { migrationsFolder });
  const { org, id } = await seedDocument(db);
  return { db, org, id };
}

const timings = { parse: 300, classify: 150, extract: 100, derive: 20 };
const N = 500;
for (const [name, plain] of [['drizzle over a plain PGlite (per-query parsers)', true], ['pgliteDatabase', false]] as const) {
  const { db, org, id } = await open(plain);
  const variants: Record<string, () => Promise<unknown>> = {
    'update documents (no returning)': () =>
      db.update(documents).set({ status: 'PROCESSED', stepTimings: timings, updatedAt: new Date() }).where(eq(documents.id, id)),
    'update documents returning *': () =>
      db.update(documents).set({ status: 'PROCESSED', stepTimings: timings, updatedAt: new Date() }).where(eq(documents.id, id)).returning(),
    'select document by id': () => db.select().from(documents).where(eq(documents.id, id)),
    'insert event returning *': () =>
      db.insert(events).values({ id: newId(), organizationId: org, type: 'document.classified', data: { document_id: id } }).returning(),
  };
  for (let round = 0; round < 3; round++)
    for (const [statement, run] of Object.entries(variants)) {
      const t = process.threadCpuUsage();
      for (let i = 0; i < N; i++) await run();
      const u = process.threadCpuUsage(t);
      console.log(round, name.padEnd(48), statement.padEnd(32), ((u.user + u.system) / 1000 / N).toFixed(3), 'ms CPU per call');
    }
}
