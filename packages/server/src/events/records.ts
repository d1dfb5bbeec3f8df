/**
 * The events surface webhook delivery uses (docs/architecture.md): the row type and the lookup
 * of one event by id. It imports nothing outside this domain, so webhooks can read the event of a
 * delivery while the event worker drives webhook deliveries.
 */
export type { EventRow } from './repository.js';
export {
  /** One event by id, or undefined. */
  findEvent,
} from './repository.js';
