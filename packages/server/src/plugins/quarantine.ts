import type { AppContext } from '../context.js';
import { PluginError } from '../engine/runtime-protocol.js';
import * as repo from './repository.js';

/**
 * Quarantine of plugins that break the runtime protocol (docs/plugin-runtime.md "Protocol limits
 * and quarantine"): failures are counted per plugin in this process.
 */

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
  ctx: Pick<AppContext, 'config' | 'db' | 'log'>,
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

/** Forgets the counted failures of a plugin (its quarantine was lifted). */
export function forgetProtocolFailures(pluginId: string): void {
  protocolFailures.delete(pluginId);
}
