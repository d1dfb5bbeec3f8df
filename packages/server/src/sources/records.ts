/**
 * The source-connections surface other domains use (docs/architecture.md): the row type, the
 * lookup of a connection of an organization and the count for quota usage. It imports nothing
 * outside this domain; app.ts hands `sourceInOrganization` to the document routes (an upload's
 * source check), since this domain's sync ingests documents through documents/service.ts.
 */
export type { ConnectionRow } from './repository.js';
export {
  /** Counts the connections that count against the organization's `max_sources` quota. */
  countCountedConnections,
  /** A connection of an organization by id, or undefined. */
  findConnection,
  /** Whether an id names a source connection of the organization. */
  sourceInOrganization,
} from './repository.js';
