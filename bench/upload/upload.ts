/**
 * Responsiveness of the API during a large upload and its processing (issue 37 item 2): starts
 * `service-server serve` (embedded PGlite by default; `--pg` for PostgreSQL on 127.0.0.1:5432),
 * uploads a text file of `--mb` MB (default 49.9; `--single-line` for one line without breaks)
 * while `GET /health` is sent every 100 ms, waits until the document is processed, and prints the
 * latency of those health checks (p50, p99, max) during the upload and during the processing.
 *
 *   bench/upload/run [--mb=49.9] [--single-line] [--pg] [--runs=1]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { apiClient, peakMiB, startService, stopService } from '../throughput/server.js';

const argv = process.argv.slice(2);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const megabytes = Number(option('mb') ?? '49.9');
const singleLine = argv.includes('--single-line');
const usePostgres = argv.includes('--pg');
const runs = Number(option('runs') ?? '1');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A text of `bytes` bytes: contract-like sentences, one per line unless `oneLine`. */
function makeText(bytes: number, oneLine: boolean): Buffer {
  const words = ['agreement', 'party', 'shall', 'notice', 'term', 'payment', 'the', 'of', 'and', 'Licensee', 'Company'];
  const parts: string[] = [];
  let size = 0;
  let i = 0;
  while (size < bytes) {
    const sentence = `${i}. The ${words[i % 11]} ${words[(i * 7) % 11]} ${words[(i * 3) % 11]} within thirty (30) days of the ${words[(i * 5) % 11]}.`;
    const piece = oneLine ? `${sentence} ` : `${sentence}\n`;
    parts.push(piece);
    size += piece.length;
    i++;
  }
  return Buffer.from(parts.join('').slice(0, bytes));
}

/** The health poller: GET every 100 ms whatever the previous one is doing; posts each latency. */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
setInterval(() => {
  const started = performance.now();
  fetch(workerData.url)
    .then(async (res) => { await res.arrayBuffer(); parentPort.postMessage({ ms: performance.now() - started, ok: res.status === 200 }); })
    .catch(() => parentPort.postMessage({ ms: performance.now() - started, ok: false }));
}, 100);
`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function summary(name: string, latencies: number[]): string {
  const s = [...latencies].sort((a, b) => a - b);
  return `${name}: ${s.length} checks, p50 ${percentile(s, 50).toFixed(0)} ms, p99 ${percentile(s, 99).toFixed(0)} ms, max ${(s.at(-1) ?? Number.NaN).toFixed(0)} ms`;
}

async function once(run: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-upload-'));
  let database: string | undefined;
  if (usePostgres) {
    database = `bench_upload_${process.pid}_${run}`;
    const admin = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres');
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
  }
  const env = {
    SERVICE_DATA_DIR: dataDir,
    SERVICE_LOG_LEVEL: 'error',
    SERVICE_SECRET_KEY: 'bench-secret-bench-secret-bench-secret',
    SERVICE_RATE_LIMIT_ANONYMOUS_PER_MINUTE: '10000000',
    SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE: '10000000',
    SERVICE_RATE_LIMIT_ORGANIZATION_PER_MINUTE: '10000000',
    SERVICE_UPLOAD_MAX_BYTES: String(Math.ceil(megabytes * 1e6) + 1024),
    ...(process.env.BENCH_PROFILE_DIR ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}` } : {}),
    ...(database ? { SERVICE_DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}` } : {}),
  };
  const server = await startService(root, ['serve', '--port', '0', '--bootstrap-admin', 'bench@localhost'], env, [
    /listening on http/,
    /try: curl/,
  ]);
  try {
    const url = /listening on (http:\/\/\S+)/.exec(server.output())?.[1] as string;
    const apiKey = /API key: (\S+)/.exec(server.output())?.[1] as string;
    const api = apiClient(url, apiKey);
    await new Promise((r) => setTimeout(r, 3000));
    const bytes = makeText(Math.round(megabytes * 1e6), singleLine);
    // The health checks run in a thread of their own: this thread's event loop is busy sending
    // the upload's body, which would delay the checks' timing, not the server's answers.
    const poller = new Worker(POLLER, { eval: true, workerData: { url: `${url}/health` } });
    const latencies = { idle: [] as number[], upload: [] as number[], process: [] as number[] };
    let phase: 'idle' | 'upload' | 'process' = 'idle';
    let failures = 0;
    poller.on('message', (m: { ms: number; ok: boolean }) => {
      latencies[phase].push(m.ms);
      if (!m.ok) failures++;
    });
    // The same checks with nothing to do first: on a shared machine the load sets a floor.
    await new Promise((r) => setTimeout(r, 5000));
    phase = 'upload';
    const t0 = performance.now();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/plain' }), singleLine ? 'one-line.txt' : 'big.txt');
    const res = await fetch(`${url}/api/v1/documents`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: form });
    const uploaded = (await res.json()) as { id: string };
    if (res.status !== 202) throw new Error(`upload: ${res.status} ${JSON.stringify(uploaded)}`);
    const t1 = performance.now();
    phase = 'process';
    let status = '';
    let reason = '';
    while (true) {
      const doc = await api.json<{ status: string; error_message?: string | null; step_timings?: Record<string, number> }>(
        'GET',
        `/api/v1/documents/${uploaded.id}`,
      );
      status = doc.status;
      reason = doc.error_message ?? '';
      if (status === 'PROCESSED' || status === 'FAILED') {
        console.log(`  step timings: ${JSON.stringify(doc.step_timings ?? {})}`);
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const t2 = performance.now();
    await poller.terminate();
    console.log(
      `run ${run}: ${(bytes.length / 1e6).toFixed(1)} MB ${singleLine ? 'single-line' : 'multi-line'} text, ${usePostgres ? 'PostgreSQL' : 'embedded PGlite'}: upload ${((t1 - t0) / 1000).toFixed(1)} s, processing ${((t2 - t1) / 1000).toFixed(1)} s → ${status}${reason ? ` (${reason})` : ''}; server peak RSS ${peakMiB(server.pid).toFixed(0)} MiB`,
    );
    console.log(`  ${summary('/health before, idle', latencies.idle)}; load average ${loadavg()[0]?.toFixed(1)}`);
    console.log(`  ${summary('/health during the upload', latencies.upload)}`);
    console.log(`  ${summary('/health during the processing', latencies.process)}`);
    console.log(`  ${summary('/health overall', [...latencies.upload, ...latencies.process])}; ${failures} failed`);
  } finally {
    await stopService(server.child);
    rmSync(dataDir, { recursive: true, force: true });
    if (database) {
      const admin = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres');
      await admin.connect();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  }
}

for (let run = 1; run <= runs; run++) await once(run);
process.exit(0);
