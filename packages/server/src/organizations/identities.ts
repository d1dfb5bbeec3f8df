import type { Principal } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { conflict, notFound } from '../http/problem.js';
import * as repo from './repository.js';
import { getAdministeredOrganization, getReadableOrganization } from './service.js';

/**
 * An organization's identities (legal names, domains, e-mail domains…) that tell "us" from a
 * counterparty: members read them, OWNER/ADMIN change them (docs/decisions.md).
 */

export async function listIdentities(ctx: Pick<AppContext, 'db'>, principal: Principal, orgId: string) {
  await getReadableOrganization(ctx, principal, orgId);
  return repo.listIdentities(ctx.db, orgId);
}

export async function createIdentity(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  orgId: string,
  input: { kind: repo.IdentityRow['kind']; value: string; primary?: boolean | undefined },
) {
  await getAdministeredOrganization(ctx, principal, orgId);
  const value = normaliseIdentityValue(input.kind, input.value);
  if (await repo.findIdentityByValue(ctx.db, orgId, input.kind, value)) {
    throw conflict(`The organization already has the identity ${input.kind} "${value}"`);
  }
  return ctx.db.transaction(async (tx) => {
    const existing = await repo.listIdentities(tx, orgId);
    const isPrimary = input.primary ?? existing.length === 0;
    if (isPrimary) await repo.clearPrimaryIdentity(tx, orgId);
    return repo.insertIdentity(tx, { organizationId: orgId, kind: input.kind, value, isPrimary });
  });
}

export async function updateIdentity(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  orgId: string,
  identityId: string,
  input: {
    kind?: repo.IdentityRow['kind'] | undefined;
    value?: string | undefined;
    primary?: boolean | undefined;
  },
) {
  await getAdministeredOrganization(ctx, principal, orgId);
  const identity = await repo.findIdentity(ctx.db, orgId, identityId);
  if (!identity) throw notFound('Identity');
  const kind = input.kind ?? identity.kind;
  const value = input.value !== undefined ? normaliseIdentityValue(kind, input.value) : identity.value;
  const clash = await repo.findIdentityByValue(ctx.db, orgId, kind, value);
  if (clash && clash.id !== identityId)
    throw conflict(`The organization already has the identity ${kind} "${value}"`);
  return ctx.db.transaction(async (tx) => {
    if (input.primary === true) await repo.clearPrimaryIdentity(tx, orgId);
    const row = await repo.updateIdentity(tx, identityId, {
      kind,
      value,
      ...(input.primary !== undefined ? { isPrimary: input.primary } : {}),
    });
    if (!row) throw notFound('Identity');
    return row;
  });
}

export async function deleteIdentity(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  orgId: string,
  identityId: string,
) {
  await getAdministeredOrganization(ctx, principal, orgId);
  const identity = await repo.findIdentity(ctx.db, orgId, identityId);
  if (!identity) throw notFound('Identity');
  await repo.deleteIdentity(ctx.db, identityId);
  return identity;
}

export async function makeIdentityPrimary(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  orgId: string,
  identityId: string,
) {
  return updateIdentity(ctx, principal, orgId, identityId, { primary: true });
}

function normaliseIdentityValue(kind: repo.IdentityRow['kind'], value: string): string {
  const v = value.trim();
  return kind === 'DOMAIN' || kind === 'EMAIL_DOMAIN' ? v.toLowerCase().replace(/^@/, '') : v;
}
