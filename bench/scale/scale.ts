/**
 * A measured path past one machine (issue 36): the pipeline on PostgreSQL with 1, 2 and 4
 * `service-server worker` processes against one database and an S3-compatible blob store (moto
 * in server mode), one `serve` answering the API. For each setting it prints
 *   - documents/s from the first upload to the last document processed, per worker process and
 *     per core the service used;
 *   - CPU per document of the workers (with their Python runtimes), of `serve`, of the database's
 *     backends (its connections' processes, from /proc: the cluster is local) and of the
 *     cluster's background processes (WAL writer, checkpointer; shared with other databases);
 *     and how busy the machine's cores were (saturation);
 *   - statements per document, counted in each Node process on `pg.Client#query`
 *     (bench/throughput/pg-statements.mjs, exact), with the idle polling rate measured before the
 *     batch subtracted, and PostgreSQL's own transactions and tuples per document
 *     (pg_stat_database, this database only);
 *   - rows read per document by table (pg_stat_user_tables) and through each index of
 *     `documents`, less what the bench's own polling read (counted per statement on its
 *     connection, measures.ts SelfCountingConnection), which is printed apart;
 *   - bytes per document: growth of the database (pg_database_size) and of the bucket;
 *   - queue wait of the pipeline jobs (pg-boss `created_on` → `started_on`) in the batch, and the
 *     pick-up time of a job uploaded to idle workers;
 *   - the resident memory of the workers and `serve` over the batch, by documents done.
 * Each setting gets its own database (created and dropped) and bucket, and first processes
 * `--warm-up` other documents per worker process untimed. The figures feed docs/scaling.md.
 *
 * Run: bench/scale/run [--documents=100] [--workers=1,2,4] [--concurrency=2] [--warm-up=10]
 *   Needs `make build`, PostgreSQL on 127.0.0.1:5432 and moto_server in .venv
 *   (`.venv/bin/pip install -r packages/server/test/blobs/requirements.txt`).
 *   BENCH_SCALE_AUTO_EXPLAIN=1 logs every statement of the setting's database with its plan and
 *   actual rows (`auto_explain`, set on that database only) to the PostgreSQL server log: which
 *   statement read which rows (docs/scaling.md item 4).
 *   `--documents=1000 --workers=1` is the memory run (RSS by documents done).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { repoRoot } from '../../packages/server/src/config.js';
import { findMotoServer, startMoto } from '../../packages/server/test/support/moto.js';
import { type CpuReport, CpuSampler } from '../throughput/cpu.js';
import { apiClient, type Started, startService, stopService } from '../throughput/server.js';
import {
  backgroundSeconds,
  bucketBytes,
  clusterBackgroundTicks,
  type DatabaseCounters,
  databaseCounters,
  distinctCopy,
  liveBytes,
  printRss,
  settle,
  quantile,
  RssSampler,
  type RssSample,
  type StatementCounts,
  statementDelta,
  statementSnapshot,
  tableSizes,
  queueWaits,
  indexFetches,
  readsDelta,
  SelfCountingConnection,
  tableReads,
} from './measures.js';

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '100' },
    workers: { type: 'string', default: '1,2,4' },
    concurrency: { type: 'string', default: '2' },
    'warm-up': { type: 'string', default: '10' },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const count = Number(args.documents);
const settings = (args.workers as string).split(',').map(Number);
const concurrency = Number(args.concurrency);
const warmUp = Number(args['warm-up']);
const adminUrl = args['admin-url'] as string;
/** Documents uploaded one at a time to idle workers after the batch, for the pick-up time. */
const PICKUPS = 5;
/** Seconds of idle before the batch: PostgreSQL publishes idle backends' counters within 10 s, and the idle polling rate is measured meanwhile. */
const IDLE_SECONDS = 11;

const corpus = path.resolve(repoRoot, '..', 'shared', 'corpus', 'cuad', 'pdf');
const cuad = readdirSync(corpus).filter((f) => f.endsWith('.pdf')).sort();
const ontology = JSON.parse(readFileSync(path.join(repoRoot, 'plugins', 'demo_ontology.json'), 'utf8')).labels;
const preload = path.join(repoRoot, 'bench', 'throughput', 'pg-statements.mjs');

/** The warm-up documents: the last CUAD PDFs, as many as the largest setting takes. */
const warmUpPool = cuad.slice(cuad.length - warmUp * Math.max(...settings));
/** The other PDFs, for the measured documents (the same in every setting). */
const measuredPool = cuad.slice(0, cuad.length - warmUpPool.length);

/** The measured document `i` (measures.ts `distinctCopy`): the same in every setting. */
const measuredDocument = (i: number) => distinctCopy(corpus, measuredPool, i);

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const kib = (bytes: number) => `${fmt(bytes / 1024, 0)} KiB`;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/** One setting's measurements, for the summary table. */
interface Result {
  workers: number;
  docs: number;
  failed: number;
  seconds: number;
  cpuMsPerDoc: { workers: number; serve: number; db: number; background: number };
  coresUsed: number;
  machineBusyShare: number;
  statementsPerDoc: number;
  idleStatementsPerSecond: number;
  xactsPerDoc: number;
  dbBytesPerDoc: number;
  s3BytesPerDoc: number;
  queueP50: number;
  queueP95: number;
  pickup: number;
  peakConnections: number;
  rss: RssSample[];
}


async function runSetting(workers: number, endpoint: string, s3: S3Client): Promise<Result> {
  const stamp = Date.now();
  const database = `bench_scale_${stamp}_${workers}`;
  const bucket = `bench-scale-${stamp}-${workers}`;
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  if (process.env.BENCH_SCALE_AUTO_EXPLAIN) {
    for (const setting of [
      `session_preload_libraries = 'auto_explain'`,
      'auto_explain.log_min_duration = 0',
      'auto_explain.log_analyze = on',
      'auto_explain.log_timing = off',
      'auto_explain.log_nested_statements = on',
    ])
      await admin.query(`alter database ${database} set ${setting}`);
  }
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${database}`;
  // The bench's statements on the database: `db` polls and queries (its reads of each table are
  // counted, and taken off the service's), `client` reads the statistics. Both connections'
  // statements are taken off the database's transaction count.
  const client = new pg.Client({ connectionString: dbUrl.href });
  let measuring = 0;
  const stats = {
    query: (text: string, values?: unknown[]) => {
      measuring++;
      return client.query(text, values);
    },
  };
  const db = new SelfCountingConnection(new pg.Client({ connectionString: dbUrl.href }));
  let dbOpen = false;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-scale-'));
  const statementsDir = path.join(dataDir, 'statements');
  const env = {
    SERVICE_DATABASE_URL: dbUrl.href,
    SERVICE_DATA_DIR: dataDir,
    SERVICE_WORKERS: '0',
    // One organization: its fairness limit (docs/pipeline.md "Fairness") set to every slot of
    // every worker process, so the setting's concurrency is what is measured.
    SERVICE_WORKERS_PER_ORGANIZATION: String(workers * concurrency),
    SERVICE_BLOB_STORE: 's3',
    SERVICE_S3_BUCKET: bucket,
    SERVICE_S3_ENDPOINT: endpoint,
    SERVICE_S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    SERVICE_LOG_LEVEL: 'error',
    SERVICE_SECRET_KEY: 'bench-secret-bench-secret-bench-secret',
    SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE: '10000000',
    SERVICE_RATE_LIMIT_ORGANIZATION_PER_MINUTE: '10000000',
    PG_STATEMENTS_OUT: statementsDir,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${preload}`.trim(),
  };
  const processes: Started[] = [];
  try {
    const serve = await startService(repoRoot, ['serve', '--port', '0', '--bootstrap-admin', 'bench@localhost'], env, [
      /listening on http/,
      /API key: \S+/,
    ]);
    processes.push(serve);
    const url = /listening on (http:\/\/\S+)/.exec(serve.output())?.[1] as string;
    const api = apiClient(url, /API key: (\S+)/.exec(serve.output())?.[1] as string);
    const started: Started[] = [];
    for (let i = 0; i < workers; i++) {
      const w = await startService(repoRoot, ['worker', '--concurrency', String(concurrency)], env, [/warm pool ready/]);
      started.push(w);
      processes.push(w);
    }
    await client.connect();
    await db.connect();
    dbOpen = true;
    await api.json('PUT', '/api/v1/ontology', { labels: ontology });
    const workerPids = started.map((w) => w.pid);
    const allPids = [serve.pid, ...workerPids];
    await settle(allPids);

    // Polled on the database directly (not through `serve`, whose statements are counted).
    let done = 0;
    const finished = async () => {
      const { rows } = await db.query(`select count(*)::int as n from documents where status in ('PROCESSED', 'FAILED')`);
      return rows[0].n as number;
    };
    const drained = async (total: number) => {
      for (;;) {
        done = await finished();
        if (done >= total) return;
        await sleep(250);
      }
    };
    // The warm-up documents of this setting: `--warm-up` per worker process, so that each
    // process's code is as warm as the one process's.
    const warmUpFiles = warmUpPool.slice(-warmUp * workers);

    for (const f of warmUpFiles) await api.upload(readFileSync(path.join(corpus, f)), f);
    await drained(warmUpFiles.length);
    await settle(allPids);

    // Idle: statements the processes send with nothing to do (queue polling, leases), then the
    // counters every backend has published by now.
    const snapshot = () => Promise.all(allPids.map((p) => statementSnapshot(p, statementsDir)));
    const idleStart = await snapshot();
    await sleep(IDLE_SECONDS * 1000);
    const before = await snapshot();
    const idle = statementDelta(idleStart, before);
    db.reset();
    measuring = 0;
    const countersBefore = await databaseCounters(admin, database);
    const readsBefore = await tableReads(stats);
    const documentIndexesBefore = await indexFetches(stats, 'public.documents');
    const bucketBefore = await bucketBytes(s3, bucket);

    const workerCpu = new CpuSampler(workerPids, undefined, 1000);
    const serveCpu = new CpuSampler([serve.pid], undefined, 1000);
    const dbCpu = new CpuSampler([], database, 1000);
    const background = clusterBackgroundTicks();
    const rss = new RssSampler(allPids, () => Math.max(0, done - warmUpFiles.length));
    for (const s of [workerCpu, serveCpu, dbCpu]) s.start();
    rss.start();
    let peakConnections = 0;
    const connections = async () => {
      const { rows } = await db.query('select count(*)::int as n from pg_stat_activity where datname = $1', [database]);
      peakConnections = Math.max(peakConnections, rows[0].n as number);
    };

    // Documents done and connections, watched while the batch is uploaded and processed.
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        done = await finished();
        await connections();
        await sleep(500);
      }
    })();
    const t0 = new Date();
    let inputBytes = 0;
    for (let i = 0; i < count; i++) {
      const d = measuredDocument(i);
      inputBytes += d.bytes.length;
      await api.upload(d.bytes, d.name);
    }
    while (done < warmUpFiles.length + count) await sleep(100);
    watching = false;
    await watcher;
    const cpu = { workers: workerCpu.stop(), serve: serveCpu.stop(), db: dbCpu.stop() };
    const backgroundCpu = backgroundSeconds(background, clusterBackgroundTicks());
    const rssSamples = rss.stop();
    const after = await snapshot();
    const { rows } = await db.query(
      `select status, step_timings, processed_at from documents where created_at >= $1`,
      [t0],
    );
    const ended = Math.max(...rows.map((r) => (r.processed_at ? (r.processed_at as Date).getTime() : Date.now())));
    const seconds = (ended - t0.getTime()) / 1000;
    const waits = await queueWaits(db, t0);
    const tables = await tableSizes(stats);
    const bucketAfter = await bucketBytes(s3, bucket);
    const sizeAfter = (await databaseCounters(admin, database)).sizeBytes;

    // Pick-up: one document at a time to idle workers; its job's wait on the queue.
    const pickups: number[] = [];
    for (let i = 0; i < PICKUPS; i++) {
      const d = measuredDocument(count + i);
      const at = new Date();
      await api.upload(d.bytes, d.name);
      await drained(warmUpFiles.length + count + i + 1);
      pickups.push(...(await queueWaits(db, at)));
    }
    pickups.sort((a, b) => a - b);

    // The processes end (their connections close, publishing every counter), then the database's.
    await Promise.all(processes.map((p) => stopService(p.child)));
    processes.length = 0;
    // The bench's polling connection ends too, publishing the reads it counted itself.
    const ownReads = new Map(db.reads);
    const ownIndexFetches = new Map(db.indexFetches);
    await db.end(stats);
    dbOpen = false;
    const polls = db.statements + measuring;
    const countersAfter = await databaseCounters(admin, database);
    const readsAfter = await tableReads(stats);
    const reads = readsDelta(readsBefore, readsAfter, 5, ownReads);
    const documentIndexes = [...(await indexFetches(stats, 'public.documents'))]
      .map(([index, n]) => ({ index, fetched: n - (documentIndexesBefore.get(index) ?? 0) - (ownIndexFetches.get(index) ?? 0) }))
      .filter((i) => i.fetched > 0)
      .sort((a, b) => b.fetched - a.fetched);
    const ownDocuments = ownReads.get('public.documents') ?? { seq: 0, idx: 0 };
    const live = await liveBytes(stats);
    const statements = statementDelta(before, after);
    const workerStatements = statementDelta(before.slice(1), after.slice(1));
    const idlePerSecond = idle.total / IDLE_SECONDS;
    const result: Result = {
      workers,
      docs: rows.length,
      failed: rows.filter((r) => r.status === 'FAILED').length,
      seconds,
      cpuMsPerDoc: {
        workers: (1000 * cpu.workers.ours) / rows.length,
        serve: (1000 * cpu.serve.ours) / rows.length,
        db: (1000 * (cpu.db.byCategory.get('PostgreSQL backends') ?? 0)) / rows.length,
        background: (1000 * backgroundCpu) / rows.length,
      },
      coresUsed: (cpu.workers.ours + cpu.serve.ours + (cpu.db.byCategory.get('PostgreSQL backends') ?? 0) + backgroundCpu) / cpu.workers.seconds,
      machineBusyShare: cpu.workers.machineBusy / (cpu.workers.cores * cpu.workers.seconds),
      statementsPerDoc: (statements.total - idlePerSecond * cpu.workers.seconds) / rows.length,
      idleStatementsPerSecond: idlePerSecond,
      xactsPerDoc: (countersAfter.xacts - countersBefore.xacts - polls) / (rows.length + PICKUPS),
      dbBytesPerDoc: (sizeAfter - countersBefore.sizeBytes) / rows.length,
      s3BytesPerDoc: (bucketAfter.bytes - bucketBefore.bytes) / rows.length,
      queueP50: quantile(waits, 0.5),
      queueP95: quantile(waits, 0.95),
      pickup: quantile(pickups, 0.5),
      peakConnections,
      rss: rssSamples,
    };
    report(result, warmUpFiles.length, {
      cpu,
      backgroundCpu,
      statements,
      workerStatements,
      idle,
      countersBefore,
      countersAfter,
      reads,
      ownDocuments,
      documentIndexes,
      live,
      polls,
      tables,
      inputBytes,
      waits,
      pickups,
      steps: rows.map((r) => r.step_timings as Record<string, number>),
    });
    return result;
  } finally {
    await Promise.all(processes.map((p) => stopService(p.child)));
    await client.end().catch(() => undefined);
    if (dbOpen) await db.end(admin).catch(() => undefined);
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints one setting's details. */
function report(
  r: Result,
  warmedUp: number,
  d: {
    cpu: { workers: CpuReport; serve: CpuReport; db: CpuReport };
    backgroundCpu: number;
    statements: StatementCounts;
    workerStatements: StatementCounts;
    idle: StatementCounts;
    countersBefore: DatabaseCounters;
    countersAfter: DatabaseCounters;
    reads: { table: string; seq: number; idx: number }[];
    ownDocuments: { seq: number; idx: number };
    documentIndexes: { index: string; fetched: number }[];
    live: { files: number; live: number; dead: number; indexes: number };
    polls: number;
    tables: { table: string; bytes: number }[];
    inputBytes: number;
    waits: number[];
    pickups: number[];
    steps: Record<string, number>[];
  },
) {
  const n = r.docs;
  const rate = n / r.seconds;
  const mean = (s: string) => d.steps.reduce((a, t) => a + (t[s] ?? 0), 0) / n;
  const cores = d.cpu.workers.cores;
  console.log(
    `\n== PostgreSQL + ${r.workers} worker process${r.workers > 1 ? 'es' : ''} × concurrency ${concurrency}, S3 (moto): ` +
      `${n} docs in ${fmt(r.seconds)} s = ${fmt(rate, 2)} docs/s (${fmt(rate / r.workers, 2)} per worker process, ` +
      `${fmt(rate / r.coresUsed, 2)} per core used)${r.failed ? `, ${r.failed} FAILED` : ''}; load ${load()}`,
  );
  console.log(`   steps (mean ms): ${['parse', 'classify', 'extract', 'derive'].map((s) => `${s} ${fmt(mean(s), 0)}`).join(', ')}`);
  const c = r.cpuMsPerDoc;
  console.log(
    `   CPU per document: workers ${fmt(c.workers, 0)} ms (of which Python runtimes ${fmt((1000 * (d.cpu.workers.byCategory.get('Python plugin runtimes') ?? 0)) / n, 0)}), ` +
      `serve ${fmt(c.serve, 0)} ms, PostgreSQL backends ${fmt(c.db, 0)} ms, cluster background ${fmt(c.background, 0)} ms (shared with other databases)`,
  );
  console.log(
    `   cores: the service and its database used ${fmt(r.coresUsed, 2)} of ${cores}; the machine was busy ${fmt(100 * r.machineBusyShare, 0)} % ` +
      `(others ${fmt(Math.max(0, d.cpu.workers.machineBusy / d.cpu.workers.seconds - r.coresUsed), 2)} cores); ` +
      `workers' runnable threads ${fmt(d.cpu.workers.runnable, 2)} on average`,
  );
  const perDoc = (x: number) => fmt(x / n, 1);
  console.log(
    `   statements per document: ${fmt(r.statementsPerDoc, 1)} net of idle polling (all ${perDoc(d.statements.total)}: workers ${perDoc(d.workerStatements.total)}, ` +
      `serve ${perDoc(d.statements.total - d.workerStatements.total)}; idle polling ${fmt(r.idleStatementsPerSecond, 1)}/s across the processes)`,
  );
  const top = Object.entries(d.statements.statements).sort((a, b) => b[1].count - a[1].count).slice(0, 6);
  for (const [sql, e] of top) console.log(`     ${perDoc(e.count).padStart(6)}  ${sql.replace(/\s+/g, ' ').slice(0, 110)}`);
  const a = d.countersAfter;
  const b = d.countersBefore;
  console.log(
    `   PostgreSQL (pg_stat_database, the batch + ${PICKUPS} pick-ups + shutdown, the bench's ${d.polls} polls taken off): ` +
      `${fmt(r.xactsPerDoc, 1)} transactions/doc; tuples inserted ${perDoc(a.tupInserted - b.tupInserted)}, updated ${perDoc(a.tupUpdated - b.tupUpdated)}, ` +
      `deleted ${perDoc(a.tupDeleted - b.tupDeleted)}, fetched ${perDoc(a.tupFetched - b.tupFetched)}, returned ${perDoc(a.tupReturned - b.tupReturned)}; ` +
      `blocks hit ${perDoc(a.blksHit - b.blksHit)}, read ${perDoc(a.blksRead - b.blksRead)} per document`,
  );
  console.log(
    `   rows read per document by table (sequential scans + index fetches, pg_stat_user_tables, the bench's own reads taken off): ` +
      d.reads.map((t) => `${t.table} ${perDoc(t.seq)} + ${perDoc(t.idx)}`).join(', '),
  );
  console.log(
    `   the bench's own reads of documents (polling for documents done, the batch's rows, the pick-ups; taken off above): ` +
      `${perDoc(d.ownDocuments.seq)} + ${perDoc(d.ownDocuments.idx)} per document`,
  );
  // A bitmap heap scan's rows count for the table, not for the index it used.
  const byIndexes = d.documentIndexes.reduce((a, i) => a + i.fetched, 0);
  const documentsFetched = d.reads.find((t) => t.table === 'public.documents')?.idx ?? byIndexes;
  console.log(
    `   the service's index fetches of documents per document: ` +
      d.documentIndexes.map((i) => `${i.index.replace(/^public\./, '')} ${perDoc(i.fetched)}`).join(', ') +
      `, bitmap heap scans ${perDoc(documentsFetched - byIndexes)}`,
  );
  console.log(
    `   bytes per document: database +${kib(r.dbBytesPerDoc)}, bucket +${kib(r.s3BytesPerDoc)} (uploaded PDFs ${kib(d.inputBytes / n)}); ` +
      `largest tables now (${n + warmedUp} documents): ${d.tables.map((t) => `${t.table} ${kib(t.bytes / (n + warmedUp))}/doc`).join(', ')}`,
  );
  const all = n + warmedUp;
  console.log(
    `   of the tables' files now (pgstattuple, ${all} documents): live rows ${kib(d.live.live / all)}/doc, dead rows ${kib(d.live.dead / all)}/doc, ` +
      `free ${kib((d.live.files - d.live.live - d.live.dead) / all)}/doc; indexes ${kib(d.live.indexes / all)}/doc`,
  );
  console.log(
    `   queue wait (created → started, ${d.waits.length} jobs): p50 ${fmt(r.queueP50, 2)} s, p95 ${fmt(r.queueP95, 2)} s, max ${fmt(d.waits.at(-1) ?? Number.NaN, 2)} s; ` +
      `pick-up by idle workers: median ${fmt(1000 * r.pickup, 0)} ms (${d.pickups.map((p) => fmt(1000 * p, 0)).join(', ')} ms); peak connections ${r.peakConnections}`,
  );
  printRss(r.rss, ['serve', ...Array.from({ length: r.workers }, (_, i) => `worker ${i + 1}`)]);
}

async function main() {
  const moto = findMotoServer();
  if (!moto) throw new Error('moto_server not found: .venv/bin/pip install -r packages/server/test/blobs/requirements.txt');
  console.log(
    `Scale: ${count} CUAD PDFs per setting (after ${warmUp} warm-up documents per worker process), worker processes ${settings.join(', ')} × concurrency ${concurrency}, ` +
      `PostgreSQL ${adminUrl.replace(/\/[^/]*$/, '')} (a database per setting), S3 = moto_server; load average ${load()}`,
  );
  const s3server = await startMoto(moto);
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: s3server.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' },
  });
  const results: Result[] = [];
  try {
    for (const w of settings) results.push(await runSetting(w, s3server.endpoint, s3));
  } finally {
    s3.destroy();
    s3server.proc.kill();
  }
  console.log('\n| worker processes | docs/s | per process | per core used | cores used | machine busy | CPU ms/doc workers · serve · PG · PG bg | statements/doc | PG xacts/doc | DB KiB/doc | S3 KiB/doc | queue wait p50 / p95 | pick-up | connections |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const rate = r.docs / r.seconds;
    const c = r.cpuMsPerDoc;
    console.log(
      `| ${r.workers} | ${fmt(rate, 2)} | ${fmt(rate / r.workers, 2)} | ${fmt(rate / r.coresUsed, 2)} | ${fmt(r.coresUsed, 2)} | ${fmt(100 * r.machineBusyShare, 0)} % | ` +
        `${fmt(c.workers, 0)} · ${fmt(c.serve, 0)} · ${fmt(c.db, 0)} · ${fmt(c.background, 0)} | ${fmt(r.statementsPerDoc, 1)} | ${fmt(r.xactsPerDoc, 1)} | ` +
        `${fmt(r.dbBytesPerDoc / 1024, 0)} | ${fmt(r.s3BytesPerDoc / 1024, 0)} | ${fmt(r.queueP50, 1)} / ${fmt(r.queueP95, 1)} s | ${fmt(1000 * r.pickup, 0)} ms | ${r.peakConnections} |`,
    );
  }
  console.log(`load average at the end ${load()}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
