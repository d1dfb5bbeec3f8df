/**
 * A/B of server builds on the large organization's list (issue 36): generates the organization once
 * (as bench/large/large.ts: `--documents`, real pipeline results), then for each round starts the
 * server from each build in turn (`--dists a,b`: copies of packages/server/dist, copied back into
 * packages/server/dist before each start, so the paths the server finds relative to its code hold)
 * and measures `GET /api/v1/documents?size=20` with autocannon (50 connections, `--duration` s after
 * `--warmup` s not counted): req/s, p50/p99, server CPU per request and, on PostgreSQL, the
 * database's. Builds alternate (a, b, a, b, ...) so the machine's load drifts over both alike.
 *
 * `--profile dir` starts each server with `node --cpu-prof` and writes its profile there
 * (`<build>-<round>.cpuprofile`, written when the server stops); summarise with
 * /work/tools/prof.mjs or bench/large/profile-summary.ts.
 *
 * Run: npx tsx bench/large/ab.ts --dists /tmp/old-dist,/tmp/new-dist [--rounds 2] [--setup postgres|embedded]
 *   [--documents n] [--duration s] [--warmup s] [--connections n] [--path /api/v1/documents?size=20] [--profile dir]
 *   [--node-options 'flags of a|flags of b'] [--accept-encoding 'identity|br']
 *
 * `--node-options` gives each build its own NODE_OPTIONS (`|`-separated, in the order of `--dists`;
 * a build may be listed twice to compare V8 or Node flags on the same code); `--accept-encoding`
 * likewise gives each its requests' `Accept-Encoding` (none when empty), so the same build can be
 * measured with and without compressed answers.
 */
import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../packages/server/src/db/client.js';
import { insertBulkDocuments, useProcessedResults } from '../../packages/server/test/support/bulk.js';
import { bootstrapOrganization, cpuSeconds, describeFailures, measure, startServer } from '../api/harness.js';

const { values: args } = parseArgs({
  options: {
    dists: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    setup: { type: 'string', default: 'postgres' },
    documents: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    path: { type: 'string', default: '/api/v1/documents?size=20' },
    profile: { type: 'string' },
    'node-options': { type: 'string' },
    'accept-encoding': { type: 'string' },
  },
});
if (!args.dists) throw new Error('--dists a,b: the builds (copies of packages/server/dist) to alternate');
const dists = args.dists.split(',').map((d) => path.resolve(d));
const nodeOptions = args['node-options']?.split('|') ?? [];
const acceptEncodings = args['accept-encoding']?.split('|') ?? [];
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const serverDir = path.join(repoRoot, 'packages/server');
const load = { connections: Number(args.connections), duration: Number(args.duration) };
const warmup = Number(args.warmup);
const baseEnv = {
  SERVICE_LOG_LEVEL: 'error',
  SERVICE_SECRET_KEY: 'bench-secret-bench-secret-bench-secret',
  SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE: '10000000',
  SERVICE_RATE_LIMIT_ORGANIZATION_PER_MINUTE: '10000000',
  SERVICE_WORKERS: '0',
};

/** A process's CPU seconds, undefined once it has gone. */
function cpuSecondsOrUndefined(pid: number): number | undefined {
  try {
    return cpuSeconds(pid);
  } catch {
    return undefined;
  }
}

/** Puts build `dist` in place as packages/server/dist. */
function install(dist: string): void {
  const target = path.join(serverDir, 'dist');
  const staging = path.join(serverDir, 'dist.ab-staging');
  rmSync(staging, { recursive: true, force: true });
  cpSync(dist, staging, { recursive: true });
  rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-ab-'));
  let databaseUrl: string | undefined;
  let admin: pg.Client | undefined;
  const dbName = `bench_ab_${Date.now()}`;
  if (args.setup === 'postgres') {
    admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    databaseUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  }
  const env: Record<string, string> = {
    ...baseEnv,
    SERVICE_DATA_DIR: dataDir,
    ...(databaseUrl ? { SERVICE_DATABASE_URL: databaseUrl } : {}),
  };
  const serverBin = path.join(serverDir, 'bin/service-server');
  /** The process ids of the backends connected to the bench's database. */
  const backendPids = async (): Promise<number[]> => {
    if (!admin) return [];
    const { rows } = await admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'",
      [dbName],
    );
    return rows.map((r) => r.pid);
  };
  try {
    install(dists[0] as string);
    const { apiKey, org } = await bootstrapOrganization(serverBin, [], env);
    const database = await openDatabase({ databaseUrl, dataDir });
    const started = performance.now();
    await insertBulkDocuments(database, org, Number(args.documents));
    await useProcessedResults(database, org);
    await database.close();
    console.log(
      `${args.setup}: ${args.documents} documents with real pipeline results generated in ${((performance.now() - started) / 1000).toFixed(0)} s; ` +
        `${load.connections} connections, ${load.duration} s per measure after ${warmup} s of warm-up; GET ${args.path}`,
    );
    if (args.profile) mkdirSync(args.profile, { recursive: true });
    for (let round = 1; round <= Number(args.rounds); round++) {
      for (const [index, dist] of dists.entries()) {
        install(dist);
        const options = nodeOptions[index]?.trim() ?? '';
        const encoding = acceptEncodings[index]?.trim() ?? '';
        const name = `${path.basename(dist)}${options ? ` ${options}` : ''}${encoding ? ` accept-encoding: ${encoding}` : ''}`;
        const profile = args.profile
          ? `--cpu-prof --cpu-prof-dir=${path.resolve(args.profile)} --cpu-prof-name=${path.basename(dist)}-${index}-${round}.cpuprofile`
          : '';
        const flags = [options, profile].filter(Boolean).join(' ');
        const profileEnv: Record<string, string> = flags ? { NODE_OPTIONS: flags } : {};
        const server = await startServer(serverBin, ['serve', '--port', '0'], { ...env, ...profileEnv });
        const pid = server.child.pid as number;
        const url = `${server.url}${args.path}`;
        const headers = { authorization: `Bearer ${apiKey}`, ...(encoding ? { 'accept-encoding': encoding } : {}) };
        if (warmup > 0) await measure(url, pid, headers, { ...load, duration: warmup });
        // The backends are read 1 s into the measure: the requests the warm-up's end abandoned
        // had their statements cancelled, and the pool discards such connections, so the
        // measure runs on new ones. Their CPU from then to the end, per request of that time.
        const measuring = measure(url, pid, headers, load);
        await new Promise((r) => setTimeout(r, 1000));
        const backends = await backendPids();
        const backendsBefore = new Map(backends.map((p) => [p, cpuSecondsOrUndefined(p)]));
        const l = await measuring;
        let backendSeconds = 0;
        for (const [p, before] of backendsBefore) {
          const after = cpuSecondsOrUndefined(p);
          if (before !== undefined && after !== undefined) backendSeconds += after - before;
        }
        const backendUs = (backendSeconds * 1e6) / Math.max(1, l.rps * (load.duration - 1));

        console.log(
          `  round ${round} ${name.padEnd(22)} ${l.rps.toFixed(0).padStart(6)} req/s  p50 ${String(l.p50).padStart(4)} ms  p99 ${String(l.p99).padStart(4)} ms` +
            `  server CPU ${l.cpuUs.toFixed(0).padStart(5)} µs/req` +
            (admin ? `  PostgreSQL ${backendUs.toFixed(0).padStart(5)} µs/req (${backends.length} backends)` : '') +
            `  (load ${l.load1.toFixed(1)})` +
            (l.failures ? `  ${l.failures} failed: ${describeFailures(l)}` : ''),
        );
        server.child.kill('SIGTERM');
        await new Promise((r) => server.child.once('exit', r));
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
  console.log(`load average at the end ${loadavg()[0]?.toFixed(1)}`);
}

await main();
