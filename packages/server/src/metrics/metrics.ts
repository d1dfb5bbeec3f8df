/**
 * The process's operational metrics in the Prometheus text format (exposition format 0.0.4,
 * https://prometheus.io/docs/instrumenting/exposition_formats/), kept with prom-client: what
 * docs/scaling.md's capacity model needs to be checked on a running deployment (worker CPU per
 * document, queue wait, step times, request latency) and the process's own (CPU, memory, event
 * loop lag, GC).
 *
 * No label carries a tenant, a principal, an id or a raw path: a route is its template
 * (`/api/v1/documents/:id`), so one organization's traffic cannot be told from another's in
 * the output, and the number of series stays fixed (docs/operations.md "Metrics").
 */
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** The one registry of this process; {@link renderMetrics} reads it. */
const registry = new Registry();
let defaultsCollected = false;

/** Seconds buckets for API requests: 1 ms to 10 s. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
/** Seconds buckets for pipeline steps and queue waits: 10 ms to 10 min. */
const WORK_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 600];

const requestDuration = new Histogram({
  name: 'service_http_request_duration_seconds',
  help: 'API requests by method, route template and status code: time from receipt to the answer sent.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [registry],
});

const documentRuns = new Counter({
  name: 'service_pipeline_runs_total',
  help: 'Pipeline runs of a document by outcome: processed, failed (permanently or retries spent), retried (a transient error, the queue runs it again).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

const stepDuration = new Histogram({
  name: 'service_pipeline_step_duration_seconds',
  help: 'Wall-clock time of each pipeline step (parse, classify, extract, derive) of the documents processed.',
  labelNames: ['step'] as const,
  buckets: WORK_BUCKETS,
  registers: [registry],
});

const queueWait = new Histogram({
  name: 'service_queue_wait_seconds',
  help: 'Time a job waited on the queue from when it was ready (created, or its retry backoff over) until a worker took it, by queue.',
  labelNames: ['queue'] as const,
  buckets: WORK_BUCKETS,
  registers: [registry],
});

const runtimeCpu = new Counter({
  name: 'service_plugin_runtime_cpu_seconds_total',
  help: "CPU seconds of this process's plugin runtimes (Python, the built-in classifier and extractor among them), as each runtime reports it with its answers.",
  registers: [registry],
});

/** Starts the process collectors (CPU, RSS, heap, event loop lag, GC); once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: registry });
}

/**
 * Records one API request. `route` must be the route's template (Fastify's
 * `request.routeOptions.url`), never the requested path; undefined (no route matched) is
 * recorded as `unmatched`. `seconds` is the time from receipt to the answer.
 */
export function observeRequest(
  method: string,
  route: string | undefined,
  statusCode: number,
  seconds: number,
): void {
  requestDuration.observe({ method, route: route ?? 'unmatched', status_code: String(statusCode) }, seconds);
}

/**
 * Records the end of a document's pipeline run: its outcome and, for a processed document, the
 * time of each step in `timingsMs` (the document's `step_timings`, milliseconds).
 */
export function observeDocumentRun(
  outcome: 'processed' | 'failed' | 'retried',
  timingsMs: Record<string, number> = {},
): void {
  documentRuns.inc({ outcome });
  if (outcome !== 'processed') return;
  for (const [step, ms] of Object.entries(timingsMs)) stepDuration.observe({ step }, ms / 1000);
}

/**
 * Adds `seconds` of CPU a plugin runtime reported using since its previous answer (the
 * difference of its cumulative `usage.cpu_seconds`); a negative difference adds nothing.
 */
export function observeRuntimeCpu(seconds: number): void {
  if (seconds > 0) runtimeCpu.inc(seconds);
}

/** Records how long a job of `queue` waited before a worker took it (seconds, ≥ 0). */
export function observeQueueWait(queue: string, seconds: number): void {
  queueWait.observe({ queue }, Math.max(0, seconds));
}

/** The metrics in the Prometheus text format, and its content type. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  return { body: await registry.metrics(), contentType: registry.contentType };
}
