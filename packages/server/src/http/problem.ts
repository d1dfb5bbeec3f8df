import { z } from 'zod';

/**
 * An error that the API answers as RFC 9457 problem details
 * (`application/problem+json`: type, title, status, detail, and `errors` for invalid fields).
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, extra?: Record<string, unknown>) =>
  new HttpProblem(400, detail, extra);
export const unauthorized = () => new HttpProblem(401, 'Authentication required');
export const forbidden = (detail: string) => new HttpProblem(403, detail);
export const notFound = (what: string) => new HttpProblem(404, `${what} not found`);
export const conflict = (detail: string) => new HttpProblem(409, detail);

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Title of an HTTP status per RFC 9110. */
export function statusTitle(status: number): string {
  return titles[status] ?? 'Error';
}

/** A problem body; `type` is `about:blank` (RFC 9457 §4.2.1) since the title says it all. */
export function problemBody(status: number, detail: string, extra: Record<string, unknown> = {}) {
  return { type: 'about:blank', title: statusTitle(status), status, detail, ...extra };
}

export const fieldErrorSchema = z.object({
  field: z
    .string()
    .describe('dotted path of the invalid field, prefixed by its location (body, query, params)'),
  message: z.string(),
});

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    errors: z.array(fieldErrorSchema).optional(),
  })
  .passthrough()
  .describe('RFC 9457 problem details');

const descriptions: Record<number, string> = {
  400: 'Invalid request; `errors` names each invalid field',
  401: 'Authentication required',
  403: 'Insufficient role, or not a member of the organization',
  404: 'Not found, or not in the caller’s tenant',
  409: 'Conflict with the current state',
  413: 'Content too large',
  415: 'Unsupported media type',
  429: 'Rate limit or quota exceeded',
};

/** Response schemas of the given error statuses, for a route's OpenAPI `response` map. */
export function problemResponses(...statuses: number[]): Record<number, typeof problemSchema> {
  const out: Record<number, typeof problemSchema> = {};
  for (const s of statuses) out[s] = problemSchema.describe(descriptions[s] ?? statusTitle(s));
  return out;
}
