// Tables of the sources domain; re-exported by schema.ts so migrations and the query layer see them.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { organizations, plugins, users } from './schema-core.js';

export const SOURCE_KINDS = ['OAUTH', 'CUSTOM', 'MANUAL_UPLOAD', 'EMAIL_FORWARDING'] as const;
export const SOURCE_STATUSES = [
  'ACTIVE',
  'SYNCING',
  'ERROR',
  'REQUIRES_REAUTHORIZATION',
  'DISABLED',
] as const;

/**
 * A source connection (spec 2.3, api-decisions §2). `provider` is the OAuth provider id, the
 * SourcePlugin's `source_type`, `manual_upload` or `email_forwarding`. Credentials never live
 * here: they are in `vault_secrets`. `state` is the SourcePlugin's saved `BaseSourceState`.
 */
export const sourceConnections = pgTable(
  'source_connections',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    provider: text('provider').notNull(),
    kind: text('kind', { enum: SOURCE_KINDS }).notNull(),
    status: text('status', { enum: SOURCE_STATUSES }).notNull().default('ACTIVE'),
    pluginId: uuid('plugin_id').references(() => plugins.id, { onDelete: 'set null' }),
    configs: jsonb('configs').$type<Record<string, unknown>>().notNull().default({}),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    autoSync: boolean('auto_sync').notNull().default(false),
    syncIntervalMinutes: integer('sync_interval_minutes').notNull().default(60),
    /** When the scheduler next checks `has_new_data` (auto-sync on). */
    nextSyncAt: ts('next_sync_at'),
    lastSyncedAt: ts('last_synced_at'),
    lastError: text('last_error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('source_connections_org_idx').on(t.organizationId, t.createdAt),
    index('source_connections_due_idx').on(t.nextSyncAt).where(sql`auto_sync`),
    // One manual-upload and one email-forwarding connection per organization.
    uniqueIndex('source_connections_one_builtin_key')
      .on(t.organizationId, t.kind)
      .where(sql`kind = 'MANUAL_UPLOAD' or kind = 'EMAIL_FORWARDING'`),
  ],
);

/**
 * Envelope-encrypted secrets (NIST SP 800-38D AES-256-GCM): `ciphertext` is the JSON secret
 * under a per-secret data key, with associated data binding it to organization and connection;
 * `wrapped_key` is that data key under the master key `key_id`. All binary fields are base64.
 */
export const vaultSecrets = pgTable(
  'vault_secrets',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => sourceConnections.id, { onDelete: 'cascade' }),
    /** What the secret is: `credentials` (custom source) or `oauth_tokens`. */
    purpose: text('purpose').notNull(),
    keyId: text('key_id').notNull(),
    wrappedKey: text('wrapped_key').notNull(),
    iv: text('iv').notNull(),
    ciphertext: text('ciphertext').notNull(),
    authTag: text('auth_tag').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vault_secrets_connection_purpose_key').on(t.connectionId, t.purpose),
    index('vault_secrets_key_idx').on(t.keyId),
  ],
);

/** One sync of a connection (GET .../activity). At most one RUNNING per connection. */
export const sourceSyncs = pgTable(
  'source_syncs',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => sourceConnections.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['MANUAL', 'AUTO'] }).notNull(),
    status: text('status', { enum: ['RUNNING', 'SUCCEEDED', 'FAILED', 'ABORTED'] }).notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
    /** Refreshed after each item; a RUNNING row with an old heartbeat belongs to a dead process. */
    heartbeatAt: ts('heartbeat_at').notNull().defaultNow(),
    documentsCreated: integer('documents_created').notNull().default(0),
    documentsSkipped: integer('documents_skipped').notNull().default(0),
    documentsFailed: integer('documents_failed').notNull().default(0),
    /** Items matched by the connection's ignore patterns: neither downloaded nor stored. */
    documentsIgnored: integer('documents_ignored').notNull().default(0),
    error: text('error'),
  },
  (t) => [
    index('source_syncs_connection_idx').on(t.connectionId, t.startedAt),
    uniqueIndex('source_syncs_one_running_key').on(t.connectionId).where(sql`status = 'RUNNING'`),
  ],
);

/** The inbound email address of an organization: `<local_part>@<SERVICE_EMAIL_DOMAIN>`. */
export const emailForwardingAddresses = pgTable('email_forwarding_addresses', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  localPart: text('local_part').notNull().unique('email_forwarding_addresses_local_part_key'),
  createdAt: createdAt(),
});

/** Senders allowed to forward mail: an address (`alice@example.com`) or a domain (`@example.com`). */
export const emailAllowlist = pgTable(
  'email_allowlist',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    pattern: text('pattern').notNull(),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_allowlist_org_pattern_key').on(t.organizationId, t.pattern)],
);

/** Every decision of the SMTP listener about mail to an organization's address. */
export const emailAudit = pgTable(
  'email_audit',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    decision: text('decision', { enum: ['ACCEPTED', 'REJECTED', 'QUARANTINED'] }).notNull(),
    reason: text('reason').notNull(),
    sender: text('sender'),
    recipient: text('recipient').notNull(),
    messageId: text('message_id'),
    documentId: uuid('document_id'),
    remoteAddress: text('remote_address'),
    createdAt: createdAt(),
  },
  (t) => [index('email_audit_org_created_idx').on(t.organizationId, t.createdAt)],
);

/**
 * Pending OAuth authorizations (RFC 6749 §4.1, RFC 7636): the SHA-256 of the single-use `state`,
 * the PKCE verifier, and who started it. Consumed by the callback within 10 minutes.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** Set by reconnect: the callback updates this connection instead of creating one. */
    connectionId: uuid('connection_id').references(() => sourceConnections.id, { onDelete: 'cascade' }),
    name: text('name'),
    redirectUri: text('redirect_uri'),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);
