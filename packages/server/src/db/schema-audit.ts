// Tables of the audit domain; re-exported by schema.ts so migrations and the query layer see them.
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * The audit log (table audit_entries): one row per state-changing API call, written in the transaction of the change
 * (src/audit/service.ts). `organization_id` is null for platform actions (SYSTEM_ADMIN). No
 * foreign keys: entries outlive the users, keys and organizations they name, until retention
 * removes them.
 */
export const auditLog = pgTable(
  'audit_entries',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id'),
    actorType: text('actor_type', { enum: ['USER', 'API_KEY', 'PLUGIN', 'SYSTEM'] }).notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    actorApiKeyId: uuid('actor_api_key_id'),
    actorPluginId: uuid('actor_plugin_id'),
    /** `<resource>.<verb>`, e.g. `api_key.create`, `member.role_change`. */
    action: text('action').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    /** Changed fields (new values; `{from, to}` where the old value is known), secrets removed. */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    /** False for entries the HTTP layer wrote after a change no service audited itself. */
    inTransaction: boolean('in_transaction').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    // The log's page, newest or oldest first with id as the tie-breaker: one index walk.
    index('audit_entries_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('audit_entries_created_idx').on(t.createdAt),
  ],
);
