import type { Executor } from '../db/client.js';
import { HttpProblem } from '../http/problem.js';
import { getQuotas, putQuotas } from './repository.js';

/** The organization's quotas row (null fields = unlimited), or undefined for an unknown organization. */
export async function getQuotasOf(db: Executor, organizationId: string) {
  return getQuotas(db, organizationId);
}

/**
 * Enforces a count quota before one more item is created.
 *
 * @throws HttpProblem 403 naming the quota, its limit and the current use when `used` has reached it
 */
export function enforceCountQuota(quota: string, limit: number | null | undefined, used: number): void {
  if (limit === null || limit === undefined || used < limit) return;
  throw new HttpProblem(403, `Quota ${quota} exceeded: ${used} of ${limit} used`, { quota, limit, used });
}

/** Replaces the organization's quotas row (a marketplace plan's quotas); null fields = unlimited. */
export async function putQuotasOf(
  db: Executor,
  organizationId: string,
  values: Parameters<typeof putQuotas>[2],
) {
  return putQuotas(db, organizationId, values);
}
