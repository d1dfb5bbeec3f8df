import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, tenantOf } from '../auth/request.js';
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
    const caller = async (req: Parameters<typeof principalOf>[0]) =>
      [principalOf(req), await tenantOf(ctx, req)] as const;

    app.get('/saved-views', {
      schema: {
        tags,
        summary: 'The caller’s saved views in the active organization, by name',
        querystring: savedViewListQuery,
        response: { 200: z.object({ content: z.array(savedViewDto) }), ...problemResponses(400, 401, 403) },
      },
      handler: async (req) => {
        const rows = await service.listSavedViews(ctx, ...(await caller(req)), req.query.resource);
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
      handler: async (req, reply) =>
        reply
          .code(201)
          .send(toSavedViewDto(await service.createSavedView(ctx, ...(await caller(req)), req.body))),
    });
    app.get('/saved-views/:id', {
      schema: {
        tags,
        summary: 'One of the caller’s saved views',
        params: idParams,
        response: { 200: savedViewDto, ...problemResponses(401, 403, 404) },
      },
      handler: async (req) =>
        toSavedViewDto(await service.getSavedView(ctx, ...(await caller(req)), req.params.id)),
    });
    app.put('/saved-views/:id', {
      schema: {
        tags,
        summary: 'Replace a saved view’s name, filters, columns and sidebar flag',
        params: idParams,
        body: updateSavedViewRequest,
        response: { 200: savedViewDto, ...problemResponses(400, 401, 403, 404, 409) },
      },
      handler: async (req) =>
        toSavedViewDto(await service.updateSavedView(ctx, ...(await caller(req)), req.params.id, req.body)),
    });
    app.delete('/saved-views/:id', {
      schema: {
        tags,
        summary: 'Delete a saved view',
        params: idParams,
        response: { 204: z.null().describe('deleted'), ...problemResponses(401, 403, 404) },
      },
      handler: async (req, reply) => {
        await service.deleteSavedView(ctx, ...(await caller(req)), req.params.id);
        return reply.code(204).send(null);
      },
    });
  };
}
