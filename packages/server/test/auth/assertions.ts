import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Asserts an RFC 9457 problem answer with `status` (and, when given, a detail matching `detail`). */
export function expectProblem(res: LightMyRequestResponse, status: number, detail?: string | RegExp): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  const body = res.json();
  expect(body).toMatchObject({ type: 'about:blank', status });
  if (detail !== undefined) expect(body.detail).toMatch(detail);
}

/** Asserts the 401 of spec §5: detail "Authentication required" and `WWW-Authenticate: Bearer`. */
export function expectUnauthorized(res: LightMyRequestResponse): void {
  expectProblem(res, 401, /^Authentication required$/);
  expect(res.headers['www-authenticate']).toBe('Bearer');
}

/** Asserts a 400 whose `errors[].field` names `field` (for example "body.email"). */
export function expectInvalidField(res: LightMyRequestResponse, field: string): void {
  expectProblem(res, 400);
  const fields = (res.json().errors as { field: string }[]).map((e) => e.field);
  expect(fields).toContain(field);
}

/** Asserts the paginated envelope of DESIGN.md §4 and returns its content. */
export function expectPage<T>(
  res: LightMyRequestResponse,
  page: { number: number; size: number; total_elements: number; total_pages: number },
): T[] {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['content', 'page']);
  expect(body.page).toEqual(page);
  return body.content as T[];
}
