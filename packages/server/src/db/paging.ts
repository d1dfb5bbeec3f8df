/**
 * The paged query and the soft-delete filter every repository uses (docs/architecture.md), so a
 * listing is the same everywhere: a stable order (the requested column, then a unique tie-breaker),
 * LIMIT/OFFSET of a 0-based page, and the count of all matching rows.
 */
import { type AnyColumn, asc, desc, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

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
