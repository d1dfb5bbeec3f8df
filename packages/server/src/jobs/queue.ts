/**
 * The binding of the task queue (jobs/job-types.ts `JobQueue`) to pg-boss: opening it on the
 * PostgreSQL or PGlite database, enqueueing, the scheduled tasks, and the workers of each queue
 * (document workers through the fair fetch of jobs/fair-fetch.ts and the loop of
 * jobs/worker-loop.ts).
 */
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import type { WorkerLease } from '../db/worker-lease.js';
import { exportJobTimeoutSeconds } from '../exports/service.js';
import { observeQueueWait } from '../metrics/metrics.js';
import { ACTIVE_JOBS_INDEX, claimJob, type FetchedJob, fetchFair } from './fair-fetch.js';
import type {
  BenchmarkRunJob,
  JobContext,
  JobQueue,
  ProcessDocumentJob,
  SourceSyncJob,
} from './job-types.js';
import { QUEUES, SCHEDULED_TASKS, scheduleQueue } from './job-types.js';
import { QueueWakeups } from './wakeup.js';
import { deferJob, IDLE_POLL_SECONDS, REAP_MS, reapOrphanedJobs, workLoop } from './worker-loop.js';

/** What `openQueue` takes. */
export interface QueueOptions {
  databaseUrl: string | undefined;
  retryLimit: number;
  expireSeconds: number;
  superviseSeconds: number;
  /** How often pg-boss's timekeeper looks whether a cron schedule is due (1–45 s). */
  cronCheckSeconds: number;
  onError: (err: Error) => void;
}

/**
 * Opens pg-boss on the database. On PostgreSQL it gets its own connection pool; on PGlite it
 * runs through the database's query function (one process owns an embedded database).
 *
 * @param opts.retryLimit retries of a failed job, with exponential backoff from 5 s
 * @param opts.expireSeconds an active job whose worker vanished is retried after this long
 */
export async function openQueue(database: Database, opts: QueueOptions): Promise<JobQueue> {
  /** Poll period of the benchmark workers and pg-boss's cron worker: their jobs are not urgent. */
  const backgroundPoll = Math.min(opts.cronCheckSeconds, 5);
  /**
   * Poll period of the scheduled-task workers: their jobs come from cron schedules checked every
   * `cronCheckSeconds` (a run starts at most that much later); runTaskNow wakes them at once.
   */
  const schedulePoll = opts.cronCheckSeconds;
  const timing = {
    superviseIntervalSeconds: opts.superviseSeconds,
    // Expired jobs are looked for on the monitor's period (pg-boss's default 60 s), not the
    // supervisor's: one setting for both says how soon a dead worker's job is retried.
    monitorIntervalSeconds: opts.superviseSeconds,
    cronMonitorIntervalSeconds: opts.cronCheckSeconds,
    cronWorkerIntervalSeconds: backgroundPoll,
  };
  // pg-boss's own pool (4 connections on PostgreSQL, so its polling cannot starve requests),
  // guarded against a server restart as the main pool is (db/client.ts guardedPool).
  const bossPool = database.ownPool(4);
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => bossPool.query(text, values) },
    ...timing,
  });
  boss.on('error', opts.onError);
  await database.withLock(727_002, async () => {
    await boss.start();
    await database.query(ACTIVE_JOBS_INDEX);
    await createQueues(boss, opts);
  });
  return queueOperations({
    database,
    opts,
    boss,
    bossPool,
    backgroundPoll,
    schedulePoll,
    loops: [],
    stopping: new AbortController(),
    lease: undefined,
    reaper: undefined,
    // Workers idle-poll rarely; a job queued here (or, on PostgreSQL, by another process) wakes them.
    wakeups: new QueueWakeups((id) => boss.notifyWorker(id)),
    syncHandler: undefined,
    localSyncs: new Set(),
  });
}

/** Creates the queues missing (and updates the background queues' settings), under openQueue's lock. */
async function createQueues(boss: PgBoss, opts: QueueOptions): Promise<void> {
  const existing = await boss.getQueue(QUEUES.processDocument);
  if (!existing) {
    await boss.createQueue(QUEUES.processDocument, {
      retryLimit: opts.retryLimit,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 300,
      expireInSeconds: opts.expireSeconds,
    });
  }
  if (!(await boss.getQueue(QUEUES.exportOrganization))) {
    await boss.createQueue(QUEUES.exportOrganization, {
      retryLimit: 2,
      retryDelay: 30,
      expireInSeconds: exportJobTimeoutSeconds({ jobExpireSeconds: opts.expireSeconds }),
    });
  }
  // Background work (docs/operations.md "Schedules"): a retried job repeats idempotent work.
  const background: [string, PgBoss.Queue['policy'], number][] = [
    [QUEUES.benchmarkRun, 'singleton', opts.retryLimit],
    [QUEUES.sourceSync, 'standard', 3],
    ...SCHEDULED_TASKS.map((t): [string, PgBoss.Queue['policy'], number] => [
      scheduleQueue(t),
      'exclusive',
      2,
    ]),
  ];
  for (const [name, policy, retryLimit] of background) {
    const settings = { retryLimit, retryDelay: 5, expireInSeconds: opts.expireSeconds };
    // The settings of the newest process apply (a queue keeps those it was created with otherwise).
    if (await boss.getQueue(name)) await boss.updateQueue(name, settings);
    else await boss.createQueue(name, { policy, ...settings });
  }
}

/** What the queue's operations share: pg-boss, the wakeups, and the workers this process runs. */
interface QueueState {
  database: Database;
  opts: QueueOptions;
  boss: PgBoss;
  bossPool: ReturnType<Database['ownPool']>;
  /** Poll period of the benchmark workers and pg-boss's cron worker, in seconds. */
  backgroundPoll: number;
  /** Poll period of the scheduled-task workers, in seconds. */
  schedulePoll: number;
  /** The document workers' loops. */
  loops: Promise<void>[];
  stopping: AbortController;
  lease: WorkerLease | undefined;
  reaper: NodeJS.Timeout | undefined;
  wakeups: QueueWakeups;
  /** Runs source syncs taken by enqueueSourceSync in this process; set by workSourceSyncs. */
  syncHandler: ((job: SourceSyncJob, meta: JobContext) => Promise<void>) | undefined;
  /** The source syncs this process activated itself and runs. */
  localSyncs: Set<Promise<void>>;
}

/** The JobQueue over the state `q`. */
function queueOperations(q: QueueState): JobQueue {
  const { boss } = q;
  return {
    enqueueDocument: async (documentId, organizationId) => {
      await boss.send(QUEUES.processDocument, { documentId, organizationId } satisfies ProcessDocumentJob, {
        singletonKey: organizationId,
      });
      await announce(q, QUEUES.processDocument);
    },
    enqueueStalledDocument: (documentId, organizationId) =>
      enqueueStalledDocument(q, documentId, organizationId),
    workDocuments: (concurrency, handler, perOrganization) =>
      workDocuments(q, concurrency, handler, perOrganization),
    enqueueExport: async (exportId) => {
      await boss.send(QUEUES.exportOrganization, { exportId });
      await announce(q, QUEUES.exportOrganization);
    },
    workExports: async (handler) => {
      // boss.stop({ graceful }) below waits for this worker too.
      await work<{ exportId: string }>(q, QUEUES.exportOrganization, IDLE_POLL_SECONDS, (job) =>
        handler(job.data.exportId, { retryCount: job.retryCount, retryLimit: job.retryLimit }),
      );
    },
    workSchedules: (tasks) => workSchedules(q, tasks),
    runTaskNow: async (task) => {
      if (await boss.send(scheduleQueue(task), {})) await announce(q, scheduleQueue(task));
    },
    enqueueBenchmarkRun: async (job, debounceSeconds) => {
      await boss.sendDebounced(
        QUEUES.benchmarkRun,
        job,
        { startAfter: debounceSeconds },
        debounceSeconds,
        `${job.organizationId}:${job.pluginId}`,
      );
    },
    workBenchmarkRuns: async (handler) => {
      // Not woken: a debounced run starts `debounceSeconds` after it is queued anyway.
      await work<BenchmarkRunJob>(q, QUEUES.benchmarkRun, q.backgroundPoll, (job) =>
        handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit }),
      );
    },
    enqueueSourceSync: (job, expireSeconds) => enqueueSourceSync(q, job, expireSeconds),
    workSourceSyncs: async (concurrency, handler) => {
      q.syncHandler = handler;
      for (let i = 0; i < concurrency; i++) {
        await work<SourceSyncJob>(q, QUEUES.sourceSync, IDLE_POLL_SECONDS, (job) =>
          handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit }),
        );
      }
    },
    stop: () => stopQueue(q),
  };
}

/** Tells the workers of `queue` (this process's and, on PostgreSQL, the others') a job is queued. */
function announce(q: QueueState, queue: string) {
  return q.wakeups.announce(q.database, queue);
}

/** Starts a pg-boss worker on `queue` that a queued job wakes; listens for other processes' jobs. */
async function work<T>(
  q: QueueState,
  queue: string,
  pollingIntervalSeconds: number,
  handler: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
) {
  await q.wakeups.listen(q.database, q.opts.onError);
  const id = await q.boss.work<T>(
    queue,
    { batchSize: 1, pollingIntervalSeconds, includeMetadata: true },
    async ([job]) => {
      if (job) await handler(job);
    },
  );
  q.wakeups.addBossWorker(queue, id);
}

/** Runs a job this process activated itself, then completes or fails it as pg-boss's workers do. */
function runClaimed(
  q: QueueState,
  queue: string,
  job: FetchedJob<unknown>,
  run: (meta: JobContext) => Promise<void>,
) {
  const done = run({ retryCount: job.retryCount, retryLimit: job.retryLimit })
    .then(
      () => q.boss.complete(queue, job.id),
      (err: unknown) =>
        q.boss.fail(queue, job.id, { message: err instanceof Error ? err.message : String(err) }),
    )
    .then(
      () => undefined,
      (err: unknown) => q.opts.onError(err instanceof Error ? err : new Error(String(err))),
    )
    .finally(() => q.localSyncs.delete(done));
  q.localSyncs.add(done);
}

/** JobQueue.enqueueStalledDocument. */
async function enqueueStalledDocument(q: QueueState, documentId: string, organizationId: string) {
  const open = await q.database.query(
    `SELECT 1 FROM pgboss.job WHERE name = $1 AND state < 'completed' AND data->>'documentId' = $2 LIMIT 1`,
    [QUEUES.processDocument, documentId],
  );
  if (open.rows.length > 0) return false;
  await q.boss.send(QUEUES.processDocument, { documentId, organizationId } satisfies ProcessDocumentJob, {
    singletonKey: organizationId,
  });
  await announce(q, QUEUES.processDocument);
  return true;
}

/** JobQueue.workDocuments: the reaper, then `concurrency` loops fetching fairly. */
async function workDocuments(
  q: QueueState,
  concurrency: number,
  handler: (job: ProcessDocumentJob, meta: JobContext) => Promise<void>,
  perOrganization: number | undefined,
) {
  const { database, boss, wakeups, opts } = q;
  const limit = perOrganization ?? Math.max(1, concurrency - 1);
  await wakeups.listen(database, opts.onError);
  const held = await database.openLease(opts.onError);
  q.lease = held;
  const reap = () =>
    reapOrphanedJobs(database, held, QUEUES.processDocument).then(
      (n) => {
        if (n > 0) wakeups.wake(QUEUES.processDocument);
      },
      (err: unknown) => opts.onError(err instanceof Error ? err : new Error(String(err))),
    );
  await reap();
  q.reaper = setInterval(() => void reap(), REAP_MS);
  q.reaper.unref();
  for (let i = 0; i < concurrency; i++) {
    q.loops.push(
      workLoop(
        { signal: q.stopping.signal, wakeups, queue: QUEUES.processDocument, lease: held },
        (key) => fetchFair(database, QUEUES.processDocument, limit, key),
        async (job, key) => {
          const hold = await held.tryHold(job.data.documentId);
          // The lease changed since the fetch: the job is under a dead key, the reaper retries it.
          if (held.key !== key) {
            await hold?.release();
            return;
          }
          if (!hold) {
            await deferJob(database, QUEUES.processDocument, job.id, key);
            return;
          }
          observeQueueWait(QUEUES.processDocument, job.waitedSeconds);
          try {
            await handler(job.data, {
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
              signal: hold.signal,
            });
            if (!hold.signal.aborted) await boss.complete(QUEUES.processDocument, job.id);
          } catch (err) {
            // Abandoned when the hold was lost: the job is another worker's now (reapOrphanedJobs).
            if (!hold.signal.aborted)
              await boss.fail(QUEUES.processDocument, job.id, {
                message: err instanceof Error ? err.message : String(err),
              });
          } finally {
            await hold.release();
          }
        },
        opts.onError,
      ),
    );
  }
}

/** JobQueue.workSchedules. */
async function workSchedules(q: QueueState, tasks: Parameters<JobQueue['workSchedules']>[0]) {
  for (const { task, cron, run } of tasks) {
    const queue = scheduleQueue(task);
    if (cron) await q.boss.schedule(queue, cron, {}, { tz: 'UTC' });
    else await q.boss.unschedule(queue);
    await work(q, queue, q.schedulePoll, async () => {
      await run();
    });
  }
}

/** JobQueue.enqueueSourceSync: run at once in this process when it works source syncs. */
async function enqueueSourceSync(q: QueueState, job: SourceSyncJob, expireSeconds: number) {
  const handler = q.syncHandler;
  // Taken here at once: other workers see it only if this process dies before (start_after).
  const id = await q.boss.send(QUEUES.sourceSync, job, {
    expireInSeconds: expireSeconds,
    ...(handler ? { startAfter: 60 } : {}),
  });
  if (id && !handler) await announce(q, QUEUES.sourceSync);
  if (!handler || !id || q.stopping.signal.aborted) return;
  const claimed = await claimJob<SourceSyncJob>(q.database, QUEUES.sourceSync, id);
  if (claimed) runClaimed(q, QUEUES.sourceSync, claimed, (meta) => handler(claimed.data, meta));
}

/** JobQueue.stop: the loops and local syncs end (10 s at most); the lease, pg-boss and its pool close. */
async function stopQueue(q: QueueState) {
  q.stopping.abort();
  q.syncHandler = undefined;
  clearInterval(q.reaper);
  await q.wakeups.close();
  await Promise.race([
    Promise.all([...q.loops, ...q.localSyncs]),
    new Promise((r) => setTimeout(r, 10_000).unref()),
  ]);
  await q.lease?.close();
  await q.boss.stop({ graceful: true, timeout: 10_000, close: true });
  await q.bossPool.close();
}
