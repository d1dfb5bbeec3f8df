/**
 * The events surface the rest of the system uses below the services (docs/architecture.md):
 * reading an event and the deliveries table the dispatcher (jobs/event-dispatcher.ts), webhook
 * delivery and the plugins' handler runs share. It imports nothing outside this domain, so every
 * consumer of events can sit above it.
 */
export type { DeliveryRow, EventRow, NewDelivery } from './repository.js';
export {
  /** Enabled webhook endpoints of the organizations (id, organization, event types). */
  enabledEndpointsOf,
  /** One event by id, or undefined. */
  findEvent,
  /** Inserts deliveries; an (event, target) pair that exists is skipped. */
  insertDeliveries,
  /** A page of the deliveries of one plugin's event handlers in the organization. */
  listPluginDeliveries,
  /** Locks up to `limit` undispatched events, oldest first (call inside the dispatching transaction). */
  lockUndispatched,
  /** Marks events dispatched. */
  markDispatched,
} from './repository.js';
