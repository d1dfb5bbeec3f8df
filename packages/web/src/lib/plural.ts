/**
 * Counts in words: "1 alert", "2 alerts". One helper for every total and count line of the
 * console, so none says "1 keys" again. English plural rules (Intl.PluralRules) pick the form.
 */
const rules = new Intl.PluralRules('en-US');

/** Whether `n` takes the singular form in English (exactly 1: not 0, not 1.5). */
export const isSingular = (n: number): boolean => rules.select(n) === 'one';

/** `singular` when `n` takes the singular form in English, else `plural`. */
export const pluralNoun = (n: number, singular: string, plural: string): string =>
  isSingular(n) ? singular : plural;

/**
 * `n` (grouped: "1,234") and its noun: `countOf(1, 'key', 'keys')` → "1 key". `plural` defaults
 * to `singular` + "s".
 */
export const countOf = (n: number, singular: string, plural = `${singular}s`): string =>
  `${n.toLocaleString()} ${pluralNoun(n, singular, plural)}`;
