/**
 * The events surface the rest of the system uses below the services (docs/architecture.md):
 * reading an event and the deliveries table the dispatcher (jobs/event-dispatcher.ts), webhook
 * delivery and the plugins' handler runs share. It imports nothing outside this domain, so every
 * consumer of events can sit above it.
 */
export type { DeliveryRow, DeliveryStatus, EventRow, NewDelivery } from './repository.js';
export {
  /** Leases due deliveries to one worker (SKIP LOCKED; an expired lease makes a row due again). */
  claimDueDeliveries,
  /** Fails the PENDING deliveries of a webhook endpoint that was disabled. */
  failPendingDeliveries,
  /** One delivery by id, or undefined. */
  findDelivery,
  /** One event by id, or undefined. */
  findEvent,
  /** Ends an attempt: its outcome, the delivery's new status and next retry; releases the lease. */
  finishAttempt,
  /** Inserts deliveries; an (event, target) pair that exists is skipped. */
  insertDeliveries,
  /** A page of the deliveries of events to one webhook endpoint. */
  listEndpointDeliveries,
  /** A page of the deliveries of one plugin's event handlers in the organization. */
  listPluginDeliveries,
  /** Locks up to `limit` undispatched events, oldest first (call inside the dispatching transaction). */
  lockUndispatched,
  /** Marks events dispatched. */
  markDispatched,
  /** Makes a delivery due now with a fresh retry schedule, unless an attempt is in flight. */
  requeueDelivery,
} from './repository.js';
