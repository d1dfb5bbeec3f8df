import { createHash, randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/service.js';
import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { PluginError } from '../engine/runtime-client.js';
import { listPluginHandlerRuns, type PluginHandlerRunPage } from '../events/service.js';
import { badRequest, conflict, HttpProblem, notFound } from '../http/problem.js';
import { enforceCountQuota, getQuotasOf } from '../organizations/quotas.js';
import { getSettingsOf } from '../organizations/settings.js';
import * as repo from './repository.js';
import type { PluginCodeError } from './schemas.js';

export type { PluginRow, PluginVersionRow } from './repository.js';

/** Roles that may register, read, change and delete plugins (spec 4.9). */
const PLUGIN_ROLES = ['OWNER', 'ADMIN'] as const;

/**
 * Plugin code that failed validation (spec §7). Routes answer it with status 400 and the body
 * `{"error": {"code": "INVALID_PLUGIN_CODE", "message", "errors"}}` (see {@link toInvalidPluginBody}).
 */
export class InvalidPluginCode extends Error {
  constructor(
    message: string,
    readonly errors: PluginCodeError[],
  ) {
    super(message);
  }
}

/** The spec §7 body of an {@link InvalidPluginCode}. */
export function toInvalidPluginBody(err: InvalidPluginCode) {
  return { error: { code: 'INVALID_PLUGIN_CODE' as const, message: err.message, errors: err.errors } };
}

const RUNTIME_TYPES: Record<string, repo.PluginType> = {
  source: 'SOURCE',
  classification: 'CLASSIFICATION',
  extraction: 'EXTRACTION',
  benchmark: 'BENCHMARK',
};

/** Remediation hints for the errors `load` can report (docs/plugin-runtime.md `load`). */
const LOAD_FIX: Record<string, string> = {
  SyntaxError: 'Fix the syntax error; `service validate <file>` shows the line.',
  PluginException:
    'Module-level code or the class constructor raised. Import only the standard library and service_sdk, ' +
    'and give the class a constructor without arguments. Reproduce it locally with `service plugin run`.',
  InvalidBaseClass:
    'Define exactly one class inheriting one of SourcePlugin, ClassificationPlugin, ExtractionPlugin or BaseBenchmark.',
  MissingMethod:
    'Implement the methods of the plugin type (spec 4.11) with their stated names and signatures.',
  InvalidClassAttribute:
    'Set the required class attributes, e.g. `source_state_model = MyState` where `class MyState(BaseSourceState)`.',
  Timeout: 'Module-level code must finish quickly; move slow work into the plugin methods.',
  ResourceLimitExceeded:
    'Module-level code used too much CPU time or memory; move work into the plugin methods.',
  CpuTimeExceeded: 'Module-level code used too much CPU time; move work into the plugin methods.',
  RuntimeCrashed:
    'Loading the module ended the plugin runtime; avoid os._exit, signals and native crashes at import time.',
};

type ConfigurableParameter = { parameter_name: string; parameter_type: string; default_value: unknown };

/** What validation and loading learned about a plugin source. */
interface CheckedCode {
  type: repo.PluginType;
  className: string;
  manifest: Record<string, unknown>;
  sha256: string;
}

function sha256(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

function parametersOf(manifest: Record<string, unknown>): ConfigurableParameter[] {
  const list = manifest.configurable_parameters;
  return Array.isArray(list) ? (list as ConfigurableParameter[]) : [];
}

function sourceTypeOf(manifest: Record<string, unknown>): string | undefined {
  const attrs = manifest.attributes as Record<string, unknown> | undefined;
  return typeof attrs?.source_type === 'string' ? attrs.source_type : undefined;
}

/**
 * Validates plugin source like `service validate` (the same Python validator, run by a runtime),
 * then loads it once in a throwaway slot of the organization's runtime pool to read its class
 * description (type, class name, class attributes, configurable parameters).
 *
 * @throws InvalidPluginCode with the validator's findings, or with one entry `{line: null,
 *   error_type: <runtime error_type>}` when loading the module fails
 * @throws HttpProblem 503 when the plugin runtime cannot be reached, or this host cannot sandbox plugin code
 */
export async function checkPluginCode(
  ctx: AppContext,
  organizationId: string,
  code: string,
): Promise<CheckedCode> {
  let summary: Awaited<ReturnType<AppContext['plugins']['validate']>>;
  try {
    summary = await ctx.plugins.validate(code);
  } catch (err) {
    if (err instanceof PluginError) {
      ctx.log.error({ err }, 'plugin validator failed');
      throw new HttpProblem(503, `The plugin validator is unavailable: ${err.message}`);
    }
    throw err;
  }
  if (summary.findings.length > 0) {
    const n = summary.findings.length;
    throw new InvalidPluginCode(
      `The plugin code failed validation: ${n} problem${n === 1 ? '' : 's'} found`,
      summary.findings,
    );
  }
  let described: Record<string, unknown>;
  try {
    described = await ctx.plugins.describe(organizationId, {
      id: `describe-${randomUUID()}`,
      source: code,
      className: summary.className ?? undefined,
    });
  } catch (err) {
    if (!(err instanceof PluginError) || err.errorType === 'HostError') throw err;
    // The server's situation, not the code's: this host cannot sandbox tenant code (docs/security.md).
    if (err.errorType === 'SandboxUnavailable') throw new HttpProblem(503, err.message);
    throw new InvalidPluginCode(`The plugin code could not be loaded: ${err.message}`, [
      {
        line: null,
        error_type: err.errorType,
        message: err.message,
        fix_suggestion: LOAD_FIX[err.errorType] ?? 'Reproduce the error locally with `service plugin run`.',
        documentation: null,
      },
    ]);
  }
  const type = RUNTIME_TYPES[String(described.plugin_type ?? summary.pluginType)];
  const className = String(described.class_name ?? summary.className ?? '');
  if (!type || !className) {
    throw new InvalidPluginCode('The plugin code defines no plugin class', [
      {
        line: null,
        error_type: 'InvalidBaseClass',
        message:
          'no class inheriting SourcePlugin, ClassificationPlugin, ExtractionPlugin or BaseBenchmark was found',
        fix_suggestion: LOAD_FIX.InvalidBaseClass ?? '',
        documentation: null,
      },
    ]);
  }
  const { plugin_id: _throwaway, ...manifest } = described;
  return { type, className, manifest, sha256: sha256(code) };
}

function configError(key: string, message: string): HttpProblem {
  return badRequest(`Invalid request: body.configs.${key}: ${message}`, {
    errors: [{ field: `body.configs.${key}`, message }],
  });
}

function fitsType(value: unknown, type: string): boolean {
  switch (type) {
    case 'str':
      return typeof value === 'string';
    case 'int':
      return typeof value === 'number' && Number.isInteger(value);
    case 'float':
      return typeof value === 'number' && Number.isFinite(value);
    case 'bool':
      return typeof value === 'boolean';
    default:
      return true;
  }
}

/**
 * Checks configs against the plugin's `configurable_parameters`: every key must be a declared
 * `parameter_name` and its value must have the declared `parameter_type` (str, int, float — an
 * integer is a float too — or bool).
 *
 * @throws HttpProblem 400 naming `body.configs.<key>` for an unknown key or a value of the wrong type
 */
export function validateConfigs(configs: Record<string, unknown>, manifest: Record<string, unknown>): void {
  const params = new Map(parametersOf(manifest).map((p) => [p.parameter_name, p]));
  for (const [key, value] of Object.entries(configs)) {
    const param = params.get(key);
    if (!param) {
      const known = [...params.keys()];
      throw configError(
        key,
        `unknown parameter; the plugin declares ${known.length ? known.join(', ') : 'no configurable parameters'}`,
      );
    }
    if (!fitsType(value, param.parameter_type))
      throw configError(key, `must be of type ${param.parameter_type}`);
  }
}

/** The subset of `configs` that still fits the parameters of `manifest` (used when code changes). */
function carriedConfigs(
  configs: Record<string, unknown>,
  manifest: Record<string, unknown>,
): Record<string, unknown> {
  const params = new Map(parametersOf(manifest).map((p) => [p.parameter_name, p]));
  return Object.fromEntries(
    Object.entries(configs).filter(([k, v]) => {
      const p = params.get(k);
      return p !== undefined && fitsType(v, p.parameter_type);
    }),
  );
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
  ctx: AppContext,
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
export async function getPlugin(ctx: AppContext, principal: Principal, tenant: Tenant, id: string) {
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
  ctx: AppContext,
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
  ctx: AppContext,
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
  const codeChanged = input.code !== undefined && sha256(input.code) !== current.sha256;
  let checked: CheckedCode | undefined;
  if (input.code !== undefined && codeChanged) {
    checked = await checkPluginCode(ctx, orgId, input.code);
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
  }
  const manifest = checked?.manifest ?? current.manifest;
  let configs: Record<string, unknown> | undefined;
  if (input.configs !== undefined) {
    validateConfigs(input.configs, manifest);
    configs = input.configs;
  } else if (checked) {
    configs = carriedConfigs(current.configs, manifest);
  }
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
      let version = current;
      if (fresh.currentVersion !== current.version) {
        // Another change landed meanwhile; build on the latest version.
        const latest = await repo.findVersion(tx, id, fresh.currentVersion);
        if (!latest) throw new Error(`plugin ${id} has no version ${fresh.currentVersion}`);
        version = latest;
      }
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
      const patch: Parameters<typeof repo.updatePlugin>[2] = {};
      if (input.name !== undefined) patch.name = input.name;
      if (input.description !== undefined) patch.description = input.description;
      if (input.enabled !== undefined) patch.enabled = input.enabled;
      if (checked) patch.className = checked.className;
      if (newVersion) patch.currentVersion = version.version;
      // New code is a fix attempt: it runs again (and is quarantined again if it still misbehaves).
      if (checked) Object.assign(patch, { quarantinedAt: null, quarantineReason: null });
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
 * DELETE /plugins/{id}: soft delete (the versions are kept).
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when absent or another tenant's; 409 while the
 *   organization settings select it as classification_plugin_id or extraction_plugin_id
 */
export async function deletePlugin(
  ctx: AppContext,
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
export async function listPluginVersions(ctx: AppContext, principal: Principal, tenant: Tenant, id: string) {
  const { plugin } = await getPlugin(ctx, principal, tenant, id);
  return repo.listVersions(ctx.db, plugin.id);
}

/**
 * GET /plugins/{id}/versions/{version}: one stored version with its code.
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when the plugin or the version does not exist
 */
export async function getPluginVersion(
  ctx: AppContext,
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
  ctx: AppContext,
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
export async function pluginVersionForHandler(ctx: AppContext, pluginId: string, version: number) {
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
  ctx: AppContext,
  principal: Principal,
  tenant: Tenant,
  id: string,
  p: Parameters<typeof listPluginHandlerRuns>[3],
): Promise<PluginHandlerRunPage> {
  const { plugin } = await getPlugin(ctx, principal, tenant, id);
  return listPluginHandlerRuns(ctx, tenant.organizationId, plugin.id, p);
}

// --- quarantine (docs/plugin-runtime.md "Protocol limits and quarantine") -------------------------

/** Failures that say the plugin broke the runtime protocol; they count towards quarantine. */
const QUARANTINE_ERRORS: ReadonlySet<string> = new Set(['ProtocolError']);

/** Times (ms) of recent protocol failures per plugin id, in this process. */
const protocolFailures = new Map<string, number[]>();

/**
 * Records a failed call of a registered plugin. A `ProtocolError` (oversize or malformed output,
 * see engine/runtime-client.ts) counts; after `config.pluginQuarantine.after` of them within
 * `windowSeconds` in this process, the plugin is quarantined for its organization: `quarantined_at`
 * and `quarantine_reason` are set and the pipeline fails its documents with that reason instead
 * of running it again. Other failures are ignored.
 *
 * @returns the quarantine reason when this failure quarantined the plugin, else undefined
 */
export async function recordPluginFailure(
  ctx: AppContext,
  organizationId: string,
  pluginId: string,
  err: unknown,
): Promise<string | undefined> {
  if (!(err instanceof PluginError) || !QUARANTINE_ERRORS.has(err.errorType)) return undefined;
  const { after, windowSeconds } = ctx.config.pluginQuarantine;
  const now = Date.now();
  const recent = (protocolFailures.get(pluginId) ?? []).filter((t) => t > now - windowSeconds * 1000);
  recent.push(now);
  if (recent.length < after) {
    protocolFailures.set(pluginId, recent);
    return undefined;
  }
  protocolFailures.delete(pluginId);
  const reason = `${err.errorType} ${recent.length} times within ${windowSeconds} s; last: ${err.message}`;
  const plugin = await repo.findPlugin(ctx.db, organizationId, pluginId);
  if (!plugin || plugin.quarantinedAt) return plugin?.quarantineReason ?? undefined;
  await repo.updatePlugin(ctx.db, pluginId, { quarantinedAt: new Date(now), quarantineReason: reason });
  ctx.log.warn({ organizationId, pluginId, reason }, 'plugin quarantined');
  return reason;
}

/**
 * DELETE /plugins/{id}/quarantine: lets a quarantined plugin run again (a new version of its code
 * lifts the quarantine too). Lifting a plugin that is not quarantined changes nothing.
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when absent or another tenant's
 */
export async function liftQuarantine(ctx: AppContext, principal: Principal, tenant: Tenant, id: string) {
  const { plugin, version } = await getPlugin(ctx, principal, tenant, id);
  if (!plugin.quarantinedAt) return { plugin, version };
  protocolFailures.delete(id);
  const row = await repo.updatePlugin(ctx.db, id, { quarantinedAt: null, quarantineReason: null });
  if (!row) throw notFound('Plugin');
  return { plugin: row, version };
}
