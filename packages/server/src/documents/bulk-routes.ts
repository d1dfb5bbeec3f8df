import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TENANT, TENANT_ADMIN } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { problemResponses } from '../http/problem.js';
import { uuid } from '../http/schemas.js';
import { BULK_ACTIONS, BULK_MAX_DOCUMENTS, bulkDocuments } from './bulk.js';
import { EXPORT_FORMATS, EXPORT_MAX_DOCUMENTS, exportDocuments } from './export.js';

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

const exportRequest = z
  .object({
    document_ids: z
      .array(uuid)
      .min(1)
      .max(EXPORT_MAX_DOCUMENTS)
      .describe('the selection, in the order of the rows'),
    format: z
      .enum(EXPORT_FORMATS)
      .default('csv')
      .describe(
        'csv: a row per document with its extracted values; zip: the original files and documents.csv',
      ),
  })
  .strict();

/**
 * POST /documents/bulk: one action on a selection, a result per document (docs/api.md "Bulk
 * actions"); POST /documents/export: the selection as a download (docs/api.md "Exporting a selection").
 */
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
    app.post('/documents/export', {
      config: { access: TENANT },
      schema: {
        tags: ['Documents'],
        summary:
          'Download a selection of documents: CSV of their extracted values, or a ZIP with the originals',
        description:
          'Any member. 200 with `text/csv` or `application/zip` (`Content-Disposition: attachment`); 404 naming each id that is not a document of the organization. Audited as `document.export`.',
        body: exportRequest,
        // 200 is the file itself (text/csv or application/zip): no JSON schema to serialize it by,
        // as for the other downloads (GET /documents/{id}/content, /exports/{id}/download).
      },
      handler: async (req, reply) => {
        const out = await exportDocuments(ctx, req.auth.tenant, {
          documentIds: req.body.document_ids,
          format: req.body.format,
        });
        return reply
          .type(out.type)
          .header('content-disposition', `attachment; filename="${out.filename}"`)
          .send(out.body);
      },
    });
  };
}
