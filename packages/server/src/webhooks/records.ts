/**
 * The deliveries surface the event worker and plugin handlers use (docs/architecture.md): claiming
 * due deliveries, recording an attempt and reading a delivery's attempts. It imports nothing
 * outside this domain, so events/ can drive deliveries while webhooks/delivery.ts reads events.
 */
export type { AttemptRow, DeliveryRow } from './repository.js';
export {
  /** The attempts of deliveries, newest first. */
  attemptsOf,
  /** Leases due deliveries to one worker (SKIP LOCKED; an expired lease makes a row due again). */
  claimDueDeliveries,
  /** Ends an attempt: its outcome, the delivery's new status and next retry. */
  finishAttempt,
  /** Starts an attempt of a delivery. */
  insertAttempt,
} from './repository.js';
