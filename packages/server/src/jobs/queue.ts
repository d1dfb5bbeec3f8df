/**
 * The binding of the task queue (jobs/job-types.ts `JobQueue`) to pg-boss: opening it on the
 * PostgreSQL or PGlite database, enqueueing, the scheduled tasks, and the workers of each queue
 * (document workers through the fair fetch of jobs/fair-fetch.ts and the loop of
 * jobs/worker-loop.ts).
 */
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import type { WorkerLease } from '../db/worker-lease.js';
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

/**
 * Opens pg-boss on the database. On PostgreSQL it gets its own connection pool; on PGlite it
 * runs through the database's query function (one process owns an embedded database).
 *
 * @param opts.retryLimit retries of a failed job, with exponential backoff from 5 s
 * @param opts.expireSeconds an active job whose worker vanished is retried after this long
 */
export async function openQueue(
  database: Database,
  opts: {
    databaseUrl: string | undefined;
    retryLimit: number;
    expireSeconds: number;
    superviseSeconds: number;
    /** How often pg-boss's timekeeper looks whether a cron schedule is due (1–45 s). */
    cronCheckSeconds: number;
    onError: (err: Error) => void;
  },
): Promise<JobQueue> {
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
        expireInSeconds: Math.max(opts.expireSeconds, 3600),
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
  });
  const loops: Promise<void>[] = [];
  const stopping = new AbortController();
  let lease: WorkerLease | undefined;
  let reaper: NodeJS.Timeout | undefined;
  // Workers idle-poll rarely; a job queued here (or, on PostgreSQL, by another process) wakes them.
  const wakeups = new QueueWakeups((id) => boss.notifyWorker(id));
  const announce = (queue: string) => wakeups.announce(database, queue);
  /** Starts a pg-boss worker on `queue` that a queued job wakes; listens for other processes' jobs. */
  const work = async <T>(
    queue: string,
    pollingIntervalSeconds: number,
    handler: (job: PgBoss.JobWithMetadata<T>) => Promise<void>,
  ) => {
    await wakeups.listen(database, opts.onError);
    const id = await boss.work<T>(
      queue,
      { batchSize: 1, pollingIntervalSeconds, includeMetadata: true },
      async ([job]) => {
        if (job) await handler(job);
      },
    );
    wakeups.addBossWorker(queue, id);
  };
  /** Runs source syncs taken by enqueueSourceSync in this process; set by workSourceSyncs. */
  let syncHandler: ((job: SourceSyncJob, meta: JobContext) => Promise<void>) | undefined;
  const localSyncs = new Set<Promise<void>>();
  /** Runs a job this process activated itself, then completes or fails it as pg-boss's workers do. */
  const runClaimed = (queue: string, job: FetchedJob<unknown>, run: (meta: JobContext) => Promise<void>) => {
    const done = run({ retryCount: job.retryCount, retryLimit: job.retryLimit })
      .then(
        () => boss.complete(queue, job.id),
        (err: unknown) =>
          boss.fail(queue, job.id, { message: err instanceof Error ? err.message : String(err) }),
      )
      .then(
        () => undefined,
        (err: unknown) => opts.onError(err instanceof Error ? err : new Error(String(err))),
      )
      .finally(() => localSyncs.delete(done));
    localSyncs.add(done);
  };
  return {
    enqueueDocument: async (documentId, organizationId) => {
      await boss.send(QUEUES.processDocument, { documentId, organizationId } satisfies ProcessDocumentJob, {
        singletonKey: organizationId,
      });
      await announce(QUEUES.processDocument);
    },
    enqueueStalledDocument: async (documentId, organizationId) => {
      const open = await database.query(
        `SELECT 1 FROM pgboss.job WHERE name = $1 AND state < 'completed' AND data->>'documentId' = $2 LIMIT 1`,
        [QUEUES.processDocument, documentId],
      );
      if (open.rows.length > 0) return false;
      await boss.send(QUEUES.processDocument, { documentId, organizationId } satisfies ProcessDocumentJob, {
        singletonKey: organizationId,
      });
      await announce(QUEUES.processDocument);
      return true;
    },
    workDocuments: async (concurrency, handler, perOrganization) => {
      const limit = perOrganization ?? Math.max(1, concurrency - 1);
      await wakeups.listen(database, opts.onError);
      const held = await database.openLease(opts.onError);
      lease = held;
      const reap = () =>
        reapOrphanedJobs(database, held, QUEUES.processDocument).then(
          (n) => {
            if (n > 0) wakeups.wake(QUEUES.processDocument);
          },
          (err: unknown) => opts.onError(err instanceof Error ? err : new Error(String(err))),
        );
      await reap();
      reaper = setInterval(() => void reap(), REAP_MS);
      reaper.unref();
      for (let i = 0; i < concurrency; i++) {
        loops.push(
          workLoop(
            { signal: stopping.signal, wakeups, queue: QUEUES.processDocument, lease: held },
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
    },
    enqueueExport: async (exportId) => {
      await boss.send(QUEUES.exportOrganization, { exportId });
      await announce(QUEUES.exportOrganization);
    },
    workExports: async (handler) => {
      // boss.stop({ graceful }) below waits for this worker too.
      await work<{ exportId: string }>(QUEUES.exportOrganization, IDLE_POLL_SECONDS, (job) =>
        handler(job.data.exportId, { retryCount: job.retryCount, retryLimit: job.retryLimit }),
      );
    },
    workSchedules: async (tasks) => {
      for (const { task, cron, run } of tasks) {
        const queue = scheduleQueue(task);
        if (cron) await boss.schedule(queue, cron, {}, { tz: 'UTC' });
        else await boss.unschedule(queue);
        await work(queue, schedulePoll, async () => {
          await run();
        });
      }
    },
    runTaskNow: async (task) => {
      if (await boss.send(scheduleQueue(task), {})) await announce(scheduleQueue(task));
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
      await work<BenchmarkRunJob>(QUEUES.benchmarkRun, backgroundPoll, (job) =>
        handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit }),
      );
    },
    enqueueSourceSync: async (job, expireSeconds) => {
      const handler = syncHandler;
      // Taken here at once: other workers see it only if this process dies before (start_after).
      const id = await boss.send(QUEUES.sourceSync, job, {
        expireInSeconds: expireSeconds,
        ...(handler ? { startAfter: 60 } : {}),
      });
      if (id && !handler) await announce(QUEUES.sourceSync);
      if (!handler || !id || stopping.signal.aborted) return;
      const claimed = await claimJob<SourceSyncJob>(database, QUEUES.sourceSync, id);
      if (claimed) runClaimed(QUEUES.sourceSync, claimed, (meta) => handler(claimed.data, meta));
    },
    workSourceSyncs: async (concurrency, handler) => {
      syncHandler = handler;
      for (let i = 0; i < concurrency; i++) {
        await work<SourceSyncJob>(QUEUES.sourceSync, IDLE_POLL_SECONDS, (job) =>
          handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit }),
        );
      }
    },
    stop: async () => {
      stopping.abort();
      syncHandler = undefined;
      clearInterval(reaper);
      await wakeups.close();
      await Promise.race([
        Promise.all([...loops, ...localSyncs]),
        new Promise((r) => setTimeout(r, 10_000).unref()),
      ]);
      await lease?.close();
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
      await bossPool.close();
    },
  };
}
