import type { UserRow } from '../users/records.js';
import type { MembershipSummary } from './repository.js';

/**
 * The authenticated caller of a request. `apiKey` is set when it authenticated with an API key;
 * a key created with `organization_id` restricts the principal to that organization.
 */
export interface Principal {
  user: UserRow;
  method: 'api_key' | 'bearer';
  apiKey?: { id: string; organizationId: string | null };
  /** The user's memberships (organizations not deleted, oldest first) when loaded with the principal. */
  memberships?: MembershipSummary[];
}

/** The organization a request acts on (DESIGN.md §4, api-decisions §1) and the caller's role there. */
export interface Tenant {
  organizationId: string;
  /** The caller's membership role; `null` for a SYSTEM_ADMIN who is not a member. */
  role: 'OWNER' | 'ADMIN' | 'MEMBER' | null;
}
