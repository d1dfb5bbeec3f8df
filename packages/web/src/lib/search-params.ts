/**
 * Readers of a list page's state from its address's query (the router's `validateSearch`): each
 * gives the value when it is valid, else undefined, so a hand-edited address still opens the list
 * with the defaults and the address stays free of them.
 */

/** A trimmed, non-empty string of at most 200 characters. */
export const textParam = (v: unknown) =>
  typeof v === 'string' && v.trim() ? v.trim().slice(0, 200) : undefined;

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
