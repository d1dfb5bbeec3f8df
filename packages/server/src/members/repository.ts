import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { notDeleted, sortOrder, withPage } from '../db/paging.js';
import { memberships, users } from '../db/schema.js';

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

const memberSort = { created_at: memberships.createdAt, role: memberships.role, email: users.email } as const;
export type MemberSortField = keyof typeof memberSort;

/** One page of an organization's members (users not deleted) with their user rows; the total is `countMembers`. */
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
  return rows;
}
