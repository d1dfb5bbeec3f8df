import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { badRequest, conflict } from '../http/problem.js';
import { putQuotasOf as putQuotas } from '../organizations/quotas.js';
import { type PlanName, quotasOfPlan } from './plans.js';
import * as repo from './repository.js';

export type { EntitlementInput, EntitlementRow, EntitlementStatus } from './repository.js';

/** Status as clients see it: an ACTIVE entitlement past `ends_at` is EXPIRED even before the scan runs. */
export function effectiveStatus(row: repo.EntitlementRow, now = new Date()): repo.EntitlementStatus {
  return row.status === 'ACTIVE' && row.endsAt && row.endsAt <= now ? 'EXPIRED' : row.status;
}

/** The plan an entitlement grants now: its own while ACTIVE, else `free`. */
export function effectivePlan(row: repo.EntitlementRow | undefined, now = new Date()): PlanName {
  return row && effectiveStatus(row, now) === 'ACTIVE' ? row.plan : 'free';
}

/**
 * Writes the quotas of the organization's plan into its quotas row: the plan of the entitlement
 * linked last, or `free` when it is no longer ACTIVE. Does nothing for an organization that never
 * had an entitlement (its quotas stay as a SYSTEM_ADMIN set them).
 */
export async function applyPlanQuotas(db: Executor, organizationId: string, now = new Date()) {
  const current = await repo.currentOfOrganization(db, organizationId);
  if (!current) return undefined;
  const plan = effectivePlan(current, now);
  await putQuotas(db, organizationId, quotasOfPlan(plan));
  return plan;
}

/**
 * Registers an entitlement (POST /marketplace/entitlements, signed notification or CLI import):
 * inserts it, or updates plan, status, email and dates of the known one. A linked entitlement's
 * organization gets the quotas of its (new) plan at once — `free` after CANCELLED, SUSPENDED or
 * EXPIRED.
 *
 * @throws HttpProblem 409 when the entitlement is known under another account_id
 */
export async function registerEntitlement(ctx: Pick<AppContext, 'db'>, input: repo.EntitlementInput) {
  const v = { ...input, email: input.email.trim().toLowerCase() };
  return ctx.db.transaction(async (tx) => {
    const known = await repo.findEntitlement(tx, v.entitlementId);
    if (known && known.accountId !== v.accountId) {
      throw conflict(`Entitlement ${v.entitlementId} belongs to another account_id`);
    }
    const { row, created } = await repo.upsertEntitlement(tx, v);
    if (row.organizationId) await applyPlanQuotas(tx, row.organizationId);
    return { entitlement: row, created };
  });
}

async function requireLinker(principal: Principal, tenant: Tenant) {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
}

async function linkRow(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  row: repo.EntitlementRow,
) {
  if (row.organizationId) throw badRequest(`Entitlement ${row.entitlementId} is already linked`);
  const status = effectiveStatus(row);
  if (status !== 'ACTIVE') throw badRequest(`Entitlement ${row.entitlementId} is ${status}`);
  return ctx.db.transaction(async (tx) => {
    const linked = await repo.linkEntitlement(tx, row.id, tenant.organizationId, principal.user.id);
    if (!linked) throw badRequest(`Entitlement ${row.entitlementId} is already linked`);
    await applyPlanQuotas(tx, tenant.organizationId);
    return linked;
  });
}

/**
 * POST /marketplace/link: links the entitlement to the active organization and applies its plan.
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN of the active organization; 400 when the
 *   entitlement is unknown, already linked, or no longer ACTIVE
 */
export async function linkByEntitlement(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  entitlementId: string,
) {
  await requireLinker(principal, tenant);
  const row = await repo.findEntitlement(ctx.db, entitlementId);
  if (!row) throw badRequest(`Entitlement ${entitlementId} not found`);
  return linkRow(ctx, principal, tenant, row);
}

/**
 * POST /marketplace/link-by-account: links the newest unlinked ACTIVE entitlement of the
 * marketplace account to the active organization (the signup flow of spec 4.6).
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 400 when the account is unknown or all its
 *   entitlements are linked already or no longer ACTIVE
 */
export async function linkByAccount(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  accountId: string,
) {
  await requireLinker(principal, tenant);
  const rows = await repo.listByAccount(ctx.db, accountId);
  if (rows.length === 0) throw badRequest(`Account ${accountId} not found`);
  const candidate = rows.find((r) => !r.organizationId && effectiveStatus(r) === 'ACTIVE');
  if (!candidate) {
    throw badRequest(
      rows.some((r) => !r.organizationId)
        ? `Account ${accountId} has no ACTIVE entitlement to link`
        : `The entitlement of account ${accountId} is already linked`,
    );
  }
  return linkRow(ctx, principal, tenant, candidate);
}

/** GET /marketplace/pending: whether an unlinked ACTIVE entitlement exists for the caller's email. */
export async function hasPendingEntitlement(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
): Promise<boolean> {
  return repo.hasPendingForEmail(ctx.db, principal.user.email.trim().toLowerCase());
}

/** What GET /marketplace/subscription answers. */
export interface Subscription {
  plan: PlanName;
  status: repo.EntitlementStatus | 'NONE';
  effective_plan: PlanName;
  entitlement_id: string | null;
  account_id: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
}

/**
 * GET /marketplace/subscription: the entitlement linked last to the active organization, or
 * `{plan: "free", status: "NONE"}`. An entitlement found past its end is expired on the spot
 * (and the organization's quotas fall back to free) without waiting for the scan.
 */
export async function subscriptionOf(ctx: Pick<AppContext, 'db'>, tenant: Tenant): Promise<Subscription> {
  const row = await repo.currentOfOrganization(ctx.db, tenant.organizationId);
  if (!row) {
    return {
      plan: 'free',
      status: 'NONE',
      effective_plan: 'free',
      entitlement_id: null,
      account_id: null,
      starts_at: null,
      ends_at: null,
    };
  }
  const status = effectiveStatus(row);
  if (status !== row.status) await expireDueEntitlements(ctx);
  return {
    plan: row.plan,
    status,
    effective_plan: effectivePlan(row),
    entitlement_id: row.entitlementId,
    account_id: row.accountId,
    starts_at: row.startsAt,
    ends_at: row.endsAt,
  };
}

/**
 * Marks entitlements past `ends_at` EXPIRED and drops their organizations to the free plan.
 * Idempotent and safe to run from several servers at once (conditional update).
 *
 * @returns how many entitlements expired
 */
export async function expireDueEntitlements(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const expired = await repo.expireDue(tx, now);
    const orgs = new Set(expired.map((r) => r.organizationId).filter((id): id is string => id !== null));
    for (const orgId of orgs) await applyPlanQuotas(tx, orgId, now);
    return expired.length;
  });
}
