import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { eventDeliveries, events, plugins, pluginVersions, webhookEndpoints } from '../db/schema.js';

export type EventRow = typeof events.$inferSelect;
export type NewDelivery = typeof eventDeliveries.$inferInsert;

/**
 * Locks up to `limit` undispatched events, oldest first (SELECT … FOR UPDATE SKIP LOCKED: a
 * concurrent dispatcher on PostgreSQL skips them; PGlite has a single connection). Call inside
 * the transaction that dispatches them.
 */
export async function lockUndispatched(tx: Executor, limit: number): Promise<EventRow[]> {
  return tx
    .select()
    .from(events)
    .where(isNull(events.dispatchedAt))
    .orderBy(asc(events.createdAt), asc(events.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markDispatched(tx: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(events).set({ dispatchedAt: new Date() }).where(inArray(events.id, ids));
}

export async function findEvent(db: Executor, id: string) {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row;
}

/** Enabled webhook endpoints of the organizations (id, organization and event types). */
export async function enabledEndpointsOf(db: Executor, organizationIds: string[]) {
  if (organizationIds.length === 0) return [];
  return db
    .select({
      id: webhookEndpoints.id,
      organizationId: webhookEndpoints.organizationId,
      eventTypes: webhookEndpoints.eventTypes,
    })
    .from(webhookEndpoints)
    .where(
      and(inArray(webhookEndpoints.organizationId, organizationIds), eq(webhookEndpoints.enabled, true)),
    );
}

/**
 * Live, enabled plugins of the organizations with the manifest of their current version (whose
 * `event_handlers` maps method name → declared event types, docs/plugin-runtime.md `load`).
 */
export async function enabledPluginsOf(db: Executor, organizationIds: string[]) {
  if (organizationIds.length === 0) return [];
  return db
    .select({
      id: plugins.id,
      organizationId: plugins.organizationId,
      version: plugins.currentVersion,
      manifest: pluginVersions.manifest,
    })
    .from(plugins)
    .innerJoin(
      pluginVersions,
      and(eq(pluginVersions.pluginId, plugins.id), eq(pluginVersions.version, plugins.currentVersion)),
    )
    .where(
      and(
        inArray(plugins.organizationId, organizationIds),
        eq(plugins.enabled, true),
        isNull(plugins.deletedAt),
      ),
    );
}

/** A plugin and one of its versions, for running an event handler; undefined when gone. */
export async function pluginForHandler(db: Executor, pluginId: string, version: number) {
  const [row] = await db
    .select({ plugin: plugins, version: pluginVersions })
    .from(plugins)
    .innerJoin(
      pluginVersions,
      and(eq(pluginVersions.pluginId, plugins.id), eq(pluginVersions.version, version)),
    )
    .where(eq(plugins.id, pluginId));
  return row;
}

/** Inserts deliveries; a delivery that already exists for the same event and target is kept. */
export async function insertDeliveries(tx: Executor, rows: NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(eventDeliveries).values(rows).onConflictDoNothing();
}
