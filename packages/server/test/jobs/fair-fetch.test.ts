import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fairFetchSql } from '../../src/jobs/fair-fetch.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { type PlanNode, planNodes } from '../support/explain.js';

/**
 * The pipeline's fair fetch (src/jobs/fair-fetch.ts `fairFetchSql`) under a backlog: it counted each
 * queued job's organization's active jobs by scanning the job table once per queued job (3.3 s
 * per fetch at 1,000 queued and 10,000 completed jobs, bench/scale). Jobs are written straight
 * into pg-boss's tables under a queue of this test's own, so no worker takes them.
 */
describe('fair fetch on a backlog (docs/scaling.md "The queue under a backlog")', () => {
  let app: TestApp;
  const queue = `test.fair-fetch-${randomUUID()}`;
  const [orgA, orgB] = ['org-a', 'org-b'];

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '0' }));
    const db = app.ctx.database;
    // A queue of pg-boss's (its jobs' foreign key), in the shared job table like the pipeline's.
    await db.query(
      `insert into pgboss.queue (name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds,
                                 retention_seconds, deletion_seconds, partition, table_name)
       values ($1, 'standard', 0, 0, false, 900, 3600, 3600, false, 'job_common')`,
      [queue],
    );
    const jobs = (state: string, key: string, n: number, minutesAgo: number) =>
      db.query(
        `insert into pgboss.job (id, name, data, state, singleton_key, policy, created_on, start_after, started_on)
         select gen_random_uuid(), $1, '{}'::jsonb, $2::pgboss.job_state, $3, 'standard',
                now() - make_interval(mins => $4) + g * interval '1 ms', now() - make_interval(mins => $4),
                case when $2 in ('active', 'completed') then now() end
           from generate_series(1, $5) g`,
        [queue, state, key, minutesAgo, n],
      );
    await jobs('completed', orgA, 2000, 60);
    await jobs('active', orgA, 2, 30);
    await jobs('created', orgA, 200, 20); // older than B's
    await jobs('created', orgB, 100, 10);
  });
  afterAll(async () => {
    await app?.ctx.database.query('delete from pgboss.job where name = $1', [queue]);
    await app?.ctx.database.query('delete from pgboss.queue where name = $1', [queue]);
    await app?.close();
  });

  const fetch = async (limit: number) => {
    const res = (await app.ctx.db.execute(fairFetchSql(queue, limit, 1))) as unknown as {
      rows: { id: string }[];
    };
    const id = res.rows[0]?.id;
    const { rows } = await app.ctx.database.query(
      'select singleton_key from pgboss.job where name = $1 and id = $2',
      [queue, id],
    );
    return rows[0]?.singleton_key;
  };

  it('skips an organization at its limit for the oldest job of another, and takes its own below the limit', async () => {
    expect(await fetch(2)).toBe(orgB);
    expect(await fetch(3)).toBe(orgA);
  });

  it('reads the job table once per fetch, not once per queued job', async () => {
    const res = (await app.ctx.db.execute(
      sql`EXPLAIN (ANALYZE, FORMAT JSON) ${fairFetchSql(queue, 3, 1)}`,
    )) as unknown as {
      rows: Record<string, unknown>[];
    };
    const cell = Object.values(res.rows[0] ?? {})[0];
    const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
    const scans = planNodes(plan[0]?.Plan as PlanNode).filter((n) => n['Relation Name']?.startsWith('job'));
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans)
      expect({ node: scan['Node Type'], loops: scan['Actual Loops'] }).toEqual({
        node: scan['Node Type'],
        loops: 1,
      });
  });
});
