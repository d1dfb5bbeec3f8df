/**
 * The stored text of a document and its search vector: `document_contents` (parsed text, pages,
 * parse metadata and the text's part of the vector, stemmed piece by piece so the event loop
 * runs between statements) and the document's row of `document_search`, recomputed from its
 * filename, labels, extracted values and text. Split from documents/repository.ts (issue 34);
 * SQL only, in the repository layer of docs/architecture.md.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { preparedOn } from '../db/prepared.js';
import { documentContents, documentSearch, documents } from '../db/schema.js';

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
export const SEARCH_CONFIG = sql.raw(`'english'::regconfig`);
/**
 * Characters of parsed text indexed and highlighted. A `tsvector` holds at most 1 MB and
 * positions up to 16383, so longer texts are indexed by their beginning.
 */
export const SEARCH_TEXT_CHARS = 500_000;

/**
 * Recomputes a document's search vector from its filename and labels (weight A), extracted
 * values (B, strings and numbers of `extraction.data`, a `json` column: json_to_tsvector) and
 * parsed text (C). A document without parsed text has no vector and is not found by search.
 */
export async function refreshSearchVector(db: Executor, documentId: string) {
  // The document's row of the search table (db/schema-documents.ts `documentSearch`), inserted the
  // first time, its vector replaced afterwards.
  await db.execute(sql`
    insert into ${documentSearch} (document_id, organization_id, created_at, vector)
    select d.id, d.organization_id, d.created_at,
           setweight(to_tsvector(${SEARCH_CONFIG}, d.filename || ' ' || coalesce((select string_agg(l, ' ') from jsonb_array_elements_text(d.labels) l), '')), 'A')
        || setweight(json_to_tsvector(${SEARCH_CONFIG}, coalesce(d.extraction->'data', '{}'::json), '["string", "numeric"]'), 'B')
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
