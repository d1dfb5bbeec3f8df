/**
 * The full-text search statement over `document_search`: matches of a web-search query ranked by
 * cover density among the newest {@link RANK_HORIZON}, with the list's filters, snippets and a
 * capped total, prepared once per database and shape of filters. Split from
 * documents/repository.ts (issue 34); SQL only, in the repository layer of docs/architecture.md.
 */
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { runCostly } from '../db/cancel.js';
import type { Executor } from '../db/client.js';
import { COUNT_HORIZON, cappedTotal, countLimit } from '../db/paging.js';
import { documentContents, documentSearch, documents } from '../db/schema.js';
import { SEARCH_CONFIG, SEARCH_TEXT_CHARS } from './content-repository.js';
import {
  type DocumentFilters,
  FILTER_KEYS,
  type ListedDocument,
  listedColumns,
  pageValues,
} from './list-repository.js';

/**
 * A search hit: the document (as the list has it: its JSON documents as stored text), its rank
 * (`ts_rank_cd`, higher is better) and a highlighted excerpt.
 */
export interface SearchHit {
  row: ListedDocument;
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
 * documents only, each over a window of its text where the words occur (`snippet`). The
 * total is capped as the lists' are (db/paging.ts `countLimit`: exact up to the page's offset +
 * 1,000, else that bound with `totalExact` false).
 *
 * One statement whose cost is bounded whatever the number of matches (docs/search.md "Cost"),
 * planned for its own query every time (an unnamed statement, so PostgreSQL plans it with the
 * query's words as constants and reads from the vector's statistics how common they are): the
 * newest `max(RANK_HORIZON, offset + size)` matches come either from the GIN index on
 * `document_search.vector` (a rare word: a bitmap of its few rows, then a top-N sort) or from
 * walking `document_search_org_created_idx` newest first and keeping the rows that match (a
 * common word: its newest thousand matches are among the newest few thousand documents, where
 * the bitmap would read every match of the organization); the first RANK_HORIZON of them are
 * ranked and the page sorted out of them; the count reads at most `countLimit` matches (on the
 * first page those are the newest matches already found: counted among them). The
 * rows' narrow columns give the organization and creation time, and (only for filters on status,
 * source or label) one primary-key probe of `documents` each.
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
  // The first page (of at most RANK_HORIZON hits: the API's pages hold 100) ranks every match it reads.
  const firstPage = p.page === 0 && p.size <= RANK_HORIZON;
  const shape = `${mask}:${firstPage}`;
  const statement = byShape.get(shape) ?? buildSearch(db, present, firstPage);
  byShape.set(shape, statement);
  // Tens of ms on PGlite for a common word at 100,000 documents: it waits for cheap statements there.
  const rows = await runCostly(() => statement.execute(values));
  // Past the last page the count has no row to ride on: counted alone (the same matches).
  const counted =
    rows[0]?.total ??
    (firstPage ? 0 : ((await runCostly(() => statement.execute({ ...values, offset: 0 })))[0]?.total ?? 0));
  return {
    hits: rows.map((h) => ({ row: h.row, rank: Number(h.rank), snippet: h.snippet ?? '' })),
    ...cappedTotal(counted, limit),
  };
}

function buildSearch(db: Executor, filters: (typeof FILTER_KEYS)[number][], firstPage: boolean) {
  // Written out, not a scalar subquery: the statement is planned with the query as a constant
  // (see below), so `websearch_to_tsquery` (immutable) is folded once at planning, and the
  // planner sees the words and their frequency in the vector's statistics. (In a prepared
  // statement's generic plan it was parsed again for every row ranked: 35–200 ms a search.)
  const tsquery = sql`websearch_to_tsquery(${SEARCH_CONFIG}, ${sql.placeholder('query')}::text)`;
  const newest = newestMatches(db, filters, tsquery);
  const page = firstPage ? firstPageOf(db, newest, tsquery) : laterPageOf(db, newest, tsquery);
  // Past the first page, its own scan of the matches (the newest are read in the order that
  // suits them): a rare word's bitmap, or a common word's first `countLimit` rows of any order.
  const counted = firstPage
    ? sql`${page.found}`
    : sql`(select count(*) from (${matchingDocuments(db, filters, tsquery, false).limit(sql.placeholder('countLimit'))}) counted)`;
  return (
    db
      .with(newest, page)
      .select({
        row: listedColumns,
        rank: page.rank,
        snippet: snippet(tsquery),
        total: counted.mapWith(Number),
      })
      .from(page)
      .innerJoin(documents, eq(documents.id, page.documentId))
      .innerJoin(documentContents, eq(documentContents.documentId, page.documentId))
      .orderBy(page.after, sql`${page.ordered} desc nulls last`, desc(page.createdAt), asc(page.documentId))
      // Unnamed (''): planned with its values at every execution (a named statement falls back
      // to a generic plan after five, blind to how common the words are; docs/search.md "Cost").
      .prepare('')
  );
}

/** The newest `window` matches, each with its document id, creation time and vector. */
function newestMatches(db: Executor, filters: (typeof FILTER_KEYS)[number][], tsquery: SQL) {
  return db
    .$with('newest')
    .as(
      matchingDocuments(db, filters, tsquery, true)
        .orderBy(desc(documentSearch.createdAt), asc(documentSearch.documentId))
        .limit(sql.placeholder('window')),
    );
}
/**
 * The newest matches, as the page CTEs below read them. Each page CTE gives, per hit: `rank`
 * (shown), `ordered` (the rank the page is sorted by, null after the ranked window), `after`
 * (after the ranked window), `found` (the first page's count).
 */
type Newest = ReturnType<typeof newestMatches>;

/**
 * The first page (of at most {@link RANK_HORIZON} hits): its window is RANK_HORIZON, so every
 * match found is ranked, and none comes after the ranked ones. Each is
 * ranked right after the scan that found it, so only (id, time, rank) go on to the count and the
 * sort (decision 608): carried through them, the vectors (~1.5 KB each inline) were copied into
 * each window aggregate's buffer and the sort, 2–4 ms of 22 on PGlite for a common word.
 * The subquery is fenced by a `LIMIT` (of the window: it keeps every row): pulled up, the planner
 * computes the rank above the count (whose input keeps every column), with the vectors in its
 * buffer again.
 */
function firstPageOf(db: Executor, newest: Newest, tsquery: SQL) {
  const ranked = db
    .select({
      documentId: newest.documentId,
      createdAt: newest.createdAt,
      rank: sql<number | null>`ts_rank_cd(${newest.vector}, ${tsquery}, 1)`.as('rank'),
    })
    .from(newest)
    // the fence (all of them: there are at most `window`)
    .limit(sql.placeholder('window'))
    .as('ranked');
  return db.$with('page').as(
    db
      .select({
        documentId: ranked.documentId,
        createdAt: ranked.createdAt,
        rank: ranked.rank,
        ordered: sql<number | null>`${ranked.rank}`.as('ordered'),
        // The window (RANK_HORIZON) is the count's limit (COUNT_HORIZON): the newest matches
        // found are the count, capped where it would be.
        found: sql<number>`count(*) over ()`.as('found'),
        after: sql<boolean>`false`.as('after'),
      })
      .from(ranked)
      .orderBy(sql`${ranked.rank} desc nulls last`, desc(ranked.createdAt), asc(ranked.documentId))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
}

/**
 * A later page: the newest `offset + size` matches are numbered newest first; the first
 * {@link RANK_HORIZON} are ranked and come first by rank, the rest (`after`) follow newest
 * first, given their rank only once they are on the page.
 */
function laterPageOf(db: Executor, newest: Newest, tsquery: SQL) {
  const numbered = db
    .select({
      documentId: newest.documentId,
      createdAt: newest.createdAt,
      vector: newest.vector,
      nth: sql<number>`row_number() over (order by ${newest.createdAt} desc, ${newest.documentId})`.as('nth'),
    })
    .from(newest)
    .as('numbered');
  const beyond = sql`${numbered.nth} > ${RANK_HORIZON}`;
  const windowed = db
    .select({
      documentId: numbered.documentId,
      createdAt: numbered.createdAt,
      vector: numbered.vector,
      after: sql<boolean>`${beyond}`.as('after'),
      ranked: sql<
        number | null
      >`case when not ${beyond} then ts_rank_cd(${numbered.vector}, ${tsquery}, 1) end`.as('ranked'),
    })
    .from(numbered)
    .orderBy(beyond, sql`ranked desc nulls last`, desc(numbered.createdAt), asc(numbered.documentId))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('windowed');
  return db.$with('page').as(
    db
      .select({
        documentId: windowed.documentId,
        createdAt: windowed.createdAt,
        rank: sql<
          number | null
        >`coalesce(${windowed.ranked}, ts_rank_cd(${windowed.vector}, ${tsquery}, 1))`.as('rank'),
        ordered: windowed.ranked,
        // counted by its own scan (buildSearch)
        found: sql<number>`null::bigint`.as('found'),
        after: windowed.after,
      })
      .from(windowed),
  );
}

/**
 * Characters of text a snippet is built from (docs/search.md "Cost", decision 570), starting
 * {@link SNIPPET_LEAD_CHARS} before the point where each of the query's words has occurred.
 * `ts_headline` parses all the text it is given (≈ 0.25 µs a character on PostgreSQL: 12 ms for
 * a CUAD contract of 52 KB), so 20 snippets of real contracts over their whole texts took
 * 280–420 ms of a search at 100,000 documents.
 */
export const SNIPPET_WINDOW_CHARS = 3000;
/** Characters of the window before the located match: room for a fragment's words before it. */
const SNIPPET_LEAD_CHARS = 300;

/** The query's lexemes that are not negated (`!'word'`), each as a quoted capture group. */
const LEXEME_PATTERN = "'(?:^|[^!])''((?:[^'']|'''')+)'''";
/**
 * A lexeme as a regular expression for the words it stems from: at a word's start, '' unquoted,
 * all but letters and digits escaped, a final i also matching y, then at most 5 more letters
 * (`confidenti` + `ality`; not `indemnifi` + `cation`, whose stem is `indemnif`).
 */
const LEXEME_TO_REGEX = String.raw`'\m' || regexp_replace(regexp_replace(replace(m[1], '''''', ''''), '([^[:alnum:]])', '\\\1', 'g'), '(..)i$', '\1(?:i|y)') || '[[:alpha:]]{0,5}\M'`;

/**
 * A hit's snippet: `ts_headline` (matches between U+0001 and U+0002, up to three fragments)
 * over {@link SNIPPET_WINDOW_CHARS} of its text where the words occur, else over the whole
 * indexed text as before. Where: for each lexeme of the query that is not negated, the first
 * case-insensitive occurrence of its stem at the start of a word (a regular expression, which
 * reads the text without parsing it, ≈ 0.5 ms for 100 KB; a stem ending in `i` also as `y`, as
 * Snowball stems `party` to `parti`), and of those the latest, so the window after it can hold
 * a fragment with all the words. A stem is a prefix of other words too (`indemnif` of `indemnification`), so the window
 * is checked: if its snippet marks no match although the text matches the query, the whole text
 * is used (the earlier result, at the earlier cost). A text that does not match (a hit by its
 * filename, labels or extracted values) gives its beginning, as before.
 */
function snippet(tsquery: SQL): SQL<string> {
  const options = sql`'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxFragments=3, MaxWords=25, MinWords=8, FragmentDelimiter=" … "'`;
  const headline = (text: SQL) => sql`ts_headline(${SEARCH_CONFIG}, ${text}, ${tsquery}, ${options})`;
  const patterns = sql`(select array_agg(${sql.raw(LEXEME_TO_REGEX)}) from regexp_matches(${tsquery}::text, ${sql.raw(LEXEME_PATTERN)}, 'g') m)`;
  const text = documentContents.text;
  // The first match's text, then where it first occurs (`regexp_instr` would find every match
  // first: 2.4 times the time on a page of contracts; an occurrence inside a longer word only
  // moves the window earlier, and the check below catches a window without the match).
  const located = sql`(select max(strpos(${text}, substring(${text} from '(?i)' || p))) from unnest(${patterns}) p)`;
  const start = sql`case when within.matches then greatest(1, coalesce(${located}, 0) - ${sql.raw(String(SNIPPET_LEAD_CHARS))}) else 1 end`;
  // `offset 0` keeps each subquery from being pulled up into the one above it, where its columns
  // would be written in as their expressions at every reference: the window's headline, and the
  // location before it, then ran twice per hit, once for the check and once for the result
  // (decision 595: 40 of 100 ms of a search on PGlite).
  return sql<string>`(select case when strpos(near.h, chr(1)) > 0 or not near.matches then near.h
                   else ${headline(sql`left(${text}, ${sql.raw(String(SEARCH_TEXT_CHARS))})`)} end
       from (select within.matches, ${headline(sql`substr(${text}, ${start}, ${sql.raw(String(SNIPPET_WINDOW_CHARS))})`)} as h
               from (select coalesce(${documentContents.textVector} @@ ${tsquery}, true)
                            and ${patterns} is not null as matches offset 0) within offset 0) near)`;
}

/** The search's matches: the organization's documents matching `tsquery` that pass `filters`. */
function matchingDocuments(
  db: Executor,
  filters: (typeof FILTER_KEYS)[number][],
  tsquery: SQL,
  withVector: boolean,
) {
  const has = (k: (typeof FILTER_KEYS)[number]) => filters.includes(k);
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
      // only where ranked: the count needs no vector
      vector: withVector ? documentSearch.vector : sql<string>`null`.as('vector'),
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
  return found.where(and(...conditions));
}
