import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRINCIPAL, PUBLIC, TENANT } from '../auth/access.js';
import { authenticate } from '../auth/authenticate.js';
import { requireSystemAdmin } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import { HttpProblem, problemResponses } from '../http/problem.js';
import type { RouteApp } from '../http/route-app.js';
import { provisionUser } from '../users/service.js';
import {
  entitlementDto,
  entitlementRegistration,
  fromRegistration,
  linkByAccountRequest,
  linkRequest,
  subscriptionDto,
  toEntitlementDto,
  toSubscriptionDto,
} from './schemas.js';
import * as service from './service.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyNotification } from './signature.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body exactly as received, kept by the marketplace routes for signature checks. */
    rawBody?: string;
  }
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Lets a registration in: a provider notification signed per src/marketplace/signature.ts, or a
 * SYSTEM_ADMIN's credential.
 *
 * @throws HttpProblem 401 for a bad, stale or unexpected signature or a missing credential; 403
 *   for a caller who is not SYSTEM_ADMIN
 */
async function authorizeRegistration(ctx: AppContext, req: FastifyRequest): Promise<void> {
  const signature = header(req, SIGNATURE_HEADER);
  if (signature !== undefined) {
    const settings = ctx.config.marketplace;
    if (!settings.webhookSecret) {
      throw new HttpProblem(401, 'Signed marketplace notifications are not enabled on this server');
    }
    const failure = verifyNotification({
      secret: settings.webhookSecret,
      toleranceSeconds: settings.toleranceSeconds,
      timestamp: header(req, TIMESTAMP_HEADER),
      signature,
      rawBody: req.rawBody ?? '',
    });
    if (failure) {
      throw new HttpProblem(401, `Invalid marketplace notification signature (${failure})`, {
        reason: failure,
      });
    }
    return;
  }
  req.principal = await authenticate(ctx, req.headers.authorization, provisionUser);
  requireSystemAdmin(req.principal);
}

const tags = ['Marketplace'];

/** Spec 4.6 and api-decisions §3: marketplace entitlements and the organization's subscription. */
export function marketplaceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    keepRawJsonBody(app);
    entitlementRoutes(app, ctx);
    subscriptionRoutes(app, ctx);
  };
}

/** JSON bodies parsed by Fastify's default parser, their text also kept in `req.rawBody`. */
function keepRawJsonBody(app: RouteApp): void {
  // Keep the raw JSON text: the notification signature is computed over the exact bytes sent.
  const defaultJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser(['application/json']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    req.rawBody = text;
    defaultJson(req, text, done);
  });
}

/** POST /marketplace/entitlements (notifications) and linking an account to an organization. */
function entitlementRoutes(app: RouteApp, ctx: AppContext): void {
  app.post('/marketplace/entitlements', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Register or update an entitlement (SYSTEM_ADMIN, or a signed provider notification)',
      description:
        'Authenticate with a SYSTEM_ADMIN credential, or sign the request as the marketplace provider: ' +
        '`X-Marketplace-Timestamp: <unix seconds>` and `X-Marketplace-Signature: v1=<hex HMAC-SHA256 of ' +
        '"<timestamp>.<raw body>" keyed with SERVICE_MARKETPLACE_WEBHOOK_SECRET>`. A bad or stale ' +
        'signature is 401. CANCELLED, SUSPENDED and EXPIRED drop a linked organization to the free plan.',
      security: [{ bearerAuth: [] }, {}],
      body: entitlementRegistration,
      response: { 200: entitlementDto, 201: entitlementDto, ...problemResponses(400, 401, 403, 409) },
    },
    preValidation: async (req) => authorizeRegistration(ctx, req),
    handler: async (req, reply) => {
      const { entitlement, created } = await service.registerEntitlement(ctx, fromRegistration(req.body));
      return reply.code(created ? 201 : 200).send(toEntitlementDto(entitlement));
    },
  });

  app.post('/marketplace/link', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Link an entitlement to the active organization (OWNER or ADMIN)',
      body: linkRequest,
      response: { 200: entitlementDto, ...problemResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const { principal, tenant } = req.auth;
      return toEntitlementDto(
        await service.linkByEntitlement(ctx, principal, tenant, req.body.entitlement_id),
      );
    },
  });

  app.post('/marketplace/link-by-account', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Link the marketplace account’s entitlement to the active organization (OWNER or ADMIN)',
      body: linkByAccountRequest,
      response: { 200: entitlementDto, ...problemResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const { principal, tenant } = req.auth;
      return toEntitlementDto(await service.linkByAccount(ctx, principal, tenant, req.body.account_id));
    },
  });
}

/** GET /marketplace/pending and GET /marketplace/subscription. */
function subscriptionRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/marketplace/pending', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Whether an unlinked entitlement exists for your email',
      response: { 200: z.boolean(), ...problemResponses(401) },
    },
    handler: async (req) => service.hasPendingEntitlement(ctx, req.auth.principal),
  });

  app.get('/marketplace/subscription', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Plan and status of the active organization’s subscription',
      response: { 200: subscriptionDto, ...problemResponses(401, 403) },
    },
    handler: async (req) => toSubscriptionDto(await service.subscriptionOf(ctx, req.auth.tenant)),
  });
}
