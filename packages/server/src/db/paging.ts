/**
 * The paged query and the soft-delete filter every repository uses (docs/architecture.md), so a
 * listing is the same everywhere: a stable order (the requested column, then a unique tie-breaker),
 * LIMIT/OFFSET of a 0-based page, and the count of all matching rows.
 */
import { type AnyColumn, asc, count, desc, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { Executor } from './client.js';

/** One page of a listing: 0-based `page`, rows per page `size` (see http/pagination.ts). */
export interface PageWindow {
  page: number;
  size: number;
}

/** A page of a sorted listing as the repositories take it: the sort key of the domain and its direction. */
export interface PageRequest<F extends string = string> extends PageWindow {
  field: F;
  direction: 'asc' | 'desc';
}

/**
 * ORDER BY terms: `column` in `direction`, then the tie-breakers as given (e.g. `asc(table.id)`)
 * so rows with equal sort values keep one order across pages.
 */
export function sortOrder(column: AnyColumn | SQL, direction: 'asc' | 'desc', ...tieBreakers: SQL[]): SQL[] {
  return [direction === 'desc' ? desc(column) : asc(column), ...tieBreakers];
}

/** LIMIT/OFFSET of one page added to an ordered `.$dynamic()` query. */
export function withPage<T extends PgSelect>(query: T, p: PageWindow): T {
  return query.limit(p.size).offset(p.page * p.size);
}

/**
 * One page of an ordered query and the number of all its rows.
 *
 * @param query the listing, ordered, as `.$dynamic()` so LIMIT/OFFSET can be added here
 * @param total the count of the same rows: a `select({ n: count() })` with the same filter
 * @returns `{ rows, total }` — the page's rows and the total over all pages
 */
export async function pageOf<T extends PgSelect>(
  query: T,
  total: PromiseLike<{ n: number }[]>,
  p: PageWindow,
): Promise<{ rows: Awaited<T>; total: number }> {
  const rows = (await withPage(query, p)) as Awaited<T>;
  const [counted] = await total;
  return { rows, total: Number(counted?.n ?? 0) };
}

/**
 * Rows a capped count reads beyond the requested page's offset (docs/api.md "Totals"): a list's
 * total is exact up to `offset + COUNT_HORIZON` matching rows, beyond that it is that bound and
 * flagged inexact, so counting costs what paging to that offset costs, never the whole
 * organization (100,000 documents counted took longer than the page itself).
 */
export const COUNT_HORIZON = 1000;

/** The LIMIT of a page's capped count: its offset plus {@link COUNT_HORIZON}. */
export function countLimit(p: PageWindow): number {
  return p.page * p.size + COUNT_HORIZON;
}

/** A total counted up to `limit` rows: the count, and whether it is the exact number of matching rows. */
export function cappedTotal(counted: number, limit: number): { total: number; totalExact: boolean } {
  return { total: Math.min(counted, limit), totalExact: counted < limit };
}

/**
 * How long a count that reached its cap is believed (ms): a large organization's first thousand
 * rows are then counted once in this time for a page asked again (the cap grows with the page's
 * offset, so it is the same page: the first above all), not at every request (docs/api.md "Totals").
 * Only a count at its cap is remembered, so a total below the cap is always exact; a "1,000+"
 * may outlive the rows beyond the cap by this long.
 */
export const CAPPED_COUNT_TTL_MS = 10_000;

/** Counts known to have reached their cap, by database and count key ({@link knownCapped}). */
const cappedCounts = new WeakMap<object, LRUCache<string, true>>();

/**
 * Whether the count of `key` (the counted rows' description: organization, filters and the
 * cap) reached its cap on `db` within the last {@link CAPPED_COUNT_TTL_MS}, as
 * {@link rememberCount} noted it. Then the caller may skip the count: its total is the cap, inexact.
 */
export function knownCapped(db: object, key: string): boolean {
  return cappedCounts.get(db)?.get(key) === true;
}

/** Notes a count of `key` on `db`: remembered only when it reached `limit` (see {@link knownCapped}). */
export function rememberCount(db: object, key: string, counted: number, limit: number): void {
  const known = cappedCounts.get(db) ?? new LRUCache<string, true>({ max: 10_000, ttl: CAPPED_COUNT_TTL_MS });
  cappedCounts.set(db, known);
  if (counted >= limit) known.set(key, true);
  else known.delete(key);
}

/**
 * One page of an ordered query and its capped total (docs/api.md "Totals"): for the lists that
 * grow with an organization (documents, contracts, alerts, audit). A count that reached its cap
 * within {@link CAPPED_COUNT_TTL_MS} is not run again for a page that has rows.
 *
 * @param query the listing, ordered, as `.$dynamic()`
 * @param count counts the same rows, reading at most `limit` of them (e.g. {@link countUpTo})
 * @param counted what is counted, for {@link knownCapped}: `db` and every value the count's
 *   filter depends on (the table's name, organization, filters; JSON-serialisable)
 * @returns the page's rows, `total` (exact below the cap) and `totalExact`
 */
export async function cappedPageOf<T extends PgSelect>(
  query: T,
  count: (limit: number) => PromiseLike<number>,
  p: PageWindow,
  counted: { db: object; key: unknown[] },
): Promise<{ rows: Awaited<T>; total: number; totalExact: boolean }> {
  const rows = (await withPage(query, p)) as Awaited<T>;
  const limit = countLimit(p);
  const key = JSON.stringify([...counted.key, limit]);
  const n = rows.length > 0 && knownCapped(counted.db, key) ? limit : await count(limit);
  rememberCount(counted.db, key, n, limit);
  return { rows, ...cappedTotal(n, limit) };
}

/**
 * `count(*)` of the rows of `table` matching `where`, reading at most `limit` of them (a LIMIT
 * subquery: the index scan stops there). Ordered by `sorted`, a column the table's indexes have
 * after the organization (a no-op for the count; the organization itself would not do, being a
 * constant), so the planner walks such an index rather than the table: a sequential scan stops
 * after `limit` matches only when they come early in the table.
 */
export async function countUpTo(
  db: Executor,
  table: PgTable,
  sorted: AnyPgColumn,
  where: SQL | undefined,
  limit: number,
) {
  const counted = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .orderBy(sorted)
    .limit(limit)
    .as('counted');
  const [row] = await db.select({ n: count() }).from(counted);
  return Number(row?.n ?? 0);
}

/** The soft-delete filter: rows whose `deleted_at` column is NULL. */
export function notDeleted(deletedAt: AnyColumn): SQL {
  return isNull(deletedAt);
}

/**
 * The soft-delete filter of a listing that may show deleted rows: `exclude` (live rows only),
 * `only` (deleted rows only) or `include` (no filter: undefined).
 */
export function deletedFilter(deletedAt: AnyColumn, mode: 'exclude' | 'include' | 'only'): SQL | undefined {
  if (mode === 'exclude') return isNull(deletedAt);
  if (mode === 'only') return isNotNull(deletedAt);
  return undefined;
}
