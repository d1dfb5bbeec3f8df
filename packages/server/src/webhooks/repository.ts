import { and, asc, count, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { pageOf, sortOrder } from '../db/paging.js';
import { eventDeliveryAttempts, webhookEndpoints } from '../db/schema.js';
import { newId } from '../ids.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type AttemptRow = typeof eventDeliveryAttempts.$inferSelect;

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
 * Disables an endpoint with a reason, if still enabled (webhooks/service.ts `disableEndpoint` also
 * fails its pending deliveries).
 *
 * @returns true when this call disabled it
 */
export async function disableEndpoint(db: Executor, id: string, reason: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, disabledAt: now, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  return row !== undefined;
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

/**
 * Enabled webhook endpoints of the organizations (id, organization and event types): the targets
 * of the outbox's fan-out, read in its dispatching transaction (jobs/event-dispatcher.ts).
 */
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
 * `(select id from webhook_endpoints where enabled)`: the enabled endpoints as a subquery, for the
 * delivery claim of events/ (`claimDueDeliveries`), which takes no delivery of a disabled endpoint
 * in the same statement.
 */
export const ENABLED_ENDPOINT_IDS: SQL = sql`(select ${webhookEndpoints.id} from ${webhookEndpoints} where ${webhookEndpoints.enabled})`;
