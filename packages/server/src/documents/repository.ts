import { and, asc, count, desc, eq, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { documentContents, documents } from '../db/schema.js';
import { newId } from '../ids.js';

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentStatus = DocumentRow['status'];
export type PipelineStep = NonNullable<DocumentRow['step']>;

export async function findDocument(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), eq(documents.id, id)));
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

export async function updateDocument(
  db: Executor,
  id: string,
  patch: Partial<Omit<DocumentRow, 'id' | 'organizationId'>>,
) {
  const [row] = await db
    .update(documents)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(documents.id, id))
    .returning();
  return row;
}

export async function deleteDocument(db: Executor, id: string) {
  await db.delete(documents).where(eq(documents.id, id));
}

export async function getContent(db: Executor, documentId: string) {
  const [row] = await db.select().from(documentContents).where(eq(documentContents.documentId, documentId));
  return row;
}

export async function putContent(
  db: Executor,
  v: { documentId: string; text: string; pages: string[]; parseMetadata: Record<string, unknown> },
) {
  await db
    .insert(documentContents)
    .values(v)
    .onConflictDoUpdate({
      target: documentContents.documentId,
      set: { text: v.text, pages: v.pages, parseMetadata: v.parseMetadata },
    });
}

const documentSort = {
  created_at: documents.createdAt,
  filename: documents.filename,
  status: documents.status,
} as const;
export type DocumentSortField = keyof typeof documentSort;

export async function listDocuments(
  db: Executor,
  organizationId: string,
  p: {
    page: number;
    size: number;
    field: DocumentSortField;
    direction: 'asc' | 'desc';
    status?: DocumentStatus | undefined;
    sourceId?: string | undefined;
    label?: string | undefined;
  },
) {
  const conditions = [eq(documents.organizationId, organizationId)];
  if (p.status) conditions.push(eq(documents.status, p.status));
  if (p.sourceId) conditions.push(eq(documents.sourceId, p.sourceId));
  if (p.label) conditions.push(sql`${documents.labels} @> ${JSON.stringify([p.label])}::jsonb`);
  const where = and(...conditions);
  const order = p.direction === 'desc' ? desc(documentSort[p.field]) : asc(documentSort[p.field]);
  const rows = await db
    .select()
    .from(documents)
    .where(where)
    .orderBy(order, asc(documents.id))
    .limit(p.size)
    .offset(p.page * p.size);
  const [total] = await db.select({ n: count() }).from(documents).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Documents created since `since` and the bytes stored by the organization: quota use. */
export async function usage(db: Executor, organizationId: string, since: Date) {
  const [month] = await db
    .select({ n: count() })
    .from(documents)
    .where(and(eq(documents.organizationId, organizationId), gte(documents.createdAt, since)));
  const [bytes] = await db
    .select({ b: sum(documents.sizeBytes) })
    .from(documents)
    .where(eq(documents.organizationId, organizationId));
  return { documentsThisMonth: Number(month?.n ?? 0), storageBytes: Number(bytes?.b ?? 0) };
}

/** Documents left RECEIVED or PROCESSING since before `before`: their job was lost or their worker died. */
export async function stalledDocuments(db: Executor, before: Date, limit: number) {
  return db
    .select({ id: documents.id })
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
