import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';

/**
 * The router's reading of the address's query: each value as the text it shows. The router's
 * default reads values as JSON, so `?q="governing law"` lost the quotes that make it a phrase,
 * and wrote a phrase typed in the box as `q="\"governing law\""`. Numbers and true/false still
 * arrive as such (the router's decoder), which the readers below take as text.
 */
export const parseSearch = parseSearchWith((value) => value);
/** The router's writing of the query: text as it is (`?q=%22governing+law%22&page=2`). */
export const stringifySearch = stringifySearchWith(JSON.stringify);

/**
 * Readers of a list page's state from its address's query (the router's `validateSearch`): each
 * gives the value when it is valid, else undefined, so a hand-edited address still opens the list
 * with the defaults and the address stays free of them.
 */

/**
 * A trimmed, non-empty string of at most 200 characters; a number or true/false (how the router
 * decodes `?q=2020` or `?vendor=1`) as its text, so searching an invoice number works from a link.
 */
export const textParam = (v: unknown) => {
  const text = typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
  return typeof text === 'string' && text.trim() ? text.trim().slice(0, 200) : undefined;
};

/** A UUID (an id the API would take), lower-cased. */
export const uuidParam = (v: unknown) =>
  typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v.trim())
    ? v.trim().toLowerCase()
    : undefined;

/** One of `values`. */
export const oneOf = <T extends string>(values: readonly T[], v: unknown) =>
  values.includes(v as T) ? (v as T) : undefined;

/** A 1-based page number above 1 (page 1 is the default, left out of the address). */
export const pageParam = (v: unknown) => {
  const page = Number(v);
  return Number.isInteger(page) && page > 1 ? page : undefined;
};

/** `out` without its undefined entries. */
export const defined = <T extends object>(out: T): T =>
  Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as T;
