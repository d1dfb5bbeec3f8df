/**
 * A list page's CPU in one process, piece by piece (issue 36; docs/performance.md "A list page's
 * JSON as stored"): the page statement of `listDocuments` and the page's JSON text, against the
 * same page read with every column parsed (as before decision 613) and written by
 * `toDocumentDto` and the response schema's serializer. Documents carry real pipeline results
 * (`useProcessedResults`). Rounds alternate the two ways; CPU µs per page, median of rounds.
 *
 * Run: npx tsx bench/large/list-cpu.ts [--setup embedded|postgres] [--documents n] [--pages n] [--rounds n]
 */
import { cpuUsage } from 'node:process';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { desc, eq } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { type Database, migrateDatabase, openDatabase, pgliteDatabase } from '../../packages/server/src/db/client.js';
import { documents } from '../../packages/server/src/db/schema.js';
import { documentJson } from '../../packages/server/src/documents/json.js';
import { listDocuments } from '../../packages/server/src/documents/list-repository.js';
import { documentDto, toDocumentDto } from '../../packages/server/src/documents/schemas.js';
import { pageJson, pageSchema, toPage } from '../../packages/server/src/http/pagination.js';
import { insertBulkDocuments, useProcessedResults } from '../../packages/server/test/support/bulk.js';

const { values: args } = parseArgs({
  options: {
    setup: { type: 'string', default: 'embedded' },
    documents: { type: 'string', default: '2000' },
    pages: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '7' },
  },
});

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (args.setup === 'embedded') {
    const database = pgliteDatabase(await PGlite.create());
    await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const name = `bench_list_cpu_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:5432/${name}`, dataDir: '' });
  await migrateDatabase(database);
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

const { database, drop } = await open();
const { rows } = await database.query(
  `insert into organizations (id, name, slug, kind) values (gen_random_uuid(), 'List', 'list-' || gen_random_uuid(), 'TEAM') returning id`,
);
const org = String(rows[0]?.id);
await insertBulkDocuments(database, org, Number(args.documents));
await useProcessedResults(database, org);
await database.query('analyze');

const page = { page: 0, size: 20, field: 'created_at' as const, direction: 'desc' as const, status: 'PROCESSED' as const };
const serialize = serializerCompiler({ schema: pageSchema(documentDto), method: 'GET', url: '/' } as never) as (
  d: unknown,
) => string;
const db = database.db;
const oldStatement = db
  .select()
  .from(documents)
  .where(eq(documents.organizationId, org))
  .orderBy(desc(documents.createdAt))
  .limit(20)
  .prepare('bench_list_parsed');

const ways = {
  /** Every column parsed, DTO, schema serializer (the route before decision 613). */
  parsed: async () => {
    const r = await oldStatement.execute();
    return serialize(toPage(r.map((d) => toDocumentDto(d)), page, 1000, false)).length;
  },
  parsedStatement: async () => (await oldStatement.execute()).length,
  /** The list statement and the JSON written around the stored text (now). */
  asStored: async () => {
    const r = await listDocuments(db, org, page);
    return pageJson(r.rows.map((d) => documentJson(d)), page, r.total, r.totalExact).length;
  },
  asStoredStatement: async () => (await listDocuments(db, org, page)).rows.length,
};

const times: Record<string, number[]> = {};
let bytes = 0;
for (let round = 0; round <= Number(args.rounds); round++) {
  for (const [name, run] of Object.entries(ways)) {
    const start = cpuUsage();
    for (let i = 0; i < Number(args.pages); i++) {
      const n = await run();
      if (!name.endsWith('Statement')) bytes = n;
    }
    const used = cpuUsage(start);
    if (round > 0) (times[name] ??= []).push((used.user + used.system) / Number(args.pages));
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(`${args.setup}: ${args.documents} documents with real results, pages of 20 (last page ${bytes} bytes)`);
for (const [name, xs] of Object.entries(times)) console.log(`  ${name.padEnd(20)} ${median(xs).toFixed(0).padStart(6)} µs CPU a page (this process)`);
await drop();
