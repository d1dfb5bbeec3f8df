import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { cappedPageOf, countUpTo, type PageWindow } from '../db/paging.js';
import { alerts } from '../db/schema.js';
import { newId } from '../ids.js';

export type AlertRow = typeof alerts.$inferSelect;
export type AlertInsert = Omit<typeof alerts.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;

/** Inserts an OPEN alert unless one with the same `(organization, dedupe_key)` exists; returns it if new. */
export async function insertAlertIfNew(db: Executor, v: AlertInsert): Promise<AlertRow | undefined> {
  const [row] = await db
    .insert(alerts)
    .values({ ...v, id: newId(), status: 'OPEN' })
    .onConflictDoNothing({ target: [alerts.organizationId, alerts.dedupeKey] })
    .returning();
  return row;
}

export async function findAlert(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.organizationId, organizationId), eq(alerts.id, id)));
  return row;
}

/** Locks the alert row until the transaction ends (read-modify-write of its status). */
export async function findAlertForUpdate(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.organizationId, organizationId), eq(alerts.id, id)))
    .for('update');
  return row;
}

export async function updateAlert(
  db: Executor,
  id: string,
  patch: Partial<Pick<AlertRow, 'status' | 'snoozedUntil' | 'note'>>,
) {
  const [row] = await db
    .update(alerts)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(alerts.id, id))
    .returning();
  if (!row) throw new Error(`alert ${id} vanished`);
  return row;
}

function alertOrder(sort: 'created_at' | 'due_date', order: 'asc' | 'desc') {
  if (sort === 'due_date')
    return [
      order === 'desc' ? sql`${alerts.dueDate} desc nulls last` : sql`${alerts.dueDate} asc nulls last`,
      asc(alerts.id),
    ];
  return [order === 'asc' ? asc(alerts.createdAt) : desc(alerts.createdAt), asc(alerts.id)];
}

/**
 * A page of the organization's alerts: newest first by default, or by due date (`due_date`,
 * the notice deadline of a renewal alert; alerts without one last, either direction), walked on
 * `alerts_org_status_due_idx` when a status is given (the console's tabs always give one).
 */
export async function listAlerts(
  db: Executor,
  organizationId: string,
  p: PageWindow & {
    status?: AlertRow['status'] | undefined;
    kind?: AlertRow['kind'] | undefined;
    sort?: 'created_at' | 'due_date';
    order?: 'asc' | 'desc';
  },
) {
  const where = and(
    eq(alerts.organizationId, organizationId),
    p.status ? eq(alerts.status, p.status) : undefined,
    p.kind ? eq(alerts.kind, p.kind) : undefined,
  );
  return cappedPageOf(
    db
      .select()
      .from(alerts)
      .where(where)
      .orderBy(...alertOrder(p.sort ?? 'created_at', p.order ?? 'desc'))
      .$dynamic(),
    (limit) => countUpTo(db, alerts, alerts.createdAt, where, limit),
    p,
    { db, key: ['alerts', organizationId, p.status ?? null, p.kind ?? null] },
  );
}

/** SNOOZED alerts whose `snoozed_until` is at or before `now`, locked, skipping rows others hold. */
export async function dueSnoozedForUpdate(db: Executor, now: Date, limit: number) {
  return db
    .select()
    .from(alerts)
    .where(and(eq(alerts.status, 'SNOOZED'), lte(alerts.snoozedUntil, now)))
    .limit(limit)
    .for('update', { skipLocked: true });
}
