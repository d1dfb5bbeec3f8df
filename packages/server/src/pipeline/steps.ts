/**
 * The parse, classify and extract steps of a document's run: each reads what the run holds,
 * calls its plugin (or the parser) and stores its result with the run's fenced write, advancing
 * the document's `step`. The loop that runs them, and the derive step, are in
 * pipeline/pipeline.ts. Split from pipeline/pipeline.ts (issue 34).
 */
import type { AppContext } from '../context.js';
import type { ClassificationDecision, OntologyLabel } from '../db/schema.js';
import * as documents from '../documents/service.js';
import { ingestDocument } from '../documents/service.js';
import type { SharedArg } from '../engine/plugin-host.js';
import type { ServiceHandler } from '../engine/runtime-protocol.js';
import { emitEvent } from '../events/outbox.js';
import { HttpProblem } from '../http/problem.js';
import { pluginServices } from '../llm/service.js';
import {
  clearPendingSuggestions,
  getOntology,
  getOntologyVersion,
  suggestLabel,
} from '../ontology/service.js';
import { fieldsForPath, labelProfiles } from '../ontology/tree.js';
import { ParseError } from '../parsing/index.js';
import { parseWithOcr } from '../parsing/ocr.js';
import { parseDecision, REPORT_CLASSIFICATION, traverseOntology } from './classify.js';
import { corpusStatistics } from './corpus-statistics.js';
import { carryCorrections } from './corrections.js';
import { toStoredExtraction } from './extract.js';
import { advance, type DocumentRow, PermanentStepError, type Run, stateEventId } from './run.js';
import { callPlugin, contentShared, pluginDocument, pluginFor, runShared } from './step-plugins.js';
import { trainingSet } from './training-examples.js';

/** What became of one attachment of a parsed email (`parse_metadata.attachments`). */
export interface AttachmentOutcome {
  filename: string;
  /** The attachment's document (a new one, or the one the same bytes already are); null when refused. */
  document_id: string | null;
  /** Why it was refused (415 type, 413 size, a quota), else null. */
  error: string | null;
}

export async function stepParse(ctx: AppContext, doc: DocumentRow, bytes: Buffer) {
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
  // An email's attachments become documents of their own, linked to the email. Each outcome is
  // kept with the text, so a refused attachment (a type that is not accepted, too large) is not
  // lost silently: GET /documents/{id}/text shows it (decision 692).
  const attachments: AttachmentOutcome[] = [];
  for (const attachment of parsed.attachments) {
    try {
      const { document } = await ingestDocument(ctx, doc.organizationId, {
        bytes: attachment.bytes,
        filename: attachment.filename,
        declaredMime: attachment.mime,
        sourceId: doc.sourceId,
        parentDocumentId: doc.id,
        metadata: { ...doc.metadata, attachment_of: doc.id },
      });
      attachments.push({ filename: attachment.filename, document_id: document.id, error: null });
    } catch (err) {
      if (!(err instanceof HttpProblem)) throw err;
      ctx.log.warn({ err, documentId: doc.id, attachment: attachment.filename }, 'attachment not ingested');
      attachments.push({ filename: attachment.filename, document_id: null, error: err.detail });
    }
  }
  await documents.putContent(
    ctx.db,
    {
      documentId: doc.id,
      text: parsed.text,
      pages: parsed.pages,
      parseMetadata: {
        ...parsed.metadata,
        kind: parsed.kind,
        attachments,
        ...(parsed.ocr ? { ocr: parsed.ocr } : {}),
      },
    },
    { searchVector: false },
  );
  const next = await advance(ctx.db, doc, { mimeType: parsed.mime, step: 'classify' });
  return { doc: next, content: { text: parsed.text, pages: parsed.pages } };
}

export async function stepClassify(ctx: AppContext, doc: DocumentRow, run: Run) {
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

export async function stepExtract(ctx: AppContext, doc: DocumentRow, run: Run) {
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
