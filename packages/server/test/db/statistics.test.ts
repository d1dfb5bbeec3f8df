/**
 * Planner statistics (src/db/statistics.ts): a table filled in bulk is found stale, vacuumed and
 * analyzed, after which the planner knows its size and its pages are all-visible; nothing is analyzed again while it stays the same. On
 * the embedded database (which has no autovacuum) and on PostgreSQL.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrateDatabase, pgliteDatabase } from '../../src/db/client.js';
import { refreshStatistics, staleTables } from '../../src/db/statistics.js';
import { createTestApp, signUp, type TestApp } from '../support/app.js';

/** What the planner believes of `documents`: rows and pages from the last ANALYZE/VACUUM. */
async function plannerSize(database: Database) {
  const { rows } = await database.query(
    `select reltuples::float8 as tuples, relpages as pages from pg_class where oid = 'public.documents'::regclass`,
  );
  return { tuples: Number(rows[0]?.tuples), pages: Number(rows[0]?.pages) };
}

/** Inserts `n` documents of one organization in one statement, as a bulk import or load does. */
async function bulkInsert(database: Database, organizationId: string, n: number, tag: string) {
  await database.query(
    `insert into documents (id, organization_id, filename, size_bytes, sha256, status)
     select gen_random_uuid(), $1, 'bulk-' || g || '.txt', 100, $2 || g, 'PROCESSED'
       from generate_series(1, $3::int) g`,
    [organizationId, tag, n],
  );
}

describe('refreshStatistics on the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = pgliteDatabase(await PGlite.create());
    await migrateDatabase(database);
  });
  afterAll(async () => database?.close());

  it('analyzes (and vacuums) a table after a bulk load, then nothing while it stays the same', async () => {
    const { rows } = await database.query(
      `insert into organizations (id, name, slug, kind) values (gen_random_uuid(), 'Bulk', 'bulk', 'TEAM') returning id`,
    );
    const org = String(rows[0]?.id);
    await bulkInsert(database, org, 3000, 'a');
    expect((await staleTables(database)).map((t) => t.table)).toContain('public.documents');
    const analyzed = await refreshStatistics(database);
    expect(analyzed).toContainEqual({ table: 'public.documents', reason: 'never' });
    expect((await plannerSize(database)).tuples).toBe(3000);
    // VACUUM also set the visibility map: an index-only count reads no heap page.
    const vm = await database.query(
      `select relallvisible, relpages from pg_class where oid = 'public.documents'::regclass`,
    );
    expect(Number(vm.rows[0]?.relallvisible)).toBe(Number(vm.rows[0]?.relpages));
    expect(await refreshStatistics(database)).toEqual([]);
    // The table doubles: stale again, and the planner learns the new size.
    await bulkInsert(database, org, 3000, 'b');
    expect(await refreshStatistics(database)).toContainEqual({ table: 'public.documents', reason: 'grown' });
    expect((await plannerSize(database)).tuples).toBe(6000);
  });
});

describe('refreshStatistics on PostgreSQL (or the run database)', () => {
  let app: TestApp;
  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '0' }));
  });
  afterAll(async () => app?.close());

  it('leaves no table of the service stale after a bulk load, and vacuums it', async () => {
    const org = (await signUp(app)).personalOrgId;
    await bulkInsert(app.ctx.database, org, 4000, `pg-${org}`);
    await refreshStatistics(app.ctx.database);
    expect((await staleTables(app.ctx.database)).map((t) => t.table)).not.toContain('public.documents');
    expect((await plannerSize(app.ctx.database)).tuples).toBeGreaterThanOrEqual(4000);
    // The vacuum set the visibility map (ANALYZE alone never does). Not every page: a
    // transaction of another test running on the same server may still see an older state.
    const vm = await app.ctx.database.query(
      `select relallvisible from pg_class where oid = 'public.documents'::regclass`,
    );
    expect(Number(vm.rows[0]?.relallvisible)).toBeGreaterThan(0);
  });
});
