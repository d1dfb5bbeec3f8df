import { and, desc, eq, getTableColumns, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { marketplaceEntitlements } from '../db/schema.js';
import { newId } from '../ids.js';

export type EntitlementRow = typeof marketplaceEntitlements.$inferSelect;
export type EntitlementStatus = EntitlementRow['status'];

/** The fields a registration sets (api-decisions §3). */
export interface EntitlementInput {
  entitlementId: string;
  accountId: string;
  email: string;
  plan: EntitlementRow['plan'];
  status: EntitlementStatus;
  startsAt: Date | null;
  endsAt: Date | null;
}

export async function findEntitlement(db: Executor, entitlementId: string) {
  const [row] = await db
    .select()
    .from(marketplaceEntitlements)
    .where(eq(marketplaceEntitlements.entitlementId, entitlementId));
  return row;
}

/**
 * Inserts the entitlement or updates plan, status, email and dates of the existing one with the
 * same `entitlement_id`. `created` tells which happened.
 */
export async function upsertEntitlement(db: Executor, v: EntitlementInput) {
  const [row] = await db
    .insert(marketplaceEntitlements)
    .values({ id: newId(), ...v })
    .onConflictDoUpdate({
      target: marketplaceEntitlements.entitlementId,
      set: {
        email: v.email,
        plan: v.plan,
        status: v.status,
        startsAt: v.startsAt,
        endsAt: v.endsAt,
        updatedAt: new Date(),
      },
    })
    // xmax = 0 only on a freshly inserted tuple: tells an insert from an update in one round trip.
    .returning({ ...getTableColumns(marketplaceEntitlements), created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('upsert returned no row');
  const { created, ...entitlement } = row;
  return { row: entitlement as EntitlementRow, created: Boolean(created) };
}

/** Entitlements of a marketplace account, newest first. */
export async function listByAccount(db: Executor, accountId: string) {
  return db
    .select()
    .from(marketplaceEntitlements)
    .where(eq(marketplaceEntitlements.accountId, accountId))
    .orderBy(desc(marketplaceEntitlements.createdAt));
}

/** True when an unlinked ACTIVE entitlement exists for `email` (lower-case). */
export async function hasPendingForEmail(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: marketplaceEntitlements.id })
    .from(marketplaceEntitlements)
    .where(
      and(
        eq(marketplaceEntitlements.email, email),
        isNull(marketplaceEntitlements.organizationId),
        eq(marketplaceEntitlements.status, 'ACTIVE'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Links the entitlement to the organization unless it is already linked (conditional update,
 * so two concurrent links cannot both win). Returns undefined when it was linked already.
 */
export async function linkEntitlement(db: Executor, id: string, organizationId: string, userId: string) {
  const now = new Date();
  const [row] = await db
    .update(marketplaceEntitlements)
    .set({ organizationId, linkedAt: now, linkedBy: userId, updatedAt: now })
    .where(and(eq(marketplaceEntitlements.id, id), isNull(marketplaceEntitlements.organizationId)))
    .returning();
  return row;
}

/** The entitlement that governs the organization: the one linked last. */
export async function currentOfOrganization(db: Executor, organizationId: string) {
  const [row] = await db
    .select()
    .from(marketplaceEntitlements)
    .where(eq(marketplaceEntitlements.organizationId, organizationId))
    .orderBy(desc(marketplaceEntitlements.linkedAt), desc(marketplaceEntitlements.createdAt))
    .limit(1);
  return row;
}

/** Marks ACTIVE entitlements whose `ends_at` has passed as EXPIRED; returns the rows changed. */
export async function expireDue(db: Executor, now: Date) {
  return db
    .update(marketplaceEntitlements)
    .set({ status: 'EXPIRED', updatedAt: now })
    .where(
      and(
        eq(marketplaceEntitlements.status, 'ACTIVE'),
        isNotNull(marketplaceEntitlements.endsAt),
        lte(marketplaceEntitlements.endsAt, now),
      ),
    )
    .returning();
}
