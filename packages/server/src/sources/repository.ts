import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  lt,
  lte,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { type PageWindow, pageOf, sortOrder } from '../db/paging.js';
import {
  emailAllowlist,
  emailAudit,
  emailForwardingAddresses,
  oauthStates,
  sourceConnections,
  sourceSyncs,
} from '../db/schema.js';
import { newId } from '../ids.js';

export type ConnectionRow = typeof sourceConnections.$inferSelect;
export type ConnectionKind = ConnectionRow['kind'];
export type ConnectionStatus = ConnectionRow['status'];
export type SyncRow = typeof sourceSyncs.$inferSelect;
export type AllowlistRow = typeof emailAllowlist.$inferSelect;
export type AuditRow = typeof emailAudit.$inferSelect;
export type OAuthStateRow = typeof oauthStates.$inferSelect;

/** Kinds that count against the `max_sources` quota (the built-in ones are one per organization). */
export const COUNTED_KINDS: ConnectionKind[] = ['OAUTH', 'CUSTOM'];

// Connections

export async function insertConnection(
  db: Executor,
  v: Omit<typeof sourceConnections.$inferInsert, 'id'> & { id?: string },
): Promise<ConnectionRow> {
  const [row] = await db
    .insert(sourceConnections)
    .values({ ...v, id: v.id ?? newId() })
    .returning();
  if (!row) throw new Error('insert source_connections returned nothing');
  return row;
}

/** Inserts a built-in connection unless one of its kind exists; returns the one that exists. */
export async function insertBuiltinConnection(
  db: Executor,
  v: { organizationId: string; kind: 'MANUAL_UPLOAD' | 'EMAIL_FORWARDING'; name: string; provider: string },
): Promise<ConnectionRow> {
  await db
    .insert(sourceConnections)
    .values({ id: newId(), ...v })
    .onConflictDoNothing();
  const row = await findBuiltinConnection(db, v.organizationId, v.kind);
  if (!row) throw new Error('built-in connection vanished');
  return row;
}

export async function findBuiltinConnection(db: Executor, organizationId: string, kind: ConnectionKind) {
  const [row] = await db
    .select()
    .from(sourceConnections)
    .where(and(eq(sourceConnections.organizationId, organizationId), eq(sourceConnections.kind, kind)))
    .limit(1);
  return row;
}

export async function findConnection(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(sourceConnections)
    .where(and(eq(sourceConnections.organizationId, organizationId), eq(sourceConnections.id, id)));
  return row;
}

/** Whether `id` names a source connection of the organization (an upload's `source_id`). */
export async function sourceInOrganization(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select({ id: sourceConnections.id })
    .from(sourceConnections)
    .where(and(eq(sourceConnections.organizationId, organizationId), eq(sourceConnections.id, id)));
  return row !== undefined;
}

/**
 * Locks the connection row until the transaction ends. Transactions that touch a connection and
 * its syncs lock the connection first (as its deletion does), so they cannot deadlock.
 */
export async function lockConnection(db: Executor, id: string) {
  const [row] = await db.select().from(sourceConnections).where(eq(sourceConnections.id, id)).for('update');
  return row;
}

export async function findConnectionById(db: Executor, id: string) {
  const [row] = await db.select().from(sourceConnections).where(eq(sourceConnections.id, id));
  return row;
}

const connectionSort = {
  created_at: sourceConnections.createdAt,
  name: sourceConnections.name,
  status: sourceConnections.status,
  provider: sourceConnections.provider,
  last_synced_at: sourceConnections.lastSyncedAt,
} as const;
export type ConnectionSortField = keyof typeof connectionSort;
export const CONNECTION_SORT_FIELDS = Object.keys(connectionSort) as [
  ConnectionSortField,
  ...ConnectionSortField[],
];

/**
 * The status a connection reads as (status.ts): while the organization's e-mail forwarding is off,
 * its EMAIL_FORWARDING connection reads DISABLED whatever is stored.
 */
function shownStatusSql(forwardingOff: boolean): SQL<ConnectionStatus> {
  return forwardingOff
    ? sql<ConnectionStatus>`(case when ${sourceConnections.kind} = 'EMAIL_FORWARDING' then 'DISABLED' else ${sourceConnections.status} end)`
    : sql<ConnectionStatus>`${sourceConnections.status}`;
}

/**
 * A page of the organization's connections, each with the status it reads as (`forwardingOff`:
 * the organization's e-mail forwarding is off); the `status` filter and sort use that status.
 */
export async function listConnections(
  db: Executor,
  organizationId: string,
  p: {
    page: number;
    size: number;
    field: ConnectionSortField;
    direction: 'asc' | 'desc';
    status?: ConnectionStatus | undefined;
    provider?: string | undefined;
  },
  forwardingOff = false,
) {
  const status = shownStatusSql(forwardingOff);
  const where = and(
    eq(sourceConnections.organizationId, organizationId),
    p.status ? eq(status, p.status) : undefined,
    p.provider ? eq(sourceConnections.provider, p.provider) : undefined,
  );
  const column = p.field === 'status' ? status : connectionSort[p.field];
  return pageOf(
    db
      .select({ ...getTableColumns(sourceConnections), status })
      .from(sourceConnections)
      .where(where)
      .orderBy(...sortOrder(column, p.direction, asc(sourceConnections.id)))
      .$dynamic(),
    db.select({ n: count() }).from(sourceConnections).where(where),
    p,
  );
}

export async function listAllConnections(db: Executor, organizationId: string) {
  return db
    .select()
    .from(sourceConnections)
    .where(eq(sourceConnections.organizationId, organizationId))
    .orderBy(asc(sourceConnections.createdAt));
}

export async function countCountedConnections(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sourceConnections)
    .where(
      and(
        eq(sourceConnections.organizationId, organizationId),
        inArray(sourceConnections.kind, COUNTED_KINDS),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function updateConnection(
  db: Executor,
  id: string,
  patch: Partial<Omit<ConnectionRow, 'id' | 'organizationId' | 'kind' | 'createdAt'>>,
) {
  const [row] = await db
    .update(sourceConnections)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(sourceConnections.id, id))
    .returning();
  return row;
}

/** Saves the source state; undefined when the connection no longer exists (deleted meanwhile). */
export async function saveState(db: Executor, id: string, state: Record<string, unknown>) {
  const [row] = await db
    .update(sourceConnections)
    .set({ state })
    .where(eq(sourceConnections.id, id))
    .returning({ id: sourceConnections.id });
  return row;
}

export async function deleteConnection(db: Executor, id: string) {
  await db.delete(sourceConnections).where(eq(sourceConnections.id, id));
}

/** Auto-sync connections whose next check is due. */
export async function dueConnections(db: Executor, now: Date, limit: number) {
  return db
    .select()
    .from(sourceConnections)
    .where(
      and(
        eq(sourceConnections.autoSync, true),
        isNotNull(sourceConnections.nextSyncAt),
        lte(sourceConnections.nextSyncAt, now),
        inArray(sourceConnections.kind, COUNTED_KINDS),
        notInArray(sourceConnections.status, ['REQUIRES_REAUTHORIZATION', 'DISABLED']),
      ),
    )
    .orderBy(asc(sourceConnections.nextSyncAt))
    .limit(limit);
}

/**
 * Claims a due connection for one scheduler: moves `next_sync_at` to `next` only if it is still
 * due, so of several processes exactly one wins.
 */
export async function claimDue(db: Executor, id: string, now: Date, next: Date): Promise<boolean> {
  const rows = await db
    .update(sourceConnections)
    .set({ nextSyncAt: next })
    .where(and(eq(sourceConnections.id, id), lte(sourceConnections.nextSyncAt, now)))
    .returning({ id: sourceConnections.id });
  return rows.length > 0;
}

// Syncs (activity)

/** Starts a sync row; undefined when one is already RUNNING for the connection (unique index). */
export async function insertRunningSync(
  db: Executor,
  v: { organizationId: string; connectionId: string; trigger: SyncRow['trigger'] },
): Promise<SyncRow | undefined> {
  const [row] = await db
    .insert(sourceSyncs)
    .values({ id: newId(), ...v, status: 'RUNNING' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Marks RUNNING syncs of the connection without a heartbeat since `before` as FAILED. */
export async function failStaleSyncs(db: Executor, connectionId: string, before: Date) {
  return db
    .update(sourceSyncs)
    .set({
      status: 'FAILED',
      endedAt: new Date(),
      error: 'interrupted: the process running the sync stopped',
    })
    .where(
      and(
        eq(sourceSyncs.connectionId, connectionId),
        eq(sourceSyncs.status, 'RUNNING'),
        lt(sourceSyncs.heartbeatAt, before),
      ),
    )
    .returning({ id: sourceSyncs.id });
}

export async function findRunningSync(db: Executor, connectionId: string) {
  const [row] = await db
    .select()
    .from(sourceSyncs)
    .where(and(eq(sourceSyncs.connectionId, connectionId), eq(sourceSyncs.status, 'RUNNING')));
  return row;
}

export async function bumpSync(
  db: Executor,
  id: string,
  delta: { created?: number; skipped?: number; failed?: number; ignored?: number },
) {
  await db
    .update(sourceSyncs)
    .set({
      documentsCreated: sql`${sourceSyncs.documentsCreated} + ${delta.created ?? 0}`,
      documentsSkipped: sql`${sourceSyncs.documentsSkipped} + ${delta.skipped ?? 0}`,
      documentsFailed: sql`${sourceSyncs.documentsFailed} + ${delta.failed ?? 0}`,
      documentsIgnored: sql`${sourceSyncs.documentsIgnored} + ${delta.ignored ?? 0}`,
      heartbeatAt: new Date(),
    })
    .where(eq(sourceSyncs.id, id));
}

export async function finishSync(db: Executor, id: string, status: SyncRow['status'], error: string | null) {
  const [row] = await db
    .update(sourceSyncs)
    .set({ status, error, endedAt: new Date() })
    .where(eq(sourceSyncs.id, id))
    .returning();
  return row;
}

export async function findSync(db: Executor, id: string) {
  const [row] = await db.select().from(sourceSyncs).where(eq(sourceSyncs.id, id));
  return row;
}

export async function listSyncs(db: Executor, connectionId: string, p: PageWindow) {
  const where = eq(sourceSyncs.connectionId, connectionId);
  return pageOf(
    db
      .select()
      .from(sourceSyncs)
      .where(where)
      .orderBy(desc(sourceSyncs.startedAt), desc(sourceSyncs.id))
      .$dynamic(),
    db.select({ n: count() }).from(sourceSyncs).where(where),
    p,
  );
}

// Email forwarding

export async function findAddressOfOrg(db: Executor, organizationId: string) {
  const [row] = await db
    .select()
    .from(emailForwardingAddresses)
    .where(eq(emailForwardingAddresses.organizationId, organizationId));
  return row;
}

export async function findAddressByLocalPart(db: Executor, localPart: string) {
  const [row] = await db
    .select()
    .from(emailForwardingAddresses)
    .where(eq(emailForwardingAddresses.localPart, localPart));
  return row;
}

/** Inserts the address unless the organization has one; false when the local part is taken. */
export async function insertAddress(
  db: Executor,
  organizationId: string,
  localPart: string,
): Promise<boolean> {
  try {
    await db.insert(emailForwardingAddresses).values({ organizationId, localPart }).onConflictDoNothing({
      target: emailForwardingAddresses.organizationId,
    });
    return true;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e.code === '23505' || e.cause?.code === '23505') return false;
    throw err;
  }
}

export async function listAllowlist(db: Executor, organizationId: string) {
  return db
    .select()
    .from(emailAllowlist)
    .where(eq(emailAllowlist.organizationId, organizationId))
    .orderBy(asc(emailAllowlist.pattern));
}

export async function findAllowlistEntry(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(emailAllowlist)
    .where(and(eq(emailAllowlist.organizationId, organizationId), eq(emailAllowlist.id, id)));
  return row;
}

export async function findAllowlistPattern(db: Executor, organizationId: string, pattern: string) {
  const [row] = await db
    .select()
    .from(emailAllowlist)
    .where(and(eq(emailAllowlist.organizationId, organizationId), eq(emailAllowlist.pattern, pattern)));
  return row;
}

export async function insertAllowlistEntry(
  db: Executor,
  v: { organizationId: string; pattern: string; note: string | null; createdBy: string | null },
) {
  const [row] = await db
    .insert(emailAllowlist)
    .values({ id: newId(), ...v })
    .returning();
  if (!row) throw new Error('insert email_allowlist returned nothing');
  return row;
}

export async function updateAllowlistEntry(
  db: Executor,
  id: string,
  patch: { pattern?: string | undefined; note?: string | null | undefined },
) {
  const [row] = await db
    .update(emailAllowlist)
    .set({
      ...(patch.pattern !== undefined ? { pattern: patch.pattern } : {}),
      ...(patch.note !== undefined ? { note: patch.note } : {}),
      updatedAt: new Date(),
    })
    .where(eq(emailAllowlist.id, id))
    .returning();
  return row;
}

export async function deleteAllowlistEntry(db: Executor, id: string) {
  await db.delete(emailAllowlist).where(eq(emailAllowlist.id, id));
}

export async function insertAudit(db: Executor, v: Omit<typeof emailAudit.$inferInsert, 'id' | 'createdAt'>) {
  const [row] = await db
    .insert(emailAudit)
    .values({ id: newId(), ...v })
    .returning();
  if (!row) throw new Error('insert email_audit returned nothing');
  return row;
}

export async function listAudit(
  db: Executor,
  organizationId: string,
  p: { page: number; size: number; decision?: AuditRow['decision'] | undefined },
) {
  const where = and(
    eq(emailAudit.organizationId, organizationId),
    p.decision ? eq(emailAudit.decision, p.decision) : undefined,
  );
  return pageOf(
    db
      .select()
      .from(emailAudit)
      .where(where)
      .orderBy(desc(emailAudit.createdAt), desc(emailAudit.id))
      .$dynamic(),
    db.select({ n: count() }).from(emailAudit).where(where),
    p,
  );
}

// OAuth states

export async function insertOAuthState(db: Executor, v: Omit<OAuthStateRow, 'createdAt' | 'usedAt'>) {
  await db.insert(oauthStates).values(v);
}

/** Consumes a state once: marks it used and returns it, or undefined (unknown, used or expired). */
export async function consumeOAuthState(db: Executor, stateHash: string, now: Date) {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.stateHash, stateHash),
        sql`${oauthStates.usedAt} is null`,
        sql`${oauthStates.expiresAt} > ${now}`,
      ),
    )
    .returning();
  return row;
}

export async function purgeOAuthStates(db: Executor, before: Date) {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, before));
}
