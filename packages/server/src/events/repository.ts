import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { pageOf, sortOrder } from '../db/paging.js';
import { eventDeliveries, events, webhookEndpoints } from '../db/schema.js';

export type EventRow = typeof events.$inferSelect;
export type NewDelivery = typeof eventDeliveries.$inferInsert;
export type DeliveryRow = typeof eventDeliveries.$inferSelect;

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

/** Sortable columns of a plugin's handler runs (API name → column). */
const runSort = { created_at: eventDeliveries.createdAt } as const;

/**
 * A page of the deliveries of events to one plugin of the organization (its handler runs).
 *
 * @returns the delivery rows and the total count of matching ones
 */
export async function listPluginDeliveries(
  db: Executor,
  organizationId: string,
  pluginId: string,
  p: {
    page: number;
    size: number;
    status?: DeliveryRow['status'] | undefined;
    eventType?: string | undefined;
    field: keyof typeof runSort;
    direction: 'asc' | 'desc';
  },
) {
  const where = and(
    eq(eventDeliveries.organizationId, organizationId),
    eq(eventDeliveries.pluginId, pluginId),
    p.status ? eq(eventDeliveries.status, p.status) : undefined,
    p.eventType ? eq(eventDeliveries.eventType, p.eventType) : undefined,
  );
  const column = runSort[p.field];
  return pageOf(
    db
      .select()
      .from(eventDeliveries)
      .where(where)
      .orderBy(...sortOrder(column, p.direction, desc(eventDeliveries.id)))
      .$dynamic(),
    db.select({ n: count() }).from(eventDeliveries).where(where),
    p,
  );
}

/** Inserts deliveries; a delivery that already exists for the same event and target is kept. */
export async function insertDeliveries(tx: Executor, rows: NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(eventDeliveries).values(rows).onConflictDoNothing();
}
