/**
 * The fair fetch of document jobs: the oldest ready job of a queue whose organization has fewer
 * than its share of active jobs, taken under an advisory lock on pg-boss's own `job` table, the
 * claim of one queued job by id, and the partial index of active jobs both read. Split from
 * jobs/queue.ts (issue 34).
 */
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import type { ProcessDocumentJob } from './job-types.js';

/** A job taken by {@link fetchFair} or {@link claimJob}. */
export interface FetchedJob<T = ProcessDocumentJob> {
  id: string;
  data: T;
  retryCount: number;
  retryLimit: number;
  /** Seconds from when the job was ready (created, or its retry's backoff over) until taken. */
  waitedSeconds: number;
}

/**
 * Marks the queued job `id` active for this process, as pg-boss's fetch does, ignoring its
 * `start_after`; undefined when another worker took it first.
 */
export async function claimJob<T>(
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
     RETURNING id, data, retry_count AS "retryCount", retry_limit AS "retryLimit",
       extract(epoch from now() - greatest(created_on, start_after))::float8 AS "waitedSeconds"`,
    [queue, id],
  );
  // The row is exactly the RETURNING list above.
  const row: unknown = result.rows[0];
  return row as FetchedJob<T> | undefined;
}

/** Advisory lock serialising fair fetches across processes (see fetchFair). */
const FETCH_LOCK = 727_003;

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
export async function fetchFair(
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
      RETURNING j.id, j.data, j.retry_count AS "retryCount", j.retry_limit AS "retryLimit",
        extract(epoch from now() - greatest(j.created_on, j.start_after))::float8 AS "waitedSeconds"`;
}

/**
 * A partial index of the active jobs by queue and organization, on pg-boss's partitioned job
 * table (so on every queue's partition, present and future): pg-boss has none that the fair
 * fetch's `busy` count or the orphan reaper can use for `state = 'active'`, and without it both
 * scan every job kept, completed ones included.
 */
export const ACTIVE_JOBS_INDEX = `CREATE INDEX IF NOT EXISTS job_active_key ON pgboss.job (name, singleton_key) WHERE state = 'active'`;
