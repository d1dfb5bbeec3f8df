import { and, count, desc, eq, isNotNull, lt } from 'drizzle-orm';
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
