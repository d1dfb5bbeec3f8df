/**
 * The delivery attempts surface the plugin handlers use (docs/architecture.md): recording an
 * attempt and reading a delivery's attempts (the deliveries themselves are events/records.ts);
 * and the enabled endpoints the outbox's dispatcher fans events out to and the delivery claim
 * takes (jobs/event-dispatcher.ts, jobs/event-worker.ts).
 * It imports nothing outside this domain, so events/ can drive deliveries while
 * webhooks/delivery.ts reads events.
 */
export type { AttemptRow } from './repository.js';
export {
  /** The attempts of deliveries, newest first. */
  attemptsOf,
  /** `(select id from webhook_endpoints where enabled)`: the endpoints a delivery claim may take. */
  ENABLED_ENDPOINT_IDS,
  /** Enabled webhook endpoints of the organizations (id, organization, event types): the outbox's fan-out. */
  enabledEndpointsOf,
  /** Starts an attempt of a delivery. */
  insertAttempt,
} from './repository.js';
