import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TENANT_ADMIN } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { problemResponses } from '../http/problem.js';
import { uuid } from '../http/schemas.js';
import { BULK_ACTIONS, BULK_MAX_DOCUMENTS, bulkDocuments } from './bulk.js';

const bulkRequest = z
  .object({
    action: z.enum(BULK_ACTIONS).describe('what to do to each document'),
    document_ids: z.array(uuid).min(1).max(BULK_MAX_DOCUMENTS).describe('the selection'),
    labels: z
      .array(z.string().min(1).max(200))
      .min(1)
      .max(20)
      .optional()
      .describe('for set_labels: the label path, root first'),
  })
  .strict();

const bulkResult = z.object({
  document_id: uuid,
  ok: z.boolean(),
  status: z.number().int().describe('the status the single route would have answered'),
  detail: z.string().nullable(),
});

const bulkResponse = z.object({
  action: z.enum(BULK_ACTIONS),
  succeeded: z.number().int(),
  failed: z.number().int(),
  results: z.array(bulkResult),
});

/** POST /documents/bulk: one action on a selection, a result per document (docs/api.md "Bulk actions"). */
export function documentBulkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/documents/bulk', {
      config: { access: TENANT_ADMIN },
      schema: {
        tags: ['Documents'],
        summary: 'Reprocess, confirm or set labels, or delete a selection of documents (OWNER or ADMIN)',
        description:
          'Each document is handled as its single route would (reprocess, PUT labels, DELETE); one failing does not stop the others. The answer is 200 with a result per distinct id.',
        body: bulkRequest,
        response: { 200: bulkResponse, ...problemResponses(400, 401, 403) },
      },
      handler: async (req) => {
        const results = await bulkDocuments(ctx, req.auth.principal, req.auth.tenant, {
          action: req.body.action,
          documentIds: req.body.document_ids,
          labels: req.body.labels,
        });
        return {
          action: req.body.action,
          succeeded: results.filter((r) => r.ok).length,
          failed: results.filter((r) => !r.ok).length,
          results: results.map((r) => ({
            document_id: r.documentId,
            ok: r.ok,
            status: r.status,
            detail: r.detail,
          })),
        };
      },
    });
  };
}
