import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TENANT, TENANT_ADMIN } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { pageRequest, pageSchema, toPage } from '../http/pagination.js';
import { problemResponses } from '../http/problem.js';
import type { RouteApp } from '../http/route-app.js';
import { idParams, iso } from '../http/schemas.js';
import {
  deliveryDto,
  deliveryListQuery,
  deliveryParams,
  retryAcceptedDto,
  toDeliveryDto,
  toWebhookDto,
  webhookCreateRequest,
  webhookDto,
  webhookListQuery,
  webhookUpdateRequest,
  webhookWithSecretDto,
} from './schemas.js';
import * as service from './service.js';

const signingNote =
  'Events are POSTed as JSON `{type, id, timestamp, organization_id, data}` signed per Standard Webhooks ' +
  '(`webhook-id`, `webhook-timestamp`, `webhook-signature`); see docs/webhooks.md.';

const tags = ['Webhooks'];

/** api-decisions §3: webhook endpoints, their delivery log and manual retry (OWNER or ADMIN). */
export function webhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    webhookCreateAndReadRoutes(app, ctx);
    webhookChangeRoutes(app, ctx);
    deliveryRoutes(app, ctx);
  };
}

/** POST /webhooks, GET /webhooks and GET /webhooks/:id. */
function webhookCreateAndReadRoutes(app: RouteApp, ctx: AppContext): void {
  app.post('/webhooks', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Register a webhook endpoint; the signing secret is returned once',
      description: `${signingNote} URLs reaching private, loopback or link-local addresses are refused (400) unless the server allows them.`,
      body: webhookCreateRequest,
      response: { 201: webhookWithSecretDto, ...problemResponses(400, 401, 403) },
    },
    handler: async (req, reply) => {
      const { row, secret } = await service.createWebhook(ctx, req.auth.principal, req.auth.tenant, req.body);
      return reply.code(201).send({ ...toWebhookDto(row), secret });
    },
  });

  app.get('/webhooks', {
    schema: {
      tags,
      summary: 'List the organization’s webhook endpoints',
      querystring: webhookListQuery,
      response: { 200: pageSchema(webhookDto), ...problemResponses(400, 401, 403) },
    },
    config: { pageable: true, access: TENANT_ADMIN },
    handler: async (req) => {
      const q = req.query;
      const p = pageRequest(q, 'created_at', 'desc');
      const { rows, total } = await service.listWebhooks(ctx, req.auth.principal, req.auth.tenant, p);
      return toPage(rows.map(toWebhookDto), p, total);
    },
  });

  app.get('/webhooks/:id', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'A webhook endpoint (never its secret)',
      params: idParams,
      response: { 200: webhookDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      toWebhookDto(await service.getWebhook(ctx, req.auth.principal, req.auth.tenant, req.params.id)),
  });
}

/** One webhook: change it, delete it, rotate its secret. */
function webhookChangeRoutes(app: RouteApp, ctx: AppContext): void {
  app.patch('/webhooks/:id', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Change a webhook endpoint; enabled: true re-enables a disabled one',
      params: idParams,
      body: webhookUpdateRequest,
      response: { 200: webhookDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      toWebhookDto(
        await service.updateWebhook(ctx, req.auth.principal, req.auth.tenant, req.params.id, req.body),
      ),
  });

  app.delete('/webhooks/:id', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Delete a webhook endpoint with its delivery log',
      params: idParams,
      response: { 204: z.null().describe('deleted'), ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      await service.deleteWebhook(ctx, req.auth.principal, req.auth.tenant, req.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post('/webhooks/:id/rotate-secret', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Replace the signing secret; the new one is returned once',
      description:
        'During the grace period (default 24 h) requests carry signatures by both the new and the previous secret.',
      params: idParams,
      response: { 200: webhookWithSecretDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const { row, secret } = await service.rotateWebhookSecret(
        ctx,
        req.auth.principal,
        req.auth.tenant,
        req.params.id,
      );
      return { ...toWebhookDto(row), secret };
    },
  });
}

/** One webhook's delivery log and the manual retry of a delivery. */
function deliveryRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/webhooks/:id/deliveries', {
    schema: {
      tags,
      summary: 'The delivery log of an endpoint, newest first, with every attempt',
      params: idParams,
      querystring: deliveryListQuery,
      response: { 200: pageSchema(deliveryDto), ...problemResponses(400, 401, 403, 404) },
    },
    config: { pageable: true, access: TENANT },
    handler: async (req) => {
      const q = req.query;
      const p = { ...pageRequest(q, 'created_at', 'desc'), status: q.status };
      const { rows, total } = await service.listWebhookDeliveries(
        ctx,
        req.auth.principal,
        req.auth.tenant,
        req.params.id,
        p,
      );
      return toPage(
        rows.map((r) => toDeliveryDto(r.delivery, r.attempts)),
        p,
        total,
      );
    },
  });

  app.post('/webhooks/:id/deliveries/:deliveryId/retry', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Send a delivery again now, with a fresh retry schedule',
      params: deliveryParams,
      response: { 202: retryAcceptedDto, ...problemResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => {
      const row = await service.retryWebhookDelivery(
        ctx,
        req.auth.principal,
        req.auth.tenant,
        req.params.id,
        req.params.deliveryId,
      );
      return reply.code(202).send({
        id: row.id,
        status: 'PENDING' as const,
        next_attempt_at: iso(row.nextAttemptAt) ?? new Date().toISOString(),
      });
    },
  });
}
