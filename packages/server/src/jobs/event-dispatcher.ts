/**
 * The outbox's dispatch (docs/webhooks.md): a step of the event worker (event-worker.ts) that
 * turns undispatched events into deliveries to webhook endpoints and plugin event handlers. It
 * sits in the process layer because it joins three domains: events (the outbox), webhooks (the
 * endpoints and retry settings) and plugins (which declare handlers).
 */
import type { AppContext } from '../context.js';
import * as repo from '../events/records.js';
import { newId } from '../ids.js';
import { manifestHandles } from '../plugins/event-handlers.js';
import { enabledPluginsWithHandlers } from '../plugins/service.js';
import { enabledEndpointsOf } from '../webhooks/records.js';
import { webhookSettings } from '../webhooks/settings.js';

/** Events taken per dispatch transaction. */
const DISPATCH_BATCH = 100;

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
    const endpoints = await enabledEndpointsOf(tx, orgIds);
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
