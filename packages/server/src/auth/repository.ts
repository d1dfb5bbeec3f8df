import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { apiKeys, consoleSessions, memberships, organizations, users } from '../db/schema.js';

/** The user row of a principal as the key and session lookups read it (the `users` table; users/service.ts owns its rules). */
export type PrincipalUser = typeof users.$inferSelect;

/** A membership of the principal, as authentication loads it: enough to pick the tenant and list roles. */
export interface MembershipSummary {
  organizationId: string;
  role: 'OWNER' | 'ADMIN' | 'MEMBER';
  kind: 'PERSONAL' | 'TEAM';
}

/**
 * The memberships of a user in organizations that are not deleted, oldest first: what tenant
 * resolution picks from when the principal did not come with them (a bearer token).
 */
export async function listMembershipSummaries(db: Executor, userId: string): Promise<MembershipSummary[]> {
  return db
    .select({ organizationId: memberships.organizationId, role: memberships.role, kind: organizations.kind })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), isNull(organizations.deletedAt)))
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
): Promise<{ role: MembershipSummary['role'] | null } | undefined> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(organizations)
    .leftJoin(
      memberships,
      and(eq(memberships.organizationId, organizations.id), eq(memberships.userId, userId)),
    )
    .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)));
  return row ? { role: row.role ?? null } : undefined;
}

/** The user's membership role in an organization (deleted or not), or null when not a member. */
export async function findMembershipRole(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<MembershipSummary['role'] | null> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row?.role ?? null;
}

/** The user's memberships of organizations that are not deleted, oldest first, as one JSON column. */
const membershipsOfUser = sql<MembershipSummary[]>`coalesce((
        select json_agg(json_build_object('organizationId', m.organization_id, 'role', m.role, 'kind', o.kind) order by m.created_at)
        from memberships m join organizations o on o.id = m.organization_id
        where m.user_id = ${users.id} and o.deleted_at is null), '[]'::json)`;

/**
 * The API key with `keyHash`, its (not deleted) user and the user's memberships of organizations
 * that are not deleted, oldest first — in one statement over the `api_keys_hash_key` index.
 */
export async function findApiKeyPrincipal(db: Executor, keyHash: string) {
  const [row] = await db
    .select({ key: apiKeys, user: users, memberships: membershipsOfUser })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(users.deletedAt)));
  return row;
}

/**
 * Sets `last_used_at` of many keys in one statement; a stored time that is already later wins.
 * `uses` maps key id to time of use.
 */
export async function recordApiKeyUses(db: Executor, uses: ReadonlyMap<string, Date>): Promise<void> {
  if (uses.size === 0) return;
  const ids = [...uses.keys()];
  const times = [...uses.values()].map((t) => t.toISOString());
  await db.execute(sql`
    update api_keys a set last_used_at = v.t
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(times)}::timestamptz[]) as v(id, t)
    where a.id = v.id and (a.last_used_at is null or a.last_used_at < v.t)`);
}

export type ConsoleSessionRow = typeof consoleSessions.$inferSelect;

/** Stores a new console session (only the token's HMAC). */
export async function insertConsoleSession(db: Executor, row: typeof consoleSessions.$inferInsert) {
  const [created] = await db.insert(consoleSessions).values(row).returning();
  if (!created) throw new Error('console session not inserted');
  return created;
}

/**
 * The console session with `tokenHash`, its (not deleted) user, the API key it was made from
 * (null for an access token) and the user's memberships — in one statement over
 * `console_sessions_token_hash_key`. Expiry and revocation are the caller's to check.
 */
export async function findConsoleSessionPrincipal(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ session: consoleSessions, user: users, key: apiKeys, memberships: membershipsOfUser })
    .from(consoleSessions)
    .innerJoin(users, eq(users.id, consoleSessions.userId))
    .leftJoin(apiKeys, eq(apiKeys.id, consoleSessions.apiKeyId))
    .where(and(eq(consoleSessions.tokenHash, tokenHash), isNull(users.deletedAt)));
  return row;
}

/** Moves a session's idle expiry to `expiresAt`. */
export async function extendConsoleSession(db: Executor, id: string, expiresAt: Date): Promise<void> {
  await db.update(consoleSessions).set({ expiresAt }).where(eq(consoleSessions.id, id));
}

/** Marks a session revoked at `at` (sign-out); a revoked session stays revoked. */
export async function revokeConsoleSession(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(consoleSessions)
    .set({ revokedAt: at })
    .where(and(eq(consoleSessions.id, id), isNull(consoleSessions.revokedAt)));
}

/** Deletes a user's sessions that ended before `before` (expired at their latest end, or revoked). */
export async function deleteEndedConsoleSessions(db: Executor, userId: string, before: Date): Promise<void> {
  await db
    .delete(consoleSessions)
    .where(
      and(
        eq(consoleSessions.userId, userId),
        or(
          lt(consoleSessions.revokedAt, before),
          lt(consoleSessions.expiresAt, before),
          lt(consoleSessions.maxExpiresAt, before),
        ),
      ),
    );
}
