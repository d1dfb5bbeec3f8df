import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TENANT_ADMIN } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { documentDto, toDocumentDto } from '../documents/schemas.js';
import { problemResponses } from '../http/problem.js';
import { idParams } from '../http/schemas.js';
import { correctExtractionRequest } from './schemas.js';
import * as service from './service.js';

/** Review of processed documents: corrected field values (docs/api.md). */
export function reviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.patch('/documents/:id/extraction', {
      config: { access: TENANT_ADMIN },
      schema: {
        tags: ['Documents'],
        summary: 'Correct extracted field values (OWNER or ADMIN); the original values are kept',
        description:
          "Each value is checked against its field's dtype; null clears a field. The answer's `extraction.corrections` records, per field, the value, what the plugin read (`original`), who corrected it and when. The contract record is derived again, `document.extracted` is emitted with `corrected_fields`, and the labels become confirmed (a training example of the classifier) when they are a path of the current ontology. A reprocess keeps corrected values.",
        params: idParams,
        body: correctExtractionRequest,
        response: { 200: documentDto, ...problemResponses(400, 401, 403, 404, 409) },
      },
      handler: async (req) =>
        toDocumentDto(
          await service.correctExtraction(
            ctx,
            req.auth.principal,
            req.auth.tenant,
            req.params.id,
            req.body.data,
          ),
        ),
    });
  };
}
