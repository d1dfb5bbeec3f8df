/**
 * Pipeline throughput: documents per second and time per step, for
 *   1. the embedded default (PGlite, workers inside the server process), and
 *   2. PostgreSQL as database and broker with two `service-server worker` processes.
 * Documents are real CUAD contract PDFs; the ontology is the demo one (contract types, NDA,
 * invoices, policies), so every document is classified over two levels and extracted.
 *
 * In the same run it measures the baseline: unpdf text extraction alone over the same files, one
 * after the other on one thread, and prints each setup's rate as a ratio of it, with peak memory
 * (VmHWM) of the server process (the embedded one is this process) and of each worker process.
 *
 * Run: bench/throughput/run [documents] [--setup=embedded|postgres|first-call]   (needs `make install`;
 *      PostgreSQL on 127.0.0.1:5432)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { extractText, getDocumentProxy } from 'unpdf';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig, repoRoot } from '../../packages/server/src/config.js';
import { ingestDocument } from '../../packages/server/src/documents/service.js';
import { builtinPlugin, builtinWarmUpCalls } from '../../packages/server/src/engine/builtin-plugins.js';
import { PluginHost } from '../../packages/server/src/engine/plugin-host.js';
import { resolveSandbox } from '../../packages/server/src/engine/sandbox.js';
import { saveOntology } from '../../packages/server/src/ontology/service.js';
import { bootstrapSystemAdmin } from '../../packages/server/src/users/service.js';
import { listMembershipsOfUser } from '../../packages/server/src/organizations/records.js';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const count = Number(positional[0] ?? 40);
/** `--setup=embedded|postgres|first-call`: run one setup only (and the baseline), or only the first-call measure; default all. */
const setup = /^--setup=([\w-]+)$/.exec(process.argv.slice(2).find((a) => a.startsWith('--setup=')) ?? '')?.[1];
const corpus = path.resolve(repoRoot, '..', 'shared', 'corpus');
const files = readdirSync(path.join(corpus, 'cuad', 'pdf')).filter((f) => f.endsWith('.pdf')).sort().slice(0, count);
const ontology = JSON.parse(readFileSync(path.join(repoRoot, 'plugins', 'demo_ontology.json'), 'utf8')).labels;

/** Peak resident set size of a process in MiB (VmHWM, proc(5)). */
function peakMiB(pid: number | string = 'self'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** The baseline: unpdf (pdf.js) text extraction alone, one file after the other, one thread. */
async function rawParse(): Promise<{ docsPerSecond: number; pagesPerSecond: number; seconds: number }> {
  const started = performance.now();
  let pages = 0;
  for (const f of files) {
    const pdf = await getDocumentProxy(new Uint8Array(readFileSync(path.join(corpus, 'cuad', 'pdf', f))));
    const { totalPages } = await extractText(pdf, { mergePages: false });
    pages += totalPages;
    await pdf.loadingTask.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  return { docsPerSecond: files.length / seconds, pagesPerSecond: pages / seconds, seconds };
}

const results: { label: string; docsPerSecond: number }[] = [];

/** Settings of the pipeline's concurrency that a run may override from the environment. */
function passedThrough(): Record<string, string> {
  const keys = ['SERVICE_WORKERS', 'SERVICE_WORKERS_PER_ORGANIZATION', 'SERVICE_PLUGIN_POOL_SIZE', 'SERVICE_PARSER_THREADS'];
  return Object.fromEntries(keys.flatMap((k) => (process.env[k] ? [[k, process.env[k] as string]] : [])));
}

async function run(kind: 'embedded' | 'postgres', env: Record<string, string>, externalWorkers: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-throughput-'));
  const base = {
    SERVICE_DATA_DIR: dataDir,
    SERVICE_LOG_LEVEL: 'error',
    SERVICE_SECRET_KEY: 'bench-secret-bench-secret-bench-secret',
    ...passedThrough(),
    ...env,
  };
  const config = loadConfig(base);
  const perOrganization = config.workersPerOrganization ?? 'default';
  const label =
    kind === 'embedded'
      ? `embedded (PGlite, ${config.workers} in-process workers, ${perOrganization} per org.)`
      : `PostgreSQL + ${externalWorkers} worker processes (${perOrganization} per org.)`;
  const app = await buildApp(config, { logger: false, ...(externalWorkers > 0 ? { workers: 0 } : {}) });
  // As `serve` does: runtime processes with the built-in plugins loaded before the first document.
  if (externalWorkers === 0) await app.ctx.plugins.warmUp();
  const admin = await bootstrapSystemAdmin(app.ctx, 'bench@localhost');
  const orgId = (await listMembershipsOfUser(app.ctx.db, admin.id))[0]?.organization.id as string;
  await saveOntology(app.ctx.db, orgId, ontology, null);
  const workers: ChildProcess[] = [];
  const warm: Promise<void>[] = [];
  for (let i = 0; i < externalWorkers; i++) {
    const worker = spawn(process.execPath, [path.join(repoRoot, 'packages/server/dist/cli.js'), 'worker'], {
      env: { ...process.env, ...base },
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
    });
    workers.push(worker);
    // Timing starts once every worker says its warm pool is ready, as a long-running deployment is.
    warm.push(
      new Promise((resolve) => {
        let out = '';
        worker.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('warm pool ready')) resolve();
        });
        worker.once('exit', () => resolve());
      }),
    );
  }
  await Promise.all(warm);
  const started = performance.now();
  const ids: string[] = [];
  for (const f of files) {
    const { document } = await ingestDocument(app.ctx, orgId, { bytes: readFileSync(path.join(corpus, 'cuad', 'pdf', f)), filename: f });
    ids.push(document.id);
  }
  let rows: { status: string; step_timings: Record<string, number> }[] = [];
  for (;;) {
    rows = (await app.ctx.database.query('select status, step_timings from documents where organization_id = $1', [orgId]))
      .rows as typeof rows;
    if (rows.length === ids.length && rows.every((r) => r.status === 'PROCESSED' || r.status === 'FAILED')) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  // Plugin call payloads are counted by the host that sends them: this process's (embedded) only.
  const callKiB = externalWorkers === 0 ? app.ctx.plugins.callBytes / 1024 / ids.length : undefined;
  const workerPeaks = workers.map((w) => peakMiB(w.pid as number));
  const serverPeak = peakMiB();
  for (const w of workers) if (w.pid) process.kill(-w.pid, 'SIGTERM');
  await app.close();
  const steps = ['parse', 'classify', 'extract', 'derive'];
  const mean = (s: string) => rows.reduce((a, r) => a + (r.step_timings[s] ?? 0), 0) / rows.length;
  const failed = rows.filter((r) => r.status === 'FAILED').length;
  console.log(
    `${label.padEnd(60)} ${String(rows.length).padStart(4)} docs  ${seconds.toFixed(1).padStart(6)} s  ${(rows.length / seconds).toFixed(2).padStart(5)} docs/s  ` +
      steps.map((s) => `${s} ${mean(s).toFixed(0)} ms`).join('  ') +
      (failed ? `  (${failed} failed)` : ''),
  );
  console.log(
    `${''.padEnd(60)} peak memory: server ${serverPeak.toFixed(0)} MiB` +
      workerPeaks.map((p, i) => `, worker ${i + 1} ${p.toFixed(0)} MiB`).join('') +
      (callKiB === undefined ? '' : `; plugin calls sent ${callKiB.toFixed(0)} KiB per document`),
  );
  results.push({ label, docsPerSecond: rows.length / seconds });
}

// Dropping the bench database ends pg-boss connections that are still closing: expected here.
process.on('uncaughtException', (err: Error & { code?: string }) => {
  if (err.code === '57P01') return;
  console.error(err);
  process.exit(1);
});

/**
 * A runtime's first plugin call, as the pipeline makes it (the built-in classifier on a contract's
 * text, then the extractor): from a cold host (the process starts and loads the plugin on demand)
 * and from a host whose warm pool is ready (`PluginHost.warmUp`, what `serve` and `worker` do at
 * start-up), and the warm process's second call for comparison. Milliseconds from the call to its
 * answer, median of `rounds`.
 */
async function firstCalls(rounds = 3): Promise<{ cold: number; warm: number; steady: number }> {
  const config = loadConfig({ SERVICE_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-first-')), SERVICE_SECRET_KEY: 'bench-secret-bench-secret-bench-secret' });
  const sandbox = resolveSandbox(config.python, config.pluginSandbox);
  const plugins = [builtinPlugin(config.pluginsDir, 'classifier'), builtinPlugin(config.pluginsDir, 'contractExtractor')];
  const text = readFileSync(path.join(corpus, 'cuad', 'txt', `${path.basename(files[0] as string, '.pdf')}.txt`), 'utf8');
  const args = {
    document: { id: 'd1', filename: 'a.pdf', text, pages: [text], metadata: {} },
    mime_type: 'application/pdf',
    available_labels: ontology.map((l: { name: string }) => l.name),
    current_path: [],
    configs: { use_llm: false },
  };
  const once = async (warm: boolean) => {
    const host = new PluginHost({
      python: config.python,
      limits: { cpuSeconds: 120, memoryMb: 2048, maxOpenFiles: 256, timeoutSeconds: 120 },
      poolSize: 1,
      recycleAfter: 200,
      log: () => undefined,
      sandbox,
      builtinsDir: config.pluginsDir,
      warm: { processes: warm ? 1 : 0, plugins: () => plugins, calls: () => builtinWarmUpCalls(config.pluginsDir) },
    });
    await host.warmUp();
    const timed = async () => {
      const started = performance.now();
      await host.call('org', plugins[0] as (typeof plugins)[0], 'classify', args);
      return performance.now() - started;
    };
    const first = await timed();
    const next = await timed();
    await host.close();
    return { first, next };
  };
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const cold: number[] = [];
  const warm: number[] = [];
  const steady: number[] = [];
  for (let i = 0; i < rounds; i++) {
    cold.push((await once(false)).first);
    const w = await once(true);
    warm.push(w.first);
    steady.push(w.next);
  }
  return { cold: median(cold), warm: median(warm), steady: median(steady) };
}

async function runPostgres() {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const db = `bench_throughput_${Date.now()}`;
  await admin.query(`create database ${db}`);
  try {
    // Two `worker` processes of the default concurrency (2) share the database; as docs/pipeline.md
    // says for several worker processes, the organization limit is set below their total (4).
    await run(
      'postgres',
      {
        SERVICE_DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}`,
        SERVICE_WORKERS_PER_ORGANIZATION: process.env.SERVICE_WORKERS_PER_ORGANIZATION ?? '3',
      },
      2,
    );
  } finally {
    await admin.query(`drop database ${db} with (force)`);
    await admin.end();
  }
}

async function main() {
  console.log(
    `Pipeline throughput over ${files.length} CUAD PDFs (mean ms per step per document); load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
  );
  const first = await firstCalls();
  console.log(
    `${'first plugin call of a runtime (classify, median of 3)'.padEnd(60)} cold start ${first.cold.toFixed(0)} ms, warm pool ${first.warm.toFixed(0)} ms (its second call ${first.steady.toFixed(0)} ms)`,
  );
  if (setup === 'first-call') return;
  if (setup !== 'postgres') await run('embedded', {}, 0);
  if (setup !== 'embedded') await runPostgres();
  const raw = await rawParse();
  console.log(
    `${'baseline: unpdf text extraction alone, 1 thread'.padEnd(60)} ${String(files.length).padStart(4)} docs  ${raw.seconds.toFixed(1).padStart(6)} s  ${raw.docsPerSecond.toFixed(2).padStart(5)} docs/s  ${raw.pagesPerSecond.toFixed(1)} pages/s`,
  );
  for (const r of results) console.log(`ratio ${r.label}: ${(r.docsPerSecond / raw.docsPerSecond).toFixed(2)} × the baseline`);
  console.log(`load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
