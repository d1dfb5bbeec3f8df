// Tables of the events domain; re-exported by schema.ts so migrations and the query layer see them.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './schema.js';

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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Set once the dispatcher has fanned the event out to deliveries. */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('events_undispatched_idx').on(t.createdAt).where(sql`dispatched_at is null`),
    index('events_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);
