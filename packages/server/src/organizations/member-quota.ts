/**
 * The `max_members` quota check, beside the memberships it counts: the member, invitation and
 * user services that add members use it.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import * as repo from './membership-repository.js';
import { enforceCountQuota, getQuotasOf } from './quotas.js';
import { countMembers, type UserDirectory } from './user-directory.js';

/**
 * Enforces the organization's `max_members` quota before `userId` joins it (POST members,
 * POST /users, invitation accept); `users` tells which members are not deleted. A user who is
 * already a member passes: the caller answers 409.
 *
 * @throws HttpProblem 403 naming the quota, its limit and the current number of members
 */
export async function enforceMemberQuota(
  db: Executor,
  users: UserDirectory,
  organizationId: string,
  userId: string,
): Promise<void> {
  const quotas = await getQuotasOf(db, organizationId);
  if (quotas?.maxMembers === null || quotas?.maxMembers === undefined) return;
  // Serialises joins of one organization until the caller's transaction ends, so two concurrent
  // joins cannot both take the last seat.
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`members:${organizationId}`}, 0))`);
  if (await repo.findMembership(db, organizationId, userId)) return;
  enforceCountQuota('max_members', quotas.maxMembers, await countMembers(db, users, organizationId));
}
