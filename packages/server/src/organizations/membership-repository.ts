/**
 * Memberships: who belongs to an organization with which role (split from repository.ts by what
 * the code does; docs/architecture.md "Module size"). The members domain administers them
 * (members/service.ts); users, invitations and organization creation write them too.
 */
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import type { MembershipsSubquery } from '../db/membership-subquery.js';
import { notDeleted } from '../db/paging.js';
import { memberships, organizations } from '../db/schema.js';

export type MembershipRow = typeof memberships.$inferSelect;
export type Role = MembershipRow['role'];

/**
 * The memberships of `organizationId` as a subquery named `organization_members` (every column of
 * `memberships`), for one statement of a domain above that joins its own rows to them and sorts by
 * a column of either side (users' pages of an organization's users and members). The owner writes
 * the memberships' SQL, the reader the rest; PostgreSQL pulls the subquery up into the same
 * indexed join as a join written in one place (decision 629). Builds SQL only: nothing is sent.
 */
export function organizationMemberships(organizationId: string): MembershipsSubquery {
  return new QueryBuilder()
    .select(getTableColumns(memberships))
    .from(memberships)
    .where(eq(memberships.organizationId, organizationId))
    .as('organization_members');
}

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

/** Deletes the membership of a user in an organization (the caller has checked who may). */
export async function deleteMembership(db: Executor, organizationId: string, userId: string) {
  await db
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

/**
 * The user ids of an organization's memberships (deleted users included: the users domain tells
 * which are live, organizations/user-directory.ts).
 */
export async function listMemberUserIds(db: Executor, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.organizationId, organizationId));
  return rows.map((r) => r.userId);
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

/** `{userId, organizationId, role}` of every membership of `userIds` (organizations deleted or not). */
export async function membershipsOfUsers(db: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: memberships.userId,
      organizationId: memberships.organizationId,
      role: memberships.role,
    })
    .from(memberships)
    .where(sql`${memberships.userId} = any(${sql.param(userIds)}::uuid[])`);
}

/**
 * The memberships of a user in organizations that are not deleted, oldest first, with the
 * organization's kind: what tenant resolution picks from (auth/tenancy.ts).
 */
export async function listMembershipSummaries(db: Executor, userId: string) {
  return db
    .select({ organizationId: memberships.organizationId, role: memberships.role, kind: organizations.kind })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), notDeleted(organizations.deletedAt)))
    .orderBy(asc(memberships.createdAt));
}

/**
 * The user's role in an organization that is not deleted: `{ role: null }` when the user is not a
 * member, undefined when there is no such organization.
 */
export async function findOrganizationRole(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<{ role: Role | null } | undefined> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(organizations)
    .leftJoin(
      memberships,
      and(eq(memberships.organizationId, organizations.id), eq(memberships.userId, userId)),
    )
    .where(and(eq(organizations.id, organizationId), notDeleted(organizations.deletedAt)));
  return row ? { role: row.role ?? null } : undefined;
}

/** The user's role in an organization (deleted or not), or null when not a member. */
export async function findMembershipRole(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<Role | null> {
  return (await findMembership(db, organizationId, userId))?.role ?? null;
}

/** The user's roles in non-deleted organizations. */
export async function rolesOfUser(db: Executor, userId: string) {
  return db
    .select({ organizationId: memberships.organizationId, role: memberships.role })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        sql`exists (select 1 from organizations o where o.id = ${memberships.organizationId} and o.deleted_at is null)`,
      ),
    )
    .orderBy(asc(memberships.createdAt));
}

/** Whether one of `userIds` is a member of the organization. */
export async function hasMemberAmong(
  db: Executor,
  organizationId: string,
  userIds: readonly string[],
): Promise<boolean> {
  if (userIds.length === 0) return false;
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        sql`${memberships.userId} = any(${sql.param(userIds)}::uuid[])`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
