/**
 * The main-thread CPU of storing a parsed text on the embedded database with PostgreSQL's
 * default TOAST compression (pglz) and without it (`STORAGE EXTERNAL`), and of building its
 * search vector from either: the shape of `document_contents` (text, pages as jsonb, a tsvector)
 * on an in-memory PGlite, an 80,000-character English text (this repository's
 * docs/performance.md) cut into 4,000-character pages. Prints the stored sizes too. PGlite has no
 * lz4 (`SET COMPRESSION lz4` fails), so pglz or nothing are the choices.
 *
 * Run: node --liftoff-only --import tsx bench/throughput/content-compression.ts
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pgliteDatabase } from '../../packages/server/src/db/client.js';

const database = pgliteDatabase(await PGlite.create());
const db = database.db;
const text = readFileSync(new URL('../../docs/performance.md', import.meta.url), 'utf8').slice(0, 80_000);
const pages = JSON.stringify(text.match(/[\s\S]{1,4000}/g));
for (const t of ['compressed', 'uncompressed'])
  await db.execute(sql.raw(`create table ${t} (id int primary key, text text, pages jsonb, v tsvector)`));
await db.execute(
  sql.raw('alter table uncompressed alter column text set storage external, alter column pages set storage external'),
);
const put = (t: string) => () =>
  db.execute(sql`insert into ${sql.raw(t)} values (1, ${text}, ${pages}) on conflict (id) do update
    set text = excluded.text, pages = excluded.pages`);
const vector = (t: string) => () =>
  db.execute(sql`update ${sql.raw(t)} set v = to_tsvector('english', left(text, 500000)) where id = 1`);
const variants: Record<string, [() => Promise<unknown>, number]> = {
  'insert, pglz (default)': [put('compressed'), 100],
  'insert, uncompressed': [put('uncompressed'), 100],
  'to_tsvector, pglz (default)': [vector('compressed'), 20],
  'to_tsvector, uncompressed': [vector('uncompressed'), 20],
};
for (let round = 0; round < 3; round++)
  for (const [name, [run, n]] of Object.entries(variants)) {
    const t = process.threadCpuUsage();
    for (let i = 0; i < n; i++) await run();
    const u = process.threadCpuUsage(t);
    console.log(round, name.padEnd(30), ((u.user + u.system) / 1000 / n).toFixed(3), 'ms CPU per call');
  }
for (const t of ['compressed', 'uncompressed'])
  console.log(t, (await database.query(`select pg_column_size(text) as text, pg_column_size(pages) as pages from ${t}`)).rows[0]);
