/**
 * When benchmarks run (docs/benchmarks.md "When benchmarks run"): after new extractions,
 * debounced per organization, and on a schedule from the workers (jobs/workers.ts).
 */
import type { AppContext } from '../context.js';
import { runOrganizationBenchmarks } from './service.js';

/** Quiet time after the last extraction of an organization before its benchmarks run. */
let debounceMs = 30_000;

/** Changes the debounce (tests use a few milliseconds). */
export function setBenchmarkDebounce(ms: number): void {
  debounceMs = ms;
}

interface Pending {
  timer: NodeJS.Timeout | undefined;
  running: Promise<unknown> | undefined;
  again: boolean;
}
const pendingByContext = new WeakMap<AppContext, Map<string, Pending>>();

function pendingOf(ctx: AppContext) {
  let m = pendingByContext.get(ctx);
  if (!m) {
    m = new Map();
    pendingByContext.set(ctx, m);
  }
  return m;
}

/**
 * Schedules the organization's benchmarks `debounceMs` after the last call for it. A call while
 * they run schedules one more pass after the run, so no extraction is missed.
 */
export function scheduleBenchmarks(ctx: AppContext, organizationId: string): void {
  const all = pendingOf(ctx);
  const p = all.get(organizationId) ?? { timer: undefined, running: undefined, again: false };
  all.set(organizationId, p);
  if (p.running) {
    p.again = true;
    return;
  }
  if (p.timer) clearTimeout(p.timer);
  p.timer = setTimeout(() => {
    p.timer = undefined;
    p.running = runOrganizationBenchmarks(ctx, organizationId, 'extraction')
      .catch((err: unknown) => ctx.log.error({ err, organizationId }, 'benchmark runs failed'))
      .finally(() => {
        p.running = undefined;
        if (p.again) {
          p.again = false;
          scheduleBenchmarks(ctx, organizationId);
        } else all.delete(organizationId);
      });
  }, debounceMs);
  p.timer.unref();
}

/** Cancels the pending runs of a context and waits for those in progress (on shutdown). */
export async function stopBenchmarkScheduler(ctx: AppContext): Promise<void> {
  const all = pendingByContext.get(ctx);
  if (!all) return;
  const running: Promise<unknown>[] = [];
  for (const p of all.values()) {
    if (p.timer) clearTimeout(p.timer);
    p.again = false;
    if (p.running) running.push(p.running);
  }
  all.clear();
  await Promise.allSettled(running);
}

/** The `benchmarks` derive step (pipeline/derive-steps.ts): an extracted document may change benchmark results of its organization. */
export function benchmarkDeriveHook(
  ctx: AppContext,
  doc: { organizationId: string; extraction: unknown },
): Promise<void> {
  if (doc.extraction) scheduleBenchmarks(ctx, doc.organizationId);
  return Promise.resolve();
}
