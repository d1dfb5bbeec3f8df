/**
 * The documents page's state in its address (`/documents?q=…&status=…&label=…&source_id=…&page=2&sort=filename&dir=asc`),
 * so a filtered, sorted page can be bookmarked, shared and restored with the back button (as
 * Paperless-ngx keeps its list state in query parameters). Values that are absent or invalid
 * fall back to the defaults and are left out of the address.
 */
import { defined, oneOf, pageParam, textParam, uuidParam } from './search-params';

export const DOCUMENT_STATUSES = ['RECEIVED', 'PROCESSING', 'PROCESSED', 'FAILED'] as const;
export const DOCUMENT_SORTS = ['created_at', 'filename', 'status', 'label_confidence'] as const;
/** Columns of the documents table a person can show or hide (a saved view keeps them). */
export const DOCUMENT_COLUMNS = [
  'filename',
  'status',
  'labels',
  'label_confidence',
  'fields',
  'confidence',
  'created_at',
] as const;
export type DocumentColumn = (typeof DOCUMENT_COLUMNS)[number];
export type DocumentStatusFilter = (typeof DOCUMENT_STATUSES)[number];
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

export interface DocumentsSearch {
  /** Full-text query (docs/search.md); hits come best first, so `sort` does not apply. */
  q?: string;
  status?: DocumentStatusFilter;
  label?: string;
  /** Documents of one source connection (its id), as the Sources page links them. */
  source_id?: string;
  /** 1-based page number, as shown. */
  page?: number;
  sort?: DocumentSort;
  dir?: 'asc' | 'desc';
  /** Columns shown, comma-separated in the address; all when absent. */
  cols?: string;
}

declare module '@tanstack/history' {
  interface HistoryState {
    /**
     * The list's state a document was opened from (the documents page puts it in the entry of
     * the document's page), so "← Documents" returns to the same page, filters and sort.
     */
    documentsSearch?: DocumentsSearch;
  }
}

/** Rows per page of the documents list. */
export const DOCUMENTS_PAGE_SIZE = 25;

/** The known columns of `raw` (`"status,filename"`), in its order, or undefined for none. */
function columnsParam(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const known = [...new Set(raw.split(','))].filter((c) => DOCUMENT_COLUMNS.includes(c as DocumentColumn));
  return known.length > 0 && known.length < DOCUMENT_COLUMNS.length ? known.join(',') : undefined;
}

/** The columns the page's state shows, in order. */
export function shownColumns(s: DocumentsSearch): DocumentColumn[] {
  return s.cols ? (s.cols.split(',') as DocumentColumn[]) : [...DOCUMENT_COLUMNS];
}

/** The filters and sort of the page's state as a saved view keeps them (no page, no columns). */
export function viewQuery(s: DocumentsSearch): Record<string, string> {
  const { page: _page, cols: _cols, ...rest } = s;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
}

/** The page's state that shows a saved view: its filters and sort, and its columns. */
export function viewSearch(view: { query: Record<string, string>; columns: string[] }): DocumentsSearch {
  return parseDocumentsSearch({ ...view.query, cols: view.columns.join(',') });
}

/** Whether the page's state shows exactly `view` (any page of it). */
export function showsView(
  s: DocumentsSearch,
  view: { query: Record<string, string>; columns: string[] },
): boolean {
  const wanted = viewSearch(view);
  const same = (a: Record<string, string>, b: Record<string, string>) =>
    Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);
  return same(viewQuery(s), viewQuery(wanted)) && (s.cols ?? '') === (wanted.cols ?? '');
}

/** Reads the page's state from the address's query (the router's `validateSearch`). */
export function parseDocumentsSearch(raw: Record<string, unknown>): DocumentsSearch {
  return defined({
    q: textParam(raw.q),
    status: oneOf(DOCUMENT_STATUSES, raw.status),
    label: textParam(raw.label),
    source_id: uuidParam(raw.source_id),
    page: pageParam(raw.page),
    sort: oneOf(DOCUMENT_SORTS, raw.sort),
    dir: oneOf(['asc', 'desc'] as const, raw.dir),
    cols: columnsParam(raw.cols),
  });
}

/** The list request's query for the page's state: a 0-based page of {@link DOCUMENTS_PAGE_SIZE}. */
export function documentsQuery(s: DocumentsSearch) {
  return {
    ...(s.q ? { q: s.q } : {}),
    ...(s.status ? { status: s.status } : {}),
    ...(s.label ? { label: s.label } : {}),
    ...(s.source_id ? { source_id: s.source_id } : {}),
    pageable: {
      page: (s.page ?? 1) - 1,
      size: DOCUMENTS_PAGE_SIZE,
      sort: `${s.sort ?? 'created_at'},${s.dir ?? (s.sort && s.sort !== 'created_at' ? 'asc' : 'desc')}`,
    },
  };
}

/** Every label name of an ontology tree, once each, sorted: what the label filter offers. */
export function labelNames(labels: { name: string; children: unknown[] }[]): string[] {
  const names = new Set<string>();
  const walk = (level: { name: string; children: unknown[] }[]) => {
    for (const l of level) {
      names.add(l.name);
      walk(l.children as { name: string; children: unknown[] }[]);
    }
  };
  walk(labels);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/**
 * The label the filter asks the server for, from what was typed: the server matches a label name
 * exactly, so a known name typed in another case ("non-disclosure") or a path copied from the
 * list ("Contract › Non-Disclosure": its last label) becomes the name as the ontology spells it.
 * Anything else is sent as typed (a label of an older ontology version still matches).
 */
export function labelFilter(typed: string, names: string[]): string | undefined {
  const last = (typed.split(/[›>]/).pop() ?? '').trim();
  if (!last) return undefined;
  return names.find((n) => n.toLowerCase() === last.toLowerCase()) ?? last;
}

/**
 * Whether `typed` is still on its way to a known label name: the start of one ("Inv" of
 * "Invoice") and not a whole one. The server matches names exactly, so asking for "Inv" would
 * answer "No documents match" between two keystrokes; the filter waits instead (the list keeps
 * its rows) until the name is whole, matches none, or is committed with Enter or by leaving the box.
 */
export function labelStillTyping(typed: string, names: string[]): boolean {
  const last = (typed.split(/[›>]/).pop() ?? '').trim().toLowerCase();
  if (!last) return false;
  const lower = names.map((n) => n.toLowerCase());
  return !lower.includes(last) && lower.some((n) => n.startsWith(last));
}

/**
 * Whether a typed query is only single letters so far (`c`, `C+`, `a b`): the API refuses such a
 * query with 400 (server documents/search-query.ts, decision 717: one-letter words match the list
 * markers "(b)", "(c)" of nearly every contract), so the box waits for a real word instead of
 * showing an error at the first keystroke; Enter still sends it and shows why. The rule is the
 * server's: words are runs of letters and digits, `or` is an operator, and a lone letter counts
 * only in a script with case (a Chinese character is a word).
 */
export function querySingleLettersOnly(typed: string): boolean {
  const words = (typed.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.toLowerCase() !== 'or');
  return (
    words.length > 0 &&
    words.every((w) => [...w].length === 1 && /\p{L}/u.test(w) && w.toLowerCase() !== w.toUpperCase())
  );
}

/** One piece of a search snippet: text, highlighted or not. */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/**
 * Splits the server's snippet (escaped text with `<mark>` tags, docs/search.md) into parts to
 * render as text nodes, so nothing of a document's text is ever interpreted as markup here.
 */
export function snippetParts(html: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let mark = false;
  for (const piece of html.split(/(<\/?mark>)/)) {
    if (piece === '<mark>') mark = true;
    else if (piece === '</mark>') mark = false;
    else if (piece)
      parts.push({
        text: piece.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ENTITIES[e] ?? ''),
        mark,
      });
  }
  return parts;
}
