import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { savedViews } from '../db/schema.js';

export type SavedViewRow = typeof savedViews.$inferSelect;
type Owner = { organizationId: string; userId: string };

const owned = (o: Owner) =>
  and(eq(savedViews.organizationId, o.organizationId), eq(savedViews.userId, o.userId));

/** The owner's views (of `resource`, when given), by name. */
export async function listViews(db: Executor, o: Owner, resource?: string): Promise<SavedViewRow[]> {
  return db
    .select()
    .from(savedViews)
    .where(and(owned(o), resource ? eq(savedViews.resource, resource) : undefined))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
}

export async function countViews(db: Executor, o: Owner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedViews).where(owned(o));
  return row?.n ?? 0;
}

export async function findView(db: Executor, o: Owner, id: string): Promise<SavedViewRow | undefined> {
  const [row] = await db
    .select()
    .from(savedViews)
    .where(and(owned(o), eq(savedViews.id, id)));
  return row;
}

/** Whether the owner has another view of that name, case-insensitively. */
export async function nameTaken(db: Executor, o: Owner, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        owned(o),
        eq(sql`lower(${savedViews.name})`, name.toLowerCase()),
        exceptId ? sql`${savedViews.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertView(db: Executor, v: typeof savedViews.$inferInsert): Promise<SavedViewRow> {
  const [row] = await db.insert(savedViews).values(v).returning();
  if (!row) throw new Error('insert saved_views returned nothing');
  return row;
}

export async function updateView(
  db: Executor,
  o: Owner,
  id: string,
  v: Pick<SavedViewRow, 'name' | 'query' | 'columns' | 'showInSidebar'>,
): Promise<SavedViewRow | undefined> {
  const [row] = await db
    .update(savedViews)
    .set({ ...v, updatedAt: new Date() })
    .where(and(owned(o), eq(savedViews.id, id)))
    .returning();
  return row;
}

export async function deleteView(db: Executor, o: Owner, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedViews)
    .where(and(owned(o), eq(savedViews.id, id)))
    .returning({ id: savedViews.id });
  return rows.length > 0;
}
