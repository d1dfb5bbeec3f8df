import type { MembershipSummary, PrincipalUser } from './principal-directory.js';

export type { MembershipSummary, PrincipalUser } from './principal-directory.js';

/** A membership role in an organization (spec §3). */
export type Role = MembershipSummary['role'];

/**
 * The authenticated caller of a request. `apiKey` is set when it authenticated with an API key;
 * a key created with `organization_id` restricts the principal to that organization.
 */
export interface Principal {
  user: PrincipalUser;
  method: 'api_key' | 'bearer';
  apiKey?: { id: string; organizationId: string | null };
  /** The user's memberships (organizations not deleted, oldest first) when loaded with the principal. */
  memberships?: MembershipSummary[];
  /** When the presented credential stops being valid (a key's or token's expiry), if it does. */
  credentialExpiresAt?: Date | undefined;
  /**
   * Set when the caller presented a console session (auth/console-sessions.ts); `method` and
   * `apiKey` are then those of the credential the session was opened with.
   */
  consoleSession?: { id: string; expiresAt: Date };
}

/** The organization a request acts on (DESIGN.md §4, api-decisions §1) and the caller's role there. */
export interface Tenant {
  organizationId: string;
  /** The caller's membership role; `null` for a SYSTEM_ADMIN who is not a member. */
  role: Role | null;
}
