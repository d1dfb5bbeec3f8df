import type { MembershipSummary, Principal, PrincipalUser, Tenant } from '../auth/principal.js';
import { propagateAuthChange } from '../auth/principal-cache.js';
import { requireRole, requireSystemAdmin } from '../auth/tenancy.js';
import type { TokenIdentity } from '../auth/tokens.js';
import type { AppContext } from '../context.js';
import { badRequest, conflict, forbidden, notFound } from '../http/problem.js';
import { inviteWith } from '../invitations/service.js';
import { enforceMemberQuota } from '../organizations/member-quota.js';
import {
  findMembership,
  insertMembershipIfAbsent,
  listMembershipSummaries,
  listMembershipsOfUser,
  type MembershipRow,
  organizationMemberships,
  rolesOfUser,
  setRole,
} from '../organizations/records.js';
import { createPersonalOrganization } from '../organizations/service.js';
import * as repo from './repository.js';

export type { UserRow } from './repository.js';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Just-in-time provisioning (api-decisions §1): the user of a verified token, found by
 * (issuer, subject), else linked by email to a user an admin created, else created with a
 * PERSONAL organization it owns. Returns undefined for a soft-deleted user.
 */
export async function provisionUser(
  ctx: Pick<AppContext, 'db'>,
  identity: TokenIdentity,
): Promise<repo.UserRow | undefined> {
  const known = await repo.findUserByIdentity(ctx.db, identity.issuer, identity.subject);
  if (known) return known.deletedAt ? undefined : known;
  try {
    return await ctx.db.transaction(async (tx) => {
      let user = await repo.findUserByEmail(tx, identity.email);
      if (!user) {
        user = await repo.insertUser(tx, { email: identity.email, name: identity.name ?? null });
        await createPersonalOrganization(tx, user);
      } else {
        if (!user.name && identity.name)
          user = (await repo.updateUser(tx, user.id, { name: identity.name })) ?? user;
        // A user an admin created has no home yet: give it its personal organization on first login.
        const own = await listMembershipsOfUser(tx, user.id);
        if (!own.some((m) => m.organization.kind === 'PERSONAL')) await createPersonalOrganization(tx, user);
      }
      await repo.linkIdentity(tx, user.id, identity.issuer, identity.subject);
      return user.deletedAt ? undefined : user;
    });
  } catch (err) {
    // Two first requests of one user raced; the other one created it.
    if (!isUniqueViolation(err)) throw err;
    const user = await repo.findUserByEmail(ctx.db, identity.email);
    if (user) await repo.linkIdentity(ctx.db, user.id, identity.issuer, identity.subject);
    return user && !user.deletedAt ? user : undefined;
  }
}

/**
 * `service-server admin bootstrap`: finds or creates the user, gives it a personal organization
 * when it has none, and marks it SYSTEM_ADMIN. Idempotent.
 */
export async function bootstrapSystemAdmin(ctx: Pick<AppContext, 'db'>, email: string, name?: string) {
  return ctx.db.transaction(async (tx) => {
    let user = await repo.findUserByEmail(tx, email);
    if (!user) user = await repo.insertUser(tx, { email, name: name ?? null, isSystemAdmin: true });
    const memberships = await listMembershipsOfUser(tx, user.id);
    if (memberships.length === 0) await createPersonalOrganization(tx, user);
    return (await repo.updateUser(tx, user.id, { isSystemAdmin: true, deletedAt: null })) ?? user;
  });
}

/**
 * A user profile as the API shows it (api-decisions §2).
 *
 * @param organizationId when the profile is shown to an organization (the /users routes of the
 *   active organization): only the membership in that organization is listed, and the default
 *   organization only when it is that one, so a tenant learns nothing of the user's other
 *   organizations. Omitted for the user itself (/users/me) and SYSTEM_ADMIN views.
 * @param memberships the user's memberships when the caller already has them (the principal of
 *   /users/me), saving a query.
 */
export async function profileOf(
  ctx: Pick<AppContext, 'db'>,
  user: repo.UserRow,
  organizationId?: string,
  memberships?: readonly { organizationId: string; role: 'OWNER' | 'ADMIN' | 'MEMBER' }[],
) {
  const roles: { organization_id: string | null; role: 'OWNER' | 'ADMIN' | 'MEMBER' | 'SYSTEM_ADMIN' }[] = (
    memberships ?? (await rolesOfUser(ctx.db, user.id))
  )
    .filter((r) => organizationId === undefined || r.organizationId === organizationId)
    .map((r) => ({
      organization_id: r.organizationId,
      role: r.role,
    }));
  if (user.isSystemAdmin) roles.push({ organization_id: null, role: 'SYSTEM_ADMIN' });
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    is_system_admin: user.isSystemAdmin,
    default_organization_id:
      organizationId === undefined || user.defaultOrganizationId === organizationId
        ? user.defaultOrganizationId
        : null,
    roles,
    created_at: user.createdAt.toISOString(),
    deleted_at: user.deletedAt ? user.deletedAt.toISOString() : null,
  };
}

/** A user profile as the API shows it (see {@link profileOf}). */
export type UserProfile = Awaited<ReturnType<typeof profileOf>>;

/**
 * Profiles of `/users/me` by the user row of a cached principal, with the memberships they were
 * made from. The principal cache (auth/principal-cache.ts) replaces both objects whenever the
 * user, a membership or the key changes on any server process (`auth_changed`), so a profile
 * is never older than the principal it answers for.
 */
const ownProfiles = new WeakMap<
  PrincipalUser,
  { memberships: readonly MembershipSummary[]; profile: UserProfile }
>();

/**
 * GET /users/me: the caller's own profile. A principal loaded with its memberships (an API key)
 * gets the same profile object while its principal is cached, so the route serializes it once
 * (http/reused-bodies.ts); others get a new one.
 */
export async function ownProfile(ctx: Pick<AppContext, 'db'>, principal: Principal): Promise<UserProfile> {
  const { user, memberships } = principal;
  if (!memberships) return profileOf(ctx, user);
  const kept = ownProfiles.get(user);
  if (kept && kept.memberships === memberships) return kept.profile;
  const profile = await profileOf(ctx, user, undefined, memberships);
  ownProfiles.set(user, { memberships, profile });
  return profile;
}

/** The user's memberships in organizations that are not deleted, with the organizations, oldest first. */
export async function membershipsOf(ctx: Pick<AppContext, 'db'>, userId: string) {
  return listMembershipsOfUser(ctx.db, userId);
}

/**
 * PUT /users/me: name and default organization (which must be one of the caller's). Answers once
 * every server process dropped the caller's cached principal, so the next request (its
 * `/users/me`, its active organization) shows the change wherever it goes.
 */
export async function updateMe(
  ctx: Pick<AppContext, 'database' | 'db'>,
  principal: Principal,
  input: { name?: string | null | undefined; default_organization_id?: string | null | undefined },
) {
  if (input.default_organization_id) {
    const mine = await listMembershipsOfUser(ctx.db, principal.user.id);
    if (!mine.some((m) => m.organization.id === input.default_organization_id)) {
      throw badRequest('default_organization_id must be an organization you belong to', {
        errors: [{ field: 'body.default_organization_id', message: 'not one of your organizations' }],
      });
    }
  }
  const updated = await repo.updateUser(ctx.db, principal.user.id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.default_organization_id !== undefined
      ? { defaultOrganizationId: input.default_organization_id }
      : {}),
  });
  if (!updated) throw notFound('User');
  await propagateAuthChange(ctx.database);
  return updated;
}

/** GET /users: the page asked for, and whether it is every user of the platform's (`platform`). */
export type UserListQuery = repo.UserListRequest & {
  deleted: repo.DeletedUsers;
  platform?: boolean | undefined;
};

/**
 * The users of the active organization for its OWNER and ADMIN (spec 4.4); with `platform: true`,
 * every user of the platform, whatever organizations they belong to, for SYSTEM_ADMIN only, so a
 * deleted user of any organization can be found and restored. Deleted users only for SYSTEM_ADMIN.
 *
 * @throws 403 for a MEMBER, a non-SYSTEM_ADMIN asking for the platform's users or for deleted ones
 */
export async function listUsers(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  q: UserListQuery,
) {
  const { platform, ...p } = q;
  if (platform) requireSystemAdmin(principal);
  else requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  // Only a SYSTEM_ADMIN restores a deleted user, so only they are shown deleted ones.
  if (p.deleted !== 'exclude') requireSystemAdmin(principal);
  return platform
    ? repo.listAllUsers(ctx.db, p)
    : repo.listUsersOfOrganization(ctx.db, organizationMemberships(tenant.organizationId), p);
}

/**
 * Adds a person by email to an organization the same way whether or not an account has the
 * address, so the answer tells nothing (decision 351): an invitation is created and mailed, and
 * the organization gets a member at once — the new user (a later sign-in with that email links
 * to it, api-decisions §1) when no account has the address, else a stand-in user (`pending_invitee`)
 * with the email and the name the organization gave, whose memberships pass to the person's
 * account only when they accept the invitation. Nobody joins an organization without consent,
 * and the organization never sees an account's id, name or dates before that.
 *
 * @param input `name` as the organization names the person (null when not given)
 * @returns the user the organization sees (new or stand-in) and its membership
 * @throws 403 when the max_members quota is reached (the caller has checked the role), 409 when
 *   the address is already a member's or an invitation to it is pending
 */
export async function enrolByEmail(
  ctx: Pick<AppContext, 'config' | 'db' | 'mailer' | 'userDirectory'>,
  principal: Principal,
  organizationId: string,
  input: { email: string; name?: string | null | undefined; role: 'ADMIN' | 'MEMBER' },
): Promise<{ user: repo.UserRow; membership: MembershipRow }> {
  const invite = { email: input.email, role: input.role, organization_id: organizationId };
  const tenant = { organizationId, role: null };
  const { result } = await inviteWith(ctx, principal, tenant, invite, async (tx) => {
    const person = { email: input.email, name: input.name ?? null };
    // A concurrent request may create the same email: then the user it created is an existing one.
    const user =
      ((await repo.findUserByEmail(tx, input.email)) === undefined
        ? await repo.insertUserIfAbsent(tx, person)
        : undefined) ?? (await repo.insertPendingInvitee(tx, person));
    await enforceMemberQuota(tx, ctx.userDirectory, organizationId, user.id);
    const membership = await insertMembershipIfAbsent(tx, {
      organizationId,
      userId: user.id,
      role: input.role,
    });
    if (!membership) throw conflict('The user is already a member');
    return { user, membership };
  });
  return result;
}

/**
 * POST /users: adds the email to the active organization (see {@link enrolByEmail}) and answers
 * the profile of the user the organization now has (200), whether or not an account had the
 * address.
 *
 * @throws 403 unless OWNER/ADMIN or when the max_members quota is reached, 409 when already a
 *   member or an invitation to the email is pending
 */
export async function createTenantUser(
  ctx: Pick<AppContext, 'config' | 'db' | 'mailer' | 'userDirectory'>,
  principal: Principal,
  tenant: Tenant,
  input: { email: string; name?: string | null | undefined; role: 'ADMIN' | 'MEMBER' },
): Promise<repo.UserRow> {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  return (await enrolByEmail(ctx, principal, tenant.organizationId, input)).user;
}

/** A user who is a member of the active organization. @throws 404 otherwise (spec §5) */
export async function getTenantUser(ctx: Pick<AppContext, 'db'>, tenant: Tenant, id: string) {
  const user = await repo.findUserById(ctx.db, id);
  if (!user || !(await findMembership(ctx.db, tenant.organizationId, id))) throw notFound('User');
  return user;
}

/** PUT /users/{id}: name and the role in the active organization (not OWNER; ownership moves by transfer). */
export async function updateTenantUser(
  ctx: Pick<AppContext, 'database' | 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
  input: { name?: string | null | undefined; role?: 'ADMIN' | 'MEMBER' | undefined },
) {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  const user = await getTenantUser(ctx, tenant, id);
  // The name is the account's, shown in every organization: the same reach as a delete.
  if (input.name !== undefined && input.name !== user.name && id !== principal.user.id) {
    await requireUserOfOrganization(ctx, principal, tenant.organizationId, user, 'rename');
  }
  const updated = await ctx.db.transaction(async (tx) => {
    if (input.role) {
      const membership = await findMembership(tx, tenant.organizationId, id);
      if (membership?.role === 'OWNER') {
        throw forbidden('The OWNER’s role changes only by transferring ownership (transfer-ownership)');
      }
      await setRole(tx, tenant.organizationId, id, input.role);
    }
    if (input.name !== undefined) return (await repo.updateUser(tx, id, { name: input.name })) ?? user;
    return user;
  });
  await propagateAuthChange(ctx.database);
  return updated;
}

/**
 * Refuses the soft delete (or rename) of `user` by an organization's OWNER or ADMIN when it would
 * reach past that organization: a user is one account across organizations, so deleting it locks
 * it out of every one. Only a SYSTEM_ADMIN deletes or renames a SYSTEM_ADMIN or a user who
 * belongs to another organization than this one and their own PERSONAL one; the organization
 * removes such a member, and the user renames themselves.
 *
 * @throws HttpProblem 403 naming the remedy
 */
async function requireUserOfOrganization(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  organizationId: string,
  user: repo.UserRow,
  action: 'delete' | 'rename' = 'delete',
) {
  if (principal.user.isSystemAdmin) return;
  if (user.isSystemAdmin) throw forbidden(`Only a SYSTEM_ADMIN can ${action} a SYSTEM_ADMIN`);
  const elsewhere = (await listMembershipSummaries(ctx.db, user.id)).filter(
    (m) => m.organizationId !== organizationId && !(m.kind === 'PERSONAL' && m.role === 'OWNER'),
  );
  if (elsewhere.length > 0) {
    throw forbidden(
      action === 'delete'
        ? `${user.email} also belongs to other organizations, which deleting the user would lock them out of; ` +
            `remove them from this organization instead (DELETE /api/v1/organizations/${organizationId}/members/${user.id})`
        : `${user.email} also belongs to other organizations, where the name shows too; they change it themselves (PUT /api/v1/users/me)`,
    );
  }
}

/**
 * DELETE /users/{id}: soft delete (spec §3). The OWNER of the organization and the caller stay,
 * and a user of other organizations too ({@link requireUserOfOrganization}).
 */
export async function deleteTenantUser(
  ctx: Pick<AppContext, 'database' | 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  const user = await getTenantUser(ctx, tenant, id);
  if (id === principal.user.id) throw conflict('You cannot delete yourself');
  const membership = await findMembership(ctx.db, tenant.organizationId, id);
  if (membership?.role === 'OWNER') throw forbidden('The OWNER of the organization cannot be deleted');
  await requireUserOfOrganization(ctx, principal, tenant.organizationId, user);
  await repo.updateUser(ctx.db, id, { deletedAt: new Date() });
  await propagateAuthChange(ctx.database);
}

/** POST /users/{id}/restore (SYSTEM_ADMIN). @throws 404 when no deleted user has this id */
export async function restoreUser(ctx: Pick<AppContext, 'db'>, principal: Principal, id: string) {
  requireSystemAdmin(principal);
  const user = await repo.findUserById(ctx.db, id, { includeDeleted: true });
  if (!user?.deletedAt) throw notFound('Deleted user');
  const restored = await repo.updateUser(ctx.db, id, { deletedAt: null });
  if (!restored) throw notFound('User');
  return restored;
}
