/**
 * Source connections as the rest of the domain and other domains reach them, below service.ts:
 * the writers' roles, the tenant-scoped lookup, the `max_sources` check and the current source
 * plugin of a custom connection. The sync and the OAuth flow use this module, so service.ts can
 * use the sync without an import cycle.
 */
import { sql } from 'drizzle-orm';
import type { Tenant } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { notFound } from '../http/problem.js';
import { enforceCountQuota, getQuotasOf } from '../organizations/quotas.js';
import * as plugins from '../plugins/records.js';
import type { ConnectionRow } from './repository.js';
import * as repo from './repository.js';

/** Roles that may change a tenant's connections. */
export const WRITE_ROLES = ['OWNER', 'ADMIN'] as const;

/** @throws HttpProblem 404 when the connection is not in the tenant */
export async function getConnection(
  ctx: Pick<AppContext, 'db'>,
  tenant: Tenant,
  id: string,
): Promise<ConnectionRow> {
  const row = await repo.findConnection(ctx.db, tenant.organizationId, id);
  if (!row) throw notFound('Source connection');
  return row;
}

/**
 * Serialises connection creation in one organization until the transaction ends, then checks
 * the `max_sources` quota (OAUTH and CUSTOM connections count; the built-in manual-upload and
 * email-forwarding connections do not).
 *
 * @throws HttpProblem 403 naming `max_sources` when the quota is reached
 */
export async function lockAndCheckQuota(tx: Executor, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sources:${organizationId}`}, 0))`);
  const quotas = await getQuotasOf(tx, organizationId);
  if (quotas?.maxSources === null || quotas?.maxSources === undefined) return;
  enforceCountQuota('max_sources', quotas.maxSources, await repo.countCountedConnections(tx, organizationId));
}

/** The live, enabled SOURCE plugin `pluginId` of the organization with its current version. */
export async function currentSourcePlugin(
  ctx: Pick<AppContext, 'db'>,
  organizationId: string,
  pluginId: string,
) {
  const plugin = await plugins.findPlugin(ctx.db, organizationId, pluginId);
  if (plugin?.type !== 'SOURCE') return undefined;
  const version = await plugins.findVersion(ctx.db, plugin.id, plugin.currentVersion);
  if (!version) return undefined;
  return { plugin, version };
}
