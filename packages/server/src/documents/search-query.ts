/**
 * What a full-text query must hold before it is searched (docs/search.md "Query syntax").
 *
 * PostgreSQL's parser reads `C++ & <b>` as the words `c` and `b`, and such one-letter words of
 * an alphabet match the list markers "(b)", "(c)" of nearly every contract: noise, not what the
 * person asked for. A query whose only words are single letters is therefore refused, the same
 * on PostgreSQL and PGlite, before any SQL runs. Letters of scripts without case (a Chinese or
 * Japanese character is a word of its own) and digits still count as words; a query of
 * punctuation or stop words alone is left to the search, which finds nothing.
 */

/** The runs of letters and digits of a query, as the text search parser splits words. */
const WORD = /[\p{L}\p{N}]+/gu;

/** A lone letter of a cased alphabet (Latin, Greek, Cyrillic…): list markers, initials. */
function isSingleLetter(word: string): boolean {
  const chars = [...word];
  if (chars.length !== 1) return false;
  const c = chars[0] as string;
  return /\p{L}/u.test(c) && c.toLowerCase() !== c.toUpperCase();
}

/**
 * Whether a query's words are all single letters (at least one): `C++ & <b>`, `"a b"`, `-x or y`
 * (`or` is `websearch_to_tsquery`'s operator). `plan b`, `7`, `-` and `the` are not.
 */
export function onlySingleLetters(query: string): boolean {
  const words = (query.match(WORD) ?? []).filter((w) => w.toLowerCase() !== 'or');
  return words.length > 0 && words.every(isSingleLetter);
}
