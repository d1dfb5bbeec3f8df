// Tables of the events domain; re-exported by schema.ts so migrations and the query layer see them.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { organizations, plugins, users } from './schema-core.js';

/**
 * The transactional outbox (api-decisions §4): every event is written in the same transaction as
 * its cause, then delivered to webhook endpoints and plugin handlers by the dispatcher.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    /** Set once the dispatcher has fanned the event out to deliveries. */
    dispatchedAt: ts('dispatched_at'),
  },
  (t) => [
    index('events_undispatched_idx').on(t.createdAt).where(sql`dispatched_at is null`),
    index('events_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * A webhook endpoint of an organization (api-decisions §3). The signing secret (`whsec_…`,
 * Standard Webhooks) is stored encrypted (AES-256-GCM under a key derived from the service
 * secret); during a rotation the previous secret keeps signing until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Event types of api-decisions §4, or `['*']` for every type. */
    eventTypes: text('event_types').array().notNull(),
    description: text('description'),
    secretCiphertext: text('secret_ciphertext').notNull(),
    previousSecretCiphertext: text('previous_secret_ciphertext'),
    previousSecretExpiresAt: ts('previous_secret_expires_at'),
    enabled: boolean('enabled').notNull().default(true),
    /** Why the endpoint was disabled (410 Gone, sustained failure, by a user); null while enabled. */
    disabledReason: text('disabled_reason'),
    disabledAt: ts('disabled_at'),
    /** First failed attempt since the last success; null while healthy. */
    failingSince: ts('failing_since'),
    /** Deliveries that exhausted their retries since the last success. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * One event to one target: a webhook endpoint (`endpoint_id`) or a plugin's event handlers
 * (`plugin_id` at `plugin_version`). Rows are made by the dispatcher in the transaction that
 * marks the event dispatched, and worked by the sender, which leases a row (`locked_until`)
 * while it attempts it. State lives here, so a worker restart loses nothing.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    endpointId: uuid('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    pluginId: uuid('plugin_id').references(() => plugins.id, { onDelete: 'cascade' }),
    pluginVersion: integer('plugin_version'),
    status: text('status', { enum: ['PENDING', 'SUCCEEDED', 'FAILED'] }).notNull(),
    attemptCount: integer('attempt_count').notNull().default(0),
    /** `attempt_count` when the current retry schedule began (0, or the count at a manual retry). */
    scheduleStart: integer('schedule_start').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    lockedUntil: ts('locked_until'),
    lastAttemptAt: ts('last_attempt_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('event_deliveries_one_target', sql`(endpoint_id is null) <> (plugin_id is null)`),
    uniqueIndex('event_deliveries_event_endpoint_key').on(t.eventId, t.endpointId),
    uniqueIndex('event_deliveries_event_plugin_key').on(t.eventId, t.pluginId),
    index('event_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'PENDING'`),
    index('event_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('event_deliveries_plugin_idx').on(t.pluginId, t.createdAt),
  ],
);

/** One attempt of a delivery: the delivery log (response status, body truncated to 2 KB, error). */
export const eventDeliveryAttempts = pgTable(
  'event_delivery_attempts',
  {
    id: uuid('id').primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => eventDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: ts('attempted_at').notNull(),
    responseStatus: integer('response_status'),
    /** The response body (webhooks) or the handler's result JSON (plugins), at most 2 KB. */
    responseBody: text('response_body'),
    error: text('error'),
    /** Log lines the plugin's handlers wrote (plugins only), at most 8 KB. */
    logs: text('logs'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('event_delivery_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
