import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';

/** Names of the queues; one per kind of job. */
export const QUEUES = {
  processDocument: 'document.process',
  exportOrganization: 'organization.export',
} as const;

export interface ProcessDocumentJob {
  documentId: string;
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
  enqueueDocument(documentId: string): Promise<void>;
  /** Starts `concurrency` polling workers for document jobs; resolves once they are polling. */
  workDocuments(
    concurrency: number,
    handler: (job: ProcessDocumentJob, meta: JobContext) => Promise<void>,
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
  const workers: string[] = [];
  return {
    enqueueDocument: async (documentId) => {
      await boss.send(QUEUES.processDocument, { documentId } satisfies ProcessDocumentJob);
    },
    workDocuments: async (concurrency, handler) => {
      for (let i = 0; i < concurrency; i++) {
        workers.push(
          await boss.work<ProcessDocumentJob>(
            QUEUES.processDocument,
            { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
            async ([job]) => {
              if (!job) return;
              await handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
            },
          ),
        );
      }
    },
    enqueueExport: async (exportId) => {
      await boss.send(QUEUES.exportOrganization, { exportId });
    },
    workExports: async (handler) => {
      workers.push(
        await boss.work<{ exportId: string }>(
          QUEUES.exportOrganization,
          { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
          async ([job]) => {
            if (!job) return;
            await handler(job.data.exportId, { retryCount: job.retryCount, retryLimit: job.retryLimit });
          },
        ),
      );
    },
    stop: async () => {
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
  };
}
