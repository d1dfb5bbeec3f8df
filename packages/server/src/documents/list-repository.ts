/**
 * The document list's statements: a page of an organization's documents sorted by one column,
 * with its filters and a capped total, prepared once per database and shape of filters; and the
 * filter keys, placeholder values and conditions the search statement shares with it. Split from
 * documents/repository.ts (issue 34); SQL only, in the repository layer of docs/architecture.md.
 */
import { and, asc, desc, eq, getTableColumns, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { cappedTotal, countLimit, countUpTo, knownCapped, rememberCount } from '../db/paging.js';
import { prepareRows } from '../db/prepared.js';
import { documents } from '../db/schema.js';
import type { DocumentScalars, DocumentStatus } from './repository.js';

const documentSort = {
  created_at: documents.createdAt,
  filename: documents.filename,
  status: documents.status,
  label_confidence: documents.labelConfidence,
} as const;

/** `ORDER BY` of a sort: the unknown label confidence (null) counts as the least sure, as its
 * index orders it (`documents_org_label_confidence_idx`, NULLS FIRST, walked backwards for desc). */
function sortOrder(field: DocumentSortField, direction: 'asc' | 'desc') {
  const column = documentSort[field];
  if (field === 'label_confidence')
    return direction === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
  return direction === 'desc' ? desc(column) : asc(column);
}
export type DocumentSortField = keyof typeof documentSort;

/**
 * A page of the organization's documents and the number of documents matching the filters,
 * capped (db/paging.ts `countLimit`: exact up to the page's offset + 1,000, else that bound
 * with `totalExact` false; docs/api.md "Totals").
 *
 * The hot path of the document list: one statement (the capped count rides on the page as an
 * uncorrelated subquery; only a page past the end asks for it separately) over the index of
 * its sort and filters (`documents_org_*_idx`), never touching `document_contents` (the text).
 * Its cost follows the page, not the organization: the page reads `offset + size` index
 * entries, the count at most `offset + 1,000`. The statement is prepared once per database and
 * shape of filters, so drizzle builds its SQL once and PostgreSQL parses it once per connection
 * (named statement); the values are placeholders.
 */
export async function listDocuments(
  db: Executor,
  organizationId: string,
  p: {
    page: number;
    size: number;
    field: DocumentSortField;
    direction: 'asc' | 'desc';
  } & DocumentFilters,
) {
  const limit = countLimit(p);
  const values = pageValues(organizationId, p);
  const present = FILTER_KEYS.filter((k) => p[k] !== undefined);
  // A count that reached its cap a moment ago is not read again (its LIMIT 0 reads no row).
  const countKey = JSON.stringify([
    'documents',
    organizationId,
    ...FILTER_KEYS.map((k) => values[k] ?? null),
    limit,
  ]);
  const capped = knownCapped(db, countKey);
  const { rows, rest } = await preparedList(db, p.field, p.direction, present).execute(
    capped ? { ...values, countLimit: 0 } : values,
  );
  // The count rides on every row, after the listed columns (a bigint: text from PostgreSQL).
  const pageTotal = rest === undefined ? undefined : Number(rest[0]);
  // Past the last page the count has no row to ride on (and a remembered cap no longer holds).
  const counted =
    capped && rows.length > 0
      ? limit
      : (pageTotal ??
        (p.page === 0
          ? 0
          : await countUpTo(
              db,
              documents,
              documents.createdAt,
              and(...filterConditions(organizationId, p)),
              limit,
            )));
  rememberCount(db, countKey, counted, limit);
  return {
    rows: rows as ListedDocument[],
    ...cappedTotal(counted, limit),
  };
}

/**
 * A listed document: the row's columns the API shows, its four JSON documents (classification
 * trace, extraction, metadata, step timings) as PostgreSQL wrote them out, unparsed.
 */
export type ListedDocument = Omit<DocumentScalars, 'organizationId' | 'updatedAt'> & {
  traceJson: string;
  extractionJson: string | null;
  metadataJson: string;
  stepTimingsJson: string;
};

// The organization (the caller's) and the update time are not shown: not read either.
const {
  classificationTrace,
  extraction,
  metadata,
  stepTimings,
  organizationId: _organization,
  updatedAt: _updated,
  ...scalarColumns
} = getTableColumns(documents);

/**
 * The columns of a `ListedDocument`. A page's JSON documents go to the client as the database
 * wrote them (docs/performance.md "A list page's JSON as stored"): parsing them into objects
 * and writing them out again, with the response schema's walk between, was 60 % of a real
 * page's CPU (decision 613). The tests that keep the two forms equal: documents/json.test.ts.
 */
export const listedColumns = {
  ...scalarColumns,
  traceJson: sql<string>`${classificationTrace}::text`,
  extractionJson: sql<string | null>`${extraction}::text`,
  metadataJson: sql<string>`${metadata}::text`,
  stepTimingsJson: sql<string>`${stepTimings}::text`,
};

export const FILTER_KEYS = [
  'status',
  'sourceId',
  'label',
  'createdAfter',
  'createdBefore',
  'labelsConfirmed',
] as const;

/** The placeholders' values of a list or search statement: organization, page, count limit, filters. */
export function pageValues(organizationId: string, p: DocumentFilters & { page: number; size: number }) {
  return {
    organizationId,
    limit: p.size,
    offset: p.page * p.size,
    countLimit: countLimit(p),
    status: p.status,
    sourceId: p.sourceId,
    label: p.label === undefined ? undefined : JSON.stringify([p.label]),
    createdAfter: p.createdAfter?.toISOString(),
    createdBefore: p.createdBefore?.toISOString(),
    labelsConfirmed: p.labelsConfirmed,
  };
}

/** Prepared list statements by database and shape (sort field, direction, filters present). */
const listStatements = new WeakMap<object, Map<string, ReturnType<typeof buildList>>>();

function preparedList(
  db: Executor,
  field: DocumentSortField,
  direction: 'asc' | 'desc',
  filters: (typeof FILTER_KEYS)[number][],
) {
  const byShape = listStatements.get(db) ?? new Map<string, ReturnType<typeof buildList>>();
  listStatements.set(db, byShape);
  // A short statement name: sort, direction and a bit per filter present.
  const mask = FILTER_KEYS.reduce((m, k, i) => (filters.includes(k) ? m | (1 << i) : m), 0);
  const key = `${field}_${direction}_${mask}`;
  const statement = byShape.get(key) ?? buildList(db, field, direction, filters, `documents_list_${key}`);
  byShape.set(key, statement);
  return statement;
}

function buildList(
  db: Executor,
  field: DocumentSortField,
  direction: 'asc' | 'desc',
  filters: (typeof FILTER_KEYS)[number][],
  name: string,
) {
  const has = (k: (typeof FILTER_KEYS)[number]) => filters.includes(k);
  const conditions = [eq(documents.organizationId, sql.placeholder('organizationId'))];
  if (has('status')) conditions.push(sql`${documents.status} = ${sql.placeholder('status')}`);
  if (has('sourceId')) conditions.push(sql`${documents.sourceId} = ${sql.placeholder('sourceId')}`);
  if (has('label')) conditions.push(sql`${documents.labels} @> ${sql.placeholder('label')}::jsonb`);
  if (has('createdAfter')) conditions.push(sql`${documents.createdAt} >= ${sql.placeholder('createdAfter')}`);
  if (has('createdBefore'))
    conditions.push(sql`${documents.createdAt} < ${sql.placeholder('createdBefore')}`);
  if (has('labelsConfirmed'))
    conditions.push(sql`${documents.labelsConfirmed} = ${sql.placeholder('labelsConfirmed')}`);
  const order = sortOrder(field, direction);
  // Inside the subquery "documents" is the subquery's own table: the count is uncorrelated, run once.
  // Ordered (a no-op for a count) so the planner walks an index of the organization's rows: a
  // sequential scan stops after `countLimit` matches only when they come early in the table.
  const total = sql<number>`(select count(*) from (select 1 from ${documents} where ${and(...conditions)} order by ${documents.createdAt} limit ${sql.placeholder('countLimit')}) counted)`;
  const query = db
    .select({ ...listedColumns, total })
    .from(documents)
    .where(and(...conditions))
    .orderBy(order, asc(documents.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return prepareRows(db, name, listedColumns, query);
}

/** Filters of a document list or search. */
export interface DocumentFilters {
  status?: DocumentStatus | undefined;
  sourceId?: string | undefined;
  label?: string | undefined;
  createdAfter?: Date | undefined;
  createdBefore?: Date | undefined;
  /** Only documents whose labels are (true) or are not yet (false) confirmed. */
  labelsConfirmed?: boolean | undefined;
}

function filterConditions(organizationId: string, p: DocumentFilters) {
  const conditions = [eq(documents.organizationId, organizationId)];
  if (p.status) conditions.push(eq(documents.status, p.status));
  if (p.sourceId) conditions.push(eq(documents.sourceId, p.sourceId));
  if (p.label) conditions.push(sql`${documents.labels} @> ${JSON.stringify([p.label])}::jsonb`);
  if (p.createdAfter) conditions.push(gte(documents.createdAt, p.createdAfter));
  if (p.createdBefore) conditions.push(lt(documents.createdAt, p.createdBefore));
  if (p.labelsConfirmed !== undefined) conditions.push(eq(documents.labelsConfirmed, p.labelsConfirmed));
  return conditions;
}
