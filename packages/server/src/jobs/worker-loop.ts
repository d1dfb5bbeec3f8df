/**
 * The document workers' loop and its upkeep: fetch a job, run it, repeat, sleeping until woken or
 * polled when idle and backing off while the database is away; retrying the active jobs of dead
 * workers (by their worker lease) and putting back a job whose document another run holds.
 * Split from jobs/queue.ts (issue 34).
 */
import type { Database } from '../db/client.js';
import type { WorkerLease } from '../db/worker-lease.js';
import type { FetchedJob } from './fair-fetch.js';
import type { QueueWakeups } from './wakeup.js';

/**
 * How long an idle worker waits before looking for a job again, in seconds. A job queued by
 * this process, or by another one on PostgreSQL (LISTEN/NOTIFY), wakes it at once; the poll
 * only finds retries whose delay ran out and jobs whose wake-up was lost.
 */
export const IDLE_POLL_SECONDS = 5;
/** The document workers' poll period while a PostgreSQL wake-up subscription is down, in ms. */
const FALLBACK_POLL_MS = 500;

/** How often a document worker process retries the active jobs of dead workers, in ms. */
export const REAP_MS = 5_000;
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
export async function reapOrphanedJobs(
  database: Database,
  lease: WorkerLease,
  queue: string,
): Promise<number> {
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
export async function deferJob(
  database: Database,
  queue: string,
  id: string,
  workerKey: number,
): Promise<void> {
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
export async function workLoop(
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
