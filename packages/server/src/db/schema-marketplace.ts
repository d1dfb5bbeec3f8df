// Tables of the marketplace domain; re-exported by schema.ts so migrations and the query layer see them.
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { organizations, users } from './schema-core.js';

/** Plans an entitlement can carry (src/marketplace/plans.ts holds their quotas). */
export const MARKETPLACE_PLANS = ['free', 'standard', 'enterprise'] as const;
/** Entitlement states as the marketplace reports them; only ACTIVE (and not past ends_at) grants the plan. */
export const ENTITLEMENT_STATUSES = ['ACTIVE', 'SUSPENDED', 'CANCELLED', 'EXPIRED'] as const;

/**
 * A cloud-marketplace entitlement (spec 4.6, api-decisions §3): registered by a SYSTEM_ADMIN, a
 * signed provider notification or `service-server marketplace import`, then linked to one
 * organization by its OWNER or ADMIN. `entitlement_id` and `account_id` are the marketplace's
 * identifiers; `email` (lower-case) is the buyer's, for `GET /marketplace/pending`.
 */
export const marketplaceEntitlements = pgTable(
  'marketplace_entitlements',
  {
    id: uuid('id').primaryKey(),
    entitlementId: text('entitlement_id').notNull(),
    accountId: text('account_id').notNull(),
    email: text('email').notNull(),
    plan: text('plan', { enum: MARKETPLACE_PLANS }).notNull(),
    status: text('status', { enum: ENTITLEMENT_STATUSES }).notNull(),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    linkedAt: ts('linked_at'),
    linkedBy: uuid('linked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketplace_entitlements_entitlement_key').on(t.entitlementId),
    index('marketplace_entitlements_account_idx').on(t.accountId),
    index('marketplace_entitlements_email_idx').on(t.email),
    index('marketplace_entitlements_org_idx').on(t.organizationId),
  ],
);
