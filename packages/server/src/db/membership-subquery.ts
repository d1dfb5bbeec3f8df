/**
 * The type of one organization's memberships as a subquery of another domain's statement
 * (docs/architecture.md "One owner per table"): organizations/membership-repository.ts `organizationMemberships` builds
 * it, users/repository.ts joins its users to it for the pages of an organization's users and
 * members. The type lives here, beside the schema, so the reader's repository names no other
 * domain's module and the owner alone writes the memberships' SQL (decision 629).
 */
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { memberships } from './schema-core.js';

/** `organization_members`: every column of `memberships`, the rows of one organization. */
export type MembershipsSubquery = SubqueryWithSelection<
  (typeof memberships)['_']['columns'],
  'organization_members'
>;
