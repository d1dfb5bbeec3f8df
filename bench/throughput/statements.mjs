/**
 * Statement counter for the embedded database (PGlite), loaded into the server as a preload:
 *
 *   STATEMENTS_OUT=/tmp/stmts NODE_OPTIONS=--import=$PWD/bench/throughput/statements.mjs \
 *     bench/throughput/run 40 --setup=embedded --compare=/work/main
 *   node bench/throughput/statements.mjs /tmp/stmts/statements-<pid>.json [documents]   # prints a table
 *
 * It wraps `PGlite.prototype.execProtocolRawSync` (every statement of the process goes through
 * it: drizzle, pg-boss and raw queries alike) and counts, per SQL text, the Parse ('P') and
 * simple Query ('Q') messages of the protocol bytes, with the main-thread time spent in the
 * protocol calls that follow until the next statement (bind, describe, execute, sync): wall time
 * and the main thread's CPU time (`process.threadCpuUsage`, which load on other cores inflates
 * less than wall time). When the process exits it writes
 * `{statements: {sql: {count, ms, cpuMs, bytes}}, total}` to
 * `$STATEMENTS_OUT/statements-<pid>.json`. The PGlite module is resolved from the server's own
 * checkout (`process.argv[1]`), so `--compare` runs count the other checkout's statements too.
 * It does nothing without STATEMENTS_OUT, in worker threads, and in processes without PGlite
 * (the bench driver itself). Measuring changes what it measures (a few µs per call): the
 * untraced run gives the CPU figures of the whole service.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';

/** SQL texts of the Parse and Query messages in one protocol buffer (PostgreSQL frontend messages). */
function statementsOf(bytes) {
  const found = [];
  let at = 0;
  // A frontend message: 1 type byte, an int32 length that counts itself, then the body.
  while (at + 5 <= bytes.length) {
    const type = bytes[at];
    const length = (bytes[at + 1] << 24) | (bytes[at + 2] << 16) | (bytes[at + 3] << 8) | bytes[at + 4];
    if (length < 4) break;
    const body = at + 5;
    if (type === 0x51 /* Q: query text */) {
      found.push(Buffer.from(bytes.subarray(body, bytes.indexOf(0, body))).toString('utf8'));
    } else if (type === 0x50 /* P: statement name, then query text */) {
      const text = bytes.indexOf(0, body) + 1;
      found.push(Buffer.from(bytes.subarray(text, bytes.indexOf(0, text))).toString('utf8'));
    }
    at += 1 + length;
  }
  return found;
}

async function install(out) {
  const entry = process.argv[1];
  if (!entry) return;
  let url;
  try {
    const require = createRequire(path.resolve(entry));
    // The package's exports hide package.json: walk up from its CommonJS entry to find it.
    let manifest = require.resolve('@electric-sql/pglite');
    do manifest = path.join(path.dirname(path.dirname(manifest)), 'package.json');
    while (!existsSync(manifest));
    const exported = JSON.parse(readFileSync(manifest, 'utf8')).exports['.'].import.default;
    url = pathToFileURL(path.join(path.dirname(manifest), exported)).href;
  } catch {
    return; // not a process of the server (no PGlite to count)
  }
  const { PGlite } = await import(url);
  const original = PGlite.prototype.execProtocolRawSync;
  const statements = new Map();
  let current = '(before the first statement)';
  const entryOf = (sql) => {
    let e = statements.get(sql);
    if (!e) {
      e = { count: 0, ms: 0, cpuMs: 0, bytes: 0 };
      statements.set(sql, e);
    }
    return e;
  };
  PGlite.prototype.execProtocolRawSync = function counted(message) {
    const texts = statementsOf(message);
    for (const sql of texts) entryOf(sql).count++;
    if (texts.length > 0) current = texts[texts.length - 1];
    const started = performance.now();
    const cpu = process.threadCpuUsage();
    try {
      return original.call(this, message);
    } finally {
      const used = process.threadCpuUsage(cpu);
      const e = entryOf(current);
      e.ms += performance.now() - started;
      e.cpuMs += (used.user + used.system) / 1000;
      e.bytes += message.length;
    }
  };
  process.once('exit', () => {
    mkdirSync(out, { recursive: true });
    const sorted = [...statements].sort((a, b) => b[1].count - a[1].count);
    const total = sorted.reduce((n, [, e]) => n + e.count, 0);
    writeFileSync(
      path.join(out, `statements-${process.pid}.json`),
      JSON.stringify({ argv: process.argv.slice(1), total, statements: Object.fromEntries(sorted) }, null, 1),
    );
  });
}

/** `node statements.mjs <file> [documents]`: the counts of a written file as a table, per document. */
function report(file, documents) {
  const { total, statements } = JSON.parse(readFileSync(file, 'utf8'));
  const per = (n) => (documents ? (n / documents).toFixed(2) : String(n));
  const rows = Object.entries(statements).filter(([, e]) => e.count > 0);
  const ms = rows.reduce((n, [, e]) => n + e.ms, 0);
  const cpuMs = rows.reduce((n, [, e]) => n + e.cpuMs, 0);
  console.log(
    `statements ${total} (${per(total)} per document); in PGlite's protocol calls ${Math.round(ms)} ms, ` +
      `of which main-thread CPU ${Math.round(cpuMs)} ms (${per(cpuMs)}${documents ? ' per document' : ''})`,
  );
  console.log('   count  CPU ms  wall ms  statement');
  for (const [sql, e] of rows)
    console.log(
      `${per(e.count).padStart(8)} ${e.cpuMs.toFixed(0).padStart(7)} ${e.ms.toFixed(0).padStart(8)}  ${sql.replace(/\s+/g, ' ').slice(0, 140)}`,
    );
}

const invokedDirectly = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (invokedDirectly) report(process.argv[2], Number(process.argv[3] ?? 0));
else if (process.env.STATEMENTS_OUT && isMainThread) await install(process.env.STATEMENTS_OUT);
