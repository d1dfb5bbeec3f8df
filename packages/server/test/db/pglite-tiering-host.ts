/**
 * Child process of pglite-module.test.ts: opens an in-memory embedded database with the options
 * the server uses (so with the hinted module when `make install` wrote it), runs a few statements
 * and prints `done` and its peak resident memory in MiB on standard error. Run by the test with
 * the launcher's V8 flags and `--trace-wasm-compilation-times`, whose lines (on standard output,
 * through C's buffered stdio, so a line of ours there could land inside one of them) are what it
 * checks.
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from '../../src/db/client.js';

const db = await PGlite.create('memory://', await pgliteOptions());
await db.exec('create table t (id int primary key, body text, v tsvector)');
for (let i = 0; i < 200; i++) {
  await db.query("insert into t values ($1, $2, to_tsvector('english', $2))", [
    i,
    `notice of termination ${i}`,
  ]);
}
await db.query(
  "select id, ts_headline('english', body, q) from t, websearch_to_tsquery('english', 'notice') q where v @@ q",
);
await db.close();
const peak = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
console.error(`done ${peak.toFixed(0)}`);
