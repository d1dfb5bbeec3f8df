/**
 * The core tables (users, organizations, their keys, sessions and settings, plugins, prompts,
 * LLM use); the documents and ontology are in `schema-documents.ts`, and the other
 * `schema-*.ts` files hold the rest and reference these. `schema.ts` is the one barrel the code
 * and drizzle-kit read.
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';

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
    /**
     * A stand-in for a person invited by email who already has an account (decision 351): the
     * organization sees it as the member it added, until the person accepts the invitation and
     * the stand-in's memberships pass to their account. It never signs in, and several may share
     * the address of the one real user.
     */
    pendingInvitee: boolean('pending_invitee').notNull().default(false),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email).where(sql`not pending_invitee`)],
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
    status: text('status', { enum: ['ACTIVE', 'REVOKED'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at'),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_key').on(t.keyHash), index('api_keys_user_idx').on(t.userId)],
);

/**
 * Console sessions (docs/console.md "Signing in"): the web console exchanges an API key or access
 * token for one of these short-lived bearer tokens, kept in the tab's sessionStorage. Only the
 * HMAC of the token is stored; `api_key_id` is the key it was made from (the session never
 * outlives or outranks it), null for an access token. A session ends at `expires_at` (moved on
 * by use up to `max_expires_at`) or when revoked by sign-out.
 */
export const consoleSessions = pgTable(
  'console_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    maxExpiresAt: ts('max_expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('console_sessions_token_hash_key').on(t.tokenHash),
    index('console_sessions_user_idx').on(t.userId),
    index('console_sessions_expires_idx').on(t.maxExpiresAt),
  ],
);

/**
 * A user's saved view of a list in one organization (issue 35): the list's filters and sort as
 * the console keeps them in its address, and the columns shown; listed in the console's sidebar.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The list it shows: `documents`. */
    resource: text('resource').notNull(),
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    showInSidebar: boolean('show_in_sidebar').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_views_owner_name_key').on(t.organizationId, t.userId, sql`lower(name)`)],
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
  /** What forwarded mail must pass besides the allowlist (sources/email-auth.ts). */
  emailForwardingSenderPolicy: text('email_forwarding_sender_policy', {
    enum: ['ALLOWLIST_AND_DMARC', 'ALLOWLIST_ONLY'],
  })
    .notNull()
    .default('ALLOWLIST_AND_DMARC'),
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

// Plugins (spec 4.9, 4.11)

export const plugins = pgTable(
  'plugins',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['SOURCE', 'CLASSIFICATION', 'EXTRACTION', 'BENCHMARK'] }).notNull(),
    className: text('class_name').notNull(),
    description: text('description'),
    enabled: boolean('enabled').notNull().default(true),
    currentVersion: integer('current_version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
    /** Set when the plugin kept breaking the runtime protocol; its documents fail until lifted (docs/plugin-runtime.md). */
    quarantinedAt: ts('quarantined_at'),
    quarantineReason: text('quarantine_reason'),
  },
  (t) => [uniqueIndex('plugins_org_name_key').on(t.organizationId, t.name).where(sql`deleted_at is null`)],
);

/** Immutable versions of a plugin's source. */
export const pluginVersions = pgTable(
  'plugin_versions',
  {
    pluginId: uuid('plugin_id')
      .notNull()
      .references(() => plugins.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    code: text('code').notNull(),
    sha256: text('sha256').notNull(),
    configs: jsonb('configs').$type<Record<string, unknown>>().notNull().default({}),
    /** Class attributes read by the validator: source_type, credential_fields, configurable_parameters… */
    manifest: jsonb('manifest').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pluginId, t.version] })],
);

// LLM usage and prompts (spec 4.11 services)

export const llmUsage = pgTable(
  'llm_usage',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id'),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('llm_usage_org_created_idx').on(t.organizationId, t.createdAt)],
);

export const prompts = pgTable(
  'prompts',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    promptId: text('prompt_id').notNull(),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.promptId, t.version] })],
);
