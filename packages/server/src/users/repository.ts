import { type AnyColumn, and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import type { MembershipsSubquery } from '../db/membership-subquery.js';
import { deletedFilter, notDeleted, pageOf, sortOrder, withPage } from '../db/paging.js';
import { userIdentities, users } from '../db/schema.js';
import { newId } from '../ids.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Executor, id: string, opts: { includeDeleted?: boolean } = {}) {
  const [row] = await db
    .select()
    .from(users)
    .where(opts.includeDeleted ? eq(users.id, id) : and(eq(users.id, id), notDeleted(users.deletedAt)));
  return row;
}

/** The account with this email (deleted ones included); never a pending invitee's stand-in. */
export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.pendingInvitee, false)));
  return row;
}

/** How many of `ids` are users that are not deleted (organizations/user-directory.ts). */
export async function countLiveUsers(db: Executor, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(sql`${users.id} = any(${sql.param(ids)}::uuid[])`, notDeleted(users.deletedAt)));
  return Number(row?.n ?? 0);
}

/** The ids of every user with this e-mail address: deleted users and pending invitees' stand-ins included. */
export async function userIdsWithEmail(db: Executor, email: string): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return rows.map((r) => r.id);
}

export async function findUserByIdentity(db: Executor, issuer: string, subject: string) {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
  return row?.user;
}

export async function insertUser(
  db: Executor,
  v: { email: string; name?: string | null; isSystemAdmin?: boolean; pendingInvitee?: boolean },
) {
  const [row] = await db
    .insert(users)
    .values({
      id: newId(),
      email: v.email.toLowerCase(),
      name: v.name ?? null,
      isSystemAdmin: v.isSystemAdmin ?? false,
      pendingInvitee: v.pendingInvitee ?? false,
    })
    .returning();
  if (!row) throw new Error('insert users returned nothing');
  return row;
}

/** Inserts a user unless one has this email (also a concurrent one); returns undefined then. */
export async function insertUserIfAbsent(db: Executor, v: { email: string; name?: string | null }) {
  const [row] = await db
    .insert(users)
    .values({ id: newId(), email: v.email.toLowerCase(), name: v.name ?? null, isSystemAdmin: false })
    .onConflictDoNothing({ target: users.email, where: sql`not ${users.pendingInvitee}` })
    .returning();
  return row;
}

/**
 * Inserts the stand-in of a person invited by email who already has an account (decision 351):
 * a user row with that email and the name the organization gave, which never signs in.
 */
export async function insertPendingInvitee(db: Executor, v: { email: string; name?: string | null }) {
  return insertUser(db, { ...v, pendingInvitee: true });
}

/** The ids of the pending invitees' stand-ins with this e-mail address (invitations/stand-ins.ts). */
export async function pendingInviteeIds(db: Executor, email: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.pendingInvitee, true)));
  return rows.map((r) => r.id);
}

/** Deletes the stand-ins among `ids` (their memberships go with them: ON DELETE CASCADE). */
export async function deletePendingInvitees(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .delete(users)
    .where(and(sql`${users.id} = any(${sql.param(ids)}::uuid[])`, eq(users.pendingInvitee, true)));
}

export async function linkIdentity(db: Executor, userId: string, issuer: string, subject: string) {
  await db.insert(userIdentities).values({ issuer, subject, userId }).onConflictDoNothing();
}

export async function updateUser(
  db: Executor,
  id: string,
  patch: Partial<Pick<UserRow, 'name' | 'defaultOrganizationId' | 'isSystemAdmin' | 'deletedAt'>>,
) {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

const userSortColumns = { created_at: users.createdAt, email: users.email, name: users.name } as const;
export type UserSortField = keyof typeof userSortColumns;

/** Which users a listing shows: live ones only (the default), deleted ones too, or deleted ones only. */
export type DeletedUsers = 'exclude' | 'include' | 'only';

/** A page of users as the listings take it: order, which deleted users, and an email search. */
export interface UserListRequest {
  page: number;
  size: number;
  field: UserSortField;
  direction: 'asc' | 'desc';
  deleted?: DeletedUsers;
  /** only users whose email contains this text, in any case */
  q?: string | undefined;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern (`\` is PostgreSQL’s default escape). */
function likeLiteral(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The users a listing keeps: deleted ones as `deleted` says, and those whose email contains `q`. */
function userFilter(p: { deleted?: DeletedUsers; q?: string | undefined }): SQL | undefined {
  return and(
    deletedFilter(users.deletedAt, p.deleted ?? 'exclude'),
    p.q ? ilike(users.email, `%${likeLiteral(p.q)}%`) : undefined,
  );
}

/**
 * One page of `{membership, user}` of an organization's members (live users unless `p.deleted`
 * says otherwise), by `column` then user id. `members` is the organization's memberships as their owner builds them
 * (organizations/records.ts `organizationMemberships`), so this statement names no other domain's table.
 */
function memberPage(
  db: Executor,
  members: MembershipsSubquery,
  column: AnyColumn,
  p: {
    page: number;
    size: number;
    direction: 'asc' | 'desc';
    deleted?: DeletedUsers;
    q?: string | undefined;
  },
) {
  const membership = {
    organizationId: members.organizationId,
    userId: members.userId,
    role: members.role,
    createdAt: members.createdAt,
  };
  return withPage(
    db
      .select({ membership, user: users })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(userFilter(p))
      .orderBy(...sortOrder(column, p.direction, asc(members.userId)))
      .$dynamic(),
    p,
  );
}

/**
 * One page of the users who are members of an organization (live ones unless `p.deleted` says
 * otherwise, whose email contains `p.q` when given), and the total.
 *
 * @param members the organization's memberships (organizations/records.ts `organizationMemberships`)
 */
export async function listUsersOfOrganization(
  db: Executor,
  members: MembershipsSubquery,
  p: UserListRequest,
) {
  const rows = await memberPage(db, members, userSortColumns[p.field], p);
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(members, eq(members.userId, users.id))
    .where(userFilter(p));
  return { rows: rows.map((r) => r.user), total: Number(total?.n ?? 0) };
}

/**
 * One page of every account of the platform, whatever organizations it belongs to (live ones
 * unless `p.deleted` says otherwise, whose email contains `p.q` when given), and the total.
 * Pending invitees' stand-ins are left out: they are an organization's placeholder for a person
 * who has an account already, which the list shows.
 */
export async function listAllUsers(db: Executor, p: UserListRequest) {
  const where = and(eq(users.pendingInvitee, false), userFilter(p));
  const { rows, total } = await pageOf(
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...sortOrder(userSortColumns[p.field], p.direction, asc(users.id)))
      .$dynamic(),
    db.select({ n: count() }).from(users).where(where),
    p,
  );
  return { rows, total };
}

export type MemberSortField = 'created_at' | 'role' | 'email';

/**
 * One page of an organization's members (users not deleted) with their user rows, sorted by
 * `field` then user id; the total is organizations/user-directory.ts `countMembers`.
 *
 * @param members the organization's memberships (organizations/records.ts `organizationMemberships`)
 */
export async function listMembers(
  db: Executor,
  members: MembershipsSubquery,
  p: { page: number; size: number; field: MemberSortField; direction: 'asc' | 'desc' },
) {
  const column = { created_at: members.createdAt, role: members.role, email: users.email }[p.field];
  return memberPage(db, members, column, p);
}
