/**
 * Rules of source connections (spec 4.3, api-decisions §2–3): listing, details, updates,
 * deletion, auto-sync settings, coverage, folders, state, the manual-upload connection and
 * custom (SourcePlugin) connections. Roles: any tenant member reads; OWNER or ADMIN writes.
 * A connection of another organization answers 404.
 */
import { recordAudit } from '../audit/service.js';
import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import type { PageWindow } from '../db/paging.js';
import { sourceDocumentCounts, sourceFolderCounts } from '../documents/service.js';
import { badRequest, notFound } from '../http/problem.js';
import * as plugins from '../plugins/records.js';
import { validateConfigs } from '../plugins/service.js';
import { deleteSecrets, putSecret } from '../vault/service.js';
import { currentSourcePlugin, getConnection, lockAndCheckQuota, WRITE_ROLES } from './connections.js';
import { pluginConfigs } from './ignore.js';
import type { ConnectionRow, ConnectionStatus } from './repository.js';
import * as repo from './repository.js';
import { forwardingEnabled, withShownStatus } from './status.js';
import { abortSync } from './sync.js';

export { currentSourcePlugin, getConnection, lockAndCheckQuota, WRITE_ROLES } from './connections.js';

/**
 * A page of the tenant's connections, each with the status it reads as (status.ts: the
 * EMAIL_FORWARDING connection is DISABLED while the organization's forwarding is off).
 */
export async function listConnections(
  ctx: Pick<AppContext, 'db'>,
  tenant: Tenant,
  p: Parameters<typeof repo.listConnections>[2],
) {
  const forwarding = await forwardingEnabled(ctx, tenant.organizationId);
  return repo.listConnections(ctx.db, tenant.organizationId, p, !forwarding);
}

/**
 * GET /sources/{id}: a connection of the tenant with the status it reads as (status.ts).
 *
 * @throws HttpProblem 404 when the connection is not the tenant's
 */
export async function readConnection(ctx: Pick<AppContext, 'db'>, tenant: Tenant, id: string) {
  return withShownStatus(ctx, await getConnection(ctx, tenant, id));
}

/**
 * A page of the syncs of a connection of the tenant, newest first.
 *
 * @throws HttpProblem 404 when the connection is not the tenant's
 */
export async function listSyncs(
  ctx: Pick<AppContext, 'db'>,
  tenant: Tenant,
  sourceId: string,
  p: PageWindow,
) {
  const row = await getConnection(ctx, tenant, sourceId);
  return repo.listSyncs(ctx.db, row.id, p);
}

/**
 * PATCH /sources/{sourceId}: renames a connection and/or replaces its configs (checked against
 * the SourcePlugin's configurable_parameters for a custom source, apart from the service's own
 * `ignore_patterns` and `ignore_defaults`, which the request schema checks).
 *
 * @throws HttpProblem 403 (role), 404, 400 naming `body.configs.<key>`
 */
export async function updateConnection(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
  body: { name?: string | undefined; configs?: Record<string, unknown> | undefined },
) {
  requireRole(principal, tenant.role, WRITE_ROLES);
  const row = await getConnection(ctx, tenant, id);
  if (body.configs !== undefined && row.kind === 'CUSTOM') {
    const plugin = row.pluginId
      ? await currentSourcePlugin(ctx, tenant.organizationId, row.pluginId)
      : undefined;
    if (plugin) validateConfigs(pluginConfigs(body.configs), plugin.version.manifest);
  }
  const updated = await repo.updateConnection(ctx.db, id, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.configs !== undefined ? { configs: body.configs } : {}),
  });
  if (!updated) throw notFound('Source connection');
  return withShownStatus(ctx, updated);
}

/**
 * DELETE /sources/{id}: stops a running sync of this process (its plugin `fetch` is cancelled at
 * once; a sync in another process stops at its next state save), deletes the vault entries and
 * the connection. Documents it created stay.
 *
 * @throws HttpProblem 403 (role), 404
 */
export async function deleteConnection(ctx: AppContext, principal: Principal, tenant: Tenant, id: string) {
  requireRole(principal, tenant.role, WRITE_ROLES);
  const row = await getConnection(ctx, tenant, id);
  abortSync(ctx, row.id);
  await ctx.db.transaction(async (tx) => {
    // The connection row first (like a sync's own transactions), then what hangs off it.
    await repo.lockConnection(tx, row.id);
    await deleteSecrets(tx, row.id);
    await repo.deleteConnection(tx, row.id);
  });
  ctx.log.info({ sourceId: row.id, organizationId: row.organizationId }, 'source connection deleted');
}

/** The auto-sync setting of a connection. */
export function autoSyncOf(row: ConnectionRow) {
  return {
    enabled: row.autoSync,
    interval_minutes: row.syncIntervalMinutes,
    next_check_at: row.autoSync && row.nextSyncAt ? row.nextSyncAt.toISOString() : null,
  };
}

/**
 * PATCH .../auto-sync `{enabled, interval_minutes}`. Turning it on schedules a `has_new_data`
 * check at once. Only OAUTH and CUSTOM connections sync.
 *
 * @throws HttpProblem 400 for a manual-upload or email-forwarding connection; 403; 404
 */
export async function setAutoSync(
  ctx: Pick<AppContext, 'config' | 'db' | 'queue'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
  body: { enabled?: boolean | undefined; interval_minutes?: number | undefined },
) {
  requireRole(principal, tenant.role, WRITE_ROLES);
  const row = await getConnection(ctx, tenant, id);
  if (!repo.COUNTED_KINDS.includes(row.kind) && body.enabled) {
    throw badRequest(`A ${row.kind} connection receives documents as they arrive and does not sync`, {
      errors: [{ field: 'body.enabled', message: `not available for ${row.kind} connections` }],
    });
  }
  const enabled = body.enabled ?? row.autoSync;
  const interval = body.interval_minutes ?? row.syncIntervalMinutes;
  const nextSyncAt = enabled
    ? !row.autoSync || body.interval_minutes !== undefined
      ? new Date()
      : row.nextSyncAt
    : null;
  const updated = await repo.updateConnection(ctx.db, id, {
    autoSync: enabled,
    syncIntervalMinutes: interval,
    nextSyncAt,
  });
  if (!updated) throw notFound('Source connection');
  // Due now: the polling task (unless switched off) runs at once rather than on its next schedule.
  if (nextSyncAt && nextSyncAt !== row.nextSyncAt && ctx.config.sources.schedulerSeconds > 0)
    await ctx.queue?.runTaskNow('source-poll');
  return updated;
}

const STATUSES = ['RECEIVED', 'PROCESSING', 'PROCESSED', 'FAILED'] as const;
type StatusCounts = Record<(typeof STATUSES)[number], number>;
const zeroCounts = (): StatusCounts => ({ RECEIVED: 0, PROCESSING: 0, PROCESSED: 0, FAILED: 0 });

function coverageOf(row: ConnectionRow, counts: { status: string; n: number }[]) {
  const by = zeroCounts();
  for (const c of counts) by[c.status as keyof StatusCounts] += c.n;
  return {
    source_id: row.id,
    name: row.name,
    kind: row.kind,
    total: Object.values(by).reduce((a, b) => a + b, 0),
    by_status: by,
    last_synced_at: row.lastSyncedAt ? row.lastSyncedAt.toISOString() : null,
  };
}

/** GET .../coverage: documents of one connection per status. */
export async function connectionCoverage(ctx: Pick<AppContext, 'db'>, tenant: Tenant, id: string) {
  const row = await getConnection(ctx, tenant, id);
  return coverageOf(row, await sourceDocumentCounts(ctx.db, tenant.organizationId, row.id));
}

/** GET /sources/coverage: documents per status for each connection and for the organization. */
export async function organizationCoverage(ctx: Pick<AppContext, 'db'>, tenant: Tenant) {
  const [rows, counts] = await Promise.all([
    repo.listAllConnections(ctx.db, tenant.organizationId),
    sourceDocumentCounts(ctx.db, tenant.organizationId),
  ]);
  const all = zeroCounts();
  let withoutSource = 0;
  for (const c of counts) {
    all[c.status] += c.n;
    if (!c.sourceId || !rows.some((r) => r.id === c.sourceId)) withoutSource += c.n;
  }
  return {
    organization_id: tenant.organizationId,
    total: Object.values(all).reduce((a, b) => a + b, 0),
    by_status: all,
    without_source: withoutSource,
    sources: rows.map((r) =>
      coverageOf(
        r,
        counts.filter((c) => c.sourceId === r.id),
      ),
    ),
  };
}

/** GET .../folders: the folder paths (`metadata.folder`) of the connection's documents, with counts. */
export async function connectionFolders(ctx: Pick<AppContext, 'db'>, tenant: Tenant, id: string) {
  const row = await getConnection(ctx, tenant, id);
  const rows = await sourceFolderCounts(ctx.db, tenant.organizationId, row.id);
  return {
    folders: rows.map((r) => ({
      path: r.folder,
      documents: r.n,
      last_document_at: r.lastAt ? new Date(r.lastAt).toISOString() : null,
    })),
  };
}

/** GET .../state: the saved source state (credentials live in the vault, never here). */
export async function connectionState(ctx: Pick<AppContext, 'db'>, tenant: Tenant, id: string) {
  const row = await getConnection(ctx, tenant, id);
  return {
    source_id: row.id,
    state: row.state,
    updated_at: row.updatedAt.toISOString(),
    last_synced_at: row.lastSyncedAt ? row.lastSyncedAt.toISOString() : null,
  };
}

/** POST /sources/connect/manual-upload: the organization's manual-upload connection, created once. */
export async function manualUploadConnection(
  ctx: Pick<AppContext, 'db'>,
  tenant: Tenant,
  principal: Principal,
) {
  void principal;
  const existing = await repo.findBuiltinConnection(ctx.db, tenant.organizationId, 'MANUAL_UPLOAD');
  if (existing) return existing;
  return repo.insertBuiltinConnection(ctx.db, {
    organizationId: tenant.organizationId,
    kind: 'MANUAL_UPLOAD',
    name: 'Manual upload',
    provider: 'manual_upload',
  });
}

function credentialFieldsOf(manifest: Record<string, unknown>): string[] {
  const attrs = manifest.attributes as Record<string, unknown> | undefined;
  const list = attrs?.credential_fields;
  return Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string') : [];
}

function credentialError(field: string, message: string) {
  return badRequest(`Invalid request: body.credentials.${field}: ${message}`, {
    errors: [{ field: `body.credentials.${field}`, message }],
  });
}

/**
 * Checks credentials against the plugin's `credential_fields`: each declared field is required
 * (a non-empty string), and no other field is accepted. Messages never echo values.
 *
 * @throws HttpProblem 400 naming `body.credentials.<field>`
 */
export function validateCredentials(
  credentials: Record<string, unknown>,
  manifest: Record<string, unknown>,
): void {
  const fields = credentialFieldsOf(manifest);
  for (const key of Object.keys(credentials)) {
    if (!fields.includes(key)) {
      throw credentialError(
        key,
        `unknown credential field; the plugin declares ${fields.length ? fields.join(', ') : 'no credential fields'}`,
      );
    }
  }
  for (const f of fields) {
    const v = credentials[f];
    if (v === undefined || v === null || v === '') throw credentialError(f, 'required');
    if (typeof v !== 'string') throw credentialError(f, 'must be a string');
  }
}

/** Input of POST /sources/custom (CreateCustomSourceRequest). */
export interface CustomSourceInput {
  source_type: string;
  name: string;
  credentials: Record<string, unknown>;
  configs: Record<string, unknown>;
  auto_sync: boolean;
  interval_minutes?: number | undefined;
}

/**
 * POST /sources/custom: a connection that runs the organization's SourcePlugin of `source_type`,
 * its credentials sealed in the vault.
 *
 * @throws HttpProblem 403 (role, or quota `max_sources`)
 * @throws HttpProblem 400 naming `body.source_type` (no live, enabled SourcePlugin of that type),
 *   `body.credentials.<field>` or `body.configs.<key>`
 */
export async function createCustomSource(
  ctx: Pick<AppContext, 'config' | 'db'>,
  principal: Principal,
  tenant: Tenant,
  input: CustomSourceInput,
): Promise<ConnectionRow> {
  requireRole(principal, tenant.role, WRITE_ROLES);
  const found = await plugins.findLiveSourceByType(ctx.db, tenant.organizationId, input.source_type);
  const current = found ? await currentSourcePlugin(ctx, tenant.organizationId, found.id) : undefined;
  if (!current?.plugin.enabled) {
    const message = current
      ? `the SourcePlugin ${current.plugin.name} is disabled`
      : 'no registered SourcePlugin of the organization declares this source_type';
    throw badRequest(`Invalid request: body.source_type: ${message}`, {
      errors: [{ field: 'body.source_type', message }],
    });
  }
  validateCredentials(input.credentials, current.version.manifest);
  validateConfigs(pluginConfigs(input.configs), current.version.manifest);
  return ctx.db.transaction(async (tx) => {
    await lockAndCheckQuota(tx, tenant.organizationId);
    const row = await repo.insertConnection(tx, {
      organizationId: tenant.organizationId,
      name: input.name,
      provider: input.source_type,
      kind: 'CUSTOM',
      status: 'ACTIVE',
      pluginId: current.plugin.id,
      configs: input.configs,
      autoSync: input.auto_sync,
      ...(input.interval_minutes ? { syncIntervalMinutes: input.interval_minutes } : {}),
      nextSyncAt: input.auto_sync ? new Date() : null,
      createdBy: principal.user.id,
    });
    await putSecret(
      ctx,
      tx,
      { organizationId: row.organizationId, connectionId: row.id, purpose: 'credentials' },
      input.credentials,
    );
    await recordAudit(tx, {
      organizationId: row.organizationId,
      action: 'source.connect',
      resourceType: 'source',
      resourceId: row.id,
      changes: {
        name: row.name,
        kind: row.kind,
        provider: row.provider,
        plugin_id: row.pluginId,
        configs: input.configs,
        credentials: input.credentials,
        auto_sync: row.autoSync,
      },
    });
    return row;
  });
}

/** Moves a connection to `status` (and records `error`), e.g. REQUIRES_REAUTHORIZATION. */
export async function setStatus(
  db: Executor,
  id: string,
  status: ConnectionStatus,
  error: string | null = null,
) {
  return repo.updateConnection(db, id, { status, lastError: error });
}
