/**
 * The delivery attempts surface the plugin handlers use (docs/architecture.md): recording an
 * attempt and reading a delivery's attempts (the deliveries themselves are events/records.ts).
 * It imports nothing outside this domain, so events/ can drive deliveries while
 * webhooks/delivery.ts reads events.
 */
export type { AttemptRow } from './repository.js';
export {
  /** The attempts of deliveries, newest first. */
  attemptsOf,
  /** Starts an attempt of a delivery. */
  insertAttempt,
} from './repository.js';
