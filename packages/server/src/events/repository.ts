import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { type PageRequest, type PageWindow, pageOf, sortOrder } from '../db/paging.js';
import { eventDeliveries, events } from '../db/schema.js';

export type EventRow = typeof events.$inferSelect;
export type NewDelivery = typeof eventDeliveries.$inferInsert;
export type DeliveryRow = typeof eventDeliveries.$inferSelect;
export type DeliveryStatus = DeliveryRow['status'];

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

/** A page of the deliveries matching `where`, by `column` then newest first, and their count. */
function deliveryPage(
  db: Executor,
  where: SQL | undefined,
  column: AnyColumn,
  p: PageWindow & { direction: 'asc' | 'desc' },
) {
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
  return deliveryPage(db, where, runSort[p.field], p);
}

/** Inserts deliveries; a delivery that already exists for the same event and target is kept. */
export async function insertDeliveries(tx: Executor, rows: NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(eventDeliveries).values(rows).onConflictDoNothing();
}

// Deliveries: the webhook worker, the plugin handlers and the webhooks API

/** Fails the PENDING deliveries of a webhook endpoint (it was disabled; they can be retried by hand). */
export async function failPendingDeliveries(db: Executor, endpointId: string, now: Date): Promise<void> {
  await db
    .update(eventDeliveries)
    .set({ status: 'FAILED', nextAttemptAt: null, updatedAt: now })
    .where(and(eq(eventDeliveries.endpointId, endpointId), eq(eventDeliveries.status, 'PENDING')));
}

const deliverySort = {
  created_at: eventDeliveries.createdAt,
  next_attempt_at: eventDeliveries.nextAttemptAt,
} as const;

/** A page of the deliveries of events to one webhook endpoint. */
export async function listEndpointDeliveries(
  db: Executor,
  endpointId: string,
  p: PageRequest<keyof typeof deliverySort> & { status?: DeliveryStatus | undefined },
) {
  const where = and(
    eq(eventDeliveries.endpointId, endpointId),
    p.status ? eq(eventDeliveries.status, p.status) : undefined,
  );
  return deliveryPage(db, where, deliverySort[p.field], p);
}

/** One delivery by id, or undefined. */
export async function findDelivery(db: Executor, id: string) {
  const [row] = await db.select().from(eventDeliveries).where(eq(eventDeliveries.id, id));
  return row;
}

/**
 * Makes a delivery due now with a fresh retry schedule (a manual retry), unless an attempt is in
 * flight (leased).
 *
 * @returns the updated row, or undefined when it is being attempted right now
 */
export async function requeueDelivery(db: Executor, id: string) {
  const [row] = await db
    .update(eventDeliveries)
    .set({
      status: 'PENDING',
      nextAttemptAt: sql`now()`,
      scheduleStart: sql`${eventDeliveries.attemptCount}`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(eventDeliveries.id, id),
        or(isNull(eventDeliveries.lockedUntil), lt(eventDeliveries.lockedUntil, sql`now()`)),
      ),
    )
    .returning();
  return row;
}

/**
 * Leases up to `limit` due deliveries for `leaseSeconds` (SELECT … FOR UPDATE SKIP LOCKED, so
 * concurrent workers on PostgreSQL never take the same row; PGlite has one connection). A lease
 * that expires — its worker died mid-attempt — makes the row due again: at-least-once delivery.
 * Deliveries of disabled endpoints are not taken: a webhook delivery is taken only when its
 * endpoint is among `enabledEndpointIds`, the webhooks domain's subquery of its enabled endpoints
 * (webhooks/records.ts `ENABLED_ENDPOINT_IDS`; the caller hands it in, as events sits below webhooks).
 */
export async function claimDueDeliveries(
  db: Executor,
  limit: number,
  leaseSeconds: number,
  enabledEndpointIds: SQL,
) {
  if (limit <= 0) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: eventDeliveries.id })
      .from(eventDeliveries)
      .where(
        and(
          eq(eventDeliveries.status, 'PENDING'),
          lte(eventDeliveries.nextAttemptAt, sql`now()`),
          or(isNull(eventDeliveries.lockedUntil), lt(eventDeliveries.lockedUntil, sql`now()`)),
          or(
            isNotNull(eventDeliveries.pluginId),
            sql`${eventDeliveries.endpointId} in ${enabledEndpointIds}`,
          ),
        ),
      )
      .orderBy(asc(eventDeliveries.nextAttemptAt))
      .limit(limit)
      .for('update', { of: eventDeliveries, skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(eventDeliveries)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, updatedAt: new Date() })
      .where(
        inArray(
          eventDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/**
 * Records the outcome of an attempt on the delivery: one more attempt, the new status and when
 * the next attempt is due (PENDING only); releases the lease.
 */
export async function finishAttempt(
  db: Executor,
  id: string,
  v: { status: DeliveryStatus; nextAttemptAt: Date | null; attemptedAt: Date },
) {
  const [row] = await db
    .update(eventDeliveries)
    .set({
      status: v.status,
      nextAttemptAt: v.nextAttemptAt,
      attemptCount: sql`${eventDeliveries.attemptCount} + 1`,
      lastAttemptAt: v.attemptedAt,
      lockedUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(eventDeliveries.id, id))
    .returning();
  return row;
}
