/**
 * Where a search's CPU goes on the embedded PGlite (issue 36; docs/performance.md "A search's CPU
 * on PGlite, split"): the same first-page search timed in pieces, in CPU ms per search.
 *
 *   prepare  a data directory of `--documents` generated documents, the newest `--real` with CUAD's
 *            contract texts (the server starts once on it for its admin and API key; kept in
 *            `<data>/split.json`), reused by the two others;
 *   inproc   in this process (run it with or without `--liftoff-only`): `searchDocuments` as the
 *            server calls it; the statement it sent, through PGlite's `query` (extended protocol,
 *            rows parsed) and through `exec` with its values written in (simple protocol); the
 *            statement wrapped so that it returns one row (`sum(octet_length(row::text))`: every
 *            column still computed, nothing returned); the statement with the snippets' text as ''
 *            (what it costs without them); `EXPLAIN (ANALYZE, BUFFERS)` of it (and the pages it read
 *            from the files, past PGlite's shared buffers). Each method in
 *            turn in every round, `--runs` rounds after one unmeasured; `--profile file` writes a
 *            CPU profile of the measured rounds' `searchDocuments` calls only;
 *   http     the built server (`node [--node-flag]… dist/cli.js serve`) on the data directory:
 *            `--runs` sequential requests of each query (one connection, nothing queued), the
 *            server's CPU time per request (/proc, all threads); then `--connections` clients for
 *            `--duration` s as `bench/large/run` measures (CPU per answered request);
 *            `--profile file` runs the server under `--cpu-prof` and keeps the sequential requests'
 *            samples only.
 *
 * With `--database-url`, prepare and http use that PostgreSQL database instead (it must exist and
 * be empty; `--data` then only keeps `split.json`): the server's Node side of a search on PostgreSQL.
 *
 * Profiles are summarised by `bench/large/profile-summary.ts` (self time by function).
 *
 * Run: npx tsx bench/large/split.ts prepare|inproc|http --data DIR [--documents n] [--real n]
 *   [--runs n] [--query word]... [--node-flag flag]... [--connections n] [--duration s] [--profile file]
 *   [--cli path/to/dist/cli.js] [--database-url postgres://…]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { PGLITE_OPTIONS, type Db, openDatabase, pgliteDatabase } from '../../packages/server/src/db/client.js';
import { lockDataDir } from '../../packages/server/src/db/data-dir-lock.js';
import { drizzleClient } from '../../packages/server/src/db/pglite-parsers.js';
import * as schema from '../../packages/server/src/db/schema.js';
import { refreshStatistics } from '../../packages/server/src/db/statistics.js';
import { searchDocuments } from '../../packages/server/src/documents/search-repository.js';
import { insertBulkDocuments, useRealTexts } from '../../packages/server/test/support/bulk.js';
import { bootstrapOrganization, cpuSeconds, measure, startServer } from '../api/harness.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    data: { type: 'string' },
    documents: { type: 'string', default: '100000' },
    real: { type: 'string', default: '277' },
    corpus: { type: 'string', default: path.resolve(import.meta.dirname, '../../../shared/corpus/cuad/txt') },
    runs: { type: 'string', default: '15' },
    query: { type: 'string', multiple: true, default: ['arbitration', 'indemnify'] },
    'node-flag': { type: 'string', multiple: true, default: [] },
    connections: { type: 'string', default: '0' },
    duration: { type: 'string', default: '10' },
    profile: { type: 'string' },
    cli: { type: 'string' },
    'database-url': { type: 'string' },
  },
});
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
/** The built server (`--cli`: another build of it, e.g. of the commit before a change). */
const cli = path.resolve(args.cli ?? path.join(repoRoot, 'packages/server/dist/cli.js'));
const dataDir = path.resolve(args.data ?? '');
const runs = Number(args.runs);
const serverEnv = {
  SERVICE_LOG_LEVEL: 'error',
  SERVICE_SECRET_KEY: 'bench-secret-bench-secret-bench-secret',
  SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE: '10000000',
  SERVICE_RATE_LIMIT_ORGANIZATION_PER_MINUTE: '10000000',
  SERVICE_WORKERS: '0',
  SERVICE_DATA_DIR: dataDir,
  ...(args['database-url'] ? { SERVICE_DATABASE_URL: args['database-url'] } : {}),
};
const load = () => loadavg()[0]?.toFixed(1) ?? '?';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const ms = (x: number) => x.toFixed(1).padStart(6);
/** CPU time of this process (all threads), ms. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

interface Prepared {
  org: string;
  apiKey: string;
}

async function prepare() {
  if (existsSync(dataDir)) throw new Error(`${dataDir} exists`);
  mkdirSync(dataDir, { recursive: true });
  const { apiKey, org } = await bootstrapOrganization(process.execPath, [cli], serverEnv);
  const database = await openDatabase({ databaseUrl: args['database-url'], dataDir });
  const started = performance.now();
  await insertBulkDocuments(database, org, Number(args.documents));
  await useRealTexts(database, org, Number(args.real), args.corpus);
  await refreshStatistics(database);
  await database.close();
  writeFileSync(path.join(dataDir, 'split.json'), JSON.stringify({ org, apiKey }));
  console.log(`prepared ${dataDir} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const prepared = (): Prepared => JSON.parse(readFileSync(path.join(dataDir, 'split.json'), 'utf8')) as Prepared;

/** The statements a call sent, as drizzle sent them. */
class Captured implements Logger {
  queries: { sql: string; params: unknown[] }[] = [];
  logQuery(sql: string, params: unknown[]) {
    this.queries.push({ sql, params });
  }
}

/** `sql` with its `$n` written as literals (the simple protocol's form of the same statement). */
function inlined(sql: string, params: unknown[]): string {
  return sql.replace(/\$(\d+)\b/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    if (typeof v === 'number') return String(v);
    return `'${String(v).replaceAll("'", "''")}'`;
  });
}

async function inproc() {
  const { org } = prepared();
  const lock = lockDataDir(dataDir);
  const client = await PGlite.create(path.join(dataDir, 'pg'), PGLITE_OPTIONS);
  const database = pgliteDatabase(client);
  const captured = new Captured();
  const logged = drizzle({ client: drizzleClient(client) as never, schema, logger: captured }) as unknown as Db;
  const page = { page: 0, size: 20 };
  console.log(`in-process, node ${process.execArgv.join(' ') || '(no flags)'}; load ${load()}`);
  const session = args.profile ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
  }
  try {
    for (const query of args.query) {
      captured.queries = [];
      const result = await searchDocuments(logged, org, query, page);
      const statement = captured.queries[0];
      if (!statement) throw new Error('no statement captured');
      const simple = inlined(statement.sql, statement.params);
      // The snippets' text given as '' (bench/large/explain.ts does the same): the statement without them.
      const bare = statement.sql.replaceAll('"document_contents"."text"', "''::text");
      const oneRow = `select sum(octet_length(s::text))::int as bytes from (${statement.sql}) s`;
      const bytes = (await client.query<{ bytes: number }>(oneRow, statement.params)).rows[0]?.bytes;
      const methods: Record<string, () => Promise<unknown>> = {
        searchDocuments: () => searchDocuments(database.db, org, query, page),
        'query (extended)': () => client.query(statement.sql, statement.params),
        'exec (simple, values inlined)': () => client.exec(simple),
        'one row (no rows returned)': () => client.query(oneRow, statement.params),
        'without snippets': () => client.query(bare, statement.params),
        'explain analyze': () =>
          client.query(`explain (analyze, buffers, format json) ${statement.sql}`, statement.params),
      };
      const cpu: Record<string, number[]> = {};
      const wall: Record<string, number[]> = {};
      const explained: number[] = [];
      // Pages the statement found outside PGlite's shared buffers, each read from the files (decision 609).
      const readPages: number[] = [];
      for (let round = 0; round <= runs; round++) {
        for (const [name, run] of Object.entries(methods)) {
          const profiling = session && round > 0 && name === 'searchDocuments';
          if (profiling) await session.post('Profiler.start');
          const c0 = cpuMs();
          const w0 = performance.now();
          const out = await run();
          const w = performance.now() - w0;
          const c = cpuMs() - c0;
          if (profiling) {
            const { profile } = await session.post('Profiler.stop');
            writeFileSync(`${args.profile}.${query}.${round}.cpuprofile`, JSON.stringify(profile));
          }
          if (round === 0) continue;
          (cpu[name] ??= []).push(c);
          (wall[name] ??= []).push(w);
          if (name === 'explain analyze') {
            const plan = (
              out as {
                rows: {
                  'QUERY PLAN': {
                    'Execution Time': number;
                    'Planning Time': number;
                    Plan: { 'Shared Read Blocks'?: number };
                  }[];
                }[];
              }
            ).rows[0]?.['QUERY PLAN'][0];
            explained.push((plan?.['Execution Time'] ?? 0) + (plan?.['Planning Time'] ?? 0));
            readPages.push(plan?.Plan['Shared Read Blocks'] ?? 0);
          }
        }
      }
      console.log(
        `  ${query}: total ${result.total}, ${result.hits.length} hits, ${bytes} bytes of rows as text; load ${load()}`,
      );
      for (const name of Object.keys(methods))
        console.log(`    ${name.padEnd(30)} CPU ${ms(median(cpu[name] ?? []))} ms  wall ${ms(median(wall[name] ?? []))} ms`);
      console.log(
        `    ${'(explain: planning + execution)'.padEnd(30)}            wall ${ms(median(explained))} ms;` +
          ` ${median(readPages)} pages read from the files`,
      );
    }
  } finally {
    session?.disconnect();
    await database.close();
    lock.release();
  }
}

async function http() {
  const { apiKey } = prepared();
  const headers = { authorization: `Bearer ${apiKey}` };
  const profileDir = args.profile ? `${args.profile}.dir` : undefined;
  const flags = [...args['node-flag'], ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])];
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  const server = await startServer(process.execPath, [...flags, cli, 'serve', '--port', '0'], serverEnv);
  const pid = server.child.pid as number;
  const at = (q: string) => `${server.url}/api/v1/documents?size=20&q=${encodeURIComponent(q)}`;
  console.log(`server: node ${flags.join(' ') || '(no flags)'}; load ${load()}`);
  const windows: [bigint, bigint][] = [];
  try {
    for (const query of args.query) {
      for (let i = 0; i < 2; i++) await fetch(at(query), { headers }).then((r) => r.arrayBuffer());
      const t0 = process.hrtime.bigint();
      const c0 = cpuSeconds(pid);
      const w0 = performance.now();
      let size = 0;
      const lat: number[] = [];
      for (let i = 0; i < runs; i++) {
        const s = performance.now();
        size = (await fetch(at(query), { headers }).then((r) => r.arrayBuffer())).byteLength;
        lat.push(performance.now() - s);
      }
      const cpu = ((cpuSeconds(pid) - c0) * 1000) / runs;
      windows.push([t0, process.hrtime.bigint()]);
      console.log(
        `  ${query}: ${runs} sequential requests, server CPU ${ms(cpu)} ms/request, latency median ${ms(median(lat))} ms` +
          ` (${((performance.now() - w0) / 1000).toFixed(1)} s; ${size} bytes a response); load ${load()}`,
      );
      if (Number(args.connections) > 0) {
        const l = await measure(at(query), pid, headers, {
          connections: Number(args.connections),
          duration: Number(args.duration),
        });
        console.log(
          `  ${query}: ${args.connections} connections, ${l.rps.toFixed(1)} req/s, CPU ${ms(l.cpuUs / 1000)} ms per answered request,` +
            ` ${l.failures} failures; load ${l.load1.toFixed(1)}`,
        );
      }
    }
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }
  if (profileDir && args.profile) {
    const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no profile in ${profileDir}`);
    // Only the sequential requests' samples: V8's profile clock is the monotonic clock of hrtime.
    const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as {
      startTime: number;
      samples: number[];
      timeDeltas: number[];
    };
    let t = profile.startTime;
    const keep = profile.timeDeltas.map((d) => {
      t += d;
      const ns = BigInt(Math.round(t * 1000));
      return windows.some(([a, b]) => ns >= a && ns <= b);
    });
    const kept = { ...profile, samples: profile.samples.filter((_, i) => keep[i]) };
    kept.timeDeltas = profile.timeDeltas.filter((_, i) => keep[i]);
    writeFileSync(`${args.profile}.cpuprofile`, JSON.stringify(kept));
    renameSync(path.join(profileDir, file), `${args.profile}.whole.cpuprofile`);
    rmSync(profileDir, { recursive: true, force: true });
  }
}

const commands: Record<string, () => Promise<void>> = { prepare, inproc, http };
const command = commands[positionals[0] ?? ''];
if (!command || !args.data) {
  console.error('usage: split.ts prepare|inproc|http --data DIR [options] (see the header)');
  process.exitCode = 2;
} else await command();
