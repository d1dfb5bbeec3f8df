/**
 * The relational schema the code declares. Migrations in `drizzle/` are generated from this
 * file with `npm run db:generate -w packages/server`; `test/db/schema.test.ts` checks that a
 * migrated database matches it, on PostgreSQL and on PGlite.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name'),
    isSystemAdmin: boolean('is_system_admin').notNull().default(false),
    defaultOrganizationId: uuid('default_organization_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** A user's identity at a token issuer: (issuer, subject) of a JWT (api-decisions §1). */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    kind: text('kind', { enum: ['PERSONAL', 'TEAM'] }).notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => organizations.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [uniqueIndex('organizations_slug_key').on(t.slug), index('organizations_parent_idx').on(t.parentId)],
);

export const memberships = pgTable(
  'memberships',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['OWNER', 'ADMIN', 'MEMBER'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index('memberships_user_idx').on(t.userId),
    // Spec §3: exactly one OWNER per organization, enforced by the database.
    uniqueIndex('memberships_one_owner_key').on(t.organizationId).where(sql`role = 'OWNER'`),
  ],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    status: text('status', { enum: ['ACTIVE', 'REVOKED'] }).notNull().default('ACTIVE'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at'),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_key').on(t.keyHash), index('api_keys_user_idx').on(t.userId)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['ADMIN', 'MEMBER'] }).notNull(),
    status: text('status', { enum: ['PENDING', 'ACCEPTED', 'REJECTED', 'REVOKED', 'EXPIRED'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_key').on(t.tokenHash),
    // One PENDING invitation per (organization, email): a second one is a 409.
    uniqueIndex('invitations_one_pending_key').on(t.organizationId, t.email).where(sql`status = 'PENDING'`),
    index('invitations_email_idx').on(t.email),
  ],
);

export const organizationIdentities = pgTable(
  'organization_identities',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['LEGAL_NAME', 'DOMAIN', 'TAX_ID', 'EMAIL_DOMAIN'] }).notNull(),
    value: text('value').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organization_identities_value_key').on(t.organizationId, t.kind, t.value),
    uniqueIndex('organization_identities_one_primary_key').on(t.organizationId).where(sql`is_primary`),
  ],
);

/** OrganizationQuotasDto; null = unlimited. */
export const organizationQuotas = pgTable('organization_quotas', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  maxDocumentsPerMonth: integer('max_documents_per_month'),
  maxStorageBytes: bigint('max_storage_bytes', { mode: 'number' }),
  maxSources: integer('max_sources'),
  maxPlugins: integer('max_plugins'),
  maxMembers: integer('max_members'),
  apiRequestsPerMinute: integer('api_requests_per_minute'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** OrganizationSettingsDto. */
export const organizationSettings = pgTable('organization_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  classificationPluginId: uuid('classification_plugin_id'),
  extractionPluginId: uuid('extraction_plugin_id'),
  renewalAlertDays: jsonb('renewal_alert_days').$type<number[]>().notNull().default([90, 30, 7]),
  timezone: text('timezone').notNull().default('UTC'),
  emailForwardingEnabled: boolean('email_forwarding_enabled').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Signing keys of the local token issuer (JWKS at /.well-known/jwks.json). */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});
