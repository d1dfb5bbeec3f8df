/**
 * Canned answers the page tests share: an RFC 9457 problem, and spec 2.2's `{data, meta}` list
 * envelope (the `/api/…` routes) and Spring page (the `/api/v1/…` routes).
 */
import type { Answer } from './render';

/** A problem answer with `detail` (and per-field `errors`, when given). */
export const problem = (
  status: number,
  detail: string,
  errors?: { field: string; message: string }[],
): Answer => ({
  status,
  body: { type: 'about:blank', title: 'Problem', status, detail, ...(errors ? { errors } : {}) },
});

/** `{data, meta}` of `rows` out of `total` at 1-based `page`. */
export const listOf = (rows: unknown[], total = rows.length, page = 1, perPage = 25): Answer => ({
  body: { data: rows, meta: { total, page, per_page: perPage } },
});

/** A Spring page holding `rows` (all of them: one page). */
export const pageOf = (rows: unknown[], size = 100): Answer => ({
  body: {
    content: rows,
    page: { number: 0, size, total_elements: rows.length, total_pages: rows.length ? 1 : 0 },
  },
});

/** The uuid `00000000-0000-4000-8000-…` ending in `n`. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
