import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TENANT } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { problemResponses } from '../http/problem.js';
import { idParams } from '../http/schemas.js';
import {
  createSavedViewRequest,
  savedViewDto,
  savedViewListQuery,
  toSavedViewDto,
  updateSavedViewRequest,
} from './schemas.js';
import * as service from './service.js';

/** Saved views (issue 35): a user's named filters, sort and columns of a list, per organization. */
export function savedViewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Saved views'];

    app.get('/saved-views', {
      schema: {
        tags,
        summary: 'The caller’s saved views in the active organization, by name',
        querystring: savedViewListQuery,
        response: { 200: z.object({ content: z.array(savedViewDto) }), ...problemResponses(400, 401, 403) },
      },
      config: { access: TENANT },
      handler: async (req) => {
        const rows = await service.listSavedViews(
          ctx,
          req.auth.principal,
          req.auth.tenant,
          req.query.resource,
        );
        return { content: rows.map(toSavedViewDto) };
      },
    });
    app.post('/saved-views', {
      schema: {
        tags,
        summary: 'Save a view of a list (filters, sort, columns) for the caller; any member',
        body: createSavedViewRequest,
        response: { 201: savedViewDto, ...problemResponses(400, 401, 403, 409) },
      },
      config: { access: TENANT },
      handler: async (req, reply) =>
        reply
          .code(201)
          .send(
            toSavedViewDto(await service.createSavedView(ctx, req.auth.principal, req.auth.tenant, req.body)),
          ),
    });
    app.get('/saved-views/:id', {
      schema: {
        tags,
        summary: 'One of the caller’s saved views',
        params: idParams,
        response: { 200: savedViewDto, ...problemResponses(401, 403, 404) },
      },
      config: { access: TENANT },
      handler: async (req) =>
        toSavedViewDto(await service.getSavedView(ctx, req.auth.principal, req.auth.tenant, req.params.id)),
    });
    app.put('/saved-views/:id', {
      schema: {
        tags,
        summary: 'Replace a saved view’s name, filters, columns and sidebar flag',
        params: idParams,
        body: updateSavedViewRequest,
        response: { 200: savedViewDto, ...problemResponses(400, 401, 403, 404, 409) },
      },
      config: { access: TENANT },
      handler: async (req) =>
        toSavedViewDto(
          await service.updateSavedView(ctx, req.auth.principal, req.auth.tenant, req.params.id, req.body),
        ),
    });
    app.delete('/saved-views/:id', {
      schema: {
        tags,
        summary: 'Delete a saved view',
        params: idParams,
        response: { 204: z.null().describe('deleted'), ...problemResponses(401, 403, 404) },
      },
      config: { access: TENANT },
      handler: async (req, reply) => {
        await service.deleteSavedView(ctx, req.auth.principal, req.auth.tenant, req.params.id);
        return reply.code(204).send(null);
      },
    });
  };
}
