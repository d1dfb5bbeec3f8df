import { readFile } from 'node:fs/promises';
import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import { sha256Hex } from '../blobs/store.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import type { Evidence } from '../db/schema.js';
import { emitEvent } from '../events/outbox.js';
import { publish } from '../events/reactions.js';
import { keyForColumn } from '../fields/registry.js';
import { badRequest, HttpProblem, notFound } from '../http/problem.js';
import { getOntology } from '../ontology/service.js';
import { childrenAt } from '../ontology/tree.js';
import { getQuotasOf } from '../organizations/quotas.js';
import { detectType } from '../parsing/index.js';
import * as contentRepo from './content-repository.js';
import { documentFilename } from './filename.js';
import * as listRepo from './list-repository.js';
import * as repo from './repository.js';
import { onlySingleLetters } from './search-query.js';
import * as searchRepo from './search-repository.js';
import { type StagedUpload, UPLOAD_HEAD_BYTES } from './staging.js';

export { documentArchiveTables } from './archive.js';
export {
  /** The parsed text and pages of a document, or undefined. */
  getContent,
  /** Stores the parsed text and pages of a document (replaces them). */
  putContent,
  /** Recomputes a document's search vector from its filename, labels, extracted values and text. */
  refreshSearchVector,
} from './content-repository.js';
export type { DocumentRow } from './repository.js';
/**
 * The documents surface the pipeline, the workers and other domains use without the rules of this
 * service (docs/architecture.md): plain reads and the pipeline's writes of one document's state.
 */
export {
  /** Confirmed documents of the organization with their labels and text excerpts (training examples). */
  confirmedExamples,
  /** The count and latest change of the organization's confirmed documents (the training set's version). */
  confirmedExamplesVersion,
  /** `{id, contractId}` of a document of the organization (the contract it is linked to), or undefined. */
  documentContractLink,
  /** `{id, filename}` of the organization's documents among the ids (a benchmark's scores page). */
  documentFilenames,
  /** PROCESSED, extracted documents of the organization carrying one of the labels (a benchmark run's pool). */
  extractedDocuments,
  /** One document by id, any organization, or undefined. */
  findDocumentById,
  /** Sets the contract a document of the organization is linked to (`documents.contract_id`). */
  linkDocumentToContract,
  /** The first characters of the organization's most recent parsed documents (corpus statistics). */
  recentExcerpts,
  /** `{sourceId, status, n}` document counts of the organization, of one source or all (sources' coverage). */
  sourceDocumentCounts,
  /** `{folder, n, lastAt}` per `metadata.folder` (or `folder_path`) of a source's documents, by folder. */
  sourceFolderCounts,
  /** Documents left RECEIVED or PROCESSING since before a date: their job was lost or their worker died. */
  stalledDocuments,
  /** Marks an unfinished document PROCESSING with one attempt more; undefined when missing or finished. */
  startAttempt,
  /** Patches a document row (pipeline state, results). */
  updateDocument,
  /** Documents created since a date and the bytes stored by the organization: quota use. */
  usage as documentUsage,
} from './repository.js';

/** What an upload, a source or an email hands to ingest. */
export interface IngestInput {
  bytes: Buffer;
  /** Hex SHA-256 of `bytes` when the caller hashed them as they arrived (an upload); else computed. */
  sha256?: string | undefined;
  filename: string;
  declaredMime?: string | undefined;
  sourceId?: string | null | undefined;
  parentDocumentId?: string | null | undefined;
  metadata?: Record<string, unknown> | undefined;
}

function startOfMonthUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Checks the organization's document quotas before a new document is stored.
 * Documents per month → 429 with Retry-After until the month turns (the limit lifts by itself);
 * storage → 403 (it lifts only when documents are deleted or the quota is raised).
 */
async function checkQuotas(ctx: Pick<AppContext, 'db'>, organizationId: string, sizeBytes: number) {
  const quotas = await getQuotasOf(ctx.db, organizationId);
  if (!quotas || (quotas.maxDocumentsPerMonth === null && quotas.maxStorageBytes === null)) return;
  const use = await repo.usage(ctx.db, organizationId, startOfMonthUtc());
  if (quotas.maxDocumentsPerMonth !== null && use.documentsThisMonth >= quotas.maxDocumentsPerMonth) {
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    throw new HttpProblem(
      429,
      `Quota max_documents_per_month exceeded: ${use.documentsThisMonth} of ${quotas.maxDocumentsPerMonth} used this month`,
      {
        quota: 'max_documents_per_month',
        limit: quotas.maxDocumentsPerMonth,
        used: use.documentsThisMonth,
        retry_after_seconds: Math.ceil((next.getTime() - now.getTime()) / 1000),
      },
    );
  }
  if (quotas.maxStorageBytes !== null && use.storageBytes + sizeBytes > quotas.maxStorageBytes) {
    throw new HttpProblem(
      403,
      `Quota max_storage_bytes exceeded: ${use.storageBytes} + ${sizeBytes} bytes > ${quotas.maxStorageBytes}`,
      {
        quota: 'max_storage_bytes',
        limit: quotas.maxStorageBytes,
        used: use.storageBytes,
      },
    );
  }
}

/**
 * sources/records.ts `sourceInOrganization`: whether an id names a source connection of the
 * organization (sources/ sits above documents/: its sync ingests documents, so app.ts hands it in).
 */
export type SourceCheck = (db: Executor, organizationId: string, sourceId: string) => Promise<boolean>;

/**
 * An upload's `source_id` must name a source connection of the caller's organization, so a
 * document cannot be filed under another tenant's source (or an invented one).
 *
 * @throws HttpProblem 400 naming `body.source_id` otherwise
 */
export async function requireUploadSource(
  ctx: Pick<AppContext, 'db'>,
  tenant: Tenant,
  sourceId: string,
  sourceInOrganization: SourceCheck,
): Promise<void> {
  if (await sourceInOrganization(ctx.db, tenant.organizationId, sourceId)) return;
  const message = 'no source connection with this id in the organization';
  throw new HttpProblem(400, `source_id: ${message}`, { errors: [{ field: 'body.source_id', message }] });
}

/**
 * Stores a file as a document of the organization and queues its processing. The same bytes in
 * the same organization are one document: a second ingest answers the existing one.
 *
 * @throws HttpProblem 413 over the size limit, 415 for a type that is not allowed (detected from
 *   the bytes, not the name), 429/403 over a quota
 */
export async function ingestDocument(
  ctx: Pick<AppContext, 'blobs' | 'config' | 'db' | 'queue'>,
  organizationId: string,
  input: IngestInput,
) {
  return ingest(ctx, organizationId, input, {
    size: input.bytes.length,
    sha256: input.sha256 ?? sha256Hex(input.bytes),
    sample: input.bytes,
    store: (sha256) => ctx.blobs.put(organizationId, sha256, input.bytes),
  });
}

/**
 * {@link ingestDocument} of an upload already written to the blob store's staging file
 * (documents/staging.ts): its type is detected from its first bytes (the whole file is read only
 * for a ZIP, whose parts decide whether it is a DOCX), and the file is moved into the store.
 */
export async function ingestStagedUpload(
  ctx: Pick<AppContext, 'blobs' | 'config' | 'db' | 'queue'>,
  organizationId: string,
  input: Omit<IngestInput, 'bytes' | 'sha256'> & { staged: StagedUpload },
) {
  const { staged } = input;
  const zip = staged.head[0] === 0x50 && staged.head[1] === 0x4b && staged.size > staged.head.length;
  return ingest(ctx, organizationId, input, {
    size: staged.size,
    sha256: staged.sha256,
    sample: zip ? await readFile(staged.path) : staged.head,
    store: (sha256) => ctx.blobs.putFile(organizationId, sha256, staged.path),
  });
}

/**
 * The same bytes arriving again through a source: a document stored without one (an upload that
 * named no `source_id`, or one from before the console used the manual-upload connection) is filed
 * under that source, with its attachments, so it shows in the source's list and coverage
 * (decision 690). A document that has a source keeps the first one.
 */
async function adoptSourceless(
  ctx: Pick<AppContext, 'db'>,
  existing: repo.DocumentRow,
  sourceId: string | null | undefined,
): Promise<repo.DocumentRow> {
  if (!sourceId || existing.sourceId) return existing;
  return (await repo.adoptIntoSource(ctx.db, existing.organizationId, existing.id, sourceId)) ?? existing;
}

async function ingest(
  ctx: Pick<AppContext, 'config' | 'db' | 'queue'>,
  organizationId: string,
  input: Omit<IngestInput, 'bytes' | 'sha256'>,
  file: { size: number; sha256: string; sample: Uint8Array; store: (sha256: string) => Promise<void> },
) {
  if (file.size > ctx.config.uploadMaxBytes) {
    throw new HttpProblem(
      413,
      `The file is ${file.size} bytes; the limit is ${ctx.config.uploadMaxBytes} bytes`,
    );
  }
  if (file.size === 0)
    throw new HttpProblem(400, 'The file is empty', {
      errors: [{ field: 'body.file', message: 'empty file' }],
    });
  const { sha256 } = file;
  const existing = await repo.findBySha(ctx.db, organizationId, sha256);
  if (existing) return { document: await adoptSourceless(ctx, existing, input.sourceId), created: false };
  // The text heuristics read the file's beginning only: the parser decodes the whole text later,
  // in its worker thread (docs/pipeline.md "Ingest").
  const type = await detectType(file.sample, input.filename, input.declaredMime, {
    textSampleBytes: UPLOAD_HEAD_BYTES,
  });
  if (type.kind === 'unknown' || !ctx.config.uploadAllowedKinds.includes(type.kind)) {
    throw new HttpProblem(
      415,
      `Unsupported file type${type.mime === 'application/octet-stream' ? '' : ` ${type.mime}`}: accepted are ${ctx.config.uploadAllowedKinds.join(', ')} (detected from the content, not the file name)`,
    );
  }
  await checkQuotas(ctx, organizationId, file.size);
  await file.store(sha256);
  const inserted = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertDocument(tx, {
      organizationId,
      sourceId: input.sourceId ?? null,
      parentDocumentId: input.parentDocumentId ?? null,
      filename: documentFilename(input.filename),
      mimeType: type.mime,
      sizeBytes: file.size,
      sha256,
      metadata: input.metadata ?? {},
    });
    if (row) {
      await emitEvent(tx, {
        organizationId,
        type: 'document.received',
        data: {
          document_id: row.id,
          filename: row.filename,
          mime_type: row.mimeType,
          size_bytes: row.sizeBytes,
          source_id: row.sourceId,
        },
      });
    }
    return row;
  });
  if (!inserted) {
    // A concurrent ingest of the same bytes won the race.
    const winner = await repo.findBySha(ctx.db, organizationId, sha256);
    if (!winner) throw new Error('document vanished after a conflicting insert');
    return { document: await adoptSourceless(ctx, winner, input.sourceId), created: false };
  }
  await ctx.queue?.enqueueDocument(inserted.id, organizationId);
  return { document: inserted, created: true };
}

export async function getDocument(ctx: Pick<AppContext, 'db'>, tenant: Tenant, id: string) {
  const row = await repo.findDocument(ctx.db, tenant.organizationId, id);
  if (!row) throw notFound('Document');
  return row;
}

/**
 * A document of the tenant, locked in `tx` until it commits, for a change that reads the row
 * first (a review correction).
 *
 * @throws HttpProblem 404 when the organization has no such document
 */
export async function lockDocument(tx: Executor, tenant: Tenant, id: string) {
  const row = await repo.findDocumentForUpdate(tx, tenant.organizationId, id);
  if (!row) throw notFound('Document');
  return row;
}

/**
 * Stores a reviewed extraction (review/service.ts) and, when the review also vouches for the
 * labels, marks them confirmed so the document becomes a training example of the classifier.
 */
export async function storeReviewedExtraction(
  tx: Executor,
  id: string,
  extraction: NonNullable<repo.DocumentRow['extraction']>,
  confirmLabels: boolean,
) {
  const row = await repo.updateDocument(tx, id, {
    extraction,
    ...(confirmLabels ? { labelsConfirmed: true } : {}),
  });
  if (!row) throw notFound('Document');
  return row;
}

export async function listDocuments(
  ctx: Pick<AppContext, 'db'>,
  tenant: Tenant,
  p: Parameters<typeof listRepo.listDocuments>[2],
) {
  return listRepo.listDocuments(ctx.db, tenant.organizationId, p);
}

/**
 * Full-text search in the tenant's documents (web-search syntax, see docs/search.md), with the
 * list filters; best match first.
 *
 * @throws HttpProblem 400 when the query's only words are single letters ({@link onlySingleLetters})
 */
export async function searchDocuments(
  ctx: Pick<AppContext, 'db'>,
  tenant: Tenant,
  query: string,
  p: Parameters<typeof searchRepo.searchDocuments>[3],
) {
  if (onlySingleLetters(query)) {
    throw badRequest('The query has no word to search for: single letters such as "c" or "b" are ignored', {
      errors: [
        {
          field: 'query.q',
          message: 'needs a word of two or more letters, or a number, besides single letters',
        },
      ],
    });
  }
  return searchRepo.searchDocuments(ctx.db, tenant.organizationId, query, p);
}

/** Recomputes the search vectors of documents written in bulk (an import). */
export async function refreshSearchIndex(db: Executor, documentIds: string[]) {
  for (const id of documentIds) await contentRepo.refreshSearchVector(db, id);
}

/** The stored bytes of a document. */
export async function documentBytes(ctx: Pick<AppContext, 'blobs' | 'db'>, tenant: Tenant, id: string) {
  const row = await getDocument(ctx, tenant, id);
  return { row, bytes: await ctx.blobs.get(row.organizationId, row.sha256) };
}

export async function documentText(ctx: Pick<AppContext, 'db'>, documentId: string) {
  return contentRepo.getContent(ctx.db, documentId);
}

/**
 * Runs the pipeline again from parsing: for a FAILED document, or to apply a new ontology or
 * plugin. Previous results stay until the new run replaces them.
 */
export async function reprocessDocument(
  ctx: Pick<AppContext, 'db' | 'queue'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  await getDocument(ctx, tenant, id);
  const row = await repo.updateDocument(ctx.db, id, {
    status: 'RECEIVED',
    step: 'parse',
    error: null,
    attempts: 0,
  });
  await ctx.queue?.enqueueDocument(id, tenant.organizationId);
  return row;
}

/**
 * Deletes a document and, when no other document of the organization shares them, its bytes.
 * `document.deleting` is published in the same transaction, so what was derived from the
 * document goes with it (its contract: docs/contracts.md "Deleting a document").
 */
export async function deleteDocument(
  ctx: Pick<AppContext, 'blobs' | 'db' | 'reactions'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  const row = await getDocument(ctx, tenant, id);
  await ctx.db.transaction(async (tx) => {
    await publish(ctx.reactions, tx, {
      type: 'document.deleting',
      organizationId: row.organizationId,
      documentId: id,
    });
    await repo.deleteDocument(tx, id);
  });
  // (organization, sha256) is unique, so the blob belonged to this document alone.
  await ctx.blobs.delete(row.organizationId, row.sha256);
}

/**
 * Confirms or corrects a document's labels (a path root-first that must exist in the current
 * ontology). Confirmed documents become training examples of the built-in classifier.
 *
 * @throws 400 when the path is not in the ontology
 */
export async function confirmLabels(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
  labels: string[],
) {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  await getDocument(ctx, tenant, id);
  const ontology = await getOntology(ctx.db, tenant.organizationId);
  if (labels.length === 0 || !childrenAt(ontology.labels, labels)) {
    throw new HttpProblem(400, `The path ${labels.join(' / ')} is not in the ontology`, {
      errors: [{ field: 'body.labels', message: 'not a path of the current ontology' }],
    });
  }
  return repo.updateDocument(ctx.db, id, { labels, labelsConfirmed: true, llmSuggested: null });
}

/** Where a contract's renewal was read from: the document and the evidence of two fields. */
export interface RenewalClause {
  document_id: string;
  filename: string;
  /** The renewal term's evidence (page, text, UTF-16 offsets into the document's text), if read. */
  renewal_term: Evidence | null;
  /** The notice period's evidence, if read. */
  notice_period: Evidence | null;
}

/**
 * The evidence of the renewal term and the notice period of a contract's document, found under
 * whatever field names the organization's ontology uses (the field registry's columns
 * `renewal_term` and `notice_period`, docs/contracts.md). A person reading a renewal alert sees
 * the clause it was computed from. Corrected values keep the evidence the plugin gave, if any.
 *
 * @returns null when the document is gone or has no extraction
 */
export async function renewalClause(
  db: Executor,
  organizationId: string,
  documentId: string,
): Promise<RenewalClause | null> {
  const row = await repo.findDocument(db, organizationId, documentId);
  if (!row?.extraction) return null;
  const { data, evidence } = row.extraction;
  const first = (column: string) => {
    const key = keyForColumn(data, column);
    return (key && evidence[key]?.[0]) || null;
  };
  return {
    document_id: row.id,
    filename: row.filename,
    renewal_term: first('renewal_term'),
    notice_period: first('notice_period'),
  };
}
