/**
 * The main-thread CPU of the statements task 13g removed on the embedded database, in isolation
 * (the whole pipeline's noise between runs, ±10 ms per document under load, hides 3–4 ms):
 * the queue's fair fetch with and without its transaction and advisory lock, and a classification
 * write transaction with and without a `DELETE` that finds nothing, and the parse step's content
 * insert and step update as two statements and as one, through drizzle on an in-memory PGlite,
 * 1000 calls each, five rounds.
 *
 * Run: node --liftoff-only --import tsx bench/throughput/statement-overhead.ts
 *   (`--liftoff-only` as the launcher runs the server, packages/server/bin/service-server)
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { type Executor, pgliteDatabase } from '../../packages/server/src/db/client.js';

const database = pgliteDatabase(await PGlite.create());
const db = database.db;
await db.execute(sql`create table job (id int primary key, name text, state int, org text)`);
await db.execute(sql`insert into job select g, 'q', 2, 'o' || (g % 3) from generate_series(1, 200) g`);
await db.execute(sql`create table d (id int primary key, step text, updated_at timestamptz)`);
await db.execute(sql`create table c (id int primary key references d (id), text text, pages jsonb)`);
await db.execute(sql`insert into d values (1, 'parse', now())`);
/** A parsed text of the bench's size (≈ 41,000 characters, task 13g). */
const text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(720);
const pages = JSON.stringify([text]);
const fetchOne = (x: Executor) =>
  x.execute(sql`WITH next AS (SELECT j.id FROM job j WHERE j.name = ${'q'} AND j.state < 1
      AND (SELECT count(*) FROM job a WHERE a.name = ${'q'} AND a.state = 1 AND a.org = j.org) < ${2}
      ORDER BY j.id LIMIT 1 FOR UPDATE SKIP LOCKED)
    UPDATE job j SET state = 1 FROM next WHERE j.name = ${'q'} AND j.id = next.id RETURNING j.id`);
const variants: Record<string, () => Promise<unknown>> = {
  'transaction + lock + fetch': () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${727003})`);
      return fetchOne(tx);
    }),
  'fetch alone': () => fetchOne(db),
  'transaction + delete (label_suggestions-like) + update': () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`delete from job where id = ${-1} and state = ${3}`);
      await tx.execute(sql`update job set state = 2 where id = ${1}`);
    }),
  'transaction + update': () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`update job set state = 2 where id = ${1}`);
    }),
  'content insert, then step update (2 statements)': async () => {
    await db.execute(sql`insert into c values (1, ${text}, ${pages}) on conflict (id) do update
      set text = excluded.text, pages = excluded.pages`);
    await db.execute(sql`update d set step = ${'classify'}, updated_at = now() where id = ${1} returning *`);
  },
  'both in one statement (data-modifying CTE)': () =>
    db.execute(sql`with stored as (insert into c values (1, ${text}, ${pages}) on conflict (id) do update
      set text = excluded.text, pages = excluded.pages returning id)
      update d set step = ${'classify'}, updated_at = now() where id = ${1} returning *`),
};
const N = 1000;
for (let round = 0; round < 5; round++)
  for (const [name, run] of Object.entries(variants)) {
    const t = process.threadCpuUsage();
    for (let i = 0; i < N; i++) await run();
    const u = process.threadCpuUsage(t);
    console.log(round, name.padEnd(55), ((u.user + u.system) / 1000 / N).toFixed(3), 'ms CPU per call');
  }
