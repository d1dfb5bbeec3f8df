import { recordAudit } from '../audit/service.js';
import type { Principal, Tenant } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { conflict, notFound } from '../http/problem.js';
import { newId } from '../ids.js';
import * as repo from './repository.js';
import type { SavedViewInput } from './schemas.js';

export type { SavedViewRow } from './repository.js';

/** Views one user keeps in one organization. */
export const MAX_SAVED_VIEWS = 100;

const ownerOf = (principal: Principal, tenant: Tenant) => ({
  organizationId: tenant.organizationId,
  userId: principal.user.id,
});

/** The caller's saved views in the active organization (of `resource`, when given), by name. */
export async function listSavedViews(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  resource?: string,
) {
  return repo.listViews(ctx.db, ownerOf(principal, tenant), resource);
}

/** One of the caller's views. @throws HttpProblem 404 when absent, or another user's or organization's */
export async function getSavedView(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  const row = await repo.findView(ctx.db, ownerOf(principal, tenant), id);
  if (!row) throw notFound('Saved view');
  return row;
}

/**
 * Saves a view of a list for the caller in the active organization; any member may.
 *
 * @throws HttpProblem 409 when the caller has a view of that name (case-insensitive) or already
 *   {@link MAX_SAVED_VIEWS}
 */
export async function createSavedView(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  v: SavedViewInput & { resource: string },
) {
  const owner = ownerOf(principal, tenant);
  return ctx.db.transaction(async (tx) => {
    if ((await repo.countViews(tx, owner)) >= MAX_SAVED_VIEWS)
      throw conflict(
        `You have ${MAX_SAVED_VIEWS} saved views in this organization already; delete one first`,
      );
    if (await repo.nameTaken(tx, owner, v.name)) throw conflict(`You already have a view named "${v.name}"`);
    const row = await repo.insertView(tx, {
      id: newId(),
      ...owner,
      name: v.name,
      resource: v.resource,
      query: v.query as Record<string, string>,
      columns: v.columns,
      showInSidebar: v.show_in_sidebar,
    });
    await audit(tx, 'saved_view.create', row);
    return row;
  });
}

/**
 * Replaces a view's name, filters, columns and sidebar flag.
 *
 * @throws HttpProblem 404 as {@link getSavedView}; 409 for a name another of the caller's views has
 */
export async function updateSavedView(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
  v: SavedViewInput,
) {
  const owner = ownerOf(principal, tenant);
  return ctx.db.transaction(async (tx) => {
    if (await repo.nameTaken(tx, owner, v.name, id))
      throw conflict(`You already have a view named "${v.name}"`);
    const row = await repo.updateView(tx, owner, id, {
      name: v.name,
      query: v.query as Record<string, string>,
      columns: v.columns,
      showInSidebar: v.show_in_sidebar,
    });
    if (!row) throw notFound('Saved view');
    await audit(tx, 'saved_view.update', row);
    return row;
  });
}

/** Deletes one of the caller's views. @throws HttpProblem 404 as {@link getSavedView} */
export async function deleteSavedView(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  const owner = ownerOf(principal, tenant);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findView(tx, owner, id);
    if (!row || !(await repo.deleteView(tx, owner, id))) throw notFound('Saved view');
    await audit(tx, 'saved_view.delete', row);
  });
}

function audit(tx: Parameters<typeof recordAudit>[0], action: string, row: repo.SavedViewRow) {
  return recordAudit(tx, {
    organizationId: row.organizationId,
    action,
    resourceType: 'saved_view',
    resourceId: row.id,
    changes: { name: row.name, resource: row.resource, query: row.query, columns: row.columns },
  });
}
