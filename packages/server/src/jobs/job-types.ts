/**
 * The vocabulary of the task queue: the queue names, the scheduled tasks, the payload of each
 * kind of job, what a job's handler is told (`JobContext`), and the `JobQueue` interface the
 * rest of the server enqueues and works through. No pg-boss here: jobs/queue.ts binds the
 * interface to it. Split from jobs/queue.ts (issue 34).
 */
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
