import { and, asc, desc, eq, gte, isNull, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { cappedPageOf, countUpTo } from '../db/paging.js';
import { auditLog } from '../db/schema.js';
import { newId } from '../ids.js';

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditInsert = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt'>;

export async function insertAudit(db: Executor, v: AuditInsert): Promise<AuditRow> {
  const [row] = await db
    .insert(auditLog)
    .values({ id: newId(), ...v })
    .returning();
  if (!row) throw new Error('insert audit_entries returned nothing');
  return row;
}

/** Filters of the audit log; `organizationId: null` selects platform entries. */
export interface AuditFilters {
  organizationId: string | null;
  actorUserId?: string | undefined;
  actorApiKeyId?: string | undefined;
  action?: string | undefined;
  resourceType?: string | undefined;
  resourceId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export async function listAudit(
  db: Executor,
  f: AuditFilters,
  p: { page: number; size: number; direction: 'asc' | 'desc' },
) {
  const conditions: SQL[] = [
    f.organizationId === null
      ? isNull(auditLog.organizationId)
      : eq(auditLog.organizationId, f.organizationId),
  ];
  if (f.actorUserId) conditions.push(eq(auditLog.actorUserId, f.actorUserId));
  if (f.actorApiKeyId) conditions.push(eq(auditLog.actorApiKeyId, f.actorApiKeyId));
  if (f.action) conditions.push(eq(auditLog.action, f.action));
  if (f.resourceType) conditions.push(eq(auditLog.resourceType, f.resourceType));
  if (f.resourceId) conditions.push(eq(auditLog.resourceId, f.resourceId));
  if (f.from) conditions.push(gte(auditLog.createdAt, f.from));
  if (f.to) conditions.push(lt(auditLog.createdAt, f.to));
  const where = and(...conditions);
  return cappedPageOf(
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(
        ...(p.direction === 'asc'
          ? [asc(auditLog.createdAt), asc(auditLog.id)]
          : [desc(auditLog.createdAt), desc(auditLog.id)]),
      )
      .$dynamic(),
    (limit) => countUpTo(db, auditLog, auditLog.createdAt, where, limit),
    p,
    { db, key: ['audit_log', f] },
  );
}

/** Deletes entries older than `before`; returns how many. */
export async function deleteAuditBefore(db: Executor, before: Date): Promise<number> {
  const gone = await db.delete(auditLog).where(lt(auditLog.createdAt, before)).returning({ id: auditLog.id });
  return gone.length;
}
