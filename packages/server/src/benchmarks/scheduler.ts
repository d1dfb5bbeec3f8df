/**
 * When benchmarks run (docs/benchmarks.md "When benchmarks run"): after new extractions, as a
 * debounced queue job per organization and benchmark (`benchmark.run`, jobs/queue.ts), and on a
 * schedule from the workers (jobs/workers.ts).
 */
import type { AppContext } from '../context.js';
import { benchmarkIdsOf, runOrganizationBenchmark, runOrganizationBenchmarks } from './service.js';

/**
 * Queues a run of each benchmark of the organization, `SERVICE_BENCHMARK_DEBOUNCE_SECONDS` from
 * now, debounced by the queue (one job per organization, benchmark and debounce slot; a call
 * while a slot is taken queues one in the next slot), so no extraction is missed and a burst of
 * extractions makes one or two runs, not one each. The jobs survive the process: a worker
 * anywhere runs them. Without a queue (one-shot commands) the benchmarks run at once.
 */
export async function scheduleBenchmarks(ctx: AppContext, organizationId: string): Promise<void> {
  if (!ctx.queue) {
    await runOrganizationBenchmarks(ctx, organizationId, 'extraction');
    return;
  }
  for (const pluginId of await benchmarkIdsOf(ctx, organizationId)) {
    await ctx.queue.enqueueBenchmarkRun({ organizationId, pluginId }, ctx.config.benchmarkDebounceSeconds);
  }
}

/**
 * The job of one debounced run (queue `benchmark.run`): runs the benchmark with trigger
 * `extraction`, or nothing when it is no longer a live benchmark of the organization.
 */
export async function runBenchmarkJob(
  ctx: AppContext,
  job: { organizationId: string; pluginId: string },
  meta: { retryCount: number },
): Promise<void> {
  ctx.log.info({ ...job, retry: meta.retryCount }, 'benchmark run started');
  await runOrganizationBenchmark(ctx, job.organizationId, job.pluginId, 'extraction');
}

/** The `benchmarks` derive step (pipeline/derive-steps.ts): an extracted document may change benchmark results of its organization. */
export async function benchmarkDeriveHook(
  ctx: AppContext,
  doc: { organizationId: string; extraction: unknown },
): Promise<void> {
  if (!doc.extraction) return;
  // The document is processed whatever happens to its benchmarks: the scheduled pass catches up.
  await scheduleBenchmarks(ctx, doc.organizationId).catch((err: unknown) =>
    ctx.log.error({ err, organizationId: doc.organizationId }, 'queueing benchmark runs failed'),
  );
}
