/**
 * What writing out a document's shown JSON as text costs the database, `jsonb` against `json`
 * (docs/performance.md "Shown JSON columns as json", decision 615): two tables of the same rows,
 * the trace, extraction, metadata and step timings of `test/support/processed-documents.json`'s
 * 45 real results cycled, one with jsonb columns (as before migration 0015), one with json; a
 * statement reads every row's four columns as text (`::text`, as the list does) and sums their
 * lengths. Rounds alternate the two tables; the database's execution time per row (EXPLAIN
 * ANALYZE, no client transfer), median of rounds. Then pages of 20 rows (a primary-key range) with
 * the four columns as text, as a client reads a list page: the CPU of the database per page, on
 * PostgreSQL its backend's (`/proc/<pid>/stat`, so other sessions' work is not counted), on PGlite
 * this process's.
 *
 * Run: npx tsx bench/large/json-text.ts [--setup embedded|postgres] [--rows n] [--rounds n] [--pages n]
 */
import { readFileSync } from 'node:fs';
import { cpuUsage } from 'node:process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const { values: args } = parseArgs({
  options: {
    setup: { type: 'string', default: 'embedded' },
    rows: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '7' },
    pages: { type: 'string', default: '2000' },
  },
});

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** CPU µs used so far by the database: the PostgreSQL backend's, or this process's (PGlite). */
type CpuNow = () => Promise<number>;

async function open(): Promise<{ query: Query; close: () => Promise<void>; cpu: CpuNow }> {
  if (args.setup === 'embedded') {
    const db = await PGlite.create();
    const cpu = async () => {
      const u = cpuUsage();
      return u.user + u.system;
    };
    return { query: (t, p) => db.query(t, p), close: () => db.close(), cpu };
  }
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const name = `bench_json_text_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${name}` });
  await client.connect();
  const pid = Number((await client.query('select pg_backend_pid() as pid')).rows[0]?.pid);
  // utime and stime (fields 14 and 15 of /proc/<pid>/stat) in clock ticks of 10 ms.
  const cpu = async () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  };
  return {
    cpu,
    query: (t, p) => client.query(t, p),
    close: async () => {
      await client.end();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

// Compact, as JSON.stringify writes (the file itself is indented).
const results = JSON.stringify(
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../packages/server/test/support/processed-documents.json'), 'utf8'),
  ),
);
const { query, close, cpu } = await open();
for (const type of ['jsonb', 'json']) {
  await query(`create table shown_${type} (id int primary key, trace ${type}, extraction ${type}, metadata ${type}, step_timings ${type})`);
  // json_array_elements keeps each value's text as JSON.stringify wrote it (the pipeline's writes).
  await query(
    `insert into shown_${type}
     select g, r.e->'classification_trace', r.e->'extraction', r.e->'metadata', r.e->'step_timings'
       from generate_series(0, $2::int - 1) g
       join (select (i - 1)::int as i, e from json_array_elements($1::json) with ordinality x(e, i)) r
         on r.i = g % 45`,
    [results, Number(args.rows)],
  );
  await query(`vacuum analyze shown_${type}`);
}
const times: Record<string, number[]> = { jsonb: [], json: [] };
const bytes: Record<string, number> = {};
for (let round = 0; round <= Number(args.rounds); round++) {
  for (const type of ['jsonb', 'json']) {
    const sql = `select sum(length(trace::text) + length(coalesce(extraction::text, 'null')) + length(metadata::text) + length(step_timings::text)) as n from shown_${type}`;
    const plan = await query(`explain (analyze, format json) ${sql}`);
    const ms = (plan.rows[0]?.['QUERY PLAN'] as { 'Execution Time': number }[])[0]?.['Execution Time'] ?? 0;
    if (round > 0) times[type]?.push((ms * 1000) / Number(args.rows));
    bytes[type] = Number((await query(sql)).rows[0]?.n) / Number(args.rows);
  }
}
const pages: Record<string, number[]> = { jsonb: [], json: [] };
const perRound = Number(args.pages);
for (let round = 0; round <= Number(args.rounds); round++) {
  for (const type of ['jsonb', 'json']) {
    const statement = `select id, trace::text, extraction::text, metadata::text, step_timings::text from shown_${type} where id >= $1 and id < $1 + 20`;
    const start = await cpu();
    for (let i = 0; i < perRound; i++) await query(statement, [(i * 20) % (Number(args.rows) - 20)]);
    if (round > 0) pages[type]?.push(((await cpu()) - start) / perRound);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(`${args.setup}: ${args.rows} rows of real results, the four columns as text`);
for (const type of ['jsonb', 'json'])
  console.log(
    `  ${type.padEnd(6)} ${median(times[type] ?? []).toFixed(2).padStart(7)} µs a row (execution)  ${bytes[type]?.toFixed(0)} bytes a row` +
      `  ${median(pages[type] ?? []).toFixed(0).padStart(5)} µs CPU a page of 20 (${args.setup === 'embedded' ? 'this process' : 'its backend'})`,
  );
await close();
