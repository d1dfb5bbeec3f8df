import { and, count, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { type PageWindow, pageOf } from '../db/paging.js';
import { organizationExports } from '../db/schema.js';
import { newId } from '../ids.js';

export type ExportRow = typeof organizationExports.$inferSelect;

export async function insertExport(db: Executor, v: { organizationId: string; requestedBy: string | null }) {
  const [row] = await db
    .insert(organizationExports)
    .values({ id: newId(), status: 'PENDING', ...v })
    .returning();
  if (!row) throw new Error('insert organization_exports returned nothing');
  return row;
}

export async function findExport(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(organizationExports)
    .where(and(eq(organizationExports.organizationId, organizationId), eq(organizationExports.id, id)));
  return row;
}

export async function findExportById(db: Executor, id: string) {
  const [row] = await db.select().from(organizationExports).where(eq(organizationExports.id, id));
  return row;
}

export async function updateExport(
  db: Executor,
  id: string,
  patch: Partial<Omit<ExportRow, 'id' | 'organizationId'>>,
) {
  const [row] = await db
    .update(organizationExports)
    .set(patch)
    .where(eq(organizationExports.id, id))
    .returning();
  return row;
}

/** A page of the organization's exports, newest first. */
export async function listExports(db: Executor, organizationId: string, p: PageWindow) {
  const where = eq(organizationExports.organizationId, organizationId);
  return pageOf(
    db
      .select()
      .from(organizationExports)
      .where(where)
      .orderBy(desc(organizationExports.createdAt), desc(organizationExports.id))
      .$dynamic(),
    db.select({ n: count() }).from(organizationExports).where(where),
    p,
  );
}

/** Finished exports whose archive is past `expiresAt`. */
export async function expiredExports(db: Executor, now: Date) {
  return db
    .select()
    .from(organizationExports)
    .where(
      and(
        eq(organizationExports.status, 'SUCCEEDED'),
        lt(organizationExports.expiresAt, now),
        isNotNull(organizationExports.archiveSha256),
      ),
    );
}

/**
 * Serialises the start of exports of one organization until the transaction ends, so two
 * requests at once cannot both find none in progress.
 */
export async function lockOrganizationExports(tx: Executor, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`exports:${organizationId}`}, 0))`);
}

/**
 * Marks FAILED, with `error`, the organization's PENDING or RUNNING exports whose last start
 * (`started_at`, else `created_at`) is before `before`: their job's time limit has passed, so the
 * process that ran them stopped or no worker took them.
 *
 * @returns the exports marked
 */
export async function failStaleExports(db: Executor, organizationId: string, before: Date, error: string) {
  return db
    .update(organizationExports)
    .set({ status: 'FAILED', error, finishedAt: new Date() })
    .where(
      and(
        eq(organizationExports.organizationId, organizationId),
        inArray(organizationExports.status, ['PENDING', 'RUNNING']),
        lt(sql`coalesce(${organizationExports.startedAt}, ${organizationExports.createdAt})`, before),
      ),
    )
    .returning({ id: organizationExports.id });
}

/** The organization's oldest PENDING or RUNNING export, if any. */
export async function findExportInProgress(db: Executor, organizationId: string) {
  const [row] = await db
    .select()
    .from(organizationExports)
    .where(
      and(
        eq(organizationExports.organizationId, organizationId),
        inArray(organizationExports.status, ['PENDING', 'RUNNING']),
      ),
    )
    .orderBy(organizationExports.createdAt)
    .limit(1);
  return row;
}
