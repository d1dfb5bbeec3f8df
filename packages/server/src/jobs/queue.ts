import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

/** Names of the queues; one per kind of job. */
export const QUEUES = {
  processDocument: 'document.process',
  exportOrganization: 'organization.export',
} as const;

export interface ProcessDocumentJob {
  documentId: string;
  /** The document's organization; also the job's pg-boss `singleton_key`, the unit of fairness. */
  organizationId?: string;
}

export interface JobContext {
  /** How many times this job was retried before (0 on the first attempt). */
  retryCount: number;
  retryLimit: number;
}

/**
 * The task queue (pg-boss over the same PostgreSQL or PGlite database, schema `pgboss`;
 * docs/decisions.md). Jobs only carry triggers: the document's status in the database is the
 * truth, so a lost or repeated job is harmless.
 */
export interface JobQueue {
  enqueueDocument(documentId: string, organizationId: string): Promise<void>;
  /**
   * Starts `concurrency` polling workers for document jobs; resolves once they are polling.
   * Fair between organizations: a worker only takes a job of an organization that has fewer than
   * `perOrganization` jobs active (across every process on the database), so one organization's
   * slow or hanging documents cannot hold every worker (docs/pipeline.md "Fairness").
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
    onError: (err: Error) => void;
  },
): Promise<JobQueue> {
  const boss = opts.databaseUrl
    ? new PgBoss({
        connectionString: opts.databaseUrl,
        max: 4,
        superviseIntervalSeconds: opts.superviseSeconds,
      })
    : new PgBoss({
        db: { executeSql: (text: string, values: unknown[]) => database.query(text, values) },
        superviseIntervalSeconds: opts.superviseSeconds,
      });
  boss.on('error', opts.onError);
  await database.withLock(727_002, async () => {
    await boss.start();
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
  });
  const loops: Promise<void>[] = [];
  const stopping = new AbortController();
  return {
    enqueueDocument: async (documentId, organizationId) => {
      await boss.send(QUEUES.processDocument, { documentId, organizationId } satisfies ProcessDocumentJob, {
        singletonKey: organizationId,
      });
    },
    workDocuments: async (concurrency, handler, perOrganization) => {
      const limit = perOrganization ?? Math.max(1, concurrency - 1);
      for (let i = 0; i < concurrency; i++) {
        loops.push(
          workLoop(
            stopping.signal,
            () => fetchFair(database, QUEUES.processDocument, limit),
            async (job) => {
              try {
                await handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
                await boss.complete(QUEUES.processDocument, job.id);
              } catch (err) {
                await boss.fail(QUEUES.processDocument, job.id, {
                  message: err instanceof Error ? err.message : String(err),
                });
              }
            },
            opts.onError,
          ),
        );
      }
    },
    enqueueExport: async (exportId) => {
      await boss.send(QUEUES.exportOrganization, { exportId });
    },
    workExports: async (handler) => {
      // boss.stop({ graceful }) below waits for this worker too.
      await boss.work<{ exportId: string }>(
        QUEUES.exportOrganization,
        { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          await handler(job.data.exportId, { retryCount: job.retryCount, retryLimit: job.retryLimit });
        },
      );
    },
    stop: async () => {
      stopping.abort();
      await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 10_000).unref())]);
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
  };
}

/** A job taken by {@link fetchFair}. */
interface FetchedJob {
  id: string;
  data: ProcessDocumentJob;
  retryCount: number;
  retryLimit: number;
}

/** Advisory lock serialising fair fetches across processes (see fetchFair). */
const FETCH_LOCK = 727_003;
/** How long an idle worker waits before looking for a job again. */
const POLL_MS = 500;

/**
 * Takes the oldest ready job of `queue` whose organization (`singleton_key`) has fewer than
 * `perOrganization` active jobs, and marks it active — pg-boss's own fetch (plans.js
 * `fetchNextJob`) with one more condition, on its `job` table. It runs in a transaction holding a
 * PostgreSQL advisory lock, so two workers cannot both take an organization's last slot: under
 * READ COMMITTED the statement after the lock sees every earlier fetch's committed activation. Retries, expiry and completion stay
 * pg-boss's. Jobs without an organization are always eligible.
 */
async function fetchFair(
  database: Database,
  queue: string,
  perOrganization: number,
): Promise<FetchedJob | undefined> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FETCH_LOCK})`);
    const result = await tx.execute(sql`
      WITH next AS (
        SELECT j.id FROM pgboss.job j
        WHERE j.name = ${queue} AND j.state < 'active' AND j.start_after < now()
          AND (SELECT count(*) FROM pgboss.job a
               WHERE a.name = ${queue} AND a.state = 'active' AND a.singleton_key = j.singleton_key) < ${perOrganization}
        ORDER BY j.priority DESC, j.created_on, j.id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      UPDATE pgboss.job j SET
        state = 'active',
        started_on = now(),
        retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
      FROM next
      WHERE j.name = ${queue} AND j.id = next.id
      RETURNING j.id, j.data, j.retry_count AS "retryCount", j.retry_limit AS "retryLimit"`);
    return (result as unknown as { rows: FetchedJob[] }).rows[0];
  });
}

/** One worker: fetch a job, run it, repeat; sleeps {@link POLL_MS} when there is none. */
async function workLoop(
  signal: AbortSignal,
  fetch: () => Promise<FetchedJob | undefined>,
  run: (job: FetchedJob) => Promise<void>,
  onError: (err: Error) => void,
): Promise<void> {
  while (!signal.aborted) {
    let job: FetchedJob | undefined;
    try {
      job = await fetch();
      if (job) await run(job);
    } catch (err) {
      onError(err instanceof Error ? err : new Error(String(err)));
    }
    if (!job && !signal.aborted) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
    }
  }
}
