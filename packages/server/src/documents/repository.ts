import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  is,
  isNotNull,
  lt,
  notInArray,
  SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { preparedOn } from '../db/prepared.js';
import { documentContents, documents, organizationUsage } from '../db/schema.js';
import { newId } from '../ids.js';
import { refreshSearchVector } from './content-repository.js';

export type DocumentRow = typeof documents.$inferSelect;
/** A row without its JSON documents (trace, extraction, metadata, step timings). */
export type DocumentScalars = Omit<
  DocumentRow,
  'classificationTrace' | 'extraction' | 'metadata' | 'stepTimings'
>;
export type DocumentStatus = DocumentRow['status'];
export type PipelineStep = NonNullable<DocumentRow['step']>;

export async function findDocument(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.id, id)));
  return row;
}

/** The organization's documents among `ids` (any order; ids of other organizations are not found). */
export async function findDocuments(db: Executor, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), inArray(documents.id, ids)));
}

/** A document of the organization, its row locked until the transaction ends (read-modify-write). */
export async function findDocumentForUpdate(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.id, id)))
    .for('update');
  return row;
}

/** A document by id alone: for the pipeline, which is handed ids by the queue. */
export async function findDocumentById(db: Executor, id: string) {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
}

export async function findBySha(db: Executor, organizationId: string, sha256: string) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.sha256, sha256)));
  return row;
}

/**
 * Files a sourceless document of the organization, and its sourceless descendants (an email's
 * attachments, an archive's members), under a source connection; a document that already has a
 * source keeps it. Returns the document as it is afterwards (undefined when it is gone).
 */
export async function adoptIntoSource(db: Executor, organizationId: string, id: string, sourceId: string) {
  await db.execute(sql`
    with recursive tree(id) as (
      select ${id}::uuid
      union
      select d.id from documents d join tree on d.parent_document_id = tree.id
      where d.organization_id = ${organizationId}
    )
    update documents set source_id = ${sourceId}::uuid, updated_at = now()
    where organization_id = ${organizationId} and source_id is null and id in (select id from tree)`);
  return findDocument(db, organizationId, id);
}

/** Inserts a RECEIVED document; returns undefined when the (organization, sha256) exists already. */
export async function insertDocument(
  db: Executor,
  v: {
    organizationId: string;
    sourceId: string | null;
    parentDocumentId: string | null;
    filename: string;
    mimeType: string | null;
    sizeBytes: number;
    sha256: string;
    metadata: Record<string, unknown>;
  },
) {
  const [row] = await db
    .insert(documents)
    .values({ id: newId(), status: 'RECEIVED', step: 'parse', ...v })
    .onConflictDoNothing({ target: [documents.organizationId, documents.sha256] })
    .returning();
  return row;
}

/**
 * Patches a document row. A patch of `labels` or `extraction` also refreshes the search vector,
 * unless `opts.searchVector` is false (the caller refreshes it itself right after, e.g. the
 * pipeline's extraction step after classification).
 */
export async function updateDocument(
  db: Executor,
  id: string,
  patch: Partial<Omit<DocumentRow, 'id' | 'organizationId'>>,
  opts: {
    searchVector?: boolean;
    /**
     * A fencing token: update only while `attempts` is this (the pipeline attempt that reads
     * it still owns the document; a newer attempt or a reprocess changed it). Undefined
     * is returned, and nothing changed, when it is not.
     */
    fence?: number;
  } = {},
) {
  const values: Record<string, unknown> = { ...patch, updatedAt: new Date() };
  const fence = opts.fence;
  const statement = preparedUpdate(db, values, fence !== undefined);
  const [row] = statement
    ? await statement.execute({ ...values, id, fence })
    : await db
        .update(documents)
        .set(values as typeof patch)
        .where(
          fence === undefined
            ? eq(documents.id, id)
            : and(eq(documents.id, id), eq(documents.attempts, fence)),
        )
        .returning();
  // Labels and extracted values are searchable: keep the vector in step with them.
  if (opts.searchVector !== false && ('labels' in patch || 'extraction' in patch))
    await refreshSearchVector(db, id);
  return row;
}

/** The columns of `documents` in a fixed order: bit i of a patch's shape is column i. */
const DOCUMENT_COLUMNS = Object.keys(getTableColumns(documents));

/**
 * The prepared update of a patch's shape (the columns it sets, and which of them it sets to
 * null), outside transactions (db/prepared.ts); undefined inside one, or for a patch with a
 * column of another table or a SQL value, which the caller builds as usual. A null sets SQL
 * NULL in the statement itself: through a placeholder drizzle would encode it (a jsonb column
 * would get the JSON `null`), as a plain value it binds NULL.
 */
function preparedUpdate(db: Executor, values: Record<string, unknown>, fenced: boolean) {
  let set = 0n;
  let nulls = 0n;
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const bit = DOCUMENT_COLUMNS.indexOf(key);
    if (bit < 0 || is(value, SQL)) return undefined;
    set |= 1n << BigInt(bit);
    if (value === null) nulls |= 1n << BigInt(bit);
  }
  // A short name (PostgreSQL cuts names at 63 bytes): the two masks in base 36.
  const name = `documents_update_${set.toString(36)}_${nulls.toString(36)}${fenced ? '_f' : ''}`;
  return preparedOn(db, name, (root) => {
    const columns: Record<string, unknown> = {};
    for (const [i, key] of DOCUMENT_COLUMNS.entries())
      if ((set >> BigInt(i)) & 1n)
        columns[key] = (nulls >> BigInt(i)) & 1n ? sql`null` : sql.placeholder(key);
    return root
      .update(documents)
      .set(columns)
      .where(
        fenced
          ? and(eq(documents.id, sql.placeholder('id')), eq(documents.attempts, sql.placeholder('fence')))
          : eq(documents.id, sql.placeholder('id')),
      )
      .returning()
      .prepare(name);
  });
}

/**
 * Starts a pipeline attempt on a document that is not finished: status PROCESSING, `attempts`
 * one more, in one statement. Returns the updated row, or undefined when the document is missing
 * or PROCESSED or FAILED already (then nothing changed).
 */
export async function startAttempt(db: Executor, id: string) {
  const build = (x: Executor) =>
    x
      .update(documents)
      .set({
        status: 'PROCESSING',
        attempts: sql`${documents.attempts} + 1`,
        // Encoded as the column encodes a value (drizzle's Param), as `.set({updatedAt: date})` would.
        updatedAt: sql`${sql.param(sql.placeholder('updatedAt'), documents.updatedAt)}`,
      })
      .where(
        and(eq(documents.id, sql.placeholder('id')), notInArray(documents.status, ['PROCESSED', 'FAILED'])),
      )
      .returning();
  const statement = preparedOn(db, 'documents_start_attempt', (root) =>
    build(root).prepare('documents_start_attempt'),
  );
  const [row] = await (statement ?? build(db)).execute({ id, updatedAt: new Date() });
  return row;
}

export async function deleteDocument(db: Executor, id: string) {
  await db.delete(documents).where(eq(documents.id, id));
}

/**
 * Documents created since `since` (counted on the (organization, created_at) index) and the bytes
 * stored by the organization (one row of `organization_usage`, which triggers on `documents` keep:
 * summing every document on each upload read the whole organization): quota use.
 */
export async function usage(db: Executor, organizationId: string, since: Date) {
  const [month] = await db
    .select({ n: count() })
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), gte(documents.createdAt, since)));
  const [stored] = await db
    .select({ b: organizationUsage.storageBytes })
    .from(organizationUsage)
    .where(eq(organizationUsage.organizationId, organizationId));
  return { documentsThisMonth: Number(month?.n ?? 0), storageBytes: Number(stored?.b ?? 0) };
}

/** Documents left RECEIVED or PROCESSING since before `before`: their job was lost or their worker died. */
export async function stalledDocuments(db: Executor, before: Date, limit: number) {
  return db
    .select({ id: documents.id, organizationId: documents.organizationId })
    .from(documents)
    .where(and(inArray(documents.status, ['RECEIVED', 'PROCESSING']), lt(documents.updatedAt, before)))
    .orderBy(asc(documents.updatedAt))
    .limit(limit);
}

/** Confirmed documents of the organization with their labels and text excerpts (training examples). */
/** The first `excerptChars` characters of the organization's `limit` most recent parsed documents. */
export async function recentExcerpts(
  db: Executor,
  organizationId: string,
  limit: number,
  excerptChars: number,
) {
  const rows = await db
    .select({ text: sql<string>`left(${documentContents.text}, ${excerptChars})` })
    .from(documents)
    .innerJoin(documentContents, eq(documentContents.documentId, documents.id))
    .where(eq(documents.organizationId, organizationId))
    .orderBy(desc(documents.createdAt))
    .limit(limit);
  return rows.map((r) => r.text);
}

export async function confirmedExamples(
  db: Executor,
  organizationId: string,
  limit: number,
  excerptChars: number,
) {
  return db
    .select({
      labels: documents.labels,
      text: sql<string>`left(${documentContents.text}, ${excerptChars})`,
    })
    .from(documents)
    .innerJoin(documentContents, eq(documentContents.documentId, documents.id))
    .where(and(eq(documents.organizationId, organizationId), eq(documents.labelsConfirmed, true)))
    .orderBy(desc(documents.updatedAt))
    .limit(limit);
}

/**
 * What identifies the organization's training set ({@link confirmedExamples}) without reading it:
 * the number of confirmed documents and the last change of any of them (`updated_at` moves with
 * every change of a document's labels, text or confirmation). Two equal versions mean equal
 * training sets; a changed version may still mean the same set (a reprocessed document).
 */
export async function confirmedExamplesVersion(db: Executor, organizationId: string): Promise<string> {
  const build = (x: Executor) =>
    x
      .select({
        n: count(),
        last: sql<string | null>`max(${documents.updatedAt})::text`,
      })
      .from(documents)
      .where(
        and(
          eq(documents.organizationId, sql.placeholder('organizationId')),
          eq(documents.labelsConfirmed, true),
        ),
      );
  // Asked by every classification: built once (db/prepared.ts).
  const statement = preparedOn(db, 'documents_confirmed_version', (root) =>
    build(root).prepare('documents_confirmed_version'),
  );
  const [row] = await (statement ?? build(db)).execute({ organizationId });
  return `${row?.n ?? 0}@${row?.last ?? '-'}`;
}

/** Sets `documents.contract_id` (the link shown on the document, api-decisions §3); used by contracts/. */
export async function linkDocumentToContract(
  db: Executor,
  organizationId: string,
  documentId: string,
  contractId: string,
) {
  await db
    .update(documents)
    .set({ contractId, updatedAt: new Date() })
    .where(and(eq(documents.organizationId, organizationId), eq(documents.id, documentId)));
}

/** Whether the document exists in the organization, and the contract it is linked to. */
export async function documentContractLink(db: Executor, organizationId: string, documentId: string) {
  const [row] = await db
    .select({ id: documents.id, contractId: documents.contractId })
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.id, documentId)));
  return row;
}

/** Document counts per (source_id, status) of an organization, optionally for one source (sources' coverage). */
export async function sourceDocumentCounts(db: Executor, organizationId: string, sourceId?: string) {
  const rows = await db
    .select({ sourceId: documents.sourceId, status: documents.status, n: count() })
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        sourceId ? eq(documents.sourceId, sourceId) : undefined,
      ),
    )
    .groupBy(documents.sourceId, documents.status);
  return rows.map((r) => ({ sourceId: r.sourceId, status: r.status, n: Number(r.n) }));
}

/** Folder paths seen in the `metadata.folder` (or `metadata.path`'s directory) of a source's documents. */
export async function sourceFolderCounts(db: Executor, organizationId: string, sourceId: string) {
  const folder = sql<
    string | null
  >`coalesce(${documents.metadata} ->> 'folder', ${documents.metadata} ->> 'folder_path')`;
  const rows = await db
    .select({ folder, n: count(), lastAt: sql<Date>`max(${documents.createdAt})` })
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.sourceId, sourceId)))
    .groupBy(folder)
    .orderBy(asc(folder));
  return rows.map((r) => ({ folder: r.folder, n: Number(r.n), lastAt: r.lastAt }));
}

/**
 * PROCESSED documents of the organization with an extraction and at least one of `labels` on
 * their label path (jsonb `?|`), oldest first, with what a benchmark document needs (not the
 * text): the row's plain columns, `data`, the extraction's values, and `documentType`, the
 * extraction's document type (null when the extractor reported none).
 */
export async function extractedDocuments(db: Executor, organizationId: string, labels: readonly string[]) {
  if (labels.length === 0) return [];
  const any = sql`array[${sql.join(
    labels.map((l) => sql`${l}`),
    sql`, `,
  )}]::text[]`;
  return db
    .select({
      id: documents.id,
      filename: documents.filename,
      mimeType: documents.mimeType,
      labels: documents.labels,
      metadata: documents.metadata,
      sourceId: documents.sourceId,
      organizationId: documents.organizationId,
      createdAt: documents.createdAt,
      sizeBytes: documents.sizeBytes,
      sha256: documents.sha256,
      data: sql<Record<string, unknown> | null>`${documents.extraction} -> 'data'`,
      documentType: sql<string | null>`${documents.extraction} ->> 'document_type'`,
    })
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        eq(documents.status, 'PROCESSED'),
        isNotNull(documents.extraction),
        sql`${documents.labels} ?| ${any}`,
      ),
    )
    .orderBy(documents.createdAt, documents.id);
}

/** `{id, filename}` of the organization's documents among `ids` (any order). */
export async function documentFilenames(db: Executor, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: documents.id, filename: documents.filename })
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), inArray(documents.id, ids)));
}
