/**
 * The subscriber table of the domain events (events/reactions.ts): which reactions run, in the
 * publisher's transaction, when a domain publishes a fact. The one place that says what reacts
 * to what (docs/architecture.md rule 4); `createContext` (app-context.ts) hands it to the services as
 * `AppContext.reactions`, so the publishing domains do not import the reacting ones.
 */
import { raiseBenchmarkAlert, raiseRenewalAlert } from '../alerts/service.js';
import { releaseDocumentContract } from '../contracts/service.js';
import type { Reactions } from '../events/reactions.js';

export const REACTIONS: Reactions = {
  /** contracts/service.ts (derive, POST, scan) → a renewal alert when a threshold is reached. */
  'contract.renewal_due': [raiseRenewalAlert],
  /** benchmarks/runner.ts (a run's flags) → a benchmark alert, once per benchmark and document. */
  'benchmark.document_flagged': [raiseBenchmarkAlert],
  /** documents/service.ts (DELETE) → its derived contract is deleted, a manual one unlinked. */
  'document.deleting': [releaseDocumentContract],
};
