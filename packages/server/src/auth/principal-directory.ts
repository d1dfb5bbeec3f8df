/**
 * What authentication reads about a principal from the domains that own it (issue 34, one owner
 * per table): the key (api-keys), the user (users) and the memberships (organizations). Auth sits
 * below every domain, so it declares this port and the composition root (app-context.ts) passes
 * the owners' records.ts implementations in as `ctx.principals`.
 */
import type { Executor } from '../db/client.js';

/** The user row of a principal (the `users` table; users/service.ts owns its rules). */
export interface PrincipalUser {
  id: string;
  email: string;
  name: string | null;
  isSystemAdmin: boolean;
  defaultOrganizationId: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  pendingInvitee: boolean;
}

/** A membership of the principal, as authentication loads it: enough to pick the tenant and list roles. */
export interface MembershipSummary {
  organizationId: string;
  role: 'OWNER' | 'ADMIN' | 'MEMBER';
  kind: 'PERSONAL' | 'TEAM';
}

/** The API key a principal authenticated with (any status: the caller checks status and expiry). */
export interface PrincipalApiKey {
  id: string;
  userId: string;
  organizationId: string | null;
  status: 'ACTIVE' | 'REVOKED';
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

/** The look-ups of authentication and tenant resolution, implemented by the owners' records.ts. */
export interface PrincipalDirectory {
  /** The key with this HMAC, or undefined (api-keys). */
  findApiKeyByHash(db: Executor, keyHash: string): Promise<PrincipalApiKey | undefined>;
  /** The key with this id, or undefined (api-keys). */
  findApiKeyById(db: Executor, id: string): Promise<PrincipalApiKey | undefined>;
  /** Sets `last_used_at` of many keys (key id → time of use); a later stored time wins (api-keys). */
  recordApiKeyUses(db: Executor, uses: ReadonlyMap<string, Date>): Promise<void>;
  /** The user with this id unless deleted (users). */
  findUserById(db: Executor, id: string): Promise<PrincipalUser | undefined>;
  /** The user's memberships in organizations that are not deleted, oldest first (organizations). */
  listMembershipSummaries(db: Executor, userId: string): Promise<MembershipSummary[]>;
  /** The role in a non-deleted organization (`{role: null}` if not a member), undefined if there is none. */
  findOrganizationRole(
    db: Executor,
    organizationId: string,
    userId: string,
  ): Promise<{ role: MembershipSummary['role'] | null } | undefined>;
}

/**
 * The credential's user (not deleted) and the user's memberships: what the API key and console
 * session look-ups add to their credential. Undefined when the user is deleted. Two statements,
 * sent together on `db` (the pool: never a transaction here).
 */
export async function principalOf(
  directory: PrincipalDirectory,
  db: Executor,
  userId: string,
): Promise<{ user: PrincipalUser; memberships: MembershipSummary[] } | undefined> {
  const [user, memberships] = await Promise.all([
    directory.findUserById(db, userId),
    directory.listMembershipSummaries(db, userId),
  ]);
  return user && { user, memberships };
}
