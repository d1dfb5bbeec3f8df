import type { AppContext } from '../context.js';
import { forbidden } from '../http/problem.js';
import type { Principal, Role, Tenant } from './principal.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The active organization of a request (DESIGN.md §4): the `X-Organization-Id` header when
 * given, else the API key's organization, else the user's default organization, else the
 * personal one, else the oldest membership.
 *
 * @throws HttpProblem 403 when the header is malformed, the caller is not a member of the named
 *   organization (or the key is restricted to another one) or has no organization at all
 */
export async function resolveTenant(
  ctx: Pick<AppContext, 'db' | 'principals'>,
  principal: Principal,
  header: string | undefined,
): Promise<Tenant> {
  const keyOrg = principal.apiKey?.organizationId ?? null;
  if (header !== undefined && header !== '') {
    if (!UUID.test(header))
      throw forbidden('X-Organization-Id must be the UUID of an organization you belong to');
    requireKeyScope(principal, header);
    return tenantFor(ctx, principal, header);
  }
  if (keyOrg) return tenantFor(ctx, principal, keyOrg);
  const memberships =
    principal.memberships ?? (await ctx.principals.listMembershipSummaries(ctx.db, principal.user.id));
  const chosen =
    memberships.find((m) => m.organizationId === principal.user.defaultOrganizationId) ??
    memberships.find((m) => m.kind === 'PERSONAL') ??
    memberships[0];
  if (!chosen) throw forbidden('You are not a member of any organization');
  return { organizationId: chosen.organizationId, role: chosen.role };
}

async function tenantFor(
  ctx: Pick<AppContext, 'db' | 'principals'>,
  principal: Principal,
  organizationId: string,
): Promise<Tenant> {
  const known = principal.memberships?.find((m) => m.organizationId === organizationId);
  if (known) return { organizationId, role: known.role };
  const found = await ctx.principals.findOrganizationRole(ctx.db, organizationId, principal.user.id);
  if (found?.role) return { organizationId, role: found.role };
  if (found && principal.user.isSystemAdmin) return { organizationId, role: null };
  throw forbidden('You are not a member of this organization');
}

/**
 * Checks that the credential may act on `organizationId`: an API key created with
 * `organization_id` is restricted to that organization (docs/authentication.md), whatever the
 * organization named in a header, path or body.
 *
 * @throws HttpProblem 403 when the key is restricted to another organization
 */
export function requireKeyScope(principal: Principal, organizationId: string): void {
  const keyOrg = principal.apiKey?.organizationId ?? null;
  if (keyOrg && keyOrg !== organizationId)
    throw forbidden('This API key is restricted to another organization');
}

/**
 * Checks that the caller holds one of `roles` (SYSTEM_ADMIN passes every role check, being
 * platform-wide; docs/decisions.md).
 *
 * @throws HttpProblem 403 naming the roles required
 */
export function requireRole(principal: Principal, role: Role | null, roles: readonly Role[]): void {
  if (principal.user.isSystemAdmin) return;
  if (role && roles.includes(role)) return;
  throw forbidden(`This action requires the role ${roles.join(' or ')}`);
}

/** @throws HttpProblem 403 unless the caller is a SYSTEM_ADMIN */
export function requireSystemAdmin(principal: Principal): void {
  if (!principal.user.isSystemAdmin) throw forbidden('This action requires the role SYSTEM_ADMIN');
}
