import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import type { ClassificationDecision, OntologyLabel } from '../db/schema.js';
import * as documents from '../documents/service.js';
import { ingestDocument } from '../documents/service.js';
import { builtinPlugin } from '../engine/builtin-plugins.js';
import type { CallOptions, PluginCode, SharedArg } from '../engine/plugin-host.js';
import { PluginError, type ServiceHandler } from '../engine/runtime-protocol.js';
import { type EventType, emitEvent } from '../events/outbox.js';
import { derivedId } from '../ids.js';
import { pluginServices } from '../llm/service.js';
import {
  clearPendingSuggestions,
  getOntology,
  getOntologyVersion,
  suggestLabel,
} from '../ontology/service.js';
import { fieldsForPath, labelProfiles } from '../ontology/tree.js';
import { type OrganizationReads, organizationReads } from '../organizations/settings.js';
import { ParseError } from '../parsing/index.js';
import { parseWithOcr } from '../parsing/ocr.js';
import { findPlugin, findVersion } from '../plugins/records.js';
import { recordPluginFailure } from '../plugins/service.js';
import { parseDecision, REPORT_CLASSIFICATION, traverseOntology } from './classify.js';
import { corpusStatistics } from './corpus-statistics.js';
import { carryCorrections } from './corrections.js';
import { DERIVE_STEPS } from './derive-steps.js';
import { toStoredExtraction } from './extract.js';
import { contentHash, trainingSet } from './training-examples.js';

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
class SupersededError extends Error {}

/**
 * Writes a run's change of `doc` fenced by its attempt (documents.updateDocument `fence`): the
 * write happens only while no newer attempt started, else {@link SupersededError}.
 */
async function advance(
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
function stateEventId(doc: DocumentRow, type: EventType, attemptKey: string): string {
  return derivedId(`document:${doc.id}:${type}:${attemptKey}`);
}

type DocumentRow = documents.DocumentRow;

/** The plugin a step runs: its code, its configs, and the registered plugin's id (none for built-ins). */
type StepPlugin = PluginCode & { configs: Record<string, unknown>; pluginId?: string };

/** The organization's chosen plugin of a type (its settings, read once per run), else the built-in one. */
async function pluginFor(
  ctx: AppContext,
  org: OrganizationReads,
  type: 'CLASSIFICATION' | 'EXTRACTION',
): Promise<StepPlugin> {
  const organizationId = org.organizationId;
  const settings = await org.settings();
  const chosen = type === 'CLASSIFICATION' ? settings?.classificationPluginId : settings?.extractionPluginId;
  if (chosen) {
    const plugin = await findPlugin(ctx.db, organizationId, chosen);
    if (!plugin?.enabled)
      throw new PermanentStepError(
        `the configured ${type.toLowerCase()} plugin ${chosen} is missing or disabled`,
      );
    if (plugin.type !== type)
      throw new PermanentStepError(`plugin ${plugin.name} is a ${plugin.type} plugin, not ${type}`);
    if (plugin.quarantinedAt)
      throw new PermanentStepError(
        `plugin ${plugin.name} is quarantined since ${plugin.quarantinedAt.toISOString()} (${plugin.quarantineReason ?? 'no reason recorded'}); upload fixed code or lift it with DELETE /api/v1/plugins/${plugin.id}/quarantine`,
      );
    const version = await findVersion(ctx.db, plugin.id, plugin.currentVersion);
    if (!version)
      throw new PermanentStepError(`plugin ${plugin.name} has no version ${plugin.currentVersion}`);
    return {
      id: `${plugin.id}@${version.version}`,
      source: version.code,
      className: plugin.className,
      configs: version.configs,
      pluginId: plugin.id,
    };
  }
  const builtin = builtinPlugin(
    ctx.config.pluginsDir,
    type === 'CLASSIFICATION' ? 'classifier' : 'contractExtractor',
  );
  // Both built-ins ask the LLM (classification: per level, that level's labels only) when one is configured.
  return { ...builtin, configs: { use_llm: ctx.config.llm !== undefined } };
}

/**
 * One run of a document through the pipeline, as its plugin calls share it: the file and the
 * parsed text and pages travel to a runtime process once, under keys of this run's `scope`, and
 * later calls of the run name them only (engine/plugin-host.ts, docs/plugin-runtime.md "Shared
 * values"). The scope's values are released when the run ends.
 */
interface Run {
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

/** What a document's text puts between its pages (parsing/pdf.ts). */
const PAGE_SEPARATOR = '\n\n';

/**
 * The shared values of a run: `file_data` (base64, computed only when a process needs it) and
 * `document.pages`; `document.text` is the pages joined (the parsers' `text` is
 * `pages.join('\n\n')`), so it names the pages' key and does not travel again — a text that is
 * not the joined pages (none the parsers make) is sent as itself.
 */
function runShared(run: Run): SharedArg[] {
  const pages = {
    path: 'document.pages',
    key: `${run.scope}/pages`,
    scope: run.scope,
    value: () => run.pages,
  };
  const text =
    run.text === run.pages.join(PAGE_SEPARATOR)
      ? { ...pages, path: 'document.text', join: PAGE_SEPARATOR }
      : { path: 'document.text', key: `${run.scope}/text`, scope: run.scope, value: () => run.text };
  return [
    {
      path: 'file_data',
      key: `${run.scope}/file`,
      scope: run.scope,
      value: () => run.bytes.toString('base64'),
    },
    pages,
    text,
  ];
}

/** Content keys of values that stay the same object while unchanged (corpus statistics). */
const objectKeys = new WeakMap<object, string>();

/** A shared value named by its content, kept by a runtime process across documents until evicted. */
function contentShared(path: string, kind: string, value: object): SharedArg {
  let key = objectKeys.get(value);
  if (!key) {
    key = `${kind}:${contentHash(value)}`;
    objectKeys.set(value, key);
  }
  return { path, key, value: () => value };
}

/**
 * The document as plugins see it (service_sdk.Document), with the engine's context in
 * `metadata`; `text` and `pages` are added by the runtime from the run's shared values.
 */
function pluginDocument(doc: DocumentRow, labels: string[], extra: Record<string, unknown>) {
  return {
    id: doc.id,
    filename: doc.filename,
    mime_type: doc.mimeType,
    labels,
    metadata: { ...doc.metadata, ...extra },
    source_id: doc.sourceId,
    organization_id: doc.organizationId,
    created_at: doc.createdAt.toISOString(),
    size_bytes: doc.sizeBytes,
    sha256: doc.sha256,
  };
}

/**
 * Calls a step's plugin; a failure of a registered plugin is recorded towards its quarantine
 * (plugins/service.ts), and the call that quarantines it says so in its error.
 */
async function callPlugin(
  ctx: AppContext,
  organizationId: string,
  plugin: StepPlugin,
  method: string,
  args: Record<string, unknown>,
  opts: CallOptions,
): Promise<unknown> {
  try {
    return await ctx.plugins.call(organizationId, plugin, method, args, opts);
  } catch (err) {
    const quarantined = plugin.pluginId
      ? await recordPluginFailure(ctx, organizationId, plugin.pluginId, err)
      : undefined;
    if (quarantined && err instanceof PluginError)
      throw new PluginError(err.errorType, `${err.message}; the plugin is now quarantined`);
    throw err;
  }
}

async function stepParse(ctx: AppContext, doc: DocumentRow, bytes: Buffer) {
  let parsed: Awaited<ReturnType<typeof parseWithOcr>>;
  try {
    // The text layer in a worker thread with memory and time limits (parsing/pool.ts), never on
    // the event loop; pages without a text layer (scans, images) by OCR (parsing/ocr.ts).
    parsed = await parseWithOcr(
      bytes,
      {
        filename: doc.filename,
        archiveLimits: ctx.config.archiveLimits,
        ...(doc.mimeType ? { declaredMime: doc.mimeType } : {}),
      },
      ctx.config.ocr,
      (b, o) => ctx.parsers.parse(b, o),
    );
  } catch (err) {
    if (err instanceof ParseError) throw new PermanentStepError(err.message);
    throw err;
  }
  // The search vector (the text's `to_tsvector`, the embedded database's largest cost per
  // document) is built once per run, with the labels and values: by the extraction step, or by
  // the failure that ends the run (runDocumentJob).
  await documents.putContent(
    ctx.db,
    {
      documentId: doc.id,
      text: parsed.text,
      pages: parsed.pages,
      parseMetadata: {
        ...parsed.metadata,
        kind: parsed.kind,
        attachments: parsed.attachments.map((a) => a.filename),
        ...(parsed.ocr ? { ocr: parsed.ocr } : {}),
      },
    },
    { searchVector: false },
  );
  // An email's attachments become documents of their own, linked to the email.
  for (const attachment of parsed.attachments) {
    try {
      await ingestDocument(ctx, doc.organizationId, {
        bytes: attachment.bytes,
        filename: attachment.filename,
        declaredMime: attachment.mime,
        sourceId: doc.sourceId,
        parentDocumentId: doc.id,
        metadata: { ...doc.metadata, attachment_of: doc.id },
      });
    } catch (err) {
      ctx.log.warn({ err, documentId: doc.id, attachment: attachment.filename }, 'attachment not ingested');
    }
  }
  const next = await advance(ctx.db, doc, { mimeType: parsed.mime, step: 'classify' });
  return { doc: next, content: { text: parsed.text, pages: parsed.pages } };
}

async function stepClassify(ctx: AppContext, doc: DocumentRow, run: Run) {
  const ontology = await getOntology(ctx.db, doc.organizationId);
  run.ontology = { version: ontology.version, labels: ontology.labels };
  if (doc.labelsConfirmed) {
    // A person confirmed the labels; classification does not overrule them.
    return advance(ctx.db, doc, { step: 'extract', ontologyVersion: ontology.version });
  }
  const plugin = await pluginFor(ctx, run.org, 'CLASSIFICATION');
  const training = await trainingSet(ctx.db, doc.organizationId);
  const meta = 'document.metadata';
  // Every level's call carries the same document: its file, text and context travel once.
  const shared: SharedArg[] = [
    ...runShared(run),
    contentShared(`${meta}.ontology_labels`, 'ontology', labelProfiles(ontology.labels)),
    { path: `${meta}.training_examples`, key: training.key, value: () => training.examples },
    contentShared(`${meta}.corpus_statistics`, 'corpus', await corpusStatistics(ctx, doc.organizationId)),
  ];
  const document = pluginDocument(doc, [], {});
  const services = pluginServices(ctx.db, ctx.llm, doc.organizationId, doc.id);
  const result = await traverseOntology(ontology.labels, async (available, currentPath) => {
    // The plugin may report how sure it is through the `report_classification` service during
    // the call (decision 66); the last report of the call is kept with the level's answer.
    let decision: ClassificationDecision | undefined;
    const levelServices: ServiceHandler = async (service, args) => {
      if (service !== REPORT_CLASSIFICATION) return services(service, args);
      decision = parseDecision(args);
      return null;
    };
    const answer = await callPlugin(
      ctx,
      doc.organizationId,
      plugin,
      'classify',
      {
        document,
        mime_type: doc.mimeType,
        available_labels: available,
        current_path: currentPath,
        configs: plugin.configs,
      },
      { services: levelServices, shared, affinity: run.scope, documentId: doc.id },
    );
    return { label: answer === null ? null : String(answer), decision };
  });
  return ctx.db.transaction(async (tx) => {
    await clearPendingSuggestions(tx, doc.id);
    if (result.suggestion)
      await suggestLabel(tx, {
        organizationId: doc.organizationId,
        documentId: doc.id,
        ...result.suggestion,
      });
    await emitEvent(tx, {
      id: stateEventId(doc, 'document.classified', run.attemptKey),
      organizationId: doc.organizationId,
      type: 'document.classified',
      data: {
        document_id: doc.id,
        labels: result.labels,
        llm_suggested: result.llmSuggested,
        ontology_version: ontology.version,
      },
    });
    // The search vector (labels, text) is refreshed once, by the extraction step that follows
    // at once, or by the failure that ends the run (runDocumentJob): rebuilding the vector of a
    // long text twice per document is the embedded database's largest cost per document.
    return advance(
      tx,
      doc,
      {
        labels: result.labels,
        llmSuggested: result.llmSuggested,
        classificationTrace: result.trace,
        ontologyVersion: ontology.version,
        step: 'extract',
      },
      { searchVector: false },
    );
  });
}

/** The labels of the document's ontology version: classification's of this run, else read. */
async function extractionLabels(ctx: AppContext, doc: DocumentRow, run: Run): Promise<OntologyLabel[]> {
  if (doc.ontologyVersion && run.ontology?.version === doc.ontologyVersion) return run.ontology.labels;
  const version = doc.ontologyVersion
    ? await getOntologyVersion(ctx.db, doc.organizationId, doc.ontologyVersion)
    : undefined;
  return version?.labels ?? (await getOntology(ctx.db, doc.organizationId)).labels;
}

async function stepExtract(ctx: AppContext, doc: DocumentRow, run: Run) {
  const fields = fieldsForPath(await extractionLabels(ctx, doc, run), doc.labels);
  if (fields.length === 0) return advance(ctx.db, doc, { extraction: null, step: 'derive' });
  const plugin = await pluginFor(ctx, run.org, 'EXTRACTION');
  const identities = (await run.org.identities()).map((i) => ({
    kind: i.kind,
    value: i.value,
    primary: i.isPrimary,
  }));
  const result = await callPlugin(
    ctx,
    doc.organizationId,
    plugin,
    'extract',
    {
      document: pluginDocument(doc, doc.labels, { organization_identities: identities }),
      mime_type: doc.mimeType,
      fields,
      configs: plugin.configs,
    },
    {
      services: pluginServices(ctx.db, ctx.llm, doc.organizationId, doc.id),
      shared: runShared(run),
      affinity: run.scope,
      documentId: doc.id,
    },
  );
  // Values people corrected in review win over the plugin's new reading.
  const extraction = carryCorrections(
    doc.extraction,
    toStoredExtraction(result, run.pages, plugin.id),
    fields.map((f) => f.name),
  );
  return ctx.db.transaction(async (tx) => {
    await emitEvent(tx, {
      id: stateEventId(doc, 'document.extracted', run.attemptKey),
      organizationId: doc.organizationId,
      type: 'document.extracted',
      data: {
        document_id: doc.id,
        labels: doc.labels,
        data: extraction.data,
        llm_fields: extraction.llm_fields,
      },
    });
    return advance(tx, doc, { extraction, step: 'derive' });
  });
}

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
  return advance(ctx.db, doc, {
    step: null,
    status: 'PROCESSED',
    processedAt: new Date(),
    error: null,
    stepTimings: timings,
  });
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
      ctx.log.warn({ documentId, reason }, 'document failed');
      return;
    }
    await documents.updateDocument(ctx.db, documentId, {
      status: 'PROCESSING',
      error: `attempt ${meta.retryCount + 1} of ${meta.retryLimit + 1} failed, retrying: ${reason}`,
    });
    throw err;
  }
}
