import { recordAudit } from '../audit/service.js';
import type { Principal } from '../auth/principal.js';
import { propagateAuthChange } from '../auth/principal-cache.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import { badRequest, conflict, forbidden, notFound } from '../http/problem.js';
import { enforceMemberQuota } from '../organizations/member-quota.js';
import * as org from '../organizations/records.js';
import { getReadableOrganization } from '../organizations/service.js';
import { countMembers } from '../organizations/user-directory.js';
import { findUserById, listMembers as listMemberRows, type MemberSortField } from '../users/records.js';
import { enrolByEmail } from '../users/service.js';

export type { MembershipRow, Role } from '../organizations/records.js';

async function requireAdministrator(ctx: Pick<AppContext, 'db'>, principal: Principal, orgId: string) {
  const { role } = await getReadableOrganization(ctx, principal, orgId);
  requireRole(principal, role, ['OWNER', 'ADMIN']);
  return role;
}

export async function listMembers(
  ctx: Pick<AppContext, 'db' | 'userDirectory'>,
  principal: Principal,
  orgId: string,
  p: { page: number; size: number; field: MemberSortField; direction: 'asc' | 'desc' },
) {
  await requireAdministrator(ctx, principal, orgId);
  return {
    rows: await listMemberRows(ctx.db, org.organizationMemberships(orgId), p),
    total: await countMembers(ctx.db, ctx.userDirectory, orgId),
  };
}

/**
 * POST /organizations/{orgId}/members: adds an existing user by id at once, or an email as
 * POST /users does (users/service.ts `enrolByEmail`: an invitation is mailed, and the membership
 * answered is the same whether or not an account has the address).
 *
 * @returns the created membership (spec 4.8)
 * @throws 403 unless OWNER/ADMIN or when the max_members quota is reached, 404 when no user has
 *   `user_id`, 409 when already a member (or an invitation to the email is pending)
 */
export async function addMember(
  ctx: Pick<AppContext, 'config' | 'database' | 'db' | 'mailer' | 'userDirectory'>,
  principal: Principal,
  orgId: string,
  input: { user_id?: string | undefined; email?: string | undefined; role: 'ADMIN' | 'MEMBER' },
): Promise<org.MembershipRow> {
  await requireAdministrator(ctx, principal, orgId);
  if (input.email !== undefined) {
    return (await enrolByEmail(ctx, principal, orgId, { email: input.email, role: input.role })).membership;
  }
  const user = await findUserById(ctx.db, input.user_id ?? '');
  if (!user || user.deletedAt) throw notFound('User');
  const row = await ctx.db.transaction(async (tx) => {
    await enforceMemberQuota(tx, ctx.userDirectory, orgId, user.id);
    const added = await org.insertMembershipIfAbsent(tx, {
      organizationId: orgId,
      userId: user.id,
      role: input.role,
    });
    if (added)
      await recordAudit(tx, {
        organizationId: orgId,
        action: 'member.add',
        resourceType: 'member',
        resourceId: user.id,
        changes: { user_id: user.id, email: user.email, role: input.role },
      });
    return added;
  });
  if (!row) throw conflict('The user is already a member');
  // The new member's cached principals must see the membership on every server process at once.
  await propagateAuthChange(ctx.database);
  return row;
}

/**
 * DELETE /organizations/{orgId}/members/{userId}. The OWNER cannot be removed (transfer first);
 * an ADMIN cannot remove another ADMIN unless it is itself leaving.
 */
export async function removeMember(
  ctx: Pick<AppContext, 'database' | 'db'>,
  principal: Principal,
  orgId: string,
  userId: string,
) {
  const callerRole = await requireAdministrator(ctx, principal, orgId);
  const target = await org.findMembership(ctx.db, orgId, userId);
  if (!target) throw notFound('Member');
  if (target.role === 'OWNER') throw forbidden('The OWNER cannot be removed; transfer ownership first');
  if (
    target.role === 'ADMIN' &&
    callerRole === 'ADMIN' &&
    userId !== principal.user.id &&
    !principal.user.isSystemAdmin
  ) {
    throw forbidden('Only the OWNER can remove an ADMIN');
  }
  await ctx.db.transaction(async (tx) => {
    await org.deleteMembership(tx, orgId, userId);
    await recordAudit(tx, {
      organizationId: orgId,
      action: 'member.remove',
      resourceType: 'member',
      resourceId: userId,
      changes: { role: { from: target.role, to: null } },
    });
  });
  await propagateAuthChange(ctx.database);
}

/** PUT .../members/{userId}/role: ADMIN or MEMBER; the OWNER's role changes only by transfer. */
export async function updateMemberRole(
  ctx: Pick<AppContext, 'database' | 'db'>,
  principal: Principal,
  orgId: string,
  userId: string,
  role: 'ADMIN' | 'MEMBER',
) {
  await requireAdministrator(ctx, principal, orgId);
  const target = await org.findMembership(ctx.db, orgId, userId);
  if (!target) throw notFound('Member');
  if (target.role === 'OWNER') throw forbidden('The OWNER’s role changes only by transferring ownership');
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await org.setRole(tx, orgId, userId, role);
    if (!updated) throw notFound('Member');
    await recordAudit(tx, {
      organizationId: orgId,
      action: 'member.role_change',
      resourceType: 'member',
      resourceId: userId,
      changes: { role: { from: target.role, to: role } },
    });
    return updated;
  });
  await propagateAuthChange(ctx.database);
  return row;
}

/**
 * POST .../members/transfer-ownership: in one transaction the OWNER becomes ADMIN and the named
 * member becomes OWNER (spec §3). The one-OWNER unique index guards against races.
 *
 * @throws 403 when the caller is not the current OWNER, 404 when the new owner is not a member,
 *   400 when the new owner is the caller
 */
export async function transferOwnership(
  ctx: Pick<AppContext, 'database' | 'db'>,
  principal: Principal,
  orgId: string,
  newOwnerId: string,
) {
  await getReadableOrganization(ctx, principal, orgId);
  if ((await org.findMembershipRole(ctx.db, orgId, principal.user.id)) !== 'OWNER') {
    throw forbidden('Only the current OWNER can transfer ownership');
  }
  if (newOwnerId === principal.user.id) {
    throw badRequest('You already own this organization', {
      errors: [{ field: 'body.new_owner_id', message: 'must be another member' }],
    });
  }
  const transferred = await ctx.db.transaction(async (tx) => {
    const target = await org.findMembership(tx, orgId, newOwnerId);
    // A soft-deleted user cannot sign in, so it must not become the OWNER.
    if (!target || !(await findUserById(tx, newOwnerId))) throw notFound('Member');
    // Conditional on still being the OWNER, so a concurrent transfer loses with 403, not a unique violation.
    if (!(await org.demoteOwner(tx, orgId, principal.user.id))) {
      throw forbidden('Only the current OWNER can transfer ownership');
    }
    const row = await org.setRole(tx, orgId, newOwnerId, 'OWNER');
    if (!row) throw notFound('Member');
    await recordAudit(tx, {
      organizationId: orgId,
      action: 'member.transfer_ownership',
      resourceType: 'member',
      resourceId: newOwnerId,
      changes: { owner: { from: principal.user.id, to: newOwnerId } },
    });
    return row;
  });
  await propagateAuthChange(ctx.database);
  return transferred;
}
