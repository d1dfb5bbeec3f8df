/**
 * Domain events that other domains react to inside the transaction that publishes them
 * (docs/architecture.md rule 4). A domain states a fact (`contract.renewal_due`: a contract was
 * checked against its notice window; `benchmark.document_flagged`: a run's `compare` flagged a
 * document) and does not know who reacts; the subscriber table that says who does is
 * `jobs/reactions.ts` (the process layer), handed to the services in `AppContext.reactions`.
 *
 * These facts are not outbox events: they are published on every check, while the outbox events
 * that may follow (`alert.created`, `contract.renewal_upcoming`, `benchmark.flagged`) are written
 * by the reaction once per occurrence (the alert's dedupe key). A reaction runs in the
 * publisher's transaction, so the fact and its consequences commit or roll back together.
 */
import type { Executor } from '../db/client.js';

/** The facts of a contract that renewal reactions need. */
export interface RenewalSubject {
  id: string;
  organizationId: string;
  vendor: string;
  type: string;
  status: string;
  renewalDate: string | null;
  noticeDeadline: string | null;
  autoRenew: boolean;
  /** The document the contract was derived from, whose clause a renewal alert shows. */
  documentId: string | null;
}

/** A contract was created, derived, changed or scanned: its renewal may be due `today`. */
export interface ContractRenewalDue {
  type: 'contract.renewal_due';
  contract: RenewalSubject;
  /** The organization's date (`YYYY-MM-DD`) in its time zone. */
  today: string;
  /** The organization's renewal alert thresholds (days before the notice deadline). */
  alertDays: readonly number[];
}

/** A benchmark run's `compare` flagged a document (published for every flagged document of a run). */
export interface BenchmarkDocumentFlagged {
  type: 'benchmark.document_flagged';
  organizationId: string;
  pluginId: string;
  pluginVersion: number;
  /** The benchmark's name. */
  benchmark: string;
  runId: string;
  documentId: string;
  filename: string;
  score: number;
  /** The value `compute` gave the document's group. */
  benchmarkValue: number;
  metricUnit: string | null;
  /** The `group_by` values of the document's group. */
  group: Record<string, unknown>;
}

/**
 * A document is being deleted (documents/service.ts), published in the deleting transaction
 * before its row goes, so what was derived from it can go or let go of it in the same commit.
 */
export interface DocumentDeleting {
  type: 'document.deleting';
  organizationId: string;
  documentId: string;
}

export type DomainEvent = ContractRenewalDue | BenchmarkDocumentFlagged | DocumentDeleting;
export type DomainEventType = DomainEvent['type'];

/**
 * A reaction to one domain event, run in the publisher's transaction `tx`.
 *
 * @returns true when it acted (e.g. raised an alert), false when there was nothing to do
 */
export type Reaction<E extends DomainEvent> = (tx: Executor, event: E) => Promise<boolean>;

/** The subscriber table: for each domain event type, the reactions run in order. */
export type Reactions = {
  readonly [T in DomainEventType]: readonly Reaction<Extract<DomainEvent, { type: T }>>[];
};

/**
 * Publishes a domain event: runs the reactions `reactions` lists for its type, in order, in `tx`.
 * A reaction that throws aborts the publisher's transaction (nothing is half done).
 *
 * @returns how many reactions acted
 */
export async function publish<E extends DomainEvent>(
  reactions: Reactions,
  tx: Executor,
  event: E,
): Promise<number> {
  const listed = reactions[event.type as E['type']] as readonly Reaction<E>[];
  let acted = 0;
  for (const react of listed) if (await react(tx, event)) acted += 1;
  return acted;
}
