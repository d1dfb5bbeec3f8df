import { z } from 'zod';
import type { PageWindow } from '../db/paging.js';

/** Largest page a client may ask for; documented in docs/api.md. */
export const MAX_PAGE_SIZE = 100;

/**
 * The `pageable` query of Spring Data (DESIGN.md §4): `page` (0-based), `size`, and
 * `sort=field,asc|desc` where field is one of `sortable`. The OpenAPI document declares these
 * three as one exploded object parameter named `pageable` (see `openapi.ts`).
 */
export function pageableQuery<const F extends readonly [string, ...string[]]>(sortable: F) {
  return z.object({
    page: z.coerce.number().int().min(0).max(1_000_000).default(0).describe('0-based page number'),
    size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20).describe('page size'),
    sort: z
      .string()
      .regex(
        new RegExp(`^(${sortable.join('|')})(,(asc|desc))?$`),
        `must be "field" or "field,asc|desc" with field one of: ${sortable.join(', ')}`,
      )
      .optional()
      .describe(`field,asc|desc; field one of ${sortable.join(', ')}`),
  });
}

export interface Pageable<F extends string = string> {
  page: number;
  size: number;
  sort?: string | undefined;
  /** Parsed sort, defaulted by the caller. */
  sortField?: F;
}

/** Splits `field,dir` into its parts, defaulting to `fallback` ascending order. */
export function parseSort<F extends string>(
  sort: string | undefined,
  fallback: F,
  fallbackDir: 'asc' | 'desc' = 'asc',
): { field: F; direction: 'asc' | 'desc' } {
  if (!sort) return { field: fallback, direction: fallbackDir };
  const [field, dir] = sort.split(',');
  return { field: field as F, direction: dir === 'desc' ? 'desc' : 'asc' };
}

/**
 * The page a pageable route hands its service (the one pageable route helper): `page` and `size`
 * as the `pageableQuery` parsed them, and `sort` split into `field` and `direction`, defaulting
 * to `fallback` in `fallbackDir` order. Filters of the route are spread beside it.
 */
export function pageRequest<F extends string>(
  query: { page: number; size: number; sort?: string | undefined },
  fallback: F,
  fallbackDir: 'asc' | 'desc' = 'asc',
): { page: number; size: number; field: F; direction: 'asc' | 'desc' } {
  return { page: query.page, size: query.size, ...parseSort(query.sort, fallback, fallbackDir) };
}

/**
 * The 1-based `page` and `per_page` query of the spec's `{data, meta}` listings (spec 2.2, 4.12:
 * alerts, contracts, benchmarks), beside the Spring `pageable` of the other routes.
 *
 * @param defaultPerPage `per_page` when not given
 * @param maxPerPage the largest `per_page` accepted (400 above it)
 */
export function perPageQuery(defaultPerPage = 20, maxPerPage = MAX_PAGE_SIZE) {
  return z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1).describe('1-based page number'),
    per_page: z.coerce.number().int().min(1).max(maxPerPage).default(defaultPerPage),
  });
}

/** The window of db/paging.ts (0-based `page`, `size`) for a 1-based `page`/`per_page` query. */
export function perPageWindow(q: { page: number; per_page: number }): PageWindow {
  return { page: q.page - 1, size: q.per_page };
}

/**
 * The `{data, meta: {total, page, per_page}}` envelope of one page of a `perPageQuery` listing;
 * `exact` false when `total` is a capped count's lower bound, shown as `total_exact: false`
 * (docs/api.md "Totals").
 */
export function toDataPage<T>(data: T[], q: { page: number; per_page: number }, total: number, exact = true) {
  return {
    data,
    meta: { total, page: q.page, per_page: q.per_page, ...(exact ? {} : { total_exact: false }) },
  };
}

/** The `meta` of a `{data, meta}` listing (spec 2.2) with `total_exact` (docs/api.md "Totals"). */
export const dataPageMeta = z.object({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  total_exact: z
    .boolean()
    .optional()
    .describe('present and false when total is a lower bound: more rows match than were counted'),
});

/** A page of items: `{content, page: {number, size, total_elements, total_pages}}`. */
export function pageSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    content: z.array(item),
    page: z.object({
      number: z.number().int(),
      size: z.number().int(),
      total_elements: z.number().int(),
      total_pages: z.number().int(),
      total_exact: z
        .boolean()
        .optional()
        .describe(
          'present and false when total_elements is a lower bound: more rows match than were counted',
        ),
    }),
  });
}

/**
 * Builds the page envelope from one page of items and the total count; `exact` false when the
 * total is a capped count's lower bound, shown as `total_exact: false` (docs/api.md "Totals").
 */
export function toPage<T>(content: T[], p: { page: number; size: number }, total: number, exact = true) {
  return {
    content,
    page: {
      number: p.page,
      size: p.size,
      total_elements: total,
      total_pages: Math.ceil(total / p.size),
      ...(exact ? {} : { total_exact: false }),
    },
  };
}

/**
 * `toPage`'s envelope as JSON text around items that are JSON text already (documents/json.ts):
 * `{"content":[…],"page":{…}}`, for a route that sends its body unserialized.
 */
export function pageJson(content: string[], p: { page: number; size: number }, total: number, exact = true) {
  return `{"content":[${content.join(',')}],"page":${JSON.stringify(toPage([], p, total, exact).page)}}`;
}
