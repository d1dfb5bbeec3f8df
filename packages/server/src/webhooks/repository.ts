import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { pageOf, sortOrder } from '../db/paging.js';
import { eventDeliveries, eventDeliveryAttempts, webhookEndpoints } from '../db/schema.js';
import { newId } from '../ids.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof eventDeliveries.$inferSelect;
export type AttemptRow = typeof eventDeliveryAttempts.$inferSelect;
export type DeliveryStatus = DeliveryRow['status'];

export async function insertEndpoint(
  db: Executor,
  v: {
    organizationId: string;
    url: string;
    eventTypes: string[];
    description: string | null;
    secretCiphertext: string;
    createdBy: string | null;
  },
) {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ id: newId(), ...v })
    .returning();
  if (!row) throw new Error('insert webhook_endpoints returned nothing');
  return row;
}

export async function findEndpoint(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)));
  return row;
}

export async function findEndpointById(db: Executor, id: string) {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

const endpointSort = { created_at: webhookEndpoints.createdAt, url: webhookEndpoints.url } as const;

export async function listEndpoints(
  db: Executor,
  organizationId: string,
  p: { page: number; size: number; field: keyof typeof endpointSort; direction: 'asc' | 'desc' },
) {
  const where = eq(webhookEndpoints.organizationId, organizationId);
  const column = endpointSort[p.field];
  return pageOf(
    db
      .select()
      .from(webhookEndpoints)
      .where(where)
      .orderBy(...sortOrder(column, p.direction, asc(webhookEndpoints.id)))
      .$dynamic(),
    db.select({ n: count() }).from(webhookEndpoints).where(where),
    p,
  );
}

export async function updateEndpoint(
  db: Executor,
  id: string,
  patch: Partial<Omit<EndpointRow, 'id' | 'organizationId' | 'createdAt'>>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

export async function deleteEndpoint(db: Executor, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/**
 * Disables an endpoint with a reason, if still enabled, and fails its pending deliveries (they
 * can be retried by hand once it is enabled again).
 *
 * @returns true when this call disabled it
 */
export async function disableEndpoint(db: Executor, id: string, reason: string): Promise<boolean> {
  const now = new Date();
  const [row] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, disabledAt: now, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  await db
    .update(eventDeliveries)
    .set({ status: 'FAILED', nextAttemptAt: null, updatedAt: now })
    .where(and(eq(eventDeliveries.endpointId, id), eq(eventDeliveries.status, 'PENDING')));
  return row !== undefined;
}

const deliverySort = {
  created_at: eventDeliveries.createdAt,
  next_attempt_at: eventDeliveries.nextAttemptAt,
} as const;

export async function listDeliveries(
  db: Executor,
  endpointId: string,
  p: {
    page: number;
    size: number;
    status?: DeliveryStatus | undefined;
    field: keyof typeof deliverySort;
    direction: 'asc' | 'desc';
  },
) {
  const where = and(
    eq(eventDeliveries.endpointId, endpointId),
    p.status ? eq(eventDeliveries.status, p.status) : undefined,
  );
  const column = deliverySort[p.field];
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

/** Attempts of the given deliveries, oldest first, grouped by delivery id. */
export async function attemptsOf(db: Executor, deliveryIds: string[]): Promise<Map<string, AttemptRow[]>> {
  const out = new Map<string, AttemptRow[]>();
  if (deliveryIds.length === 0) return out;
  const rows = await db
    .select()
    .from(eventDeliveryAttempts)
    .where(inArray(eventDeliveryAttempts.deliveryId, deliveryIds))
    .orderBy(asc(eventDeliveryAttempts.attemptedAt), asc(eventDeliveryAttempts.id));
  for (const r of rows) {
    const list = out.get(r.deliveryId) ?? [];
    list.push(r);
    out.set(r.deliveryId, list);
  }
  return out;
}

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
 * Deliveries of disabled endpoints are not taken.
 */
export async function claimDueDeliveries(db: Executor, limit: number, leaseSeconds: number) {
  if (limit <= 0) return [];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: eventDeliveries.id })
      .from(eventDeliveries)
      .leftJoin(webhookEndpoints, eq(webhookEndpoints.id, eventDeliveries.endpointId))
      .where(
        and(
          eq(eventDeliveries.status, 'PENDING'),
          lte(eventDeliveries.nextAttemptAt, sql`now()`),
          or(isNull(eventDeliveries.lockedUntil), lt(eventDeliveries.lockedUntil, sql`now()`)),
          or(isNotNull(eventDeliveries.pluginId), eq(webhookEndpoints.enabled, true)),
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

/** Stores one attempt of the delivery log. */
export async function insertAttempt(
  db: Executor,
  v: {
    deliveryId: string;
    attemptedAt: Date;
    responseStatus: number | null;
    responseBody: string | null;
    error: string | null;
    logs?: string | null;
    durationMs: number;
  },
) {
  await db.insert(eventDeliveryAttempts).values({ id: newId(), ...v });
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

/** An endpoint answered 2xx: it is healthy again. */
export async function markEndpointHealthy(db: Executor, id: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null, consecutiveFailures: 0 })
    .where(
      and(
        eq(webhookEndpoints.id, id),
        or(isNotNull(webhookEndpoints.failingSince), sql`${webhookEndpoints.consecutiveFailures} > 0`),
      ),
    );
}

/**
 * An attempt to the endpoint failed: starts its failing period if none is running and, when the
 * delivery has exhausted its retries, counts one more consecutive failed delivery.
 *
 * @returns the endpoint after the update
 */
export async function markEndpointFailure(db: Executor, id: string, exhausted: boolean, at: Date) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)`,
      consecutiveFailures: exhausted
        ? sql`${webhookEndpoints.consecutiveFailures} + 1`
        : sql`${webhookEndpoints.consecutiveFailures}`,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}
