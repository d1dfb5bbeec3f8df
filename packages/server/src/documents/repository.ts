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
  lt,
  notInArray,
  SQL,
  sql,
  sum,
} from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { COUNT_HORIZON, cappedTotal, countLimit, countUpTo } from '../db/paging.js';
import { preparedOn } from '../db/prepared.js';
import { documentContents, documentSearch, documents, sourceConnections } from '../db/schema.js';
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

/**
 * Whether `sourceId` names a source connection of the organization: the check of an upload's
 * `source_id` (documents.source_id names a source connection). A read of the sources
 * table here, not through sources/, because the sources domain ingests documents (the folders
 * stay one-way: sources → documents).
 */
export async function sourceInOrganization(db: Executor, organizationId: string, sourceId: string) {
  const [row] = await db
    .select({ id: sourceConnections.id })
    .from(sourceConnections)
    .where(and(eq(sourceConnections.organizationId, organizationId), eq(sourceConnections.id, sourceId)));
  return row !== undefined;
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

export async function getContent(db: Executor, documentId: string) {
  const [row] = await db
    .select({
      documentId: documentContents.documentId,
      text: documentContents.text,
      pages: documentContents.pages,
      parseMetadata: documentContents.parseMetadata,
      createdAt: documentContents.createdAt,
    })
    .from(documentContents)
    .where(eq(documentContents.documentId, documentId));
  // A one-page text is stored without its page (putContent).
  return row && row.pages.length === 0 ? { ...row, pages: [row.text] } : row;
}

/**
 * The text-search configuration: English stemming and stop words (PostgreSQL's built-in
 * `english` configuration, present on PostgreSQL and PGlite alike).
 */
const SEARCH_CONFIG = sql.raw(`'english'::regconfig`);
/**
 * Characters of parsed text indexed and highlighted. A `tsvector` holds at most 1 MB and
 * positions up to 16383, so longer texts are indexed by their beginning.
 */
const SEARCH_TEXT_CHARS = 500_000;

/**
 * Recomputes a document's search vector from its filename and labels (weight A), extracted
 * values (B, strings and numbers of `extraction.data`) and parsed text (C). A document
 * without parsed text has no vector and is not found by search.
 */
export async function refreshSearchVector(db: Executor, documentId: string) {
  // The document's row of the search table (db/schema-core.ts `documentSearch`), inserted the
  // first time, its vector replaced afterwards.
  await db.execute(sql`
    insert into ${documentSearch} (document_id, organization_id, created_at, vector)
    select d.id, d.organization_id, d.created_at,
           setweight(to_tsvector(${SEARCH_CONFIG}, d.filename || ' ' || coalesce((select string_agg(l, ' ') from jsonb_array_elements_text(d.labels) l), '')), 'A')
        || setweight(jsonb_to_tsvector(${SEARCH_CONFIG}, coalesce(d.extraction->'data', '{}'::jsonb), '["string", "numeric"]'), 'B')
        || coalesce(c.text_vector, setweight(to_tsvector(${SEARCH_CONFIG}, left(c.text, ${SEARCH_TEXT_CHARS})), 'C'))
      from ${documents} d join ${documentContents} c on c.document_id = d.id
     where d.id = ${documentId}
    on conflict (document_id) do update set vector = excluded.vector`);
}

/**
 * Stores a document's parsed text, pages and parse metadata, and refreshes its search vector
 * unless `opts.searchVector` is false (the caller has it refreshed later: the pipeline's
 * extraction step, or the failure that ends the run).
 */
export async function putContent(
  db: Executor,
  v: { documentId: string; text: string; pages: string[]; parseMetadata: Record<string, unknown> },
  opts: { searchVector?: boolean } = {},
) {
  // The update takes the proposed row (`excluded`), so the text and pages are bound once, not
  // twice: the embedded database encodes, parses and copies each bound value on the main thread.
  const build = (x: Executor) =>
    x
      .insert(documentContents)
      .values({
        documentId: sql.placeholder('documentId'),
        text: sql.placeholder('text'),
        pages: sql.placeholder('pages'),
        parseMetadata: sql.placeholder('parseMetadata'),
      })
      .onConflictDoUpdate({
        target: documentContents.documentId,
        set: {
          text: sql`excluded.text`,
          pages: sql`excluded.pages`,
          parseMetadata: sql`excluded.parse_metadata`,
        },
      });
  // Written by every pipeline run: built once (db/prepared.ts).
  const statement = preparedOn(db, 'document_contents_put', (root) =>
    build(root).prepare('document_contents_put'),
  );
  // A text of one page is its page: stored once, and `getContent` gives it back as `[text]`.
  const pages = v.pages.length === 1 && v.pages[0] === v.text ? [] : v.pages;
  await (statement ?? build(db)).execute({ ...v, pages });
  await buildTextVector(db, v.documentId, v.text);
  if (opts.searchVector !== false) await refreshSearchVector(db, v.documentId);
}

/**
 * Characters of text stemmed per statement by {@link buildTextVector}: `to_tsvector` of 25,000
 * characters takes ≈ 25 ms in the embedded database (which runs on the main thread), where the
 * 500,000 characters indexed took ≈ 0.7 s in one statement.
 */
const TEXT_VECTOR_PIECE_CHARS = 25_000;

/**
 * The end of the piece of `text` that starts at `start`: after {@link TEXT_VECTOR_PIECE_CHARS}
 * characters, at the next whitespace within 1,000 more (a word is not cut in two), never
 * inside a surrogate pair, and never past `limit`.
 */
function pieceEnd(text: string, start: number, limit: number): number {
  const soft = start + TEXT_VECTOR_PIECE_CHARS;
  if (soft >= limit) return limit;
  const space = /\s/g;
  space.lastIndex = soft;
  const found = space.exec(text.slice(0, Math.min(limit, soft + 1000)));
  if (found) return found.index;
  const code = text.charCodeAt(soft - 1);
  return code >= 0xd800 && code <= 0xdbff ? soft - 1 : soft;
}

/**
 * Builds the stored text's part of the search vector (`text_vector`, weight C) from its first
 * {@link SEARCH_TEXT_CHARS} characters, one piece per statement, letting the event loop run
 * between them (decision 352). Concatenated tsvectors shift the positions of the right one
 * past the left one's, so the result equals stemming the characters at once.
 */
async function buildTextVector(db: Executor, documentId: string, text: string): Promise<void> {
  const limit = Math.min(text.length, SEARCH_TEXT_CHARS);
  await db.execute(
    sql`update ${documentContents} set text_vector = ''::tsvector where document_id = ${documentId}`,
  );
  for (let start = 0; start < limit; ) {
    const end = pieceEnd(text, start, limit);
    await db.execute(sql`
      update ${documentContents}
         set text_vector = text_vector || setweight(to_tsvector(${SEARCH_CONFIG}, ${text.slice(start, end)}::text), 'C')
       where document_id = ${documentId}`);
    start = end;
    if (start < limit) await new Promise((resolve) => setImmediate(resolve));
  }
}

const documentSort = {
  created_at: documents.createdAt,
  filename: documents.filename,
  status: documents.status,
} as const;
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
  const rows = await preparedList(db, p.field, p.direction, present).execute(values);
  // Past the last page the count has no row to ride on.
  const counted =
    rows[0]?.total ??
    (p.page === 0
      ? 0
      : await countUpTo(
          db,
          documents,
          documents.createdAt,
          and(...filterConditions(organizationId, p)),
          limit,
        ));
  return {
    rows: rows.map(({ total: _, ...row }) => row as DocumentRow),
    ...cappedTotal(counted, limit),
  };
}

const FILTER_KEYS = [
  'status',
  'sourceId',
  'label',
  'createdAfter',
  'createdBefore',
  'labelsConfirmed',
] as const;

/** The placeholders' values of a list or search statement: organization, page, count limit, filters. */
function pageValues(organizationId: string, p: DocumentFilters & { page: number; size: number }) {
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
  const order = direction === 'desc' ? desc(documentSort[field]) : asc(documentSort[field]);
  // Inside the subquery "documents" is the subquery's own table: the count is uncorrelated, run once.
  // Ordered (a no-op for a count) so the planner walks an index of the organization's rows: a
  // sequential scan stops after `countLimit` matches only when they come early in the table.
  const total = sql<number>`(select count(*) from (select 1 from ${documents} where ${and(...conditions)} order by ${documents.createdAt} limit ${sql.placeholder('countLimit')}) counted)`;
  return db
    .select({ ...getTableColumns(documents), total: total.mapWith(Number) })
    .from(documents)
    .where(and(...conditions))
    .orderBy(order, asc(documents.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
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

/** A search hit: the document, its rank (`ts_rank_cd`, higher is better) and a highlighted excerpt. */
export interface SearchHit {
  row: DocumentRow;
  rank: number;
  /** Fragments of the text around the matches, joined by ` … `; matches between U+0001 and U+0002. */
  snippet: string;
}

/**
 * Matches of a search ranked when more match (docs/search.md "Cost", decision 451): the newest
 * this many are ordered by rank, the rest follow them newest first. Ranking reads each ranked
 * document's whole vector (`ts_rank_cd`, ≈ 4 µs each on PostgreSQL), so a search costs at most
 * this many of those, however many documents match. Equal to the count's horizon, so a search
 * whose total is exact was ranked in full.
 */
export const RANK_HORIZON = COUNT_HORIZON;

/** The filters a search reads from `documents` (the others are columns of `document_search`). */
const DOCUMENT_FILTER_KEYS = ['status', 'sourceId', 'label', 'labelsConfirmed'] as const;

/** Prepared search statements by database and shape of filters present. */
const searchStatements = new WeakMap<object, Map<string, ReturnType<typeof buildSearch>>>();

/**
 * Full-text search in the organization's documents: `query` in web-search syntax
 * (`websearch_to_tsquery`: words, "quoted phrases", `or`, `-excluded`), with the list filters.
 * Hits are ordered by rank (cover density, `ts_rank_cd`, normalized by log length), then
 * newest, among the newest {@link RANK_HORIZON} matches; any further matches follow them newest
 * first (their `rank` is still given). Snippets come from `ts_headline` over the page's
 * documents only. The total is capped as the lists' are (db/paging.ts `countLimit`: exact up to
 * the page's offset + 1,000, else that bound with `totalExact` false).
 *
 * One prepared statement (per shape of filters) whose cost is bounded whatever the number of
 * matches (docs/search.md "Cost"): the GIN index on `document_search.vector` finds the matching
 * rows (a bitmap index scan), whose narrow rows give the organization, creation time and (only
 * for filters on status, source or label) one primary-key probe of `documents` each; the newest
 * `max(RANK_HORIZON, offset + size)` are kept (a top-N sort), the first RANK_HORIZON of them
 * ranked, the page sorted out of them; the count reads at most `countLimit` matches.
 */
export async function searchDocuments(
  db: Executor,
  organizationId: string,
  query: string,
  p: DocumentFilters & { page: number; size: number },
): Promise<{ hits: SearchHit[]; total: number; totalExact: boolean }> {
  const limit = countLimit(p);
  const values = {
    ...pageValues(organizationId, p),
    query,
    window: Math.max(RANK_HORIZON, p.page * p.size + p.size),
  };
  const present = FILTER_KEYS.filter((k) => p[k] !== undefined);
  const mask = FILTER_KEYS.reduce((m, k, i) => (present.includes(k) ? m | (1 << i) : m), 0);
  const byShape = searchStatements.get(db) ?? new Map<string, ReturnType<typeof buildSearch>>();
  searchStatements.set(db, byShape);
  const statement = byShape.get(String(mask)) ?? buildSearch(db, present, `documents_search_${mask}`);
  byShape.set(String(mask), statement);
  const rows = await statement.execute(values);
  // Past the last page the count has no row to ride on: counted alone (the same matches).
  const counted =
    rows[0]?.total ??
    (p.page === 0 ? 0 : ((await statement.execute({ ...values, offset: 0 }))[0]?.total ?? 0));
  return {
    hits: rows.map((h) => ({ row: h.row, rank: Number(h.rank), snippet: h.snippet ?? '' })),
    ...cappedTotal(counted, limit),
  };
}

function buildSearch(db: Executor, filters: (typeof FILTER_KEYS)[number][], name: string) {
  const has = (k: (typeof FILTER_KEYS)[number]) => filters.includes(k);
  // A scalar subquery, so PostgreSQL parses the query once per execution (an InitPlan) also in
  // the prepared statement's generic plan, where `websearch_to_tsquery($n)` is no constant: it
  // was parsed again for every row ranked (35–200 ms a search at 100,000 documents, against 10).
  const tsquery = sql`(select websearch_to_tsquery(${SEARCH_CONFIG}, ${sql.placeholder('query')}::text))`;
  const conditions = [
    eq(documentSearch.organizationId, sql.placeholder('organizationId')),
    sql`${documentSearch.vector} @@ ${tsquery}`,
  ];
  if (has('createdAfter'))
    conditions.push(sql`${documentSearch.createdAt} >= ${sql.placeholder('createdAfter')}`);
  if (has('createdBefore'))
    conditions.push(sql`${documentSearch.createdAt} < ${sql.placeholder('createdBefore')}`);
  const found = db
    .select({
      documentId: documentSearch.documentId,
      createdAt: documentSearch.createdAt,
      vector: documentSearch.vector,
    })
    .from(documentSearch)
    .$dynamic();
  if (DOCUMENT_FILTER_KEYS.some(has)) {
    // The match's document passes the filters. `LIMIT 1` (the id is unique anyway) keeps the
    // planner from flattening the subquery into a join, which it would run as a scan of the
    // organization's whole documents table (chosen at 100,000 documents: 270 ms instead of 78).
    const owner = [eq(documents.id, documentSearch.documentId)];
    if (has('status')) owner.push(sql`${documents.status} = ${sql.placeholder('status')}`);
    if (has('sourceId')) owner.push(sql`${documents.sourceId} = ${sql.placeholder('sourceId')}`);
    if (has('label')) owner.push(sql`${documents.labels} @> ${sql.placeholder('label')}::jsonb`);
    if (has('labelsConfirmed'))
      owner.push(sql`${documents.labelsConfirmed} = ${sql.placeholder('labelsConfirmed')}`);
    found.crossJoinLateral(
      db
        .select({ one: sql`1`.as('one') })
        .from(documents)
        .where(and(...owner))
        .limit(1)
        .as('owner'),
    );
  }
  // Referenced twice (the window and the count), so PostgreSQL computes it once.
  const matches = db.$with('matches').as(found.where(and(...conditions)));
  const newest = db
    .$with('newest')
    .as(
      db
        .select()
        .from(matches)
        .orderBy(desc(matches.createdAt), asc(matches.documentId))
        .limit(sql.placeholder('window')),
    );
  const numbered = db.$with('numbered').as(
    db
      .select({
        documentId: newest.documentId,
        createdAt: newest.createdAt,
        vector: newest.vector,
        nth: sql<number>`row_number() over (order by ${newest.createdAt} desc, ${newest.documentId})`.as(
          'nth',
        ),
      })
      .from(newest),
  );
  const beyond = sql`${numbered.nth} > ${RANK_HORIZON}`;
  const page = db.$with('page').as(
    db
      .select({
        documentId: numbered.documentId,
        createdAt: numbered.createdAt,
        vector: numbered.vector,
        nth: numbered.nth,
        rank: sql<
          number | null
        >`case when not ${beyond} then ts_rank_cd(${numbered.vector}, ${tsquery}, 1) end`.as('rank'),
      })
      .from(numbered)
      .orderBy(beyond, sql`rank desc nulls last`, desc(numbered.createdAt), asc(numbered.documentId))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  const counted = sql`(select count(*) from (select 1 from ${matches} limit ${sql.placeholder('countLimit')}) counted)`;
  return db
    .with(matches, newest, numbered, page)
    .select({
      row: documents,
      rank: sql<number>`coalesce(${page.rank}, ts_rank_cd(${page.vector}, ${tsquery}, 1))`,
      snippet: sql<string>`ts_headline(${SEARCH_CONFIG}, left(${documentContents.text}, ${SEARCH_TEXT_CHARS}), ${tsquery}, 'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxFragments=3, MaxWords=25, MinWords=8, FragmentDelimiter=" … "')`,
      total: counted.mapWith(Number),
    })
    .from(page)
    .innerJoin(documents, eq(documents.id, page.documentId))
    .innerJoin(documentContents, eq(documentContents.documentId, page.documentId))
    .orderBy(
      sql`${page.nth} > ${RANK_HORIZON}`,
      sql`${page.rank} desc nulls last`,
      desc(page.createdAt),
      asc(page.documentId),
    )
    .prepare(name);
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
