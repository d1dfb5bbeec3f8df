import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { pageOf, sortOrder } from '../db/paging.js';
import { invitations } from '../db/schema.js';
import { newId } from '../ids.js';

export type InvitationRow = typeof invitations.$inferSelect;

/**
 * Inserts a PENDING invitation. Returns undefined when one is already PENDING for the
 * (organization, email), also when a concurrent transaction inserted it (ON CONFLICT DO NOTHING
 * on the partial unique index waits for that transaction).
 */
export async function insertInvitation(
  db: Executor,
  v: {
    organizationId: string;
    email: string;
    role: 'ADMIN' | 'MEMBER';
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
) {
  const [row] = await db
    .insert(invitations)
    .values({ id: newId(), status: 'PENDING', ...v })
    .onConflictDoNothing({
      target: [invitations.organizationId, invitations.email],
      where: sql`status = 'PENDING'`,
    })
    .returning();
  return row;
}

export async function findInvitation(db: Executor, id: string) {
  const [row] = await db.select().from(invitations).where(eq(invitations.id, id));
  return row;
}

export async function findInvitationByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
  return row;
}

export async function findPending(db: Executor, organizationId: string, email: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        eq(invitations.email, email),
        eq(invitations.status, 'PENDING'),
      ),
    );
  return row;
}

export async function updateInvitation(
  db: Executor,
  id: string,
  patch: Partial<Pick<InvitationRow, 'status' | 'tokenHash' | 'expiresAt'>>,
) {
  const [row] = await db
    .update(invitations)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(invitations.id, id))
    .returning();
  return row;
}

/**
 * Moves an invitation to a new state only if it is still in one of the `from` states (and, with
 * `unexpiredAt`, not expired at that time): the row lock makes a concurrent transition re-check
 * the condition after the first commits. Returns undefined when the condition no longer holds.
 */
export async function transitionInvitation(
  db: Executor,
  id: string,
  from: readonly InvitationRow['status'][],
  patch: Partial<Pick<InvitationRow, 'status' | 'tokenHash' | 'expiresAt'>>,
  unexpiredAt?: Date,
) {
  const [row] = await db
    .update(invitations)
    .set({ ...patch, updatedAt: new Date() })
    .where(
      and(
        eq(invitations.id, id),
        inArray(invitations.status, [...from]),
        unexpiredAt ? gt(invitations.expiresAt, unexpiredAt) : undefined,
      ),
    )
    .returning();
  return row;
}

export async function listPendingForEmail(db: Executor, email: string) {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.email, email), eq(invitations.status, 'PENDING')))
    .orderBy(desc(invitations.createdAt));
}

const invitationSort = {
  created_at: invitations.createdAt,
  email: invitations.email,
  status: invitations.status,
} as const;
export type InvitationSortField = keyof typeof invitationSort;

export async function listForOrganization(
  db: Executor,
  organizationId: string,
  p: { page: number; size: number; field: InvitationSortField; direction: 'asc' | 'desc' },
) {
  const column = invitationSort[p.field];
  const where = eq(invitations.organizationId, organizationId);
  return pageOf(
    db
      .select()
      .from(invitations)
      .where(where)
      .orderBy(...sortOrder(column, p.direction, asc(invitations.id)))
      .$dynamic(),
    db.select({ n: count() }).from(invitations).where(where),
    p,
  );
}
