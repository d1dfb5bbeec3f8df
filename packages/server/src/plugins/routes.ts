import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TENANT, TENANT_ADMIN } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { pageRequest, pageSchema, toPage } from '../http/pagination.js';
import { problemResponses } from '../http/problem.js';
import type { RouteApp } from '../http/route-app.js';
import { idParams } from '../http/schemas.js';
import {
  pluginBadRequest,
  pluginCreateRequest,
  pluginDetailDto,
  pluginDto,
  pluginEventRunDto,
  pluginEventRunListQuery,
  pluginListQuery,
  pluginUpdateRequest,
  pluginVersionDetailDto,
  pluginVersionDto,
  pluginVersionParams,
  toPluginDetailDto,
  toPluginDto,
  toPluginEventRunDto,
  toPluginVersionDetailDto,
  toPluginVersionDto,
} from './schemas.js';
import * as service from './service.js';

/**
 * Runs `fn`; an {@link service.InvalidPluginCode} becomes the spec §7 400 body
 * (`application/json`, not problem details), everything else goes to the app's error handler.
 */
async function answeringInvalidCode<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof service.InvalidPluginCode) {
      return reply.code(400).type('application/json').send(service.toInvalidPluginBody(err));
    }
    throw err;
  }
}

const tags = ['Plugins'];
const validationNote =
  'The code is checked by the same validator as `service validate` (syntax tree only), then loaded once in an ' +
  'isolated runtime to read its class attributes. A failure answers 400 with ' +
  '`{"error": {"code": "INVALID_PLUGIN_CODE", "message", "errors": [{line, error_type, message, fix_suggestion, documentation}]}}` (spec §7).';

/** Spec 4.9 and api-decisions §2: plugin registration, versions and removal (OWNER or ADMIN). */
export function pluginRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    pluginCreateAndReadRoutes(app, ctx);
    pluginChangeRoutes(app, ctx);
    pluginHistoryRoutes(app, ctx);
  };
}

/** POST /plugins, GET /plugins and GET /plugins/:id. */
function pluginCreateAndReadRoutes(app: RouteApp, ctx: AppContext): void {
  app.post('/plugins', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Register a plugin (Python source); stored as version 1',
      description: `${validationNote} The type is read from the base class. \`configs\` keys must be declared configurable_parameters. Quota: max_plugins.`,
      body: pluginCreateRequest,
      response: { 201: pluginDto, 400: pluginBadRequest, ...problemResponses(401, 403, 409, 413) },
    },
    handler: async (req, reply) =>
      answeringInvalidCode(reply, async () => {
        const { plugin, version } = await service.createPlugin(
          ctx,
          req.auth.principal,
          req.auth.tenant,
          req.body,
        );
        return reply.code(201).send(toPluginDto(plugin, version));
      }),
  });

  app.get('/plugins', {
    schema: {
      tags,
      summary: 'List the organization’s plugins (filter by type and by part of the name)',
      querystring: pluginListQuery,
      response: { 200: pageSchema(pluginDto), ...problemResponses(400, 401, 403) },
    },
    config: { pageable: true, access: TENANT_ADMIN },
    handler: async (req) => {
      const q = req.query;
      const p = { ...pageRequest(q, 'name'), type: q.type, name: q.q };
      const { rows, total } = await service.listPlugins(ctx, req.auth.principal, req.auth.tenant, p);
      return toPage(
        rows.map((r) => toPluginDto(r.plugin, r.version)),
        p,
        total,
      );
    },
  });

  app.get('/plugins/:id', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'A plugin with the code of its current version',
      params: idParams,
      response: { 200: pluginDetailDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const { plugin, version } = await service.getPlugin(
        ctx,
        req.auth.principal,
        req.auth.tenant,
        req.params.id,
      );
      return toPluginDetailDto(plugin, version);
    },
  });
}

/** One plugin: change it, remove it, release it from quarantine. */
function pluginChangeRoutes(app: RouteApp, ctx: AppContext): void {
  app.patch('/plugins/:id', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Update a plugin; new code or configs become a new version',
      description: `${validationNote} The plugin type cannot change (400, error_type PluginTypeChanged). Without \`configs\`, new code keeps the current configs that still fit its parameters.`,
      params: idParams,
      body: pluginUpdateRequest,
      response: { 200: pluginDto, 400: pluginBadRequest, ...problemResponses(401, 403, 404, 409, 413) },
    },
    handler: async (req, reply) =>
      answeringInvalidCode(reply, async () => {
        const { plugin, version } = await service.updatePlugin(
          ctx,
          req.auth.principal,
          req.auth.tenant,
          req.params.id,
          req.body,
        );
        return reply.code(200).send(toPluginDto(plugin, version));
      }),
  });

  app.delete('/plugins/:id', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Delete a plugin (soft delete); 409 while the organization settings select it',
      params: idParams,
      response: { 204: z.null().describe('deleted'), ...problemResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => {
      await service.deletePlugin(ctx, req.auth.principal, req.auth.tenant, req.params.id);
      return reply.code(204).send(null);
    },
  });

  app.delete('/plugins/:id/quarantine', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Lift a plugin’s quarantine so the pipeline runs it again',
      description:
        'A plugin that breaks the runtime protocol SERVICE_PLUGIN_QUARANTINE_AFTER times within SERVICE_PLUGIN_QUARANTINE_WINDOW_SECONDS ' +
        'is quarantined (quarantined_at, quarantine_reason); uploading new code lifts it too. Idempotent.',
      params: idParams,
      response: { 200: pluginDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const { plugin, version } = await service.liftQuarantine(
        ctx,
        req.auth.principal,
        req.auth.tenant,
        req.params.id,
      );
      return toPluginDto(plugin, version);
    },
  });
}

/** One plugin's versions and its event handler runs. */
function pluginHistoryRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/plugins/:id/versions', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Version history of a plugin, newest first',
      params: idParams,
      response: { 200: z.array(pluginVersionDto), ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      (await service.listPluginVersions(ctx, req.auth.principal, req.auth.tenant, req.params.id)).map(
        toPluginVersionDto,
      ),
  });

  app.get('/plugins/:id/versions/:version', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'One version of a plugin with its code',
      params: pluginVersionParams,
      response: { 200: pluginVersionDetailDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      toPluginVersionDetailDto(
        await service.getPluginVersion(
          ctx,
          req.auth.principal,
          req.auth.tenant,
          req.params.id,
          req.params.version,
        ),
      ),
  });

  app.get('/plugins/:id/event-runs', {
    schema: {
      tags,
      summary: 'Runs of the plugin’s event handlers (@on_event), newest first, with every attempt',
      description:
        'One run per event delivered to the plugin (its current version at dispatch declared a matching handler). ' +
        'Each attempt has the handle_event result, the error of a failed run and the log lines of the handlers. ' +
        'Failed runs are retried on SERVICE_WEBHOOK_HANDLER_RETRY_SCHEDULE (status PENDING meanwhile).',
      params: idParams,
      querystring: pluginEventRunListQuery,
      response: { 200: pageSchema(pluginEventRunDto), ...problemResponses(400, 401, 403, 404) },
    },
    config: { pageable: true, access: TENANT },
    handler: async (req) => {
      const q = req.query;
      const p = { ...pageRequest(q, 'created_at', 'desc'), status: q.status, eventType: q.event_type };
      const { rows, total } = await service.listPluginEventRuns(
        ctx,
        req.auth.principal,
        req.auth.tenant,
        req.params.id,
        p,
      );
      return toPage(rows.map(toPluginEventRunDto), p, total);
    },
  });
}
