import { badRequest } from './problem.js';

/**
 * Refuses a body on a POST that takes no parameters (start an export, run a benchmark): none,
 * `null` or `{}` pass; any key is 400 naming it, as unknown keys are in every other body (decision
 * 703). Checked in the handler rather than declared as an optional body, which generated clients
 * would turn into a required argument.
 *
 * @throws HttpProblem 400 with one `errors` entry per key, or for a body that is not an object
 */
export function requireNoParameters(body: unknown): void {
  if (body === undefined || body === null) return;
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Invalid request: body: this operation takes no parameters (send no body, or {})', {
      errors: [{ field: 'body', message: 'expected no body, or {}' }],
    });
  }
  const keys = Object.keys(body);
  if (keys.length === 0) return;
  const errors = keys.map((k) => ({ field: 'body', message: `Unrecognized key: "${k}"` }));
  throw badRequest(`Invalid request: body: ${errors.map((e) => e.message).join('; ')}`, { errors });
}
