/**
 * Pipeline throughput: documents per second, time per step, and where the CPU goes, for
 *   1. the embedded default: `service-server serve` (PGlite, pipeline workers in the server), and
 *   2. PostgreSQL as database and broker: `serve` without workers and two `service-server worker`
 *      processes,
 * each started as its own process through the launcher users run (packages/server/bin/
 * service-server, so with `--liftoff-only`), driven over HTTP: the demo ontology is PUT, the files
 * are uploaded with `POST /api/v1/documents`, and the documents list is polled until every one is
 * processed. Documents are real CUAD contract PDFs; every one is classified over two levels and
 * extracted.
 *
 * In the same run it measures the baseline, before and after the setups (the faster run counts):
 * unpdf text extraction alone over the same files, one after the other on one thread in this
 * process, and prints each setup's rate as a ratio of it.
 * For each setup it prints where the CPU went (bench/throughput/cpu.ts: the server's main thread,
 * its parser threads, the Python runtimes, OCR, the PostgreSQL backends, and what the rest of the
 * machine took), peak memory (VmHWM) of the server and worker processes, and the bytes the
 * runtimes read per document (the plugin calls).
 *
 * Both sides are measured warm. The baseline's faster pass is nearly always its second one, with
 * pdf.js compiled by V8's optimizing tier during the first; so each setup first processes a
 * warm-up batch of other CUAD PDFs (`--warm-up=N`, default 20), untimed, as a server that has run
 * for a while has, and is then timed on the measured files. `--warm-up=0` times a fresh server's
 * first documents against the warm baseline (the stricter, asymmetric comparison).
 *
 * Run: bench/throughput/run [documents] [--setup=embedded|postgres|first-call] [--compare=<checkout>]
 *      [--root=<checkout>] [--timeline] [--warm-up=N]
 *   --compare runs each setup on another checkout too (its built server, .venv and plugins), e.g.
 *   `--compare=/work/main` for before/after in one run; --root runs another checkout instead of
 *   this one (e.g. a copy whose launcher adds `--cpu-prof`); --timeline prints cores used per second.
 *   Needs `make install` (and `npm run build` after changes) in each checkout; PostgreSQL on
 *   127.0.0.1:5432.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { extractText, getDocumentProxy } from 'unpdf';
import { loadConfig, repoRoot } from '../../packages/server/src/config.js';
import { builtinPlugin, builtinWarmUpCalls } from '../../packages/server/src/engine/builtin-plugins.js';
import { PluginHost } from '../../packages/server/src/engine/plugin-host.js';
import { resolveSandbox } from '../../packages/server/src/engine/sandbox.js';
import { type CpuReport, CpuSampler } from './cpu.js';
import { apiClient, peakMiB, type Started, startService, stopService } from './server.js';

const argv = process.argv.slice(2);
const positional = argv.filter((a) => !a.startsWith('--'));
const option = (name: string) => new RegExp(`^--${name}=(.+)$`).exec(argv.find((a) => a.startsWith(`--${name}=`)) ?? '')?.[1];
const count = Number(positional[0] ?? 40);
/** `--setup=embedded|postgres|first-call`: run one setup only (and the baseline), or only the first-call measure; default all. */
const setup = option('setup');
const compare = option('compare');
/** `--root=<checkout>`: run the setups on another checkout's server instead of this one's. */
const root = path.resolve(option('root') ?? repoRoot);
const timeline = argv.includes('--timeline');
const corpus = path.resolve(repoRoot, '..', 'shared', 'corpus');
const cuad = readdirSync(path.join(corpus, 'cuad', 'pdf')).filter((f) => f.endsWith('.pdf')).sort();
const files = cuad.slice(0, count);
/**
 * `--warm-up=N` (default 20): N other CUAD PDFs (the last ones of the corpus, never the measured
 * ones) go through each setup first, untimed, as the baseline's counted pass is its second one;
 * `--warm-up=0` measures a fresh server's first documents.
 */
const warmUpCount = Number(option('warm-up') ?? 20);
const warmUpFiles = warmUpCount > 0 ? cuad.slice(count).slice(-warmUpCount) : [];
const ontology = JSON.parse(readFileSync(path.join(repoRoot, 'plugins', 'demo_ontology.json'), 'utf8')).labels;

/** The baseline: unpdf (pdf.js) text extraction alone, one file after the other, one thread. */
async function rawParse(): Promise<{ docsPerSecond: number; pagesPerSecond: number; seconds: number; cpuMsPerDoc: number; threadCpuMsPerDoc: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const thread = process.threadCpuUsage();
  let pages = 0;
  for (const f of files) {
    const pdf = await getDocumentProxy(new Uint8Array(readFileSync(path.join(corpus, 'cuad', 'pdf', f))));
    const { totalPages } = await extractText(pdf, { mergePages: false });
    pages += totalPages;
    await pdf.loadingTask.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const usedByThread = process.threadCpuUsage(thread);
  const cpuMsPerDoc = (used.user + used.system) / 1000 / files.length;
  const threadCpuMsPerDoc = (usedByThread.user + usedByThread.system) / 1000 / files.length;
  return { docsPerSecond: files.length / seconds, pagesPerSecond: pages / seconds, seconds, cpuMsPerDoc, threadCpuMsPerDoc };
}

/** Each setup's rate and CPU per document (all its threads and processes). */
const results: { label: string; docsPerSecond: number; cpuMsPerDoc: number; cores: number }[] = [];

/** Settings of the pipeline's concurrency that a run may override from the environment. */
function passedThrough(): Record<string, string> {
  const keys = [
    'SERVICE_WORKERS',
    'SERVICE_WORKERS_PER_ORGANIZATION',
    'SERVICE_PLUGIN_POOL_SIZE',
    'SERVICE_PLUGIN_WARM_PROCESSES',
    'SERVICE_PARSER_THREADS',
  ];
  return Object.fromEntries(keys.flatMap((k) => (process.env[k] ? [[k, process.env[k] as string]] : [])));
}

/** Waits until the processes `pids` (and their runtimes) are idle: under 0.1 core for a second (at most 3 minutes). */
async function settle(pids: number[]) {
  for (let i = 0; i < 180; i++) {
    const probe = new CpuSampler(pids, undefined, 1000);
    probe.start();
    await new Promise((r) => setTimeout(r, 1000));
    const { ours } = probe.stop();
    if (ours < 0.1) return;
  }
}

/** Starts the setup's processes; resolves with the server, its API key and the workers. */
async function startSetup(root: string, env: Record<string, string>, workers: number) {
  const server = await startService(root, ['serve', '--port', '0', '--bootstrap-admin', 'bench@localhost'], env, [
    /listening on http/,
    /try: curl/,
  ]);
  const url = /listening on (http:\/\/\S+)/.exec(server.output())?.[1] as string;
  const apiKey = /API key: (\S+)/.exec(server.output())?.[1] as string;
  const started: Started[] = [];
  for (let i = 0; i < workers; i++) started.push(await startService(root, ['worker'], env, [/warm pool ready/]));
  // Timing starts once the warm pools have loaded the plugins, as in a long-running deployment.
  await settle([server.pid, ...started.map((w) => w.pid)]);
  return { server, api: apiClient(url, apiKey), workers: started };
}

interface DocumentRow {
  id: string;
  status: string;
  step_timings: Record<string, number>;
  processed_at: string | null;
}

/** `loadConfig` of another checkout's built server (packages/server/dist/config.js). */
async function builtLoadConfig(root: string): Promise<typeof loadConfig> {
  const built = pathToFileURL(path.join(root, 'packages', 'server', 'dist', 'config.js')).href;
  return ((await import(built)) as { loadConfig: typeof loadConfig }).loadConfig;
}

async function run(root: string, kind: 'embedded' | 'postgres', env: Record<string, string>, workers: number, database?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-throughput-'));
  const all = {
    SERVICE_DATA_DIR: dataDir,
    SERVICE_LOG_LEVEL: 'error',
    SERVICE_SECRET_KEY: 'bench-secret-bench-secret-bench-secret',
    SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE: '10000000',
    SERVICE_RATE_LIMIT_ORGANIZATION_PER_MINUTE: '10000000',
    ...passedThrough(),
    ...env,
  };
  // The checkout under test's own defaults (its built config), not this one's.
  const config = (root === repoRoot ? loadConfig : await builtLoadConfig(root))(all);
  const perOrganization = config.workersPerOrganization ?? 'default';
  const where = root === repoRoot ? '' : ` [${root}]`;
  const label =
    kind === 'embedded'
      ? `embedded (PGlite, ${config.workers} in-process workers, ${perOrganization} per org.)${where}`
      : `PostgreSQL + ${workers} worker processes (${perOrganization} per org.)${where}`;
  const { server, api, workers: started } = await startSetup(root, all, workers);
  try {
    await api.json('PUT', '/api/v1/ontology', { labels: ontology });
    // The documents list counts by status; each batch waits until all it added are done.
    const finished = async (status: 'PROCESSED' | 'FAILED') =>
      (await api.json<{ page: { total_elements: number } }>('GET', `/api/v1/documents?status=${status}&size=1`)).page
        .total_elements;
    const drained = async (total: number) => {
      while ((await finished('PROCESSED')) + (await finished('FAILED')) < total) {
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    if (warmUpFiles.length > 0) {
      for (const f of warmUpFiles) await api.upload(readFileSync(path.join(corpus, 'cuad', 'pdf', f)), f);
      await drained(warmUpFiles.length);
      await settle([server.pid, ...started.map((w) => w.pid)]);
    }
    const sampler = new CpuSampler([server.pid, ...started.map((w) => w.pid)], database);
    sampler.start();
    const t0 = Date.now();
    const ids: string[] = [];
    for (const f of files) ids.push(await api.upload(readFileSync(path.join(corpus, 'cuad', 'pdf', f)), f));
    // The wait polls counts (one row per answer), not the whole list: serving 40 full documents
    // 4 times a second cost the server's main thread more CPU per document the longer a run took
    // (e.g. on a loaded machine), which is the benchmark's load, not the pipeline's.
    await drained(warmUpFiles.length + files.length);
    const cpu = sampler.stop();
    const rows = await Promise.all(ids.map((id) => api.json<DocumentRow>('GET', `/api/v1/documents/${id}`)));
    // The run ends when the server finished its last document (its own clock, this machine's),
    // not when the 250 ms poll above noticed it: that would add up to a poll period to a run of
    // a few seconds (the baseline has no such delay).
    const ended = Math.max(...rows.map((r) => (r.processed_at ? Date.parse(r.processed_at) : Date.now())));
    const seconds = (ended - t0) / 1000;
    const peaks = [server, ...started].map((p) => peakMiB(p.pid));
    report(label, rows, seconds, cpu, peaks);
    results.push({ label, docsPerSecond: rows.length / seconds, cpuMsPerDoc: (1000 * cpu.ours) / rows.length, cores: cpu.cores });
  } finally {
    await Promise.all([server, ...started].map((p) => stopService(p.child)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pad = 60;
const fmt = (n: number, digits = 1) => n.toFixed(digits);

/** Prints one setup's throughput, step times, CPU by category, memory and payload. */
function report(label: string, rows: DocumentRow[], seconds: number, cpu: CpuReport, peaks: number[]) {
  const steps = ['parse', 'classify', 'extract', 'derive'];
  const mean = (s: string) => rows.reduce((a, r) => a + (r.step_timings[s] ?? 0), 0) / rows.length;
  const failed = rows.filter((r) => r.status === 'FAILED').length;
  console.log(
    `${label.padEnd(pad)} ${String(rows.length).padStart(4)} docs  ${fmt(seconds).padStart(6)} s  ${fmt(rows.length / seconds, 2).padStart(5)} docs/s  ` +
      steps.map((s) => `${s} ${mean(s).toFixed(0)} ms`).join('  ') +
      (failed ? `  (${failed} failed)` : ''),
  );
  const capacity = cpu.cores * cpu.seconds;
  const share = (x: number) => `${fmt(x)} s (${((100 * x) / capacity).toFixed(0)} %, ${((1000 * x) / rows.length).toFixed(0)} ms/doc)`;
  const parts = [...cpu.byCategory.entries()].filter(([, s]) => s >= 0.05).sort((a, b) => b[1] - a[1]);
  console.log(`${''.padEnd(pad)} CPU of ${cpu.cores} cores × ${fmt(cpu.seconds)} s = ${fmt(capacity)} core-s:`);
  for (const [category, s] of parts) {
    const extra = category === 'Python plugin runtimes' ? `  [${cpu.runtimes} processes]` : '';
    console.log(`${''.padEnd(pad)}   ${category.padEnd(34)} ${share(s)}${extra}`);
  }
  const others = Math.max(0, cpu.machineBusy - cpu.ours);
  console.log(`${''.padEnd(pad)}   ${'= this service in all'.padEnd(34)} ${share(cpu.ours)}`);
  console.log(`${''.padEnd(pad)}   ${'other processes of the machine'.padEnd(34)} ${share(others)}`);
  console.log(`${''.padEnd(pad)}   ${'idle'.padEnd(34)} ${share(Math.max(0, capacity - cpu.machineBusy))}`);
  console.log(
    `${''.padEnd(pad)} runnable threads of the service: ${fmt(cpu.runnable, 2)} on average; work for ${(100 * cpu.coverable).toFixed(0)} % of ${cpu.cores} cores`,
  );
  console.log(
    `${''.padEnd(pad)} peak memory: server ${fmt(peaks[0] ?? 0, 0)} MiB` +
      peaks.slice(1).map((p, i) => `, worker ${i + 1} ${fmt(p, 0)} MiB`).join('') +
      `; runtimes read ${fmt(cpu.runtimeReadBytes / 1024 / rows.length, 0)} KiB per document (plugin calls)`,
  );
  if (timeline) printTimeline(cpu);
}

/** Cores used per second of the run by the main categories (the overlap of parsing, Python and the database). */
function printTimeline(cpu: CpuReport) {
  const shown: [string, (c: CpuReport['timeline'][number]['cores']) => number][] = [
    ['main', (c) => c['node main thread'] ?? 0],
    ['parse', (c) => c['parser threads'] ?? 0],
    ['python', (c) => c['Python plugin runtimes'] ?? 0],
    ['ocr', (c) => c['OCR tools (pdftoppm, tesseract)'] ?? 0],
    ['pg', (c) => c['PostgreSQL backends'] ?? 0],
  ];
  console.log(`${''.padEnd(pad)} cores used per second: ${shown.map(([n]) => n.padStart(6)).join('')}  runnable`);
  const perSecond = Math.max(1, Math.round(1 / ((cpu.timeline[1]?.at ?? 1) - (cpu.timeline[0]?.at ?? 0))));
  for (let i = 0; i < cpu.timeline.length; i += perSecond) {
    const slice = cpu.timeline.slice(i, i + perSecond);
    const cells = shown.map(([, f]) => (slice.reduce((a, t) => a + f(t.cores), 0) / slice.length).toFixed(2).padStart(6));
    const runnable = (slice.reduce((a, t) => a + t.runnable, 0) / slice.length).toFixed(2).padStart(10);
    console.log(`${''.padEnd(pad)} ${fmt(slice[0]?.at ?? 0).padStart(21)} s ${cells.join('')}${runnable}`);
  }
}

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
      // The classifier reports its decision through a service: accepted and dropped here.
      await host.call('org', plugins[0] as (typeof plugins)[0], 'classify', args, { services: async () => null });
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

async function runPostgres(root: string) {
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const db = `bench_throughput_${Date.now()}`;
  await admin.query(`create database ${db}`);
  try {
    // `serve` answers the API only; two `worker` processes of the default concurrency (2) share the
    // database; as docs/pipeline.md says for several worker processes, the organization limit is
    // set below their total (4).
    await run(
      root,
      'postgres',
      {
        SERVICE_DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}`,
        SERVICE_WORKERS: '0',
        SERVICE_WORKERS_PER_ORGANIZATION: process.env.SERVICE_WORKERS_PER_ORGANIZATION ?? '3',
      },
      2,
      db,
    );
  } finally {
    await admin.query(`drop database ${db} with (force)`);
    await admin.end();
  }
}

async function main() {
  console.log(
    `Pipeline throughput over ${files.length} CUAD PDFs (mean ms per step per document), each setup after a warm-up batch of ${warmUpFiles.length}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
  );
  const first = await firstCalls();
  console.log(
    `${'first plugin call of a runtime (classify, median of 3)'.padEnd(60)} cold start ${first.cold.toFixed(0)} ms, warm pool ${first.warm.toFixed(0)} ms (its second call ${first.steady.toFixed(0)} ms)`,
  );
  if (setup === 'first-call') return;
  // The baseline runs before and after the setups and the faster run counts: on a shared machine
  // either may be slowed (by the setups' leftovers, e.g. PostgreSQL dropping the bench database),
  // and the faster baseline is the stricter yardstick for the service.
  const before = await rawParse();
  // With --compare, each setup runs on the other checkout first, then on this one.
  const roots = compare ? [path.resolve(compare), root] : [root];
  for (const root of roots) if (setup !== 'postgres') await run(root, 'embedded', {}, 0);
  for (const root of roots) if (setup !== 'embedded') await runPostgres(root);
  const after = await rawParse();
  const raw = before.docsPerSecond >= after.docsPerSecond ? before : after;
  for (const [when, r] of [
    ['before the setups', before],
    ['after the setups', after],
  ] as const)
    console.log(
      `${`baseline: unpdf text extraction alone, 1 thread, ${when}`.padEnd(60)} ${String(files.length).padStart(4)} docs  ${r.seconds.toFixed(1).padStart(6)} s  ${r.docsPerSecond.toFixed(2).padStart(5)} docs/s  ${r.pagesPerSecond.toFixed(1)} pages/s  CPU ${r.cpuMsPerDoc.toFixed(0)} ms/doc (this process, GC threads included)${r === raw ? '  <- the baseline' : ''}`,
    );
  for (const r of results) console.log(`ratio ${r.label}: ${(r.docsPerSecond / raw.docsPerSecond).toFixed(2)} × the baseline`);
  // A fresh server against the baseline's own first, cold pass: the symmetric cold comparison.
  if (warmUpFiles.length === 0)
    for (const r of results)
      console.log(`ratio ${r.label} to the baseline's first (cold) pass: ${(r.docsPerSecond / before.docsPerSecond).toFixed(2)}`);
  // Independent of the machine's other load: the rate the CPU per document allows on idle cores,
  // against the baseline's rate on an idle core. The baseline's one thread sets its pace; its GC
  // helper threads run beside it on the other core, so its rate on an idle machine is 1 / its
  // thread's CPU per document, not 1 / its process CPU (which would flatter the service).
  for (const r of results)
    console.log(
      `CPU bound ${r.label}: ${r.cpuMsPerDoc.toFixed(0)} ms of CPU per document; the baseline's thread ${raw.threadCpuMsPerDoc.toFixed(0)} ms ` +
        `(process ${raw.cpuMsPerDoc.toFixed(0)}): at most ${((r.cores * raw.threadCpuMsPerDoc) / r.cpuMsPerDoc).toFixed(2)} × the baseline on ${r.cores} idle cores`,
    );
  console.log(`load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
