import { purgeExpiredAudit } from '../audit/service.js';
import { runBenchmarkJob } from '../benchmarks/scheduler.js';
import { runDueBenchmarks } from '../benchmarks/service.js';
import type { AppContext } from '../context.js';
import { refreshStatistics } from '../db/statistics.js';
import { stalledDocuments } from '../documents/service.js';
import { purgeExpiredExports, runExport } from '../exports/service.js';
import { expireDueEntitlements } from '../marketplace/service.js';
import { runDocumentJob } from '../pipeline/pipeline.js';
import { pollDueSources, runSyncJob } from '../sources/sync.js';
import { startEventWorker } from './event-worker.js';
import type { JobQueue, ScheduledTaskSpec } from './job-types.js';
import { runRenewalScan } from './renewal-scan.js';

/** A benchmark is run by the scheduled pass when its last run is older than this. */
const BENCHMARK_EVERY_MS = 24 * 60 * 60_000;
/** Source syncs one process runs at once. */
const SYNC_CONCURRENCY = 2;

/**
 * Starts this process's share of the background work, all on the queue (docs/operations.md
 * "Background work"): `concurrency` pipeline workers, the export worker, benchmark runs after
 * extractions, source syncs, and the workers of the scheduled tasks ({@link scheduledTasks}),
 * whose cron schedules it (re)registers. Plus the event worker (outbox, webhook and plugin
 * event deliveries), a loop over database leases. Returns a stop function.
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
  await queue.workBenchmarkRuns((job, meta) => runBenchmarkJob(ctx, job, meta));
  await queue.workSourceSyncs(SYNC_CONCURRENCY, (job, meta) => runSyncJob(ctx, job, meta));
  await queue.workSchedules(scheduledTasks(ctx, queue));
  // Outbox dispatch, webhook deliveries and plugin event handlers (src/jobs/event-worker.ts).
  const stopEvents = startEventWorker(ctx);
  return async () => {
    await stopEvents();
  };
}

/** Minutes of a period in seconds, as a cron expression pg-boss can run (at most once a minute). */
export function cronEvery(seconds: number): string | undefined {
  if (seconds <= 0) return undefined;
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 1) return '* * * * *';
  if (minutes < 60) return `*/${minutes} * * * *`;
  const hours = Math.ceil(minutes / 60);
  return hours < 24 ? `0 */${hours} * * *` : '0 0 * * *';
}

/**
 * The periodic tasks and their schedules (docs/operations.md "Schedules"). Each is idempotent:
 * a run repeated after its worker died, or one run late, does no harm.
 */
export function scheduledTasks(ctx: AppContext, queue: JobQueue): ScheduledTaskSpec[] {
  const s = ctx.config.schedules;
  const run = (task: string, fn: () => Promise<unknown>) => async () => {
    ctx.log.info({ task }, 'scheduled task started');
    try {
      const result = await fn();
      ctx.log.info({ task, result }, 'scheduled task finished');
    } catch (err) {
      // The queue retries it (a few times, then the next schedule does).
      ctx.log.error({ err, task }, 'scheduled task failed');
      throw err;
    }
  };
  return [
    // Contracts refreshed, renewal alerts raised, snoozed alerts reopened (src/jobs/renewal-scan.ts).
    { task: 'renewal-scan', cron: s.renewalScan, run: run('renewal-scan', () => runRenewalScan(ctx)) },
    {
      task: 'retention',
      cron: s.retention,
      run: run('retention', async () => ({
        audit: await purgeExpiredAudit(ctx),
        exports: await purgeExpiredExports(ctx),
      })),
    },
    {
      task: 'benchmarks',
      cron: s.benchmarks,
      run: run('benchmarks', () => runDueBenchmarks(ctx, BENCHMARK_EVERY_MS)),
    },
    {
      task: 'entitlement-expiry',
      cron: cronEvery(ctx.config.marketplace.expiryScanSeconds),
      run: run('entitlement-expiry', () => expireDueEntitlements(ctx)),
    },
    {
      task: 'source-poll',
      cron: cronEvery(ctx.config.sources.schedulerSeconds),
      run: run('source-poll', () => pollDueSources(ctx)),
    },
    {
      // Documents left RECEIVED or PROCESSING longer than the job expiry lost their trigger
      // (e.g. the process died between storing the document and sending the job): send it again,
      // unless a job for it is still queued, retrying or active (it is late, not lost; a second
      // job would only wait for the first's hold on the document).
      task: 'stalled-documents',
      cron: s.stalledDocuments,
      run: run('stalled-documents', async () => {
        const before = new Date(Date.now() - (ctx.config.jobExpireSeconds + 60) * 1000);
        const stalled = await stalledDocuments(ctx.db, before, 100);
        let queued = 0;
        for (const { id, organizationId } of stalled)
          if (await queue.enqueueStalledDocument(id, organizationId)) queued++;
        return queued;
      }),
    },
    {
      // Planner statistics of the tables that grew or shrank (src/db/statistics.ts): the embedded
      // database has no autovacuum, and PostgreSQL's comes late after a bulk load.
      task: 'analyze',
      cron: s.analyze,
      run: run('analyze', async () => (await refreshStatistics(ctx.database)).map((t) => t.table)),
    },
  ];
}
