import { z } from 'zod';
import { pageableQuery } from '../http/pagination.js';
import { type ExtractionRule, RULE_ID } from './rulebook.js';

const ruleId = z
  .string()
  .max(200)
  .regex(RULE_ID, 'must be "<field>.<name>" in lower case, as evidence[].rule names a rule')
  .describe('the id an evidence names (`evidence[].rule`), e.g. `term.clause`');

export const ruleIdParams = z.object({ rule_id: ruleId });

const summaryShape = {
  id: z.string(),
  field: z.string().describe('the extraction field the rule serves, or `shared`'),
  language: z.string().describe('the language of its words: `en`, `de`, `fr`, or `any` (neutral)'),
  doc: z.string().describe('what the rule is for, in one line'),
};

/** A rule in the list: what it is for, without its examples. */
export const extractionRuleSummaryDto = z.object(summaryShape).meta({ id: 'ExtractionRuleSummary' });

/** One rule of the built-in extractor's rule book. */
export const extractionRuleDto = z
  .object({
    ...summaryShape,
    production: z.string().describe('what turns a match into a value (`span`: the matched text)'),
    examples: z
      .array(
        z.object({
          text: z.string().describe('a text the rule finds a match in'),
          value: z.unknown().optional().describe('what the rule makes of the match, when the example says'),
        }),
      )
      .describe('texts the rule must match (checked by the rule book tests)'),
    counterexamples: z.array(z.string()).describe('texts the rule must not match'),
    decisions: z.array(z.number().int()).describe('rows of docs/decisions.md the rule comes from'),
    source: z.string().describe('its file in the rule book, e.g. `en/notice.toml`'),
  })
  .meta({ id: 'ExtractionRule' });

export const extractionRuleListQuery = pageableQuery(['id'] as const).extend({
  field: z.string().max(100).optional().describe('only the rules of this field'),
  language: z
    .string()
    .max(10)
    .optional()
    .describe('only the rules of this language (`en`, `de`, `fr`, `any`)'),
});

export const toRuleSummaryDto = (r: ExtractionRule) => ({
  id: r.id,
  field: r.field,
  language: r.language,
  doc: r.doc,
});

export const toRuleDto = (r: ExtractionRule) => ({
  ...toRuleSummaryDto(r),
  production: r.production,
  examples: r.examples,
  counterexamples: r.counterexamples,
  decisions: r.decisions,
  source: r.source,
});
