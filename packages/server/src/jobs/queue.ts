import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Executor } from '../db/client.js';
import type { WorkerLease } from '../db/worker-lease.js';
import { QueueWakeups } from './wakeup.js';

/** Names of the queues; one per kind of job. */
export const QUEUES = {
  processDocument: 'document.process',
  exportOrganization: 'organization.export',
  /** A benchmark run after extractions: one singleton job per organization and benchmark. */
  benchmarkRun: 'benchmark.run',
  /** One source sync (its RUNNING activity row); resumes from the saved state when retried. */
  sourceSync: 'source.sync',
} as const;

/**
 * The periodic tasks, each a pg-boss cron schedule on its own queue `schedule.<task>` (policy
 * `exclusive`: at most one job queued or running per task, across every process).
 */
export const SCHEDULED_TASKS = [
  'renewal-scan',
  'retention',
  'benchmarks',
  'entitlement-expiry',
  'source-poll',
  'stalled-documents',
  'analyze',
] as const;
export type ScheduledTask = (typeof SCHEDULED_TASKS)[number];

/** The queue of a scheduled task. */
export const scheduleQueue = (task: ScheduledTask) => `schedule.${task}`;

/** A periodic task: its cron expression (UTC; undefined = not scheduled) and what one run does. */
export interface ScheduledTaskSpec {
  task: ScheduledTask;
  cron: string | undefined;
  run: () => Promise<unknown>;
}

export interface BenchmarkRunJob {
  organizationId: string;
  /** The BENCHMARK plugin. */
  pluginId: string;
}

export interface SourceSyncJob {
  /** The RUNNING activity row (source_syncs) this job carries out. */
  syncId: string;
  connectionId: string;
}

export interface ProcessDocumentJob {
  documentId: string;
  /** The document's organization; also the job's pg-boss `singleton_key`, the unit of fairness. */
  organizationId?: string;
}

export interface JobContext {
  /** How many times this job was retried before (0 on the first attempt). */
  retryCount: number;
  retryLimit: number;
  /**
   * Document jobs: aborts when this process lost its hold on the document (its database lease
   * connection ended, e.g. a PostgreSQL restart). The run must then stop without writing: the
   * job is abandoned to the reaper, which hands it to a live worker (docs/operations.md).
   */
  signal?: AbortSignal;
}

/**
 * The task queue (pg-boss over the same PostgreSQL or PGlite database, schema `pgboss`;
 * docs/decisions.md). Jobs only carry triggers: the document's status in the database is the
 * truth, so a lost or repeated job is harmless.
 */
export interface JobQueue {
  enqueueDocument(documentId: string, organizationId: string): Promise<void>;
  /**
   * Queues a document job unless one is queued, retrying or active for it already (the
   * stalled-documents sweep: a document whose job still exists is not stalled, its job is late).
   * Returns whether a job was queued.
   */
  enqueueStalledDocument(documentId: string, organizationId: string): Promise<boolean>;
  /**
   * Starts `concurrency` polling workers for document jobs; resolves once they are polling.
   * Fair between organizations: a worker only takes a job of an organization that has fewer than
   * `perOrganization` jobs active (across every process on the database), so one organization's
   * slow or hanging documents cannot hold every worker (docs/pipeline.md "Fairness").
   * Exclusive per document: a run holds its document through this process's worker lease
   * (db/worker-lease.ts); a job whose document another run holds waits. Active jobs of a worker
   * whose lease ended (the process died, or lost its connection) are retried within
   * {@link REAP_MS}, which frees their organization's slots (docs/operations.md "Database outages").
   *
   * @param perOrganization most active jobs per organization (default `max(1, concurrency - 1)`)
   */
  workDocuments(
    concurrency: number,
    handler: (job: ProcessDocumentJob, meta: JobContext) => Promise<void>,
    perOrganization?: number,
  ): Promise<void>;
  /** Queues the writing of an organization export (src/exports). */
  enqueueExport(exportId: string): Promise<void>;
  /** Starts one polling worker for export jobs. */
  workExports(handler: (exportId: string, meta: JobContext) => Promise<void>): Promise<void>;
  /**
   * Registers the cron schedule of each task (or removes it when its `cron` is undefined) and
   * starts one worker per task. pg-boss's timekeeper sends at most one job per schedule and
   * minute whatever the number of processes, and the `exclusive` policy refuses a job while the
   * task's previous one is queued or running, so a task never runs twice at once.
   */
  workSchedules(tasks: readonly ScheduledTaskSpec[]): Promise<void>;
  /** Queues a run of a scheduled task now (e.g. a source became due); no-op while one is queued or running. */
  runTaskNow(task: ScheduledTask): Promise<void>;
  /**
   * Queues a benchmark run after an extraction, debounced with pg-boss's own keys: singleton key
   * `<organization>:<benchmark>`, one job per `debounceSeconds` slot (`sendDebounced`); the
   * first waits `debounceSeconds`, a call while a slot is taken queues one in the next slot, so
   * every extraction is followed by a run that starts after it.
   */
  enqueueBenchmarkRun(job: BenchmarkRunJob, debounceSeconds: number): Promise<void>;
  /** Starts one worker for benchmark runs (policy `singleton`: one active per organization and benchmark). */
  workBenchmarkRuns(handler: (job: BenchmarkRunJob, meta: JobContext) => Promise<void>): Promise<void>;
  /**
   * Queues a source sync. When this process works source syncs ({@link workSourceSyncs}) it
   * takes the job itself at once, so the sync starts without polling delay in the process that
   * asked; otherwise a worker process takes it. If the process running it dies, the job expires
   * after `expireSeconds` and another worker retries it, resuming from the saved state.
   */
  enqueueSourceSync(job: SourceSyncJob, expireSeconds: number): Promise<void>;
  /** Starts `concurrency` workers for source syncs, and lets {@link enqueueSourceSync} run syncs here. */
  workSourceSyncs(
    concurrency: number,
    handler: (job: SourceSyncJob, meta: JobContext) => Promise<void>,
  ): Promise<void>;
  stop(): Promise<void>;
}

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

/** A job taken by {@link fetchFair} or {@link claimJob}. */
interface FetchedJob<T = ProcessDocumentJob> {
  id: string;
  data: T;
  retryCount: number;
  retryLimit: number;
}

/**
 * Marks the queued job `id` active for this process, as pg-boss's fetch does, ignoring its
 * `start_after`; undefined when another worker took it first.
 */
async function claimJob<T>(
  database: Database,
  queue: string,
  id: string,
): Promise<FetchedJob<T> | undefined> {
  const result = await database.query(
    `UPDATE pgboss.job SET
       state = 'active',
       started_on = now(),
       retry_count = CASE WHEN started_on IS NOT NULL THEN retry_count + 1 ELSE retry_count END
     WHERE name = $1 AND id = $2 AND state < 'active'
     RETURNING id, data, retry_count AS "retryCount", retry_limit AS "retryLimit"`,
    [queue, id],
  );
  // The row is exactly the RETURNING list above.
  const row: unknown = result.rows[0];
  return row as FetchedJob<T> | undefined;
}

/** Advisory lock serialising fair fetches across processes (see fetchFair). */
const FETCH_LOCK = 727_003;
/**
 * How long an idle worker waits before looking for a job again, in seconds. A job queued by
 * this process, or by another one on PostgreSQL (LISTEN/NOTIFY), wakes it at once; the poll
 * only finds retries whose delay ran out and jobs whose wake-up was lost.
 */
const IDLE_POLL_SECONDS = 5;
/** The document workers' poll period while a PostgreSQL wake-up subscription is down, in ms. */
const FALLBACK_POLL_MS = 500;

/**
 * Takes the oldest ready job of `queue` whose organization (`singleton_key`) has fewer than
 * `perOrganization` active jobs, and marks it active — pg-boss's own fetch (plans.js
 * `fetchNextJob`) with one more condition, on its `job` table. It runs in a transaction holding a
 * PostgreSQL advisory lock, so two workers cannot both take an organization's last slot: under
 * READ COMMITTED the statement after the lock sees every earlier fetch's committed activation. Retries, expiry and completion stay
 * pg-boss's. Jobs without an organization are always eligible.
 *
 * On the embedded database the fetch is the one statement alone: PGlite runs one statement or
 * transaction at a time for the one process that owns it (db/client.ts `withLock`), so the lock
 * and the transaction around it exclude nobody, and they were 3 of the 4 statements of each of
 * the ~2.4 fetches per document (task 13g).
 *
 * The job's `output` records the fetching process's worker lease key while it is active
 * (pg-boss writes its own output on completion), by which {@link reapOrphanedJobs} finds the
 * jobs of dead workers.
 */
async function fetchFair(
  database: Database,
  queue: string,
  perOrganization: number,
  workerKey: number,
): Promise<FetchedJob | undefined> {
  const take = (db: Executor) => db.execute(fairFetchSql(queue, perOrganization, workerKey));
  const result =
    database.kind === 'pglite'
      ? await take(database.db)
      : await database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${FETCH_LOCK})`);
          return take(tx);
        });
  return (result as unknown as { rows: FetchedJob[] }).rows[0];
}

/**
 * The statement of {@link fetchFair}. The organizations at their limit are counted once per
 * fetch (`busy`, from the active jobs alone through {@link ACTIVE_JOBS_INDEX}), not once per
 * ready job: a count per candidate made each fetch read the whole job table (completed jobs are
 * kept for days) once for every queued job, 3.3 s per fetch with 1,000 queued and 10,000 completed
 * jobs (docs/scaling.md "The queue under a backlog").
 */
export function fairFetchSql(queue: string, perOrganization: number, workerKey: number) {
  return sql`
      WITH busy AS MATERIALIZED (
        SELECT a.singleton_key FROM pgboss.job a
        WHERE a.name = ${queue} AND a.state = 'active' AND a.singleton_key IS NOT NULL
        GROUP BY a.singleton_key
        HAVING count(*) >= ${perOrganization}
      ), next AS (
        SELECT j.id FROM pgboss.job j
        WHERE j.name = ${queue} AND j.state < 'active' AND j.start_after < now()
          AND NOT EXISTS (SELECT 1 FROM busy b WHERE b.singleton_key = j.singleton_key)
        ORDER BY j.priority DESC, j.created_on, j.id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      UPDATE pgboss.job j SET
        state = 'active',
        started_on = now(),
        retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END,
        output = jsonb_build_object('worker', ${workerKey}::int)
      FROM next
      WHERE j.name = ${queue} AND j.id = next.id
      RETURNING j.id, j.data, j.retry_count AS "retryCount", j.retry_limit AS "retryLimit"`;
}

/**
 * A partial index of the active jobs by queue and organization, on pg-boss's partitioned job
 * table (so on every queue's partition, present and future): pg-boss has none that the fair
 * fetch's `busy` count or the orphan reaper can use for `state = 'active'`, and without it both
 * scan every job kept, completed ones included.
 */
const ACTIVE_JOBS_INDEX = `CREATE INDEX IF NOT EXISTS job_active_key ON pgboss.job (name, singleton_key) WHERE state = 'active'`;

/** How often a document worker process retries the active jobs of dead workers, in ms. */
const REAP_MS = 5_000;
/** How long a job whose document another run holds waits before it is fetched again, in seconds. */
const DEFER_SECONDS = 5;
/** Backoff of a worker loop after a failed fetch or run (the database is away): doubling from, to, in ms. */
const ERROR_BACKOFF_MIN_MS = 250;
const ERROR_BACKOFF_MAX_MS = 5_000;

/**
 * Retries the active jobs of `queue` whose worker's lease is gone (the process died or lost its
 * database connection, db/worker-lease.ts): as pg-boss does with an expired job, but at once.
 * A job with retries left becomes `retry` (due now), else `failed`. One statement, so a
 * concurrent reaper or fetch cannot see it half done. Returns how many jobs it freed.
 */
async function reapOrphanedJobs(database: Database, lease: WorkerLease, queue: string): Promise<number> {
  const result = await database.query(
    `UPDATE pgboss.job j SET
       state = CASE WHEN j.retry_count < j.retry_limit THEN 'retry' ELSE 'failed' END::pgboss.job_state,
       start_after = now(),
       completed_on = CASE WHEN j.retry_count < j.retry_limit THEN NULL ELSE now() END,
       output = jsonb_build_object('message', 'its worker process ended', 'worker', j.output->'worker')
     WHERE j.name = $1 AND j.state = 'active' AND j.output->>'worker' IS NOT NULL
       AND NOT ${lease.liveSql("(j.output->>'worker')::int")}
     RETURNING j.id`,
    [queue],
  );
  return result.rows.length;
}

/**
 * Puts back a job this worker fetched whose document another run holds: queued again in
 * {@link DEFER_SECONDS}, without spending a retry (`started_on` cleared, so the next fetch does
 * not count one). Only while it is still this worker's.
 */
async function deferJob(database: Database, queue: string, id: string, workerKey: number): Promise<void> {
  await database.query(
    `UPDATE pgboss.job SET state = 'retry', started_on = NULL, output = NULL,
       start_after = now() + make_interval(secs => $4)
     WHERE name = $1 AND id = $2 AND state = 'active' AND (output->>'worker')::int = $3`,
    [queue, id, workerKey, DEFER_SECONDS],
  );
}

/**
 * One worker: fetch a job, run it, repeat; when there is none, sleeps {@link IDLE_POLL_SECONDS}
 * ({@link FALLBACK_POLL_MS} while wake-ups from other processes are down) or until `queue` is woken.
 * It fetches only while the process holds its worker lease (waiting for a reconnect otherwise);
 * after a failure (the database is away) it backs off, doubling from 0.25 s to 5 s.
 */
async function workLoop(
  {
    signal,
    wakeups,
    queue,
    lease,
  }: { signal: AbortSignal; wakeups: QueueWakeups; queue: string; lease: WorkerLease },
  fetch: (workerKey: number) => Promise<FetchedJob | undefined>,
  run: (job: FetchedJob, workerKey: number) => Promise<void>,
  onError: (err: Error) => void,
): Promise<void> {
  let backoff = 0;
  while (!signal.aborted) {
    let job: FetchedJob | undefined;
    // Taken before the fetch: a job queued while it runs ends the sleep below at once.
    const seen = wakeups.generation(queue);
    let failed = false;
    try {
      const key = lease.key ?? (await lease.ready(ERROR_BACKOFF_MAX_MS));
      job = await fetch(key);
      if (job) await run(job, key);
      backoff = 0;
    } catch (err) {
      failed = true;
      onError(err instanceof Error ? err : new Error(String(err)));
    }
    if (failed && !signal.aborted) {
      backoff = Math.min(ERROR_BACKOFF_MAX_MS, backoff ? backoff * 2 : ERROR_BACKOFF_MIN_MS);
      await wakeups.sleep(queue, backoff * (0.5 + Math.random() / 2), wakeups.generation(queue), signal);
    } else if (!job && !signal.aborted) {
      const ms = wakeups.listening ? IDLE_POLL_SECONDS * 1000 : FALLBACK_POLL_MS;
      await wakeups.sleep(queue, ms, seen, signal);
    }
  }
}
