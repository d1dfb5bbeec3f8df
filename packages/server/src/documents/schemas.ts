import { z } from 'zod';
import { classificationDecision, iso, uuid } from '../http/schemas.js';
import type { DocumentRow, DocumentScalars } from './repository.js';

const evidence = z.object({
  start: z.number().int(),
  end: z.number().int(),
  page: z.number().int().nullable(),
  text: z.string(),
  rule: z
    .string()
    .optional()
    .describe(
      'id of the extractor rule that produced the value (e.g. "term.clause", "notice_period.stops_renewal"; the built-in rules are listed in plugins/service_builtins/extraction/rulebook); absent when the plugin names none',
    ),
});

/** A document's score in one benchmark (benchmarks/service.ts `benchmarkScoresOf`). */
const documentBenchmarkScore = z
  .object({
    benchmark: z.string().describe('the benchmark run name'),
    plugin_id: uuid.describe('the benchmark plugin'),
    version: z.number().int().describe("the plugin's version the run used"),
    metric_unit: z.string().nullable(),
    score: z.number().describe("score() of the document, in the benchmark's metric_unit"),
    group: z.record(z.string(), z.unknown()).describe('{group_by field: value} of the document'),
    benchmark_value: z.number().describe("compute() of the document's group"),
    flagged: z.boolean(),
    run_id: uuid,
    computed_at: z.string().nullable().describe('when the run finished (ISO 8601)'),
  })
  .meta({ id: 'DocumentBenchmarkScore' });

export const documentDto = z
  .object({
    id: uuid,
    filename: z.string(),
    mime_type: z.string().nullable(),
    size_bytes: z.number().int(),
    sha256: z.string(),
    source_id: uuid.nullable(),
    parent_document_id: uuid.nullable(),
    status: z.enum(['RECEIVED', 'PROCESSING', 'PROCESSED', 'FAILED']),
    step: z
      .enum(['parse', 'classify', 'extract', 'derive'])
      .nullable()
      .describe('the step running, or the one that failed'),
    error: z.string().nullable(),
    attempts: z.number().int(),
    metadata: z.record(z.string(), z.unknown()),
    labels: z.array(z.string()).describe('label names on the chosen path, root first'),
    labels_confirmed: z.boolean(),
    label_confidence: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe(
        "the probability that `labels` is right: 1 once a person confirmed them, else the product of the classification levels' reported probabilities; null when unknown (not classified, a level without a probability, or stopped short of a leaf). Sort `label_confidence,asc` lists the least sure first (unknown first): the review order (docs/pipeline.md#the-review-order)",
      ),
    llm_suggested: z.string().nullable(),
    classification_trace: z.array(
      z.object({
        level: z.number().int(),
        available_labels: z.array(z.string()),
        returned: z.string().nullable(),
        outcome: z.enum(['CONTINUE', 'LEAF', 'LLM_SUGGESTED', 'SUGGESTION']),
        decision: classificationDecision
          .nullable()
          .describe("the plugin's confidence at this level; null when it reported none"),
      }),
    ),
    ontology_version: z.number().int().nullable(),
    extraction: z
      .object({
        data: z.record(z.string(), z.unknown()),
        llm_fields: z.array(z.string()),
        document_type: z.string().nullable(),
        evidence: z.record(z.string(), z.array(evidence)),
        confidence: z
          .record(z.string(), z.number())
          .describe(
            'per extracted field, the probability in [0, 1] that the value is right, as the plugin estimates it',
          ),
        unsupported_fields: z
          .array(z.string())
          .describe('requested fields the extraction plugin cannot read (and no LLM answered)'),
        plugin: z.string(),
        corrections: z
          .record(
            z.string(),
            z.object({
              value: z.unknown().describe('the corrected value (also in `data`); null when cleared'),
              original: z.unknown().describe('what the extraction plugin read; null when nothing'),
              corrected_by: uuid.nullable(),
              corrected_by_email: z.string().nullable(),
              corrected_at: z.string(),
            }),
          )
          .describe('fields corrected in review (PATCH …/extraction), by field name'),
      })
      .nullable(),
    contract_id: uuid.nullable(),
    benchmark_scores: z
      .array(documentBenchmarkScore)
      .describe("the document's score in the latest successful run of each benchmark"),
    step_timings: z.record(z.string(), z.number()).describe('milliseconds per pipeline step of the last run'),
    created_at: z.string(),
    processed_at: z.string().nullable(),
    search: z
      .object({
        rank: z.number().describe('ts_rank_cd relevance; higher is better'),
        snippet: z
          .string()
          .describe('HTML-escaped excerpts around the matches, each match in <mark>…</mark>'),
      })
      .optional()
      .describe('present when the list was searched with `q`'),
  })
  .meta({ id: 'Document' });

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Turns a `ts_headline` excerpt whose matches sit between U+0001 and U+0002 into safe HTML:
 * the document's text is escaped, the matches are wrapped in `<mark>`.
 */
export function snippetHtml(headline: string): string {
  return headline
    .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)
    .replaceAll('\u0001', '<mark>')
    .replaceAll('\u0002', '</mark>');
}

export type DocumentDto = z.infer<typeof documentDto>;

/** The fields of a `Document` that come from the row's scalar columns. */
export function documentScalars(d: Omit<DocumentScalars, 'organizationId' | 'updatedAt'>) {
  return {
    id: d.id,
    filename: d.filename,
    mime_type: d.mimeType,
    size_bytes: d.sizeBytes,
    sha256: d.sha256,
    source_id: d.sourceId,
    parent_document_id: d.parentDocumentId,
    status: d.status,
    step: d.step,
    error: d.error,
    attempts: d.attempts,
    labels: d.labels,
    labels_confirmed: d.labelsConfirmed,
    label_confidence: d.labelConfidence,
    llm_suggested: d.llmSuggested,
    ontology_version: d.ontologyVersion,
    contract_id: d.contractId,
    created_at: d.createdAt.toISOString(),
    processed_at: iso(d.processedAt),
  };
}

export function toDocumentDto(d: DocumentRow, benchmarkScores: Record<string, unknown>[] = []): DocumentDto {
  return {
    ...documentScalars(d),
    metadata: d.metadata,
    // Stored as shown (migration 0014 completed rows stored before a key existed).
    classification_trace: d.classificationTrace,
    extraction: d.extraction,
    // The service's DocumentBenchmarkScore rows, typed by the caller as plain records.
    benchmark_scores: benchmarkScores as DocumentDto['benchmark_scores'],
    step_timings: d.stepTimings,
  };
}

export const uploadedDto = documentDto
  .extend({
    duplicate: z.boolean().describe('true when the same bytes were already a document of the organization'),
  })
  .meta({ id: 'UploadedDocument' });

export const documentSortFields = ['created_at', 'filename', 'status', 'label_confidence'] as const;

export const confirmLabelsRequest = z
  .object({
    labels: z.array(z.string().min(1).max(100)).min(1).max(10).describe('a path of the ontology, root first'),
  })
  .strict()
  .meta({ id: 'ConfirmLabelsRequest' });

export const documentTextDto = z
  .object({
    text: z.string(),
    pages: z.array(z.string()),
    ocr: z
      .object({
        engine: z.string(),
        languages: z.string(),
        pages: z.array(z.number().int()).describe('1-based pages whose text came from OCR'),
        confidence: z.record(z.string(), z.number()).describe('mean word confidence 0–100 per OCRed page'),
        mean_confidence: z.number().nullable(),
        skipped_pages: z.array(z.number().int()).describe('pages without text beyond SERVICE_OCR_MAX_PAGES'),
        blank_pages: z
          .array(z.number().int())
          .optional()
          .describe(
            'pages without text not OCRed because their image is blank (absent in documents parsed before this check)',
          ),
      })
      .nullable()
      .describe('null when every page had a text layer'),
    attachments: z
      .array(
        z.object({
          filename: z.string(),
          document_id: uuid.nullable().describe("the attachment's document; null when it was refused"),
          error: z.string().nullable().describe('why it was refused (type not accepted, too large, a quota)'),
        }),
      )
      .describe("an email's attachments and what became of each; empty for other kinds"),
  })
  .meta({ id: 'DocumentText' });
