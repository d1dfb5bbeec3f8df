/**
 * The tables of documents and their classification: `documents` (the row lists and filters
 * read, with its classification and extraction as typed JSON), `document_contents` (the parsed
 * text), `document_search` (the search vector), the organization's ontology versions and the
 * label suggestions of classification. They reference the core tables of `schema-core.ts`;
 * `schema.ts` is the barrel the code and drizzle-kit read. Split from schema-core.ts (issue 34).
 */

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { organizations, users } from './schema-core.js';

// Documents and the pipeline (api-decisions §3)

/**
 * How sure a classification plugin was at one level, as it reported it through the SDK's
 * `report_classification` side channel (decision 66): the best label it considered (also when
 * it abstained), that label's probability in [0, 1], the runner-up, the evidence terms, and why
 * it returned None (`abstention_reason`, null when it answered).
 */
export type ClassificationDecision = {
  label: string | null;
  probability: number;
  runner_up: string | null;
  runner_up_probability: number | null;
  evidence: string[];
  abstention_reason: string | null;
};
export type ClassificationStep = {
  level: number;
  available_labels: string[];
  returned: string | null;
  outcome: 'CONTINUE' | 'LEAF' | 'LLM_SUGGESTED' | 'SUGGESTION';
  /** The plugin's reported decision at this level; null when it reported none (absent in rows
   * stored before migration 0014 wrote the null in). */
  decision: ClassificationDecision | null;
};
/** One span a field value was read from; `rule` is the id of the extractor rule that produced the value (absent when the plugin names none). */
export type Evidence = { start: number; end: number; page: number | null; text: string; rule?: string };
/** A field value a person set in review (pipeline/corrections.ts), beside what the plugin read. */
export type FieldCorrection = {
  /** The corrected value (also in `data`); null when the person cleared the field. */
  value: unknown;
  /** What the extraction plugin read (null when it read nothing). */
  original: unknown;
  corrected_by: string | null;
  corrected_by_email: string | null;
  /** ISO 8601 UTC. */
  corrected_at: string;
};
export type StoredExtraction = {
  data: Record<string, unknown>;
  llm_fields: string[];
  document_type: string | null;
  evidence: Record<string, Evidence[]>;
  /** Per-field confidence in [0, 1] reported by the plugin (`data._confidence`); `{}` in rows
   * stored before it existed (migration 0014). */
  confidence: Record<string, number>;
  /** Requested fields the plugin cannot read (`data._unsupported`). */
  unsupported_fields: string[];
  plugin: string;
  /** Fields corrected in review, by field name; `{}` when nobody corrected the document. */
  corrections: Record<string, FieldCorrection>;
};

/** A document's processing states (`documents.status`), for the statements and DTOs that name them. */
export const DOCUMENT_STATUSES = ['RECEIVED', 'PROCESSING', 'PROCESSED', 'FAILED'] as const;

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id'),
    parentDocumentId: uuid('parent_document_id').references((): AnyPgColumn => documents.id, {
      onDelete: 'set null',
    }),
    filename: text('filename').notNull(),
    mimeType: text('mime_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    status: text('status', { enum: DOCUMENT_STATUSES }).notNull(),
    step: text('step', { enum: ['parse', 'classify', 'extract', 'derive'] }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    // The four JSON documents the list and search send as stored (documents/json.ts) are `json`,
    // not `jsonb`: PostgreSQL keeps their text as written (the driver's JSON.stringify) and
    // outputs it without converting, where jsonb's output cost ~30 µs a row (docs/performance.md
    // "Shown JSON columns as json", decision 615). No operator of these needs jsonb (`->`, `->>`
    // and json_to_tsvector exist for json); `labels` is filtered with `@>`/`?|` and stays jsonb.
    metadata: json('metadata').$type<Record<string, unknown>>().notNull().default({}),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    labelsConfirmed: boolean('labels_confirmed').notNull().default(false),
    llmSuggested: text('llm_suggested'),
    classificationTrace: json('classification_trace').$type<ClassificationStep[]>().notNull().default([]),
    /**
     * The probability that the label path is right, kept by the database from the trace and the
     * confirmation flag (`label_path_confidence`, migration 0017): 1 once a person confirmed the
     * labels, else the product of the levels' reported probabilities (each calibrated given the
     * level above: P(path) = P(root) x P(child | root) ...); null when unknown — unclassified, a
     * level that reported no probability, or a classification that stopped short of a leaf
     * (abstained, or suggested a label outside the ontology). The review queue's order.
     */
    labelConfidence: doublePrecision('label_confidence').generatedAlwaysAs(
      sql`label_path_confidence(classification_trace, labels_confirmed)`,
    ),
    ontologyVersion: integer('ontology_version'),
    extraction: json('extraction').$type<StoredExtraction>(),
    contractId: uuid('contract_id'),
    /** Milliseconds spent in each pipeline step of the last run. */
    stepTimings: json('step_timings').$type<Record<string, number>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
  },
  (t) => [
    // The same bytes in the same organization are one document (DESIGN.md §1).
    uniqueIndex('documents_org_sha256_key').on(t.organizationId, t.sha256),
    // The list's sorts and filters (docs/performance.md "Lists"): each walks its index from the
    // organization's first entry and stops after the page; `id` is the sort's tie-breaker.
    index('documents_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('documents_org_status_idx').on(t.organizationId, t.status, t.createdAt),
    index('documents_org_filename_idx').on(t.organizationId, t.filename, t.id),
    index('documents_org_source_idx').on(t.organizationId, t.sourceId, t.createdAt),
    index('documents_parent_idx').on(t.parentDocumentId),
    // The confirmed documents' version, asked by every classification (documents/repository.ts
    // `confirmedExamplesVersion`), and the review queue's filter: without it both read every
    // document of the organization (bench/scale: ~1 row per stored document per upload).
    index('documents_org_confirmed_idx').on(t.organizationId, t.labelsConfirmed, t.updatedAt),
    // The review queue's order, least sure first and unknown before any (documents list sort
    // `label_confidence`); confirmed documents, at 1, come last, so the queue's walk meets them
    // only after every unconfirmed one.
    index('documents_org_label_confidence_idx').on(
      t.organizationId,
      t.labelConfidence.asc().nullsFirst(),
      t.id,
    ),
  ],
);

/** PostgreSQL's `tsvector` (a full-text search document); drizzle has no built-in type for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Parsed text of a document, kept apart from the row that lists and filters read. */
export const documentContents = pgTable('document_contents', {
  documentId: uuid('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  pages: jsonb('pages').$type<string[]>().notNull(),
  parseMetadata: jsonb('parse_metadata').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  /**
   * The parsed text's part of the search vector (`document_search.vector`, weight C), built
   * once per stored text in small pieces (documents/content-repository.ts `buildTextVector`, decision
   * 352), so that refreshing the vector after a label or value change does not stem the whole
   * text again. Null for texts stored before it existed: the refresh then stems the text itself.
   */
  textVector: tsvector('text_vector'),
});

/**
 * The search index of a document, one narrow row per searchable document (docs/search.md
 * "Cost", decision 450): its organization and creation time, copied from `documents` (neither
 * changes), beside its full-text search vector — filename and labels (weight A), extracted
 * values (B), parsed text (C) — maintained by `refreshSearchVector` after parsing, extraction and
 * label changes. Kept apart from the wide `document_contents` rows, so that finding, counting and
 * ordering a query's matches reads small rows: a row over PostgreSQL's ~2 KB TOAST threshold
 * (the vector of any text of more than a few hundred distinct words) has its vector moved out of
 * line whole (the table's `toast_tuple_target` is 128 bytes, set in migration 0009), leaving
 * ~60 bytes, and only the vectors that are ranked are read; a smaller vector stays inline.
 */
export const documentSearch = pgTable(
  'document_search',
  {
    documentId: uuid('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    createdAt: ts('created_at').notNull(),
    vector: tsvector('vector').notNull(),
  },
  (t) => [
    index('document_search_vector_idx').using('gin', t.vector),
    // The search's newest matches of a common word, walked newest first (documents/search-repository.ts).
    index('document_search_org_created_idx').on(
      t.organizationId,
      t.createdAt.desc().nullsFirst(),
      t.documentId,
    ),
  ],
);

/**
 * What an organization's documents take, kept by triggers on `documents` (migration
 * 0010_organization_usage): the storage quota reads one row instead of summing every document of
 * the organization on each upload (1,155 rows read per upload at 1,000 documents, bench/scale).
 * Written only by the triggers; an insert, delete or size change of a document moves it in the
 * same transaction.
 */
export const organizationUsage = pgTable('organization_usage', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  storageBytes: bigint('storage_bytes', { mode: 'number' }).notNull().default(0),
  documents: integer('documents').notNull().default(0),
});

export type OntologyLabel = {
  name: string;
  description: string;
  keywords: string[];
  fields: { name: string; dtype: string; description: string }[];
  children: OntologyLabel[];
};

/** Every saved ontology of an organization; the highest version is current. */
export const ontologyVersions = pgTable(
  'ontology_versions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    labels: jsonb('labels').$type<OntologyLabel[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.version] })],
);

export const labelSuggestions = pgTable(
  'label_suggestions',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    parentPath: jsonb('parent_path').$type<string[]>().notNull(),
    label: text('label'),
    reason: text('reason', { enum: ['NO_LABEL', 'LLM_SUGGESTED'] }).notNull(),
    /** The plugin's decision at the level that asked for this suggestion (null when it reported none). */
    decision: jsonb('decision').$type<ClassificationDecision>(),
    status: text('status', { enum: ['PENDING', 'ACCEPTED', 'REJECTED'] })
      .notNull()
      .default('PENDING'),
    createdAt: createdAt(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [index('label_suggestions_org_status_idx').on(t.organizationId, t.status)],
);
