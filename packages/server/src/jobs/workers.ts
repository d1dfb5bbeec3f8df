import type { AppContext } from '../context.js';
import { stalledDocuments } from '../documents/repository.js';
import { runDocumentJob } from '../engine/pipeline.js';

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
  await queue.workDocuments(concurrency, (job, meta) => runDocumentJob(ctx, job.documentId, meta));
  const sweep = async () => {
    const before = new Date(Date.now() - (ctx.config.jobExpireSeconds + 60) * 1000);
    for (const { id } of await stalledDocuments(ctx.db, before, 100)) await queue.enqueueDocument(id);
  };
  const timer = setInterval(() => {
    sweep().catch((err: unknown) => ctx.log.error({ err }, 'sweeper failed'));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
  };
}
