/**
 * A document's run through the pipeline: the step loop (parse → classify → extract → derive)
 * with its fenced writes, timings and failure handling, the derive step, and the queue job that
 * runs it. The steps themselves are in pipeline/steps.ts, their plugin calls in
 * pipeline/step-plugins.ts and the run's state in pipeline/run.ts.
 */
import type { AppContext } from '../context.js';
import * as documents from '../documents/service.js';
import { PluginError } from '../engine/runtime-protocol.js';
import { emitEvent } from '../events/outbox.js';
import { observeDocumentRun } from '../metrics/metrics.js';
import { type OrganizationReads, organizationReads } from '../organizations/settings.js';
import { DERIVE_STEPS } from './derive-steps.js';
import {
  advance,
  type DocumentRow,
  PermanentStepError,
  type Run,
  RunAbandonedError,
  SupersededError,
  stateEventId,
} from './run.js';
import { stepClassify, stepExtract, stepParse } from './steps.js';

/**
 * Runs the derive steps (contract record, benchmark scheduling) for a document whose extraction
 * changed outside the pipeline, e.g. values corrected in review. The steps are idempotent.
 * `org`: the reads of the document's organization to share (the pipeline's run), else fresh ones.
 */
export async function rederiveDocument(
  ctx: AppContext,
  doc: DocumentRow,
  org: OrganizationReads = organizationReads(ctx.db, doc.organizationId),
): Promise<void> {
  for (const step of DERIVE_STEPS) await step.run(ctx, doc, org);
}

/** The derive steps; the run's last write (runSteps) marks the document PROCESSED with its timings. */
async function stepDerive(
  ctx: AppContext,
  doc: DocumentRow,
  run: Run,
  timings: Record<string, number>,
  started: number,
) {
  await rederiveDocument(ctx, doc, run.org);
  timings.derive = Math.round(performance.now() - started);
  const processed = await advance(ctx.db, doc, {
    step: null,
    status: 'PROCESSED',
    processedAt: new Date(),
    error: null,
    stepTimings: timings,
  });
  observeDocumentRun('processed', timings);
  return processed;
}

/**
 * Runs the remaining steps of a document (parse → classify → extract → derive). Each step
 * stores its result and advances `step` in the database, so a run interrupted anywhere
 * continues where it stopped, and re-running a step gives the same rows (DESIGN.md §1).
 * The file bytes are read once; the file and the text go to each runtime process once per run
 * (shared values, released when the run ends), not with every plugin call.
 *
 * Every write of the run is fenced by its attempt number (a newer attempt or a reprocess makes
 * it stop quietly, writing nothing more), and `signal` (the job's hold on the document) is
 * looked at before each step: once it aborted the run stops without writing.
 *
 * @throws PermanentStepError for failures retrying cannot fix (bad file, plugin contract
 *   violation); RunAbandonedError when `signal` aborted; other errors are transient
 */
export async function processDocument(
  ctx: AppContext,
  documentId: string,
  signal?: AbortSignal,
): Promise<DocumentRow | undefined> {
  if (signal?.aborted) throw new RunAbandonedError();
  const doc = await documents.startAttempt(ctx.db, documentId);
  // Missing, or PROCESSED or FAILED already: nothing to run.
  if (!doc) return documents.findDocumentById(ctx.db, documentId);
  const bytes = await ctx.blobs.get(doc.organizationId, doc.sha256);
  // A run that starts at parsing makes its text; a later step continues from the stored one.
  const content = doc.step === 'parse' ? undefined : await documents.getContent(ctx.db, doc.id);
  const timings: Record<string, number> = { ...doc.stepTimings };
  const scope = `${doc.id}#${doc.attempts}`;
  // While it runs (parsing included) the plugin host does not start warm replacements' imports.
  const endRun = ctx.plugins.openRun();
  try {
    return await runSteps(ctx, doc, bytes, content, timings, scope, signal);
  } finally {
    // The run is over: its runtime processes may drop the file and text it shared.
    ctx.plugins.releaseShared(doc.organizationId, scope);
    endRun();
  }
}

/** The step loop of {@link processDocument}. */
async function runSteps(
  ctx: AppContext,
  first: DocumentRow,
  bytes: Buffer,
  stored: { text: string; pages: string[] } | undefined,
  timings: Record<string, number>,
  scope: string,
  signal: AbortSignal | undefined,
): Promise<DocumentRow | undefined> {
  let doc: DocumentRow | undefined = first;
  const attemptKey = `${first.attempts}@${first.updatedAt.getTime()}`;
  let content = stored;
  // Read once per run, on first use, by the steps that need them (never kept across runs).
  const org = organizationReads(ctx.db, first.organizationId);
  let ontology: Run['ontology'];
  while (doc?.step) {
    const step = doc.step;
    const started = performance.now();
    if (signal?.aborted) throw new RunAbandonedError();
    try {
      if (step === 'parse') {
        ({ doc, content } = await stepParse(ctx, doc, bytes));
        timings.parse = Math.round(performance.now() - started);
        continue;
      }
      if (!content) {
        doc = await advance(ctx.db, doc, { step: 'parse' });
        continue;
      }
      const run: Run = {
        scope,
        attemptKey,
        bytes,
        text: content.text,
        pages: content.pages,
        org,
        ontology,
      };
      if (step === 'derive') {
        // The last step stores the timings with the PROCESSED status: one write less per run.
        return await stepDerive(ctx, doc, run, timings, started);
      }
      if (step === 'classify') doc = await stepClassify(ctx, doc, run);
      else doc = await stepExtract(ctx, doc, run);
      ({ ontology } = run);
      timings[step] = Math.round(performance.now() - started);
    } catch (err) {
      // A newer attempt owns the document: this one ends, its last write undone.
      if (err instanceof SupersededError) return undefined;
      if (signal?.aborted) throw new RunAbandonedError();
      // The timings of the steps done so far stay with the document (one write per run).
      await advance(ctx.db, first, { stepTimings: timings }).catch(() => undefined);
      if (err instanceof PluginError && err.permanent) {
        throw new PermanentStepError(`${step}: ${err.errorType}: ${err.message}`);
      }
      if (err instanceof PermanentStepError) throw new PermanentStepError(`${step}: ${err.message}`);
      throw err;
    }
  }
  return doc
    ? documents.updateDocument(ctx.db, doc.id, { stepTimings: timings }, { fence: doc.attempts })
    : doc;
}

/**
 * The job handler: runs the pipeline, and records a failure on the document: permanent ones
 * fail it at once; transient ones are rethrown for the queue to retry with backoff, and fail it
 * when the retries are spent.
 */
export async function runDocumentJob(
  ctx: AppContext,
  documentId: string,
  meta: { retryCount: number; retryLimit: number; signal?: AbortSignal | undefined },
) {
  try {
    await processDocument(ctx, documentId, meta.signal);
  } catch (err) {
    // The hold is gone: whatever it writes now could race the worker that takes the document over.
    if (err instanceof RunAbandonedError || meta.signal?.aborted) throw err;
    const permanent = err instanceof PermanentStepError;
    const last = meta.retryCount >= meta.retryLimit;
    const reason = err instanceof Error ? err.message : String(err);
    const current = await documents.findDocumentById(ctx.db, documentId);
    if (permanent || last) {
      await ctx.db.transaction(async (tx) => {
        const failed = await documents.updateDocument(
          tx,
          documentId,
          { status: 'FAILED', error: reason, step: current?.step ?? null },
          current ? { fence: current.attempts } : {},
        );
        // Classification leaves the search vector to extraction: a run that failed in between
        // makes the labels it stored searchable here.
        await documents.refreshSearchVector(tx, documentId);
        // Not when a newer attempt owns the document (the fence held): its own outcome reports.
        if (current && failed) {
          await emitEvent(tx, {
            id: stateEventId(
              current,
              'document.failed',
              `${current.attempts}@${current.updatedAt.getTime()}`,
            ),
            organizationId: current.organizationId,
            type: 'document.failed',
            data: { document_id: documentId, step: current.step, error: reason },
          });
        }
      });
      observeDocumentRun('failed');
      ctx.log.warn({ documentId, reason }, 'document failed');
      return;
    }
    await documents.updateDocument(ctx.db, documentId, {
      status: 'PROCESSING',
      error: `attempt ${meta.retryCount + 1} of ${meta.retryLimit + 1} failed, retrying: ${reason}`,
    });
    observeDocumentRun('retried');
    throw err;
  }
}
