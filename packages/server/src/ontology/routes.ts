import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TENANT, TENANT_ADMIN } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { pageableQuery, pageSchema, toPage } from '../http/pagination.js';
import { problemResponses } from '../http/problem.js';
import type { RouteApp } from '../http/route-app.js';
import { idParams } from '../http/schemas.js';
import {
  acceptSuggestionRequest,
  labelSuggestionDto,
  ontologyDto,
  ontologyReportDto,
  putOntologyRequest,
  putOntologyResponse,
  toSuggestionDto,
} from './schemas.js';
import * as service from './service.js';

const tags = ['Ontology'];

/** api-decisions §3: the organization's label tree, and suggestions for new labels. */
export function ontologyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    ontologyDocumentRoutes(app, ctx);
    labelSuggestionRoutes(app, ctx);
  };
}

/** GET and PUT /ontology, and GET /ontology/report. */
function ontologyDocumentRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/ontology', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'The active organization’s ontology (label tree with fields)',
      response: { 200: ontologyDto, ...problemResponses(401, 403) },
    },
    handler: async (req) => service.getOntology(ctx.db, req.auth.tenant.organizationId),
  });
  app.put('/ontology', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Replace the ontology (OWNER or ADMIN); saved as a new version',
      body: putOntologyRequest,
      querystring: z.object({
        report: z
          .enum(['true', 'false'])
          .default('false')
          .describe('also answer with the ontology report (GET /api/v1/ontology/report)'),
      }),
      response: { 200: putOntologyResponse, ...problemResponses(400, 401, 403) },
    },
    handler: async (req) =>
      service.putOntology(
        ctx,
        req.auth.principal,
        req.auth.tenant,
        req.body.labels,
        req.query.report === 'true',
      ),
  });
  app.get('/ontology/report', {
    schema: {
      tags,
      summary: 'How the built-in classifier reads the ontology: kinds per label, and warnings',
      response: { 200: ontologyReportDto, ...problemResponses(401, 403, 503) },
    },
    config: { access: TENANT },
    handler: async (req) => service.ontologyReport(ctx, req.auth.tenant),
  });
}

/** GET /label-suggestions, and accepting or rejecting one. */
function labelSuggestionRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/label-suggestions', {
    schema: {
      tags,
      summary: 'Labels suggested by classification (None or a label outside the list)',
      querystring: pageableQuery(['created_at']).extend({
        status: z.enum(['PENDING', 'ACCEPTED', 'REJECTED']).optional(),
      }),
      response: { 200: pageSchema(labelSuggestionDto), ...problemResponses(400, 401, 403) },
    },
    config: { pageable: true, access: TENANT },
    handler: async (req) => {
      const p = { page: req.query.page, size: req.query.size, status: req.query.status };
      const { rows, total } = await service.listSuggestions(ctx, req.auth.tenant, p);
      return toPage(rows.map(toSuggestionDto), p, total);
    },
  });
  app.post('/label-suggestions/:id/accept', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Accept: the label is added to the ontology under its parent path (OWNER or ADMIN)',
      params: idParams,
      // A POST without a body (curl -X POST …/accept) arrives as null.
      body: acceptSuggestionRequest.nullish(),
      response: {
        200: z.object({ suggestion: labelSuggestionDto, ontology: ontologyDto }),
        ...problemResponses(400, 401, 403, 404, 409),
      },
    },
    handler: async (req) => {
      const r = await service.acceptSuggestion(
        ctx,
        req.auth.principal,
        req.auth.tenant,
        req.params.id,
        req.body ?? {},
      );
      return { suggestion: toSuggestionDto(r.suggestion), ontology: r.ontology };
    },
  });
  app.post('/label-suggestions/:id/reject', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Reject a suggestion (OWNER or ADMIN)',
      params: idParams,
      response: { 200: labelSuggestionDto, ...problemResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) =>
      toSuggestionDto(
        await service.rejectSuggestion(ctx, req.auth.principal, req.auth.tenant, req.params.id),
      ),
  });
}
