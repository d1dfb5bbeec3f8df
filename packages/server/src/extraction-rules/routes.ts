import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRINCIPAL } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { pageRequest, pageSchema, toPage } from '../http/pagination.js';
import { problemResponses } from '../http/problem.js';
import { loadRulebook } from './rulebook.js';
import {
  extractionRuleDto,
  extractionRuleListQuery,
  extractionRuleSummaryDto,
  ruleIdParams,
  toRuleDto,
  toRuleSummaryDto,
} from './schemas.js';
import * as service from './service.js';

/**
 * The built-in extractor's rules (issue 34): what the rule an evidence names (`evidence[].rule`)
 * is for. The rule book is the same for every organization and read once, at registration, from
 * the plugins directory (config.pluginsDir).
 */
export function extractionRuleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Extraction rules'];
    const book = service.rulebookOf(loadRulebook(ctx.config.pluginsDir));

    app.get('/extraction-rules', {
      schema: {
        tags,
        summary: 'The built-in extractor’s rules by id, optionally of one field or language',
        querystring: extractionRuleListQuery,
        response: { 200: pageSchema(extractionRuleSummaryDto), ...problemResponses(400, 401) },
      },
      config: { access: PRINCIPAL },
      handler: async (req) => {
        const { field, language } = req.query;
        const p = pageRequest(req.query, 'id');
        const { rows, total } = service.listRules(book, { ...p, field, language });
        return toPage(rows.map(toRuleSummaryDto), p, total);
      },
    });
    app.get('/extraction-rules/:rule_id', {
      schema: {
        tags,
        summary: 'What an extraction rule is for: its doc, examples, counterexamples and decisions',
        params: ruleIdParams,
        response: { 200: extractionRuleDto, ...problemResponses(400, 401, 404) },
      },
      config: { access: PRINCIPAL },
      handler: async (req) => toRuleDto(service.getRule(book, req.params.rule_id)),
    });
  };
}
