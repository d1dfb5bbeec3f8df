import type { AppContext } from '../context.js';
import { newId } from '../ids.js';
import { enabledPluginsWithHandlers } from '../plugins/service.js';
import { webhookSettings } from '../webhooks/settings.js';
import type { EventEnvelope, EventType } from './outbox.js';
import * as repo from './repository.js';

/** Events taken per dispatch transaction. */
const DISPATCH_BATCH = 100;

/**
 * Whether an `on_event` pattern of the SDK matches an event type: `"*"`, the exact type, or a
 * prefix pattern such as `"contract.*"` (sdk/python/src/service_sdk/plugins.py `_event_matches`).
 */
export function handlerPatternMatches(pattern: string, eventType: string): boolean {
  if (pattern === '*' || pattern === eventType) return true;
  return pattern.endsWith('.*') && eventType.startsWith(pattern.slice(0, -1));
}

/** True when a plugin manifest's `event_handlers` declares a handler for the event type. */
export function manifestHandles(manifest: Record<string, unknown>, eventType: string): boolean {
  const handlers = manifest.event_handlers;
  if (!handlers || typeof handlers !== 'object') return false;
  return Object.values(handlers as Record<string, unknown>).some(
    (types) =>
      Array.isArray(types) && types.some((t) => typeof t === 'string' && handlerPatternMatches(t, eventType)),
  );
}

/** The envelope consumers receive for a stored event. */
export function envelopeOf(row: repo.EventRow): EventEnvelope {
  return {
    type: row.type as EventType,
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    organization_id: row.organizationId,
    data: row.data,
  };
}

/**
 * Fans one batch of undispatched outbox events out, in one transaction: a delivery per matching
 * enabled webhook endpoint of the event's organization (event types listed, or `*`), a delivery
 * per enabled plugin of the organization whose current version declares a handler for the type,
 * and the events marked dispatched. A crash before commit leaves the events undispatched; the
 * unique (event, target) indexes make a repeated dispatch harmless.
 *
 * @returns the number of events dispatched (a full batch means more may be waiting)
 */
export async function dispatchEvents(ctx: AppContext, limit = DISPATCH_BATCH): Promise<number> {
  const settings = webhookSettings(ctx);
  return ctx.db.transaction(async (tx) => {
    const batch = await repo.lockUndispatched(tx, limit);
    if (batch.length === 0) return 0;
    const orgIds = [...new Set(batch.map((e) => e.organizationId))];
    const endpoints = await repo.enabledEndpointsOf(tx, orgIds);
    const handlerPlugins = await enabledPluginsWithHandlers(ctx, orgIds, tx);
    const now = Date.now();
    const firstDelay = (schedule: number[]) => new Date(now + (schedule[0] ?? 0) * 1000);
    const rows: repo.NewDelivery[] = [];
    for (const event of batch) {
      for (const ep of endpoints) {
        if (ep.organizationId !== event.organizationId) continue;
        if (!ep.eventTypes.includes('*') && !ep.eventTypes.includes(event.type)) continue;
        rows.push({
          id: newId(),
          organizationId: event.organizationId,
          eventId: event.id,
          eventType: event.type,
          endpointId: ep.id,
          status: 'PENDING',
          nextAttemptAt: firstDelay(settings.retrySchedule),
        });
      }
      for (const plugin of handlerPlugins) {
        if (plugin.organizationId !== event.organizationId || !manifestHandles(plugin.manifest, event.type))
          continue;
        rows.push({
          id: newId(),
          organizationId: event.organizationId,
          eventId: event.id,
          eventType: event.type,
          pluginId: plugin.id,
          pluginVersion: plugin.version,
          status: 'PENDING',
          nextAttemptAt: firstDelay(settings.handlerRetrySchedule),
        });
      }
    }
    await repo.insertDeliveries(tx, rows);
    await repo.markDispatched(
      tx,
      batch.map((e) => e.id),
    );
    return batch.length;
  });
}
