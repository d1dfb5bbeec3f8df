/**
 * How a pipeline step calls its plugin: the organization's chosen plugin of a type (else the
 * built-in one), the values a run shares with the runtime process (file, text, pages, ontology,
 * corpus statistics) named by content, the document as a plugin sees it, and the call itself,
 * whose failures count towards the plugin's quarantine. Split from pipeline/pipeline.ts (issue 34).
 */
import type { AppContext } from '../context.js';
import { builtinPlugin } from '../engine/builtin-plugins.js';
import type { SharedArg } from '../engine/plugin-host.js';
import type { CallOptions, PluginCode } from '../engine/plugin-host-options.js';
import { PluginError } from '../engine/runtime-protocol.js';
import type { OrganizationReads } from '../organizations/settings.js';
import { findPlugin, findVersion } from '../plugins/records.js';
import { recordPluginFailure } from '../plugins/service.js';
import { type DocumentRow, PermanentStepError, type Run } from './run.js';
import { contentHash } from './training-examples.js';

/** The plugin a step runs: its code, its configs, and the registered plugin's id (none for built-ins). */
export type StepPlugin = PluginCode & { configs: Record<string, unknown>; pluginId?: string };

/** The organization's chosen plugin of a type (its settings, read once per run), else the built-in one. */
export async function pluginFor(
  ctx: AppContext,
  org: OrganizationReads,
  type: 'CLASSIFICATION' | 'EXTRACTION',
): Promise<StepPlugin> {
  const organizationId = org.organizationId;
  const settings = await org.settings();
  const chosen = type === 'CLASSIFICATION' ? settings?.classificationPluginId : settings?.extractionPluginId;
  if (chosen) {
    const plugin = await findPlugin(ctx.db, organizationId, chosen);
    if (!plugin?.enabled)
      throw new PermanentStepError(
        `the configured ${type.toLowerCase()} plugin ${chosen} is missing or disabled`,
      );
    if (plugin.type !== type)
      throw new PermanentStepError(`plugin ${plugin.name} is a ${plugin.type} plugin, not ${type}`);
    if (plugin.quarantinedAt)
      throw new PermanentStepError(
        `plugin ${plugin.name} is quarantined since ${plugin.quarantinedAt.toISOString()} (${plugin.quarantineReason ?? 'no reason recorded'}); upload fixed code or lift it with DELETE /api/v1/plugins/${plugin.id}/quarantine`,
      );
    const version = await findVersion(ctx.db, plugin.id, plugin.currentVersion);
    if (!version)
      throw new PermanentStepError(`plugin ${plugin.name} has no version ${plugin.currentVersion}`);
    return {
      id: `${plugin.id}@${version.version}`,
      source: version.code,
      className: plugin.className,
      configs: version.configs,
      pluginId: plugin.id,
    };
  }
  const builtin = builtinPlugin(
    ctx.config.pluginsDir,
    type === 'CLASSIFICATION' ? 'classifier' : 'contractExtractor',
  );
  // Both built-ins ask the LLM (classification: per level, that level's labels only) when one is configured.
  return { ...builtin, configs: { use_llm: ctx.config.llm !== undefined } };
}

/** What a document's text puts between its pages (parsing/pdf.ts). */
const PAGE_SEPARATOR = '\n\n';

/**
 * The shared values of a run: `file_data` (base64, computed only when a process needs it) and
 * `document.pages`; `document.text` is the pages joined (the parsers' `text` is
 * `pages.join('\n\n')`), so it names the pages' key and does not travel again — a text that is
 * not the joined pages (none the parsers make) is sent as itself.
 */
export function runShared(run: Run): SharedArg[] {
  const pages = {
    path: 'document.pages',
    key: `${run.scope}/pages`,
    scope: run.scope,
    value: () => run.pages,
  };
  const text =
    run.text === run.pages.join(PAGE_SEPARATOR)
      ? { ...pages, path: 'document.text', join: PAGE_SEPARATOR }
      : { path: 'document.text', key: `${run.scope}/text`, scope: run.scope, value: () => run.text };
  return [
    {
      path: 'file_data',
      key: `${run.scope}/file`,
      scope: run.scope,
      value: () => run.bytes.toString('base64'),
    },
    pages,
    text,
  ];
}

/** Content keys of values that stay the same object while unchanged (corpus statistics). */
const objectKeys = new WeakMap<object, string>();

/** A shared value named by its content, kept by a runtime process across documents until evicted. */
export function contentShared(path: string, kind: string, value: object): SharedArg {
  let key = objectKeys.get(value);
  if (!key) {
    key = `${kind}:${contentHash(value)}`;
    objectKeys.set(value, key);
  }
  return { path, key, value: () => value };
}

/**
 * The document as plugins see it (service_sdk.Document), with the engine's context in
 * `metadata`; `text` and `pages` are added by the runtime from the run's shared values.
 */
export function pluginDocument(doc: DocumentRow, labels: string[], extra: Record<string, unknown>) {
  return {
    id: doc.id,
    filename: doc.filename,
    mime_type: doc.mimeType,
    labels,
    metadata: { ...doc.metadata, ...extra },
    source_id: doc.sourceId,
    organization_id: doc.organizationId,
    created_at: doc.createdAt.toISOString(),
    size_bytes: doc.sizeBytes,
    sha256: doc.sha256,
  };
}

/**
 * Calls a step's plugin; a failure of a registered plugin is recorded towards its quarantine
 * (plugins/service.ts), and the call that quarantines it says so in its error.
 */
export async function callPlugin(
  ctx: AppContext,
  organizationId: string,
  plugin: StepPlugin,
  method: string,
  args: Record<string, unknown>,
  opts: CallOptions,
): Promise<unknown> {
  try {
    return await ctx.plugins.call(organizationId, plugin, method, args, opts);
  } catch (err) {
    const quarantined = plugin.pluginId
      ? await recordPluginFailure(ctx, organizationId, plugin.pluginId, err)
      : undefined;
    if (quarantined && err instanceof PluginError)
      throw new PluginError(err.errorType, `${err.message}; the plugin is now quarantined`);
    throw err;
  }
}
