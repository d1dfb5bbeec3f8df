import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRINCIPAL } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { problemResponses } from '../http/problem.js';
import { idParams } from '../http/schemas.js';
import { apiKeyCreatedDto, apiKeyCreateRequest, apiKeyDto, toApiKeyDto } from './schemas.js';
import * as service from './service.js';

/** Spec 4.2: the caller's own API keys. */
export function apiKeyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['API keys'];
    app.get('/api-keys', {
      config: { access: PRINCIPAL },
      schema: {
        tags,
        summary: 'List your API keys (metadata only, never the plaintext)',
        response: { 200: z.array(apiKeyDto), ...problemResponses(401) },
      },
      handler: async (req) => (await service.listApiKeys(ctx, req.auth.principal)).map(toApiKeyDto),
    });
    app.post('/api-keys', {
      config: { access: PRINCIPAL },
      schema: {
        tags,
        summary: 'Create an API key; the plaintext is returned once',
        body: apiKeyCreateRequest,
        response: { 201: apiKeyCreatedDto, ...problemResponses(400, 401) },
      },
      handler: async (req, reply) => {
        const { row, key } = await service.createApiKey(ctx, req.auth.principal, req.body);
        return reply.code(201).send({ ...toApiKeyDto(row), key });
      },
    });
    app.get('/api-keys/:id', {
      config: { access: PRINCIPAL },
      schema: {
        tags,
        summary: 'Get one of your API keys',
        params: idParams,
        response: { 200: apiKeyDto, ...problemResponses(400, 401, 404) },
      },
      handler: async (req) => toApiKeyDto(await service.getApiKey(ctx, req.auth.principal, req.params.id)),
    });
    app.delete('/api-keys/:id', {
      config: { access: PRINCIPAL },
      schema: {
        tags,
        summary: 'Revoke an API key (irreversible)',
        params: idParams,
        response: { 204: z.null().describe('revoked'), ...problemResponses(400, 401, 404) },
      },
      handler: async (req, reply) => {
        await service.revokeApiKey(ctx, req.auth.principal, req.params.id);
        return reply.code(204).send(null);
      },
    });
  };
}
