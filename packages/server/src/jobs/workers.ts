import { runRenewalScan } from '../alerts/scan.js';
import { purgeExpiredAudit } from '../audit/service.js';
import { stopBenchmarkScheduler } from '../benchmarks/scheduler.js';
import { runDueBenchmarks } from '../benchmarks/service.js';
import type { AppContext } from '../context.js';
import { stalledDocuments } from '../documents/service.js';
import { startEventWorker } from '../events/worker.js';
import { purgeExpiredExports, runExport } from '../exports/service.js';
import { runDocumentJob } from '../pipeline/pipeline.js';

/** How often the sweeper looks for documents whose job was lost. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Starts `concurrency` pipeline workers on the context's queue, and a sweeper that re-enqueues
 * documents left RECEIVED or PROCESSING for longer than the job expiry (their trigger was lost,
 * e.g. the process died between storing the document and sending the job). Returns a stop function.
 */
export async function startWorkers(ctx: AppContext, concurrency: number): Promise<() => Promise<void>> {
  const queue = ctx.queue;
  if (!queue) throw new Error('startWorkers needs a context opened with a queue');
  await queue.workDocuments(
    concurrency,
    (job, meta) => runDocumentJob(ctx, job.documentId, meta),
    ctx.config.workersPerOrganization,
  );
  await queue.workExports((exportId, meta) => runExport(ctx, exportId, meta));
  const sweep = async () => {
    const before = new Date(Date.now() - (ctx.config.jobExpireSeconds + 60) * 1000);
    for (const { id, organizationId } of await stalledDocuments(ctx.db, before, 100))
      await queue.enqueueDocument(id, organizationId);
  };
  const timer = setInterval(() => {
    sweep().catch((err: unknown) => ctx.log.error({ err }, 'sweeper failed'));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  // Outbox dispatch, webhook deliveries and plugin event handlers (src/events/worker.ts).
  const stopEvents = startEventWorker(ctx);
  // Contracts, alerts and benchmarks: renewal scan and scheduled benchmark runs (below).
  const stopScans = startScheduledScans(ctx);
  return async () => {
    clearInterval(timer);
    await stopScans();
    await stopEvents();
  };
}

// --- contracts, alerts and benchmarks (scheduled work) ---------------------------------------

/** How often the renewal scan runs (it is idempotent; "daily" alerts are raised on the first pass of the day). */
const RENEWAL_SCAN_INTERVAL_MS = 60 * 60_000;
/** How often the benchmark pass looks for benchmarks whose last run is older than a day. */
const BENCHMARK_TICK_MS = 60 * 60_000;
const BENCHMARK_EVERY_MS = 24 * 60 * 60_000;
/** First passes shortly after start, so a restart does not postpone them by an interval. */
const FIRST_PASS_DELAY_MS = 15_000;

/**
 * Starts the renewal scan (contracts refreshed, renewal alerts raised, snoozed alerts reopened)
 * and the scheduled benchmark pass. Returns a stop function that also cancels debounced
 * benchmark runs and waits for those in progress.
 */
function startScheduledScans(ctx: AppContext): () => Promise<void> {
  let busy = false;
  const guarded = (name: string, fn: () => Promise<unknown>) => async () => {
    if (busy) return;
    busy = true;
    try {
      await fn();
    } catch (err) {
      ctx.log.error({ err }, `${name} failed`);
    } finally {
      busy = false;
    }
  };
  const scan = guarded('renewal scan', async () => {
    await runRenewalScan(ctx);
    // Audit entries past their retention go on the same hourly pass.
    await purgeExpiredAudit(ctx);
    await purgeExpiredExports(ctx);
  });
  const bench = guarded('scheduled benchmarks', () => runDueBenchmarks(ctx, BENCHMARK_EVERY_MS));
  const timers = [
    setTimeout(() => void scan().then(bench), FIRST_PASS_DELAY_MS),
    setInterval(() => void scan(), RENEWAL_SCAN_INTERVAL_MS),
    setInterval(() => void bench(), BENCHMARK_TICK_MS),
  ];
  for (const t of timers) t.unref();
  return async () => {
    for (const t of timers) clearTimeout(t);
    await stopBenchmarkScheduler(ctx);
  };
}
