import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { notDeleted, sortOrder, withPage } from '../db/paging.js';
import { memberships, organizations, users } from '../db/schema.js';

export type MembershipRow = typeof memberships.$inferSelect;
export type Role = MembershipRow['role'];

export async function findMembership(db: Executor, organizationId: string, userId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row;
}

export async function insertMembership(
  db: Executor,
  v: { organizationId: string; userId: string; role: Role },
) {
  const [row] = await db.insert(memberships).values(v).returning();
  if (!row) throw new Error('insert memberships returned nothing');
  return row;
}

/**
 * Inserts a membership unless the user is already a member (also through a concurrent
 * transaction: ON CONFLICT DO NOTHING waits for it). Returns undefined in that case.
 */
export async function insertMembershipIfAbsent(
  db: Executor,
  v: { organizationId: string; userId: string; role: Role },
) {
  const [row] = await db
    .insert(memberships)
    .values(v)
    .onConflictDoNothing({ target: [memberships.organizationId, memberships.userId] })
    .returning();
  return row;
}

export async function setRole(db: Executor, organizationId: string, userId: string, role: Role) {
  const [row] = await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .returning();
  return row;
}

/**
 * Turns the OWNER `userId` of an organization into an ADMIN. Returns undefined when `userId` is
 * not (or no longer) the OWNER: under a concurrent transfer the row lock makes the second
 * transaction re-check `role = 'OWNER'` after the first commits.
 */
export async function demoteOwner(db: Executor, organizationId: string, userId: string) {
  const [row] = await db
    .update(memberships)
    .set({ role: 'ADMIN' })
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        eq(memberships.role, 'OWNER'),
      ),
    )
    .returning();
  return row;
}

export async function deleteMembership(db: Executor, organizationId: string, userId: string) {
  await db
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

export async function countMembers(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), notDeleted(users.deletedAt)));
  return Number(row?.n ?? 0);
}

const memberSort = { created_at: memberships.createdAt, role: memberships.role, email: users.email } as const;
export type MemberSortField = keyof typeof memberSort;

/** One page of an organization's members (users not deleted) with their user rows. */
export async function listMembers(
  db: Executor,
  organizationId: string,
  p: { page: number; size: number; field: MemberSortField; direction: 'asc' | 'desc' },
) {
  const where = and(eq(memberships.organizationId, organizationId), notDeleted(users.deletedAt));
  const column = memberSort[p.field];
  const rows = await withPage(
    db
      .select({ membership: memberships, user: users })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where)
      .orderBy(...sortOrder(column, p.direction, asc(memberships.userId)))
      .$dynamic(),
    p,
  );
  const total = await countMembers(db, organizationId);
  return { rows, total };
}

/** The user's memberships in non-deleted organizations, with the organization rows. */
export async function listMembershipsOfUser(db: Executor, userId: string) {
  return db
    .select({ membership: memberships, organization: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), notDeleted(organizations.deletedAt)))
    .orderBy(asc(memberships.createdAt));
}
