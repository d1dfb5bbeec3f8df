/**
 * The main-thread CPU per statement on PostgreSQL (node-postgres, as `service-server worker`
 * runs): the per-document hot statements through drizzle's query builder, through a drizzle
 * prepared statement (`.prepare()`, built once), and as raw SQL through the same pg pool, 1000
 * calls each (one at a time, as a worker's pipeline issues them), three rounds. The difference
 * between the builder and the raw row is drizzle's cost per statement (building the SQL from the
 * query's parts, mapping result rows); pg's serialization and the round trip are in all rows.
 * Then the service's own hot calls (documents/repository.ts `startAttempt` and `updateDocument`
 * with the pipeline's patches, outside a transaction and inside one) of `--root=<checkout>`
 * (default this one), to compare checkouts. It makes a scratch database `bench_pg_overhead` on the
 * local server and drops it at the end.
 *
 * Run: node --liftoff-only --import tsx bench/throughput/pg-statement-overhead.ts [--root=/work/main] [--service-only]
 *   (PostgreSQL at postgres://postgres@127.0.0.1:5432; `--liftoff-only` as the launcher runs the server)
 */
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type Db, migrationsFolder } from '../../packages/server/src/db/client.js';
import * as schema from '../../packages/server/src/db/schema.js';
import { documents, events } from '../../packages/server/src/db/schema.js';
import { newId } from '../../packages/server/src/ids.js';
import { seedDocument } from './seed.js';

const root = process.argv.find((a) => a.startsWith('--root='))?.slice('--root='.length) ?? new URL('../..', import.meta.url).pathname;
const repository: typeof import('../../packages/server/src/documents/repository.js') = await import(
  `${root}/packages/server/src/documents/repository.ts`
);
const organizations: typeof import('../../packages/server/src/organizations/repository.js') = await import(
  `${root}/packages/server/src/organizations/repository.ts`
);
const ontology: typeof import('../../packages/server/src/ontology/repository.js') = await import(
  `${root}/packages/server/src/ontology/repository.ts`
);
const benchmarks: typeof import('../../packages/server/src/benchmarks/repository.js') = await import(
  `${root}/packages/server/src/benchmarks/repository.ts`
);
const serviceOnly = process.argv.includes('--service-only');

const SERVER = 'postgres://postgres@127.0.0.1:5432';
const NAME = 'bench_pg_overhead';
const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
await admin.connect();
await admin.query(`drop database if exists ${NAME}`);
await admin.query(`create database ${NAME}`);
const pool = new pg.Pool({ connectionString: `${SERVER}/${NAME}`, max: 10 });
const db = drizzle(pool, { schema }) as unknown as Db;
try {
  await migrate(db as never, { migrationsFolder });
  const { org, id } = await seedDocument(db);
  /** A parsed text of the bench's size (≈ 41,000 characters, task 13g). */
  const text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(720);
  await db.execute(sql`insert into organization_settings (organization_id) values (${org})`);
  await db.execute(sql`insert into ontology_versions (organization_id, version, labels) values (${org}, 1, '[]')`);
  const timings = { parse: 300, classify: 150, extract: 100, derive: 20 };
  const preparedSelect = db
    .select()
    .from(documents)
    .where(eq(documents.id, sql.placeholder('id')))
    .prepare('bench_select_document');
  const preparedUpdate = db
    .update(documents)
    .set({ step: sql`${sql.placeholder('step')}`, updatedAt: sql`now()` })
    .where(eq(documents.id, sql.placeholder('id')))
    .returning()
    .prepare('bench_update_document');
  const N = 1000;
  const service: Record<string, () => Promise<unknown>> = {
    'startAttempt': () => repository.startAttempt(db, id),
    'updateDocument {mimeType, step}': () => repository.updateDocument(db, id, { mimeType: 'application/pdf', step: 'derive' }),
    'updateDocument PROCESSED (step, error null)': () =>
      repository.updateDocument(db, id, { step: null, status: 'PROCESSING', processedAt: new Date(), error: null, stepTimings: timings }),
    'putContent (41,000 characters)': () =>
      repository.putContent(db, { documentId: id, text, pages: [text], parseMetadata: { kind: 'pdf' } }, { searchVector: false }),
    'getSettings': () => organizations.getSettings(db, org),
    'listIdentities': () => organizations.listIdentities(db, org),
    'currentOntology': () => ontology.currentOntology(db, org),
    'confirmedExamplesVersion': () => repository.confirmedExamplesVersion(db, org),
    'benchmarkPluginIds': () => benchmarks.benchmarkPluginIds(db, org),
    'updateDocument {step} in a transaction': () => db.transaction((tx) => repository.updateDocument(tx, id, { step: 'derive' })),
  };
  const variants: Record<string, () => Promise<unknown>> = serviceOnly ? service : {
    'select document by id (builder)': () => db.select().from(documents).where(eq(documents.id, id)),
    'select document by id (prepared)': () => preparedSelect.execute({ id }),
    'select document by id (raw pg)': () => pool.query('select * from documents where id = $1', [id]),
    'update documents returning * (builder)': () =>
      db.update(documents).set({ step: 'derive', stepTimings: timings, updatedAt: new Date() }).where(eq(documents.id, id)).returning(),
    'update documents returning * (prepared)': () => preparedUpdate.execute({ id, step: 'derive' }),
    'update documents returning * (raw pg)': () =>
      pool.query('update documents set step = $1, step_timings = $2, updated_at = $3 where id = $4 returning *', [
        'derive',
        JSON.stringify(timings),
        new Date(),
        id,
      ]),
    'update documents, no returning (builder)': () =>
      db.update(documents).set({ step: 'derive', stepTimings: timings, updatedAt: new Date() }).where(eq(documents.id, id)),
    'insert event returning * (builder)': () =>
      db.insert(events).values({ id: newId(), organizationId: org, type: 'document.classified', data: { document_id: id } }).returning(),
    'insert event (raw pg)': () =>
      pool.query('insert into events (id, organization_id, type, data) values ($1, $2, $3, $4) returning *', [
        newId(),
        org,
        'document.classified',
        JSON.stringify({ document_id: id }),
      ]),
    'transaction + update (builder)': () =>
      db.transaction((tx) => tx.update(documents).set({ step: 'derive', updatedAt: new Date() }).where(eq(documents.id, id)).returning()),
    ...service,
  };
  for (let round = 0; round < 3; round++)
    for (const [statement, run] of Object.entries(variants)) {
      const t = process.threadCpuUsage();
      for (let i = 0; i < N; i++) await run();
      const u = process.threadCpuUsage(t);
      console.log(round, statement.padEnd(48), ((u.user + u.system) / 1000 / N).toFixed(3), 'ms CPU per call');
    }
} finally {
  await pool.end();
  await admin.query(`drop database if exists ${NAME}`);
  await admin.end();
}
