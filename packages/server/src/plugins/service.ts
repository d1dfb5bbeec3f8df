import { recordAudit } from '../audit/service.js';
import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { conflict, HttpProblem, notFound } from '../http/problem.js';
import { enforceCountQuota, getQuotasOf } from '../organizations/quotas.js';
import { getSettingsOf } from '../organizations/settings.js';
import { type CheckedCode, checkPluginCode, InvalidPluginCode, sha256 } from './code.js';
import { carriedConfigs, validateConfigs } from './configs.js';
import { listPluginHandlerRuns, type PluginHandlerRunPage } from './handler-runs.js';
import { forgetProtocolFailures } from './quarantine.js';
import * as repo from './repository.js';

export { pluginArchiveTables } from './archive.js';
export { type CheckedCode, checkPluginCode, InvalidPluginCode, toInvalidPluginBody } from './code.js';
export { validateConfigs } from './configs.js';
export { recordPluginFailure } from './quarantine.js';
export type { PluginRow, PluginVersionRow } from './repository.js';

/** Roles that may register, read, change and delete plugins (spec 4.9). */
const PLUGIN_ROLES = ['OWNER', 'ADMIN'] as const;

function sourceTypeOf(manifest: Record<string, unknown>): string | undefined {
  const attrs = manifest.attributes as Record<string, unknown> | undefined;
  return typeof attrs?.source_type === 'string' ? attrs.source_type : undefined;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const nameTaken = (name: string) => conflict(`A plugin named "${name}" already exists in this organization`);
const sourceTypeTaken = (sourceType: string, other: string) =>
  conflict(
    `The source_type "${sourceType}" is already used by the plugin "${other}"; source types are unique per organization`,
  );

async function checkQuota(db: Executor, organizationId: string): Promise<void> {
  const quotas = await getQuotasOf(db, organizationId);
  if (quotas?.maxPlugins === null || quotas?.maxPlugins === undefined) return;
  enforceCountQuota('max_plugins', quotas.maxPlugins, await repo.countPlugins(db, organizationId));
}

async function checkSourceType(
  db: Executor,
  organizationId: string,
  checked: CheckedCode,
  exceptId?: string,
): Promise<void> {
  const sourceType = checked.type === 'SOURCE' ? sourceTypeOf(checked.manifest) : undefined;
  if (!sourceType) return;
  const other = await repo.findLiveSourceByType(db, organizationId, sourceType, exceptId);
  if (other) throw sourceTypeTaken(sourceType, other.name);
}

/** Input of POST /plugins. */
export interface PluginCreateInput {
  name: string;
  code: string;
  description?: string | null | undefined;
  configs?: Record<string, unknown> | undefined;
}

/**
 * POST /plugins (spec 4.9): validates the code, reads its class description and stores the plugin
 * with version 1.
 *
 * @returns the plugin row and its version 1
 * @throws HttpProblem 403 for a caller who is not OWNER or ADMIN, or when the quota max_plugins is reached
 * @throws InvalidPluginCode (400, spec §7) when the code fails validation or cannot be loaded
 * @throws HttpProblem 400 naming `body.configs.<key>` for configs that do not fit the parameters
 * @throws HttpProblem 409 when the name, or a SOURCE plugin's source_type, is already used by a live plugin
 */
export async function createPlugin(
  ctx: Pick<AppContext, 'db' | 'log' | 'plugins'>,
  principal: Principal,
  tenant: Tenant,
  input: PluginCreateInput,
) {
  requireRole(principal, tenant.role, PLUGIN_ROLES);
  const orgId = tenant.organizationId;
  // Cheap checks first, so a full organization does not pay for a runtime round trip.
  await checkQuota(ctx.db, orgId);
  if (await repo.findPluginByName(ctx.db, orgId, input.name)) throw nameTaken(input.name);
  const checked = await checkPluginCode(ctx, orgId, input.code);
  const configs = input.configs ?? {};
  validateConfigs(configs, checked.manifest);
  try {
    return await ctx.db.transaction(async (tx) => {
      await repo.lockOrganizationPlugins(tx, orgId);
      await checkQuota(tx, orgId);
      if (await repo.findPluginByName(tx, orgId, input.name)) throw nameTaken(input.name);
      await checkSourceType(tx, orgId, checked);
      const plugin = await repo.insertPlugin(tx, {
        organizationId: orgId,
        name: input.name,
        type: checked.type,
        className: checked.className,
        description: input.description ?? null,
        createdBy: principal.user.id,
      });
      const version = await repo.insertVersion(tx, {
        pluginId: plugin.id,
        version: 1,
        code: input.code,
        sha256: checked.sha256,
        configs,
        manifest: checked.manifest,
        createdBy: principal.user.id,
      });
      await recordAudit(tx, {
        organizationId: orgId,
        action: 'plugin.create',
        resourceType: 'plugin',
        resourceId: plugin.id,
        changes: {
          name: plugin.name,
          type: plugin.type,
          class_name: plugin.className,
          version: 1,
          code_sha256: checked.sha256,
          configs,
        },
      });
      return { plugin, version };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name);
    throw err;
  }
}

/**
 * A live plugin of the tenant with its current version.
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when absent, deleted or another tenant's
 */
export async function getPlugin(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  requireRole(principal, tenant.role, PLUGIN_ROLES);
  const plugin = await repo.findPlugin(ctx.db, tenant.organizationId, id);
  if (!plugin) throw notFound('Plugin');
  const version = await repo.findVersion(ctx.db, plugin.id, plugin.currentVersion);
  if (!version) throw new Error(`plugin ${plugin.id} has no version ${plugin.currentVersion}`);
  return { plugin, version };
}

/**
 * GET /plugins: a page of the tenant's live plugins, optionally of one type.
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN
 */
export async function listPlugins(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  p: Parameters<typeof repo.listPluginsWithVersion>[2],
) {
  requireRole(principal, tenant.role, PLUGIN_ROLES);
  return repo.listPluginsWithVersion(ctx.db, tenant.organizationId, p);
}

/** Input of PATCH /plugins/{id}; absent fields are unchanged. */
export interface PluginUpdateInput {
  name?: string | undefined;
  code?: string | undefined;
  description?: string | null | undefined;
  enabled?: boolean | undefined;
  configs?: Record<string, unknown> | undefined;
}

/**
 * PATCH /plugins/{id} (spec 4.9). New code is validated like on POST and, with the configs, stored
 * as a new immutable version (current + 1); configs alone also make a new version with the same
 * code. Code identical to the current version's without new configs makes no version. When code
 * changes without `configs`, the current configs are carried over as far as they still fit the new
 * parameters. Name, description and enabled change the plugin itself.
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when absent or another tenant's
 * @throws InvalidPluginCode (400, spec §7) when the code fails validation, cannot be loaded or
 *   declares another plugin type (error_type PluginTypeChanged)
 * @throws HttpProblem 400 naming `body.configs.<key>`; 409 for a taken name or source_type
 */
export async function updatePlugin(
  ctx: Pick<AppContext, 'db' | 'log' | 'plugins'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
  input: PluginUpdateInput,
) {
  const { plugin, version: current } = await getPlugin(ctx, principal, tenant, id);
  const orgId = tenant.organizationId;
  const renamed = input.name !== undefined && input.name !== plugin.name;
  if (renamed && input.name !== undefined && (await repo.findPluginByName(ctx.db, orgId, input.name))) {
    throw nameTaken(input.name);
  }
  const checked = await checkChangedCode(ctx, plugin, current, input.code);
  const configs = nextConfigs(input.configs, checked, current);
  const newVersion = checked !== undefined || input.configs !== undefined;
  try {
    return await ctx.db.transaction(async (tx) => {
      await repo.lockOrganizationPlugins(tx, orgId);
      const fresh = await repo.findPlugin(tx, orgId, id);
      if (!fresh) throw notFound('Plugin');
      if (renamed && input.name !== undefined && (await repo.findPluginByName(tx, orgId, input.name))) {
        throw nameTaken(input.name);
      }
      if (checked) await checkSourceType(tx, orgId, checked, id);
      let version = await latestVersion(tx, fresh, current);
      if (newVersion) {
        version = await repo.insertVersion(tx, {
          pluginId: id,
          version: fresh.currentVersion + 1,
          code: input.code !== undefined && checked ? input.code : version.code,
          sha256: checked?.sha256 ?? version.sha256,
          configs: configs ?? version.configs,
          manifest: checked?.manifest ?? version.manifest,
          createdBy: principal.user.id,
        });
      }
      const patch = pluginPatch(input, checked, newVersion ? version.version : undefined);
      const row = await repo.updatePlugin(tx, id, patch);
      if (!row) throw notFound('Plugin');
      await recordAudit(tx, {
        organizationId: orgId,
        action: 'plugin.update',
        resourceType: 'plugin',
        resourceId: id,
        changes: {
          ...patch,
          ...(checked ? { code_sha256: checked.sha256 } : {}),
          ...(configs !== undefined ? { configs } : {}),
        },
      });
      return { plugin: row, version };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name ?? plugin.name);
    throw err;
  }
}

/**
 * Checks `code` when it differs from the current version's; undefined when there is none or it is
 * the same.
 *
 * @throws InvalidPluginCode like {@link checkPluginCode}, or PluginTypeChanged when it declares another type
 */
async function checkChangedCode(
  ctx: Pick<AppContext, 'log' | 'plugins'>,
  plugin: repo.PluginRow,
  current: repo.PluginVersionRow,
  code: string | undefined,
): Promise<CheckedCode | undefined> {
  if (code === undefined || sha256(code) === current.sha256) return undefined;
  const checked = await checkPluginCode(ctx, plugin.organizationId, code);
  if (checked.type !== plugin.type) {
    throw new InvalidPluginCode(`The plugin type cannot change from ${plugin.type} to ${checked.type}`, [
      {
        line: null,
        error_type: 'PluginTypeChanged',
        message: `this plugin is a ${plugin.type} plugin; the new code defines a ${checked.type} plugin (${checked.className})`,
        fix_suggestion: `Keep the base class of a ${plugin.type} plugin, or register the new code as a new plugin with POST /api/v1/plugins.`,
        documentation: null,
      },
    ]);
  }
  return checked;
}

/**
 * The configs of the next version: the given ones (checked against the parameters), or, when only
 * the code changes, the current ones as far as they still fit; undefined = unchanged.
 *
 * @throws HttpProblem 400 naming `body.configs.<key>`
 */
function nextConfigs(
  given: Record<string, unknown> | undefined,
  checked: CheckedCode | undefined,
  current: repo.PluginVersionRow,
): Record<string, unknown> | undefined {
  const manifest = checked?.manifest ?? current.manifest;
  if (given !== undefined) {
    validateConfigs(given, manifest);
    return given;
  }
  return checked ? carriedConfigs(current.configs, manifest) : undefined;
}

/** The version an update builds on: `current`, unless another change landed meanwhile. */
async function latestVersion(
  tx: Executor,
  fresh: repo.PluginRow,
  current: repo.PluginVersionRow,
): Promise<repo.PluginVersionRow> {
  if (fresh.currentVersion === current.version) return current;
  const latest = await repo.findVersion(tx, fresh.id, fresh.currentVersion);
  if (!latest) throw new Error(`plugin ${fresh.id} has no version ${fresh.currentVersion}`);
  return latest;
}

/** The plugin row's changes of an update; `currentVersion` when a new version was made. */
function pluginPatch(
  input: PluginUpdateInput,
  checked: CheckedCode | undefined,
  currentVersion: number | undefined,
): Parameters<typeof repo.updatePlugin>[2] {
  const patch: Parameters<typeof repo.updatePlugin>[2] = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.description !== undefined) patch.description = input.description;
  if (input.enabled !== undefined) patch.enabled = input.enabled;
  if (checked) patch.className = checked.className;
  if (currentVersion !== undefined) patch.currentVersion = currentVersion;
  // New code is a fix attempt: it runs again (and is quarantined again if it still misbehaves).
  if (checked) Object.assign(patch, { quarantinedAt: null, quarantineReason: null });
  return patch;
}

/**
 * DELETE /plugins/{id}: soft delete (the versions are kept).
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when absent or another tenant's; 409 while the
 *   organization settings select it as classification_plugin_id or extraction_plugin_id
 */
export async function deletePlugin(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
): Promise<void> {
  const { plugin } = await getPlugin(ctx, principal, tenant, id);
  const settings = await getSettingsOf(ctx.db, tenant.organizationId);
  const selectedAs =
    settings?.classificationPluginId === plugin.id
      ? 'classification_plugin_id'
      : settings?.extractionPluginId === plugin.id
        ? 'extraction_plugin_id'
        : undefined;
  if (selectedAs) {
    throw conflict(
      `The plugin "${plugin.name}" is selected as ${selectedAs} in the organization settings; unselect it there first`,
    );
  }
  await repo.updatePlugin(ctx.db, plugin.id, { deletedAt: new Date() });
}

/**
 * GET /plugins/{id}/versions: the version history, newest first.
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when absent or another tenant's
 */
export async function listPluginVersions(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  const { plugin } = await getPlugin(ctx, principal, tenant, id);
  return repo.listVersions(ctx.db, plugin.id);
}

/**
 * GET /plugins/{id}/versions/{version}: one stored version with its code.
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when the plugin or the version does not exist
 */
export async function getPluginVersion(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
  version: number,
) {
  const { plugin } = await getPlugin(ctx, principal, tenant, id);
  const row = await repo.findVersion(ctx.db, plugin.id, version);
  if (!row) throw notFound(`Version ${version} of the plugin`);
  return row;
}

/**
 * Checks that `pluginId` names a live, enabled plugin of `type` in the organization, for the
 * organization settings that select the pipeline's plugins.
 *
 * @throws HttpProblem 400 naming `field` otherwise
 */
export async function requireSelectablePlugin(
  ctx: Pick<AppContext, 'db'>,
  organizationId: string,
  pluginId: string,
  type: 'CLASSIFICATION' | 'EXTRACTION',
  field: string,
): Promise<void> {
  const plugin = await repo.findPlugin(ctx.db, organizationId, pluginId);
  const problem = !plugin
    ? 'no plugin with this id in the organization'
    : plugin.type !== type
      ? `plugin ${plugin.name} is a ${plugin.type} plugin, not ${type}`
      : !plugin.enabled
        ? `plugin ${plugin.name} is disabled`
        : undefined;
  if (problem) throw new HttpProblem(400, `${field}: ${problem}`, { errors: [{ field, message: problem }] });
}

/**
 * The live plugins among `ids` of the organization as its settings name them (organizations'
 * `PluginDescriber`, passed in by app.ts): name, type, current version and state, no code, so
 * every member can read which plugins classify and extract. Unknown ids are left out.
 */
export async function describePlugins(
  ctx: Pick<AppContext, 'db'>,
  organizationId: string,
  ids: readonly string[],
): Promise<
  {
    id: string;
    name: string;
    type: repo.PluginType;
    version: number;
    enabled: boolean;
    quarantined: boolean;
  }[]
> {
  const rows = await repo.describePlugins(ctx.db, organizationId, ids);
  return rows.map(({ quarantinedAt, ...r }) => ({ ...r, quarantined: quarantinedAt !== null }));
}

/** A plugin whose current version declares event handlers, as the event dispatcher needs it. */
export interface HandlerPlugin {
  id: string;
  organizationId: string;
  /** The current version number; a delivery runs exactly this version. */
  version: number;
  /** The version's manifest; `event_handlers` maps method name → declared event types. */
  manifest: Record<string, unknown>;
}

/**
 * The live, enabled plugins of the organizations whose current version declares at least one
 * event handler (`manifest.event_handlers` non-empty). No principal: for the event dispatcher.
 *
 * @param db the executor to read with, e.g. the dispatcher's transaction (default `ctx.db`)
 */
export async function enabledPluginsWithHandlers(
  ctx: AppContext,
  organizationIds: readonly string[],
  db: Executor = ctx.db,
): Promise<HandlerPlugin[]> {
  const rows = await repo.enabledPluginsOf(db, organizationIds);
  return rows.filter((p) => p.manifest.event_handlers);
}

/**
 * A plugin and the version a handler delivery names, whatever the plugin's state (the caller
 * checks `enabled` and `deletedAt`). No principal: for the event worker.
 *
 * @returns `{plugin, version}`, or undefined when the plugin or the version does not exist
 */
export async function pluginVersionForHandler(
  ctx: Pick<AppContext, 'db'>,
  pluginId: string,
  version: number,
) {
  return repo.findPluginWithVersion(ctx.db, pluginId, version);
}

/**
 * GET /plugins/{id}/event-runs: a page of the runs of the plugin's event handlers (one per event
 * delivered to it), each with its attempts oldest first.
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when the plugin is absent, deleted or
 *   another tenant's
 */
export async function listPluginEventRuns(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
  p: Parameters<typeof listPluginHandlerRuns>[3],
): Promise<PluginHandlerRunPage> {
  const { plugin } = await getPlugin(ctx, principal, tenant, id);
  return listPluginHandlerRuns(ctx, tenant.organizationId, plugin.id, p);
}

/**
 * DELETE /plugins/{id}/quarantine: lets a quarantined plugin run again (a new version of its code
 * lifts the quarantine too). Lifting a plugin that is not quarantined changes nothing.
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when absent or another tenant's
 */
export async function liftQuarantine(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  const { plugin, version } = await getPlugin(ctx, principal, tenant, id);
  if (!plugin.quarantinedAt) return { plugin, version };
  forgetProtocolFailures(id);
  const row = await repo.updatePlugin(ctx.db, id, { quarantinedAt: null, quarantineReason: null });
  if (!row) throw notFound('Plugin');
  return { plugin: row, version };
}
