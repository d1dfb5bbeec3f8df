import { PGlite } from '@electric-sql/pglite';
import { asc, count } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUNT_HORIZON,
  cappedPageOf,
  countUpTo,
  deletedFilter,
  notDeleted,
  pageOf,
  sortOrder,
} from '../../src/db/paging.js';

// A table of its own, so the helpers are shown on the smallest listing there is.
const items = pgTable('items', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

describe('db/paging: the paged query and the soft-delete filter of every repository', () => {
  const client = new PGlite();
  const db = drizzle(client);

  beforeAll(async () => {
    await client.exec(
      `create table items (id integer primary key, name text not null, deleted_at timestamptz)`,
    );
    // Seven rows, two names shared (so the tie-breaker decides), two soft-deleted.
    await db.insert(items).values([
      { id: 1, name: 'b' },
      { id: 2, name: 'a' },
      { id: 3, name: 'c' },
      { id: 4, name: 'a' },
      { id: 5, name: 'd', deletedAt: new Date() },
      { id: 6, name: 'b' },
      { id: 7, name: 'e', deletedAt: new Date() },
    ]);
  });
  afterAll(() => client.close());

  const livePage = (page: number, size: number, direction: 'asc' | 'desc') =>
    pageOf(
      db
        .select()
        .from(items)
        .where(notDeleted(items.deletedAt))
        .orderBy(...sortOrder(items.name, direction, asc(items.id)))
        .$dynamic(),
      db.select({ n: count() }).from(items).where(notDeleted(items.deletedAt)),
      { page, size },
    );

  it('answers one 0-based page in a stable order and the total over all pages', async () => {
    const first = await livePage(0, 2, 'asc');
    expect(first.rows.map((r) => r.id)).toEqual([2, 4]);
    expect(first.total).toBe(5);
    const second = await livePage(1, 2, 'asc');
    expect(second.rows.map((r) => r.id)).toEqual([1, 6]);
    const last = await livePage(2, 2, 'asc');
    expect(last.rows.map((r) => r.id)).toEqual([3]);
    expect((await livePage(3, 2, 'asc')).rows).toEqual([]);
  });

  it('sorts descending on the column and keeps the tie-breaker as given', async () => {
    const { rows } = await livePage(0, 5, 'desc');
    expect(rows.map((r) => [r.name, r.id])).toEqual([
      ['c', 3],
      ['b', 1],
      ['b', 6],
      ['a', 2],
      ['a', 4],
    ]);
  });

  it('shows live rows, deleted rows only, or both', async () => {
    const ids = async (mode: 'exclude' | 'include' | 'only') =>
      (await db.select().from(items).where(deletedFilter(items.deletedAt, mode)).orderBy(asc(items.id))).map(
        (r) => r.id,
      );
    expect(await ids('exclude')).toEqual([1, 2, 3, 4, 6]);
    expect(await ids('only')).toEqual([5, 7]);
    expect(await ids('include')).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('counts a listing beyond the cap once while it stays there, one below the cap every time', async () => {
    await client.exec(
      'create table many (id integer primary key); insert into many select g from generate_series(1, 1005) g',
    );
    const many = pgTable('many', { id: integer('id').primaryKey() });
    let counts = 0;
    const page = (table: typeof many | typeof items, page: number) =>
      cappedPageOf(
        db.select({ id: table.id }).from(table).orderBy(asc(table.id)).$dynamic(),
        (limit) => {
          counts++;
          return countUpTo(db as never, table, table.id, undefined, limit);
        },
        { page, size: 10 },
        { db, key: ['paging-test', table === many ? 'many' : 'items'] },
      );
    expect(await page(many, 0)).toMatchObject({ total: COUNT_HORIZON, totalExact: false });
    expect(await page(many, 0)).toMatchObject({ total: COUNT_HORIZON, totalExact: false });
    expect(counts).toBe(1);
    // another bound (a later page's, 1,010: all 1,005 rows) and a page past the end are counted
    expect(await page(many, 1)).toMatchObject({ total: 1005, totalExact: true });
    expect(await page(many, 200)).toMatchObject({ rows: [], total: 1005, totalExact: true });
    expect(counts).toBe(3);
    await page(items, 0);
    await page(items, 0);
    expect(counts).toBe(5);
  });
});
