import type { Executor } from '../db/client.js';
import { events } from '../db/schema.js';
import { newId } from '../ids.js';
import type { EventRow } from './repository.js';

/** Event types of api-decisions §4. */
export const EVENT_TYPES = [
  'document.received',
  'document.classified',
  'document.extracted',
  'document.failed',
  'contract.created',
  'contract.updated',
  'contract.renewal_upcoming',
  'benchmark.computed',
  'benchmark.flagged',
  'alert.created',
  'alert.updated',
  'source.sync_completed',
  'source.requires_reauthorization',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The payload every consumer receives: `{type, id, timestamp, organization_id, data}`. */
export interface EventEnvelope {
  type: EventType;
  id: string;
  timestamp: string;
  organization_id: string;
  data: Record<string, unknown>;
}

/**
 * Writes an event to the outbox. Call it with the transaction that makes the change the event
 * reports, so the event exists exactly when the change does (transactional outbox pattern).
 */
export async function emitEvent(
  db: Executor,
  v: {
    organizationId: string;
    type: EventType;
    data: Record<string, unknown>;
    /**
     * The event's id when the state change names it (ids.ts `derivedId`): a retried write of
     * the same change then carries the same `webhook-id`. Default a new time-ordered id.
     */
    id?: string;
  },
): Promise<EventEnvelope> {
  const [row] = await db
    .insert(events)
    .values({ id: v.id ?? newId(), organizationId: v.organizationId, type: v.type, data: v.data })
    .returning();
  if (!row) throw new Error('insert events returned nothing');
  return {
    type: v.type,
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    organization_id: row.organizationId,
    data: row.data,
  };
}

/** The envelope consumers receive for a stored event. */
export function envelopeOf(row: EventRow): EventEnvelope {
  return {
    type: row.type as EventType,
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    organization_id: row.organizationId,
    data: row.data,
  };
}
