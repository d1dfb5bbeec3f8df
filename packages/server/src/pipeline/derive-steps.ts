/**
 * The derive step of the document pipeline as an explicit, ordered list (docs/architecture.md):
 * what turns an extracted document into records of other domains. Each step is idempotent, runs
 * in this order after extraction, and a failure fails the document's derive step.
 */
import { benchmarkDeriveHook } from '../benchmarks/scheduler.js';
import type { AppContext } from '../context.js';
import { deriveContract } from '../contracts/service.js';
import type { DocumentRow } from '../documents/service.js';
import type { OrganizationReads } from '../organizations/settings.js';

/**
 * One derive step: a name (for logs and docs) and what it does with an extracted document;
 * `org` is the run's reads of the document's organization, shared by all its steps.
 */
export interface DeriveStep {
  readonly name: string;
  readonly run: (ctx: AppContext, doc: DocumentRow, org: OrganizationReads) => Promise<void>;
}

/** Run in this order: the document's contract is upserted, then its organization's benchmark run is scheduled. */
export const DERIVE_STEPS: readonly DeriveStep[] = [
  { name: 'contracts', run: (ctx, doc, org) => deriveContract(ctx, doc, new Date(), org) },
  { name: 'benchmarks', run: benchmarkDeriveHook },
];
