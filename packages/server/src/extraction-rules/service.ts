import { notFound } from '../http/problem.js';
import type { ExtractionRule } from './rulebook.js';

/** The rule book as the routes hold it: its rules in id order and by id. */
export interface Rulebook {
  readonly rules: readonly ExtractionRule[];
  readonly byId: ReadonlyMap<string, ExtractionRule>;
}

/** Indexes rules loaded by `loadRulebook` (in id order) for the lookups below. */
export function rulebookOf(rules: readonly ExtractionRule[]): Rulebook {
  return { rules, byId: new Map(rules.map((r) => [r.id, r])) };
}

/**
 * The rule an evidence names (`evidence[].rule`).
 * @throws HttpProblem 404 when the book has no such rule (a finder's own branch, such as
 *   `parties.preamble`, names no rule of the book)
 */
export function getRule(book: Rulebook, id: string): ExtractionRule {
  const rule = book.byId.get(id);
  if (!rule) throw notFound('Extraction rule');
  return rule;
}

/**
 * One page of the rules, in id order (`desc`: reversed), optionally only those of one field
 * and of one language (its folder: `en`, `de`, `fr`, `any`).
 * @returns the page's rules and how many rules match in all
 */
export function listRules(
  book: Rulebook,
  q: {
    field?: string | undefined;
    language?: string | undefined;
    page: number;
    size: number;
    direction: 'asc' | 'desc';
  },
): { rows: ExtractionRule[]; total: number } {
  const matching = book.rules.filter(
    (r) =>
      (q.field === undefined || r.field === q.field) &&
      (q.language === undefined || r.language === q.language),
  );
  if (q.direction === 'desc') matching.reverse();
  return { rows: matching.slice(q.page * q.size, (q.page + 1) * q.size), total: matching.length };
}
