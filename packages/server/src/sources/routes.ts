import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC, TENANT, TENANT_ADMIN } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { pageableQuery, pageRequest, pageSchema, toPage } from '../http/pagination.js';
import { problemResponses } from '../http/problem.js';
import type { RouteApp } from '../http/route-app.js';
import { idParams } from '../http/schemas.js';
import * as email from './email.js';
import * as oauth from './oauth.js';
import { CONNECTION_SORT_FIELDS } from './repository.js';
import {
  addressDto,
  allowlistEntryDto,
  allowlistEntryRequest,
  allowlistPatchRequest,
  auditDto,
  autoSyncDto,
  autoSyncRequest,
  connectionDto,
  connectResponse,
  coverageDto,
  createCustomSourceRequest,
  entryIdParams,
  foldersDto,
  initiateConnectionRequest,
  listSourcesQuery,
  orgCoverageDto,
  providerDto,
  reconnectRequest,
  sourceIdParams,
  stateDto,
  syncDto,
  toAllowlistDto,
  toAuditDto,
  toConnectionDto,
  toSyncDto,
  updateSourceRequest,
} from './schemas.js';
import * as service from './service.js';
import { requestSync } from './sync.js';

const tags = ['Sources'];

/** Spec 4.3 and api-decisions §2–3: source connections, OAuth, custom sources, email forwarding. */
export function sourceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    connectionListRoutes(app, ctx);
    connectRoutes(app, ctx);
    coverageAndCustomRoutes(app, ctx);
    emailForwardingRoutes(app, ctx);
    connectionRoutes(app, ctx);
    connectionDetailRoutes(app, ctx);
  };
}

/** GET /sources (the connections, paged) and GET /sources/providers. */
function connectionListRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/sources', {
    schema: {
      tags,
      summary: 'List source connections (filter by status, provider)',
      querystring: pageableQuery(CONNECTION_SORT_FIELDS).extend(listSourcesQuery.shape),
      response: { 200: pageSchema(connectionDto), ...problemResponses(400, 401, 403) },
    },
    config: { pageable: true, access: TENANT },
    handler: async (req) => {
      const q = req.query;
      const p = {
        ...pageRequest(q, 'created_at', 'desc'),
        status: q.status,
        provider: q.provider,
      };
      const { rows, total } = await service.listConnections(ctx, req.auth.tenant, p);
      return toPage(rows.map(toConnectionDto), p, total);
    },
  });

  app.get('/sources/providers', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary: 'Enabled providers (public)',
      security: [],
      response: { 200: z.array(providerDto) },
    },
    handler: async () => oauth.listProviders(ctx),
  });
}

/** OAuth initiate and callback, and POST /sources/connect/manual-upload. */
function connectRoutes(app: RouteApp, ctx: AppContext): void {
  app.post('/sources/connect/initiate', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary:
        'Start an OAuth connection (OWNER or ADMIN): authorization URL and single-use state (PKCE S256)',
      body: initiateConnectionRequest,
      response: { 200: connectResponse, ...problemResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const { principal, tenant } = req.auth;
      return oauth.initiateConnection(ctx, principal, tenant, req.body);
    },
  });

  app.get('/sources/connect/callback', {
    config: { access: PUBLIC },
    schema: {
      tags,
      summary:
        'OAuth redirect target (public; the state authenticates): stores the tokens, redirects to redirect_uri',
      security: [],
      querystring: z.object({
        code: z.string().max(4096).optional(),
        state: z.string().max(512).optional(),
        error: z.string().max(512).optional(),
        error_description: z.string().max(1000).optional(),
      }),
      response: { 200: connectionDto, ...problemResponses(400) },
    },
    handler: async (req, reply) => {
      const { redirect, connection } = await oauth.completeConnection(ctx, req.query);
      if (redirect) return reply.redirect(redirect, 302);
      if (!connection) throw new Error('no connection and no redirect');
      return toConnectionDto(connection);
    },
  });

  app.post('/sources/connect/manual-upload', {
    config: { access: TENANT },
    schema: {
      tags,
      summary:
        "The organization's manual-upload connection (created once); upload files to POST /documents with its id",
      response: { 200: connectionDto, ...problemResponses(401, 403) },
    },
    handler: async (req) => {
      const { principal, tenant } = req.auth;
      return toConnectionDto(await service.manualUploadConnection(ctx, tenant, principal));
    },
  });
}

/** GET /sources/coverage and POST /sources/custom. */
function coverageAndCustomRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/sources/coverage', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Documents per status for each connection and for the organization',
      response: { 200: orgCoverageDto, ...problemResponses(401, 403) },
    },
    handler: async (req) => service.organizationCoverage(ctx, req.auth.tenant),
  });

  app.post('/sources/custom', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Create a custom connection run by a registered SourcePlugin (OWNER or ADMIN)',
      body: createCustomSourceRequest,
      response: { 201: connectionDto, ...problemResponses(400, 401, 403) },
    },
    handler: async (req, reply) => {
      const { principal, tenant } = req.auth;
      const row = await service.createCustomSource(ctx, principal, tenant, req.body);
      return reply.code(201).send(toConnectionDto(row));
    },
  });
}

/** Email forwarding: the address, the allowlist (list, add, change, remove) and the audit. */
function emailForwardingRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/sources/email-forwarding/address', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: "The organization's inbound forwarding address",
      response: { 200: addressDto, ...problemResponses(401, 403) },
    },
    handler: async (req) => email.forwardingAddress(ctx, req.auth.tenant),
  });
  app.get('/sources/email-forwarding/allowlist', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Senders allowed to forward mail',
      response: { 200: z.array(allowlistEntryDto), ...problemResponses(401, 403) },
    },
    handler: async (req) => (await email.listAllowlist(ctx, req.auth.tenant)).map(toAllowlistDto),
  });
  app.post('/sources/email-forwarding/allowlist', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Allow a sender address or @domain (OWNER or ADMIN)',
      body: allowlistEntryRequest,
      response: { 200: allowlistEntryDto, ...problemResponses(400, 401, 403, 409) },
    },
    handler: async (req) => {
      const { principal, tenant } = req.auth;
      return toAllowlistDto(await email.addAllowlistEntry(ctx, principal, tenant, req.body));
    },
  });
  app.patch('/sources/email-forwarding/allowlist/:entryId', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Change an allowlist entry (OWNER or ADMIN)',
      params: entryIdParams,
      body: allowlistPatchRequest,
      response: { 200: allowlistEntryDto, ...problemResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const { principal, tenant } = req.auth;
      return toAllowlistDto(
        await email.updateAllowlistEntry(ctx, principal, tenant, req.params.entryId, req.body),
      );
    },
  });
  app.delete('/sources/email-forwarding/allowlist/:entryId', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Remove an allowlist entry (OWNER or ADMIN); answers the removed entry',
      params: entryIdParams,
      response: { 200: allowlistEntryDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const { principal, tenant } = req.auth;
      return toAllowlistDto(await email.deleteAllowlistEntry(ctx, principal, tenant, req.params.entryId));
    },
  });
  app.get('/sources/email-forwarding/audit', {
    schema: {
      tags,
      summary: 'Every decision about mail to the inbound address, newest first',
      querystring: pageableQuery(['at'] as const).extend({
        decision: z.enum(['ACCEPTED', 'REJECTED', 'QUARANTINED']).optional(),
      }),
      response: { 200: pageSchema(auditDto), ...problemResponses(400, 401, 403) },
    },
    config: { pageable: true, access: TENANT },
    handler: async (req) => {
      const p = { page: req.query.page, size: req.query.size, decision: req.query.decision };
      const { rows, total } = await email.listAudit(ctx, req.auth.tenant, p);
      return toPage(rows.map(toAuditDto), p, total);
    },
  });
}

/** One connection by id: read, delete, reconnect, sync now, rename or reconfigure. */
function connectionRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/sources/:id', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'A source connection (never its credentials)',
      params: idParams,
      response: { 200: connectionDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      toConnectionDto(await service.readConnection(ctx, req.auth.tenant, req.params.id)),
  });
  app.delete('/sources/:id', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary:
        'Delete a connection and its vault credentials; a running sync stops; documents stay (OWNER or ADMIN)',
      params: idParams,
      response: { 204: z.null(), ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      const { principal, tenant } = req.auth;
      await service.deleteConnection(ctx, principal, tenant, req.params.id);
      return reply.code(204).send(null);
    },
  });
  app.post('/sources/:id/reconnect', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'New authorization for a connection in REQUIRES_REAUTHORIZATION (OWNER or ADMIN)',
      description:
        'The optional body `{redirect_uri}` is where the browser lands after the callback, as for initiate; without it the callback answers the connection as JSON.',
      params: idParams,
      body: reconnectRequest.nullish(),
      response: { 200: connectResponse, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const { principal, tenant } = req.auth;
      return oauth.reconnect(ctx, principal, tenant, req.params.id, req.body?.redirect_uri);
    },
  });
  app.post('/sources/:id/sync', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Start a sync now (OWNER or ADMIN); answers its activity entry',
      params: idParams,
      response: { 202: syncDto, ...problemResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => {
      const { principal, tenant } = req.auth;
      return reply.code(202).send(toSyncDto(await requestSync(ctx, principal, tenant, req.params.id)));
    },
  });
  app.patch('/sources/:sourceId', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Rename a connection or replace its configs (OWNER or ADMIN)',
      params: sourceIdParams,
      body: updateSourceRequest,
      response: { 200: connectionDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const { principal, tenant } = req.auth;
      return toConnectionDto(
        await service.updateConnection(ctx, principal, tenant, req.params.sourceId, req.body),
      );
    },
  });
}

/** One connection's activity, auto-sync setting, coverage, folders and state. */
function connectionDetailRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/sources/:sourceId/activity', {
    schema: {
      tags,
      summary: 'Syncs of the connection, newest first',
      params: sourceIdParams,
      querystring: pageableQuery(['started_at'] as const),
      response: { 200: pageSchema(syncDto), ...problemResponses(400, 401, 403, 404) },
    },
    config: { pageable: true, access: TENANT },
    handler: async (req) => {
      const p = { page: req.query.page, size: req.query.size };
      const { rows, total } = await service.listSyncs(ctx, req.auth.tenant, req.params.sourceId, p);
      return toPage(rows.map(toSyncDto), p, total);
    },
  });
  app.get('/sources/:sourceId/auto-sync', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'The auto-sync setting',
      params: sourceIdParams,
      response: { 200: autoSyncDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      service.autoSyncOf(await service.getConnection(ctx, req.auth.tenant, req.params.sourceId)),
  });
  app.patch('/sources/:sourceId/auto-sync', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Turn auto-sync on or off, or change its interval (OWNER or ADMIN)',
      params: sourceIdParams,
      body: autoSyncRequest,
      response: { 200: autoSyncDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const { principal, tenant } = req.auth;
      return service.autoSyncOf(
        await service.setAutoSync(ctx, principal, tenant, req.params.sourceId, req.body),
      );
    },
  });
  app.get('/sources/:sourceId/coverage', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Documents of the connection per status',
      params: sourceIdParams,
      response: { 200: coverageDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.connectionCoverage(ctx, req.auth.tenant, req.params.sourceId),
  });
  app.get('/sources/:sourceId/folders', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: "Folder paths seen in the connection's documents (metadata.folder), with counts",
      params: sourceIdParams,
      response: { 200: foldersDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.connectionFolders(ctx, req.auth.tenant, req.params.sourceId),
  });
  app.get('/sources/:sourceId/state', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'The saved source state (credentials excluded)',
      params: sourceIdParams,
      response: { 200: stateDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) => service.connectionState(ctx, req.auth.tenant, req.params.sourceId),
  });
}
