/**
 * One pipeline run's state and its fenced writes: the failures that end a run (permanent,
 * abandoned, superseded), `advance` (a write of the document that happens only while the run's
 * attempt still owns it), the id of a state-change event, and the `Run` the steps share. Split
 * from pipeline/pipeline.ts (issue 34).
 */
import type { Executor } from '../db/client.js';
import type { OntologyLabel } from '../db/schema.js';
import * as documents from '../documents/service.js';
import type { EventType } from '../events/outbox.js';
import { derivedId } from '../ids.js';
import type { OrganizationReads } from '../organizations/settings.js';

/** A failure that retrying cannot fix: the document is FAILED with this reason at once. */
export class PermanentStepError extends Error {}

/**
 * The run lost its hold on the document (its process's database lease ended, e.g. a PostgreSQL
 * restart): it stopped without writing, and another worker takes the document over.
 */
export class RunAbandonedError extends Error {
  constructor() {
    super('the run lost its hold on the document (database connection lost); another worker takes it over');
  }
}

/**
 * Thrown inside a step's write when the document's `attempts` is no longer the run's (a newer
 * attempt or a reprocess owns it): the write and its event roll back and the run ends quietly.
 */
export class SupersededError extends Error {}

/**
 * Writes a run's change of `doc` fenced by its attempt (documents.updateDocument `fence`): the
 * write happens only while no newer attempt started, else {@link SupersededError}.
 */
export async function advance(
  db: Executor,
  doc: DocumentRow,
  patch: Parameters<typeof documents.updateDocument>[2],
  opts: { searchVector?: boolean } = {},
): Promise<DocumentRow> {
  const row = await documents.updateDocument(db, doc.id, patch, { ...opts, fence: doc.attempts });
  if (!row) throw new SupersededError();
  return row;
}

/**
 * The id of the event that reports a state change of a document in one attempt: the same for a
 * retried write of that change, another for the next attempt (attempts and its start time; a
 * reprocess restarts the count but not the clock).
 */
export function stateEventId(doc: DocumentRow, type: EventType, attemptKey: string): string {
  return derivedId(`document:${doc.id}:${type}:${attemptKey}`);
}

export type DocumentRow = documents.DocumentRow;

/**
 * One run of a document through the pipeline, as its plugin calls share it: the file and the
 * parsed text and pages travel to a runtime process once, under keys of this run's `scope`, and
 * later calls of the run name them only (engine/plugin-host.ts, docs/plugin-runtime.md "Shared
 * values"). The scope's values are released when the run ends.
 */
export interface Run {
  /** `<document id>#<attempt>`: a new attempt may see a new text. */
  scope: string;
  /** `<attempts>@<start of the attempt, ms>`: names this attempt's events ({@link stateEventId}). */
  attemptKey: string;
  bytes: Buffer;
  text: string;
  pages: string[];
  /** The document's organization as this run reads it: settings and identities, once each. */
  org: OrganizationReads;
  /** The ontology version classification used, for extraction in the same run (no second read). */
  ontology?: { version: number; labels: OntologyLabel[] };
}
