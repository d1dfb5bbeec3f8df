/**
 * API hot path under load, beside a bare Fastify route measured in the same run:
 *   - `GET /bare` of a Fastify server with one route (no auth, no database): the ceiling;
 *   - `GET /api/v1/users/me` authenticated with an API key;
 *   - `GET /api/v1/documents?size=20` over 30 uploaded documents;
 * against `service-server serve` on the embedded default (PGlite) and on PostgreSQL. Load is
 * autocannon (50 connections, 10 s each, one after the other), from this process; the server is
 * its own process, whose peak resident memory (VmHWM, /proc/<pid>/status) is read after start-up
 * and at the end.
 *
 * Each measure runs `rounds` times (default 3), interleaved with the others; the medians are
 * printed (req/s, p50, p99, the answering server's CPU time per request in µs, and the ratios to
 * the bare route as medians of the per-round ratios) with the 1-minute load average at the end
 * of each round. On a shared machine the CPU per request is the steadier figure: req/s moves
 * with the other processes' load.
 *
 * Run: bench/api/run [--duration s] [--connections n] [--rounds n] [--setup embedded|postgres|both]
 *   [--cpu-prof dir]  (V8 CPU profiles of the servers, written when they exit)
 *   (needs `make install` and `npm run build`; PostgreSQL on 127.0.0.1:5432)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { describeFailures, type Load, measure, peakMiB, startServer } from './harness.js';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    /** `embedded`, `postgres` or `both`. */
    setup: { type: 'string', default: 'both' },
    /** Write a V8 CPU profile of each server (node --cpu-prof) into this directory. */
    'cpu-prof': { type: 'string' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const rounds = Number(args.rounds);
const load = { connections, duration };
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const corpus = path.resolve(repoRoot, '..', 'shared', 'corpus', 'policies-md');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** A measure over the rounds: medians of each figure, the ratio as the median of the per-round ratios. */
interface Summary extends Load {
  ratio: number | undefined;
  /** Median of the per-round ratios of CPU per request to the bare route's. */
  cpuRatio: number | undefined;
  loads: number[];
}

function summarize(runs: Load[], bare: Load[] | undefined): Summary {
  return {
    rps: median(runs.map((r) => r.rps)),
    cpuUs: median(runs.map((r) => r.cpuUs)),
    clientCpuUs: median(runs.map((r) => r.clientCpuUs)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    max: Math.max(...runs.map((r) => r.max)),
    failures: runs.reduce((n, r) => n + r.failures, 0),
    outcomes: runs.reduce<Record<string, number>>((all, r) => {
      for (const [what, n] of Object.entries(r.outcomes)) all[what] = (all[what] ?? 0) + n;
      return all;
    }, {}),
    bodies: Object.assign({}, ...runs.map((r) => r.bodies)),
    load1: median(runs.map((r) => r.load1)),
    loads: runs.map((r) => r.load1),
    ratio: bare ? median(runs.map((r, i) => r.rps / (bare[i] as Load).rps)) : undefined,
    cpuRatio: bare ? median(runs.map((r, i) => r.cpuUs / (bare[i] as Load).cpuUs)) : undefined,
  };
}

function line(label: string, l: Summary): string {
  const ratio = l.ratio === undefined ? '' : `  ${l.ratio.toFixed(3).padStart(6)}× bare`;
  const cpuRatio = l.cpuRatio === undefined ? '' : ` (${l.cpuRatio.toFixed(1)}× bare)`;
  return (
    `  ${label.padEnd(28)} ${l.rps.toFixed(0).padStart(7)} req/s  p50 ${String(l.p50).padStart(4)} ms  p99 ${String(l.p99).padStart(4)} ms` +
    `  CPU ${l.cpuUs.toFixed(0).padStart(5)} µs/req${cpuRatio}` +
    ratio +
    `  (load ${l.loads.map((x) => x.toFixed(1)).join('/')})` +
    (l.failures ? `  (${l.failures} non-2xx/errors: ${describeFailures(l)})` : '')
  );
}

async function uploadDocuments(url: string, apiKey: string): Promise<number> {
  const files: string[] = [];
  for (const dir of readdirSync(corpus)) {
    const full = path.join(corpus, dir);
    if (statSync(full).isDirectory()) for (const f of readdirSync(full)) if (f.endsWith('.md')) files.push(path.join(full, f));
  }
  // Files with the same bytes are one document (answered `duplicate: true`): count the ids.
  const ids = new Set<string>();
  for (const file of files) {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(file)], { type: 'text/markdown' }), path.basename(file));
    const res = await fetch(`${url}/api/v1/documents`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: form });
    if (res.status !== 202) throw new Error(`upload ${file}: ${res.status} ${await res.text()}`);
    ids.add(((await res.json()) as { id: string }).id);
  }
  // Wait for the pipeline to finish so the measurement is not sharing the CPU with it.
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${url}/api/v1/documents?size=100`, { headers: { authorization: `Bearer ${apiKey}` } });
    const body = (await res.json()) as { content: { status: string }[] };
    if (body.content.length === ids.size && body.content.every((d) => d.status === 'PROCESSED' || d.status === 'FAILED')) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return ids.size;
}

async function run(label: string, env: Record<string, string>, bareUrl: string, barePid: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  const started = performance.now();
  // The launcher users run (it passes Node's flags, e.g. --liftoff-only); it execs Node, same pid.
  const server = await startServer(
    path.join(repoRoot, 'packages/server/bin/service-server'),
    ['serve', '--port', '0', '--bootstrap-admin', 'bench@localhost'],
    {
      SERVICE_DATA_DIR: dataDir,
      SERVICE_LOG_LEVEL: 'error',
      SERVICE_SECRET_KEY: 'bench-secret-bench-secret-bench-secret',
      // The limiter stays on (its cost is part of the hot path) but never refuses during the run.
      SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE: '10000000',
      SERVICE_RATE_LIMIT_ORGANIZATION_PER_MINUTE: '10000000',
      ...(args['cpu-prof'] ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(args['cpu-prof'])}` } : {}),
      ...env,
    },
  );
  const startSeconds = (performance.now() - started) / 1000;
  const pid = server.child.pid as number;
  const startupPeak = peakMiB(pid);
  const headers = { authorization: `Bearer ${server.apiKey}` };
  const documents = await uploadDocuments(server.url, server.apiKey as string);
  // Interleaved rounds (bare, /users/me, list, bare, ...): each ratio compares measures taken
  // seconds apart, under the same load from the rest of the machine.
  const runs: { bare: Load[]; me: Load[]; list: Load[] } = { bare: [], me: [], list: [] };
  for (let i = 0; i < rounds; i++) {
    runs.bare.push(await measure(bareUrl, barePid, {}, load));
    runs.me.push(await measure(`${server.url}/api/v1/users/me`, pid, headers, load));
    runs.list.push(await measure(`${server.url}/api/v1/documents?size=20`, pid, headers, load));
  }
  const endPeak = peakMiB(pid);
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`${label}: started in ${startSeconds.toFixed(1)} s, peak memory ${startupPeak.toFixed(0)} MiB after start-up, ${endPeak.toFixed(0)} MiB at the end`);
  console.log(line('GET /bare (baseline)', summarize(runs.bare, undefined)));
  console.log(line('GET /api/v1/users/me', summarize(runs.me, runs.bare)));
  console.log(line(`GET /api/v1/documents (${documents})`, summarize(runs.list, runs.bare)));
}

async function main() {
  console.log(`API under load: ${connections} connections, ${duration} s per measure, median of ${rounds}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const bareServer = await startServer(process.execPath, [path.join(import.meta.dirname, 'bare-server.mjs')], {});
  const bareUrl = `${bareServer.url}/bare`;
  try {
    const barePid = bareServer.child.pid as number;
    if (args.setup !== 'postgres') await run('embedded (PGlite)', {}, bareUrl, barePid);
    if (args.setup !== 'embedded') await runOnPostgres(bareUrl, barePid);
  } finally {
    console.log(`bare Fastify server: peak memory ${peakMiB(bareServer.child.pid as number).toFixed(0)} MiB`);
    bareServer.child.kill('SIGTERM');
  }
  console.log(`load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

async function runOnPostgres(bareUrl: string, barePid: number) {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const db = `bench_api_${Date.now()}`;
  await admin.query(`create database ${db}`);
  try {
    await run('PostgreSQL', { SERVICE_DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}` }, bareUrl, barePid);
  } finally {
    await admin.query(`drop database if exists ${db} with (force)`);
    await admin.end();
  }
}

await main();
