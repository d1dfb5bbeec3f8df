import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TENANT, TENANT_ADMIN } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { pageRequest, pageSchema, toPage } from '../http/pagination.js';
import { problemResponses } from '../http/problem.js';
import type { RouteApp } from '../http/route-app.js';
import {
  promptDto,
  promptListQuery,
  promptParams,
  promptPutRequest,
  promptSummaryDto,
  promptVersionDto,
  promptVersionParams,
  toPromptDto,
  toPromptSummaryDto,
  toPromptVersionDto,
} from './schemas.js';
import * as service from './service.js';

const getPromptNote =
  'Plugins read the latest version with `await get_prompt(prompt_id)` (spec 4.11); see docs/pipeline.md.';

const tags = ['Prompts'];

/** Spec 4.11: prompts for get_prompt, stored per organization with versions. */
export function promptRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    promptWriteAndReadRoutes(app, ctx);
    promptVersionRoutes(app, ctx);
  };
}

/** PUT /prompts/:prompt_id (a new version), GET /prompts and GET /prompts/:prompt_id. */
function promptWriteAndReadRoutes(app: RouteApp, ctx: AppContext): void {
  app.put('/prompts/:prompt_id', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Store a new version of a prompt (OWNER or ADMIN); an unchanged text keeps the version',
      description: getPromptNote,
      params: promptParams,
      body: promptPutRequest,
      response: { 200: promptDto, ...problemResponses(400, 401, 403) },
    },
    handler: async (req) =>
      toPromptDto(
        await service.putPrompt(
          ctx,
          req.auth.principal,
          req.auth.tenant,
          req.params.prompt_id,
          req.body.text,
        ),
      ),
  });

  app.get('/prompts', {
    schema: {
      tags,
      summary: 'The active organization’s prompts, each with its latest version',
      querystring: promptListQuery,
      response: { 200: pageSchema(promptSummaryDto), ...problemResponses(400, 401, 403) },
    },
    config: { pageable: true, access: TENANT },
    handler: async (req) => {
      const q = req.query;
      const p = pageRequest(q, 'prompt_id');
      const { rows, total } = await service.listPrompts(ctx, req.auth.tenant, p);
      return toPage(rows.map(toPromptSummaryDto), p, total);
    },
  });

  app.get('/prompts/:prompt_id', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'The latest version of a prompt, with its text (what get_prompt answers)',
      description: getPromptNote,
      params: promptParams,
      response: { 200: promptDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) => toPromptDto(await service.getPrompt(ctx, req.auth.tenant, req.params.prompt_id)),
  });
}

/** A prompt's versions, one version, and deleting the prompt. */
function promptVersionRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/prompts/:prompt_id/versions', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Version history of a prompt, newest first (without the texts)',
      params: promptParams,
      response: { 200: z.array(promptVersionDto), ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      (await service.listPromptVersions(ctx, req.auth.tenant, req.params.prompt_id)).map(toPromptVersionDto),
  });

  app.get('/prompts/:prompt_id/versions/:version', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'One version of a prompt, with its text',
      params: promptVersionParams,
      response: { 200: promptDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      toPromptDto(
        await service.getPromptVersion(ctx, req.auth.tenant, req.params.prompt_id, req.params.version),
      ),
  });

  app.delete('/prompts/:prompt_id', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Delete a prompt with all its versions (OWNER or ADMIN)',
      description: 'Afterwards get_prompt raises PromptNotFound for this id.',
      params: promptParams,
      response: { 204: z.null().describe('deleted'), ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      await service.deletePrompt(ctx, req.auth.principal, req.auth.tenant, req.params.prompt_id);
      return reply.code(204).send(null);
    },
  });
}
