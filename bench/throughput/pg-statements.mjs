/**
 * Statement counter for PostgreSQL (node-postgres), loaded into the server as a preload:
 *
 *   PG_STATEMENTS_OUT=/tmp/pgstmts NODE_OPTIONS=--import=$PWD/bench/throughput/pg-statements.mjs \
 *     bench/throughput/run 40 --setup=postgres
 *   node bench/throughput/pg-statements.mjs /tmp/pgstmts/pg-statements-<pid>.json [documents]   # a table
 *
 * It wraps `pg.Client.prototype.query` (every statement of the process goes through it: drizzle,
 * pg-boss and raw queries alike) and counts calls per SQL text, with the main thread's CPU time
 * spent synchronously inside the call (pg's serialization of the parameters and messages, its
 * `writev`). Drizzle's own work happens before the call and is not counted here (see
 * bench/throughput/pg-statement-overhead.ts). When the process exits it writes
 * `{statements: {sql: {count, cpuMs}}, total, seq}` to `$PG_STATEMENTS_OUT/pg-statements-<pid>.json`, and
 * the counts so far on each SIGUSR2 (`seq` counts the writes, so a reader knows a snapshot is new).
 * The pg module is resolved from the server's own checkout (`process.argv[1]`). It does nothing
 * without PG_STATEMENTS_OUT, in worker threads, and in processes that cannot resolve pg.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';

async function install(out) {
  const entry = process.argv[1];
  if (!entry || !entry.endsWith('cli.js')) return; // the server only, not the bench driver
  let pg;
  try {
    pg = createRequire(path.resolve(entry))('pg');
  } catch {
    return;
  }
  const original = pg.Client.prototype.query;
  const statements = new Map();
  pg.Client.prototype.query = function counted(config, ...rest) {
    const text = typeof config === 'string' ? config : (config?.text ?? '(no text)');
    let e = statements.get(text);
    if (!e) {
      e = { count: 0, cpuMs: 0 };
      statements.set(text, e);
    }
    e.count++;
    const cpu = process.threadCpuUsage();
    try {
      return original.call(this, config, ...rest);
    } finally {
      const used = process.threadCpuUsage(cpu);
      e.cpuMs += (used.user + used.system) / 1000;
    }
  };
  let seq = 0;
  const write = () => {
    mkdirSync(out, { recursive: true });
    const sorted = [...statements].sort((a, b) => b[1].count - a[1].count);
    const total = sorted.reduce((n, [, e]) => n + e.count, 0);
    writeFileSync(
      path.join(out, `pg-statements-${process.pid}.json`),
      JSON.stringify({ argv: process.argv.slice(1), seq: ++seq, total, statements: Object.fromEntries(sorted) }, null, 1),
    );
  };
  process.once('exit', write);
  // A snapshot while running (bench/scale takes one at each end of its measured window).
  process.on('SIGUSR2', write);
}

/** `node pg-statements.mjs <file> [documents]`: the counts of a written file as a table, per document. */
function report(file, documents) {
  const { total, statements } = JSON.parse(readFileSync(file, 'utf8'));
  const per = (n) => (documents ? (n / documents).toFixed(2) : String(n));
  const rows = Object.entries(statements);
  const cpuMs = rows.reduce((n, [, e]) => n + e.cpuMs, 0);
  console.log(`statements ${total} (${per(total)} per document); in pg's query calls ${per(cpuMs)} ms main-thread CPU`);
  console.log('   count  CPU ms  statement');
  for (const [sql, e] of rows)
    console.log(`${per(e.count).padStart(8)} ${e.cpuMs.toFixed(0).padStart(7)}  ${sql.replace(/\s+/g, ' ').slice(0, 150)}`);
}

const invokedDirectly = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (invokedDirectly) report(process.argv[2], Number(process.argv[3] ?? 0));
else if (process.env.PG_STATEMENTS_OUT && isMainThread) await install(process.env.PG_STATEMENTS_OUT);
