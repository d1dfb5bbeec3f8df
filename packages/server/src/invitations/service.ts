import { randomBytes } from 'node:crypto';
import { hashSecret } from '../auth/api-key-format.js';
import type { Principal, Tenant } from '../auth/principal.js';
import { propagateAuthChange } from '../auth/principal-cache.js';
import { requireKeyScope, requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { conflict, notFound } from '../http/problem.js';
import { enforceMemberQuota } from '../organizations/member-quota.js';
import { findOrganizationById, insertMembershipIfAbsent, setRole } from '../organizations/records.js';
import { getReadableOrganization } from '../organizations/service.js';
import { isMemberByEmail } from '../organizations/user-directory.js';
import * as repo from './repository.js';
import { claimPendingInvitees } from './stand-ins.js';

export type { InvitationRow } from './repository.js';

/** Status as clients see it: a PENDING invitation past its expiry is EXPIRED. */
export function effectiveStatus(row: repo.InvitationRow, now = new Date()): repo.InvitationRow['status'] {
  return row.status === 'PENDING' && row.expiresAt <= now ? 'EXPIRED' : row.status;
}

function newToken(ctx: Pick<AppContext, 'config'>) {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSecret(ctx.config.secretKey, `invitation:${token}`) };
}

function expiry(ctx: Pick<AppContext, 'config'>): Date {
  return new Date(Date.now() + ctx.config.invitationTtlDays * 24 * 3600 * 1000);
}

async function sendInvitationEmail(
  ctx: Pick<AppContext, 'config' | 'mailer'>,
  row: repo.InvitationRow,
  orgName: string,
  token: string,
  inviter: string,
) {
  const link = `${ctx.config.publicUrl}/invitations/${token}`;
  const api = `${ctx.config.publicUrl}/api/v1/invitations/${token}`;
  const expires = row.expiresAt.toISOString();
  await ctx.mailer.send({
    to: row.email,
    subject: `You are invited to join ${orgName}`,
    text: [
      `${inviter} invited you to join the organization "${orgName}" as ${row.role}.`,
      '',
      `Open this link to accept the invitation: ${link}`,
      `(Invitation details for API clients: ${api})`,
      '',
      `The invitation expires on ${expires}. If you did not expect it, ignore this email.`,
    ].join('\n'),
    html: `<p>${escapeHtml(inviter)} invited you to join the organization <b>${escapeHtml(orgName)}</b> as ${row.role}.</p>
<p><a href="${link}">Accept the invitation</a></p><p>The invitation expires on ${expires}.</p>`,
  });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * POST /invitations: invites an email to an organization and emails a single-use link.
 *
 * @throws 403 unless OWNER/ADMIN of the organization, 409 when a PENDING invitation exists for
 *   this (organization, email) or the person is already a member
 */
export async function createInvitation(
  ctx: Pick<AppContext, 'config' | 'db' | 'mailer' | 'userDirectory'>,
  principal: Principal,
  tenant: Tenant,
  input: { email: string; role: 'ADMIN' | 'MEMBER'; organization_id?: string | undefined },
) {
  return (await inviteWith(ctx, principal, tenant, input, async () => undefined)).invitation;
}

/**
 * {@link createInvitation} that also runs `within` in the invitation's transaction, after its
 * checks and before the email is sent (users/service.ts `enrolByEmail` adds the invitee's
 * membership there): a failure of either leaves neither.
 *
 * @returns the invitation and what `within` returned
 */
export async function inviteWith<T>(
  ctx: Pick<AppContext, 'config' | 'db' | 'mailer' | 'userDirectory'>,
  principal: Principal,
  tenant: Tenant,
  input: { email: string; role: 'ADMIN' | 'MEMBER'; organization_id?: string | undefined },
  within: (tx: Executor, organizationId: string) => Promise<T>,
): Promise<{ invitation: repo.InvitationRow; result: T }> {
  const orgId = input.organization_id ?? tenant.organizationId;
  const { org, role } = await getReadableOrganization(ctx, principal, orgId);
  requireRole(principal, role, ['OWNER', 'ADMIN']);
  const email = input.email.toLowerCase();
  const { token, tokenHash } = newToken(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const pending = await repo.findPending(tx, orgId, email);
    if (pending && effectiveStatus(pending) === 'PENDING') {
      throw conflict('An invitation is already pending for this email');
    }
    if (pending) await repo.updateInvitation(tx, pending.id, { status: 'EXPIRED' });
    if (await isMemberByEmail(tx, ctx.userDirectory, orgId, email))
      throw conflict('The user is already a member');
    const inserted = await repo.insertInvitation(tx, {
      organizationId: orgId,
      email,
      role: input.role,
      tokenHash,
      invitedBy: principal.user.id,
      expiresAt: expiry(ctx),
    });
    // A concurrent request invited the same email first.
    if (!inserted) throw conflict('An invitation is already pending for this email');
    return { invitation: inserted, result: await within(tx, orgId) };
  });
  await sendInvitationEmail(
    ctx,
    row.invitation,
    org.name,
    token,
    principal.user.name ?? principal.user.email,
  );
  return row;
}

/** Pending, unexpired invitations addressed to the caller's email. */
export async function myInvitations(ctx: Pick<AppContext, 'db'>, principal: Principal) {
  const rows = await repo.listPendingForEmail(ctx.db, principal.user.email);
  return rows.filter((r) => effectiveStatus(r) === 'PENDING');
}

export async function listOrganizationInvitations(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  orgId: string,
  p: { page: number; size: number; field: repo.InvitationSortField; direction: 'asc' | 'desc' },
) {
  const { role } = await getReadableOrganization(ctx, principal, orgId);
  requireRole(principal, role, ['OWNER', 'ADMIN']);
  return repo.listForOrganization(ctx.db, orgId, p);
}

/** An invitation addressed to the caller. @throws 404 for an unknown id or someone else's invitation */
async function ownInvitation(ctx: Pick<AppContext, 'db'>, principal: Principal, id: string) {
  const row = await repo.findInvitation(ctx.db, id);
  if (!row || row.email !== principal.user.email.toLowerCase()) throw notFound('Invitation');
  return row;
}

function requirePending(row: repo.InvitationRow) {
  const status = effectiveStatus(row);
  if (status !== 'PENDING') throw conflict(`The invitation is ${status}`);
}

/** 409 naming the current state of an invitation that is no longer PENDING. */
async function notPending(ctx: Pick<AppContext, 'db'>, id: string, fallback: repo.InvitationRow) {
  const current = (await repo.findInvitation(ctx.db, id)) ?? fallback;
  return conflict(`The invitation is ${effectiveStatus(current)}`);
}

/**
 * POST /invitations/{id}/accept: the logged-in user whose email matches becomes a member with the
 * invited role; the token stops working (single use). When the user is already a member the
 * invitation is still settled (ACCEPTED) and the answer is 409.
 *
 * @throws 404 unknown, not addressed to the caller or its organization deleted; 403 for an API key
 *   restricted to another organization or when the max_members quota is reached (the invitation
 *   stays PENDING); 409 not PENDING (accepted, expired…) or already a member
 */
export async function acceptInvitation(
  ctx: Pick<AppContext, 'database' | 'db' | 'standIns' | 'userDirectory'>,
  principal: Principal,
  id: string,
) {
  const row = await ownInvitation(ctx, principal, id);
  if (!(await findOrganizationById(ctx.db, row.organizationId))) throw notFound('Invitation');
  requireKeyScope(principal, row.organizationId);
  requirePending(row);
  const result = await ctx.db.transaction(async (tx) => {
    const invitation = await repo.transitionInvitation(
      tx,
      id,
      ['PENDING'],
      { status: 'ACCEPTED' },
      new Date(),
    );
    if (!invitation) return undefined;
    // The stand-in the organization saw for this person, if their account existed when invited
    // (decision 351), passes its memberships — with the roles they have now — to the account.
    const held = await claimPendingInvitees(tx, ctx.standIns, row.organizationId, row.email);
    await enforceMemberQuota(tx, ctx.userDirectory, row.organizationId, principal.user.id);
    let membership: Awaited<ReturnType<typeof insertMembershipIfAbsent>> | undefined;
    const here = { organizationId: row.organizationId, role: row.role };
    for (const m of [
      ...held.filter((h) => h.organizationId !== row.organizationId),
      held.find((h) => h.organizationId === row.organizationId) ?? here,
    ]) {
      const added = await insertMembershipIfAbsent(tx, { ...m, userId: principal.user.id });
      // An organization the stand-in owned keeps its one OWNER.
      if (!added && m.role === 'OWNER') await setRole(tx, m.organizationId, principal.user.id, 'OWNER');
      if (m.organizationId === row.organizationId) membership = added;
    }
    return { invitation, membership };
  });
  if (!result) throw await notPending(ctx, id, row);
  if (!result.membership) throw conflict('You are already a member of this organization');
  // The invitee's cached principals must see the new membership on every server process at once.
  await propagateAuthChange(ctx.database);
  return { invitation: result.invitation, membership: result.membership };
}

/** POST /invitations/{id}/reject by the invitee. @throws 404 not addressed to the caller, 409 not PENDING */
export async function rejectInvitation(ctx: Pick<AppContext, 'db'>, principal: Principal, id: string) {
  const row = await ownInvitation(ctx, principal, id);
  requirePending(row);
  const rejected = await repo.transitionInvitation(
    ctx.db,
    id,
    ['PENDING'],
    { status: 'REJECTED' },
    new Date(),
  );
  if (!rejected) throw await notPending(ctx, id, row);
  return rejected;
}

async function administeredInvitation(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  const row = await repo.findInvitation(ctx.db, id);
  if (!row) throw notFound('Invitation');
  const { org, role } = await getReadableOrganization(ctx, principal, row.organizationId).catch(() => {
    // Another tenant's invitation does not exist for this caller (spec §5).
    throw notFound('Invitation');
  });
  void tenant;
  requireRole(principal, role, ['OWNER', 'ADMIN']);
  return { row, org };
}

/** POST /invitations/{id}/resend: new token and expiry (7 days), email sent again; PENDING or EXPIRED only. */
export async function resendInvitation(
  ctx: Pick<AppContext, 'config' | 'db' | 'mailer'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  const { row, org } = await administeredInvitation(ctx, principal, tenant, id);
  if (row.status !== 'PENDING' && row.status !== 'EXPIRED') throw conflict(`The invitation is ${row.status}`);
  const { token, tokenHash } = newToken(ctx);
  const updated = await ctx.db.transaction(async (tx) => {
    const other = await repo.findPending(tx, row.organizationId, row.email);
    if (other && other.id !== row.id) throw conflict('Another invitation is pending for this email');
    return repo.transitionInvitation(tx, id, ['PENDING', 'EXPIRED'], {
      status: 'PENDING',
      tokenHash,
      expiresAt: expiry(ctx),
    });
  });
  if (!updated) throw await notPending(ctx, id, row);
  await sendInvitationEmail(ctx, updated, org.name, token, principal.user.name ?? principal.user.email);
  return updated;
}

/** POST /invitations/{id}/revoke: a PENDING (or expired) invitation stops working. */
export async function revokeInvitation(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  const { row } = await administeredInvitation(ctx, principal, tenant, id);
  if (row.status !== 'PENDING' && row.status !== 'EXPIRED') throw conflict(`The invitation is ${row.status}`);
  const revoked = await repo.transitionInvitation(ctx.db, id, ['PENDING', 'EXPIRED'], { status: 'REVOKED' });
  if (!revoked) throw await notPending(ctx, id, row);
  return revoked;
}

/** GET /invitations/{token} (public): details of a PENDING, unexpired invitation. @throws 404 otherwise */
export async function invitationByToken(ctx: Pick<AppContext, 'config' | 'db'>, token: string) {
  const invitation = await repo.findInvitationByTokenHash(
    ctx.db,
    hashSecret(ctx.config.secretKey, `invitation:${token}`),
  );
  // The organization row, deleted ones included (a deleted organization's invitation is a 404).
  const organization =
    invitation && (await findOrganizationById(ctx.db, invitation.organizationId, { includeDeleted: true }));
  if (!invitation || !organization || effectiveStatus(invitation) !== 'PENDING' || organization.deletedAt) {
    throw notFound('Invitation');
  }
  return { invitation, organization };
}
