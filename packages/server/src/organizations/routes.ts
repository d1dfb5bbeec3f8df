import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRINCIPAL, SYSTEM_ADMIN, TENANT } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { pageableQuery, pageRequest, pageSchema, toPage } from '../http/pagination.js';
import { problemResponses } from '../http/problem.js';
import type { RouteApp } from '../http/route-app.js';
import { idParams, orgIdParams, uuid } from '../http/schemas.js';
import * as identities from './identities.js';
import {
  fromQuotasDto,
  fromSettingsDto,
  identityCreateRequest,
  identityDto,
  identityUpdateRequest,
  organizationCreateRequest,
  organizationDto,
  organizationSortFields,
  organizationTree,
  organizationUpdateRequest,
  quotasDto,
  quotasRequest,
  quotasWithUsageDto,
  settingsDto,
  settingsRequest,
  type TreeNode,
  toIdentityDto,
  toOrganizationDto,
  toQuotasDto,
  toQuotasWithUsageDto,
  toSettingsDto,
  updateOrganizationRequest,
} from './schemas.js';
import * as service from './service.js';

function toTree(node: service.OrganizationTree): TreeNode {
  return { ...toOrganizationDto(node.org), children: node.children.map(toTree) };
}

/**
 * What the organization routes need from the domains above organizations (which check its
 * quotas and settings), passed in by app.ts so the dependency runs one way.
 */
export interface OrganizationRouteLinks {
  /** The quota use counters of documents, sources, plugins and members. */
  usageCounters: service.QuotaUsageCounters;
  /** plugins/service.ts `requireSelectablePlugin`, for the plugins chosen in the settings. */
  requireSelectablePlugin: service.PluginChoiceCheck;
  /** plugins/service.ts `describePlugins`, naming the plugins chosen in the settings. */
  describePlugins: service.PluginDescriber;
}

const tags = ['Organizations'];
const identityTags = ['Organization identities'];
const identityParams = z.object({ orgId: uuid, identityId: uuid });

/** Spec 4.7: organizations, their hierarchy, identities, quotas and settings. */
export function organizationRoutes(ctx: AppContext, links: OrganizationRouteLinks): FastifyPluginAsyncZod {
  return async (app) => {
    organizationListRoutes(app, ctx);
    organizationByIdRoutes(app, ctx);
    hierarchyRoutes(app, ctx);
    identityRoutes(app, ctx);
    quotaAndSettingsRoutes(app, ctx, links);
  };
}

/** GET and POST /organizations, and GET and PUT /organizations/me. */
function organizationListRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/organizations', {
    schema: {
      tags,
      summary: 'List all organizations (SYSTEM_ADMIN)',
      querystring: pageableQuery(organizationSortFields).extend({
        deleted: z
          .enum(['exclude', 'include', 'only'])
          .default('exclude')
          .describe('soft-deleted organizations'),
      }),
      response: { 200: pageSchema(organizationDto), ...problemResponses(400, 401, 403) },
    },
    config: { pageable: true, access: SYSTEM_ADMIN },
    handler: async (req) => {
      const p = { ...pageRequest(req.query, 'created_at'), deleted: req.query.deleted };
      const { rows, total } = await service.listOrganizations(ctx, req.auth.principal, p);
      return toPage(rows.map(toOrganizationDto), p, total);
    },
  });
  app.post('/organizations', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Create a team organization; you become its OWNER',
      body: organizationCreateRequest,
      response: { 200: organizationDto, ...problemResponses(400, 401, 403, 409) },
    },
    handler: async (req) =>
      toOrganizationDto(await service.createTeamOrganization(ctx, req.auth.principal, req.body)),
  });
  app.get('/organizations/me', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'The active organization',
      response: { 200: organizationDto, ...problemResponses(401, 403) },
    },
    handler: async (req) => toOrganizationDto(await service.getActiveOrganization(ctx, req.auth.tenant)),
  });
  app.put('/organizations/me', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Rename the active organization (OWNER or ADMIN)',
      body: organizationUpdateRequest,
      response: { 200: organizationDto, ...problemResponses(400, 401, 403) },
    },
    handler: async (req) => {
      const { principal, tenant } = req.auth;
      return toOrganizationDto(
        await service.updateOrganization(ctx, principal, tenant.organizationId, req.body),
      );
    },
  });
}

/** One organization by slug or id: read, update, delete, restore. */
function organizationByIdRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/organizations/slug/:slug', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'An organization by slug (member or SYSTEM_ADMIN)',
      params: z.object({ slug: z.string().min(1).max(100) }),
      response: { 200: organizationDto, ...problemResponses(401, 403, 404) },
    },
    handler: async (req) =>
      toOrganizationDto(await service.getOrganizationBySlug(ctx, req.auth.principal, req.params.slug)),
  });
  app.get('/organizations/:id', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'An organization (member or SYSTEM_ADMIN)',
      params: idParams,
      response: { 200: organizationDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      toOrganizationDto((await service.getReadableOrganization(ctx, req.auth.principal, req.params.id)).org),
  });
  app.put('/organizations/:id', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Update an organization: name, slug, parent (OWNER or ADMIN)',
      params: idParams,
      body: updateOrganizationRequest,
      response: { 200: organizationDto, ...problemResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) =>
      toOrganizationDto(await service.updateOrganization(ctx, req.auth.principal, req.params.id, req.body)),
  });
  app.delete('/organizations/:id', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Soft-delete an organization (OWNER)',
      params: idParams,
      response: { 204: z.null(), ...problemResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => {
      await service.deleteOrganization(ctx, req.auth.principal, req.params.id);
      return reply.code(204).send(null);
    },
  });
  app.post('/organizations/:id/restore', {
    config: { access: SYSTEM_ADMIN },
    schema: {
      tags,
      summary: 'Restore a soft-deleted organization (SYSTEM_ADMIN)',
      params: idParams,
      response: { 200: organizationDto, ...problemResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) =>
      toOrganizationDto(await service.restoreOrganization(ctx, req.auth.principal, req.params.id)),
  });
}

/** An organization's ancestors, children and tree. */
function hierarchyRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/organizations/:orgId/ancestors', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Ancestors, nearest first (member)',
      params: orgIdParams,
      response: { 200: z.array(organizationDto), ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      (await service.ancestors(ctx, req.auth.principal, req.params.orgId)).map(toOrganizationDto),
  });
  app.get('/organizations/:orgId/children', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Direct children (member)',
      params: orgIdParams,
      response: { 200: z.array(organizationDto), ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      (await service.children(ctx, req.auth.principal, req.params.orgId)).map(toOrganizationDto),
  });
  app.get('/organizations/:orgId/tree', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'The full tree rooted at the organization (member)',
      params: orgIdParams,
      response: { 200: organizationTree, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) => toTree(await service.tree(ctx, req.auth.principal, req.params.orgId)),
  });
}

/** An organization's legal identities: list, add, update, delete, mark primary. */
function identityRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/organizations/:orgId/identities', {
    config: { access: PRINCIPAL },
    schema: {
      tags: identityTags,
      summary: 'The organization’s own legal identities (member)',
      params: orgIdParams,
      response: { 200: z.array(identityDto), ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      (await identities.listIdentities(ctx, req.auth.principal, req.params.orgId)).map(toIdentityDto),
  });
  app.post('/organizations/:orgId/identities', {
    config: { access: PRINCIPAL },
    schema: {
      tags: identityTags,
      summary: 'Add an identity (OWNER or ADMIN)',
      params: orgIdParams,
      body: identityCreateRequest,
      response: { 200: identityDto, ...problemResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) =>
      toIdentityDto(await identities.createIdentity(ctx, req.auth.principal, req.params.orgId, req.body)),
  });
  app.put('/organizations/:orgId/identities/:identityId', {
    config: { access: PRINCIPAL },
    schema: {
      tags: identityTags,
      summary: 'Update an identity (OWNER or ADMIN)',
      params: identityParams,
      body: identityUpdateRequest,
      response: { 200: identityDto, ...problemResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) =>
      toIdentityDto(
        await identities.updateIdentity(
          ctx,
          req.auth.principal,
          req.params.orgId,
          req.params.identityId,
          req.body,
        ),
      ),
  });
  app.delete('/organizations/:orgId/identities/:identityId', {
    config: { access: PRINCIPAL },
    schema: {
      tags: identityTags,
      summary: 'Delete an identity (OWNER or ADMIN); answers the deleted identity',
      params: identityParams,
      response: { 200: identityDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      toIdentityDto(
        await identities.deleteIdentity(ctx, req.auth.principal, req.params.orgId, req.params.identityId),
      ),
  });
  app.post('/organizations/:orgId/identities/:identityId/primary', {
    config: { access: PRINCIPAL },
    schema: {
      tags: identityTags,
      summary: 'Mark an identity primary (OWNER or ADMIN)',
      params: identityParams,
      response: { 200: identityDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      toIdentityDto(
        await identities.makeIdentityPrimary(
          ctx,
          req.auth.principal,
          req.params.orgId,
          req.params.identityId,
        ),
      ),
  });
}

/** An organization's quotas and settings (read and replace). */
function quotaAndSettingsRoutes(app: RouteApp, ctx: AppContext, links: OrganizationRouteLinks): void {
  app.get('/organizations/:orgId/quotas', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Quotas (OWNER or ADMIN) with current usage; null = unlimited',
      params: orgIdParams,
      response: { 200: quotasWithUsageDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      toQuotasWithUsageDto(
        await service.getQuotas(ctx, req.auth.principal, req.params.orgId),
        await service.quotaUsage(ctx, req.params.orgId, links.usageCounters),
      ),
  });
  app.put('/organizations/:orgId/quotas', {
    config: { access: SYSTEM_ADMIN },
    schema: {
      tags,
      summary: 'Replace quotas (SYSTEM_ADMIN); omitted fields become unlimited',
      params: orgIdParams,
      body: quotasRequest,
      response: { 200: quotasDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      toQuotasDto(
        await service.putQuotas(ctx, req.auth.principal, req.params.orgId, fromQuotasDto(req.body)),
      ),
  });
  app.get('/organizations/:orgId/settings', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Settings (OWNER or ADMIN)',
      description:
        'classification_plugin and extraction_plugin name the chosen plugins (null: built-in). Members read the same answer at …/settings/summary.',
      params: orgIdParams,
      response: { 200: settingsDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      toSettingsDto(
        await service.getSettings(ctx, req.auth.principal, req.params.orgId, links.describePlugins),
      ),
  });
  app.get('/organizations/:orgId/settings/summary', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Settings to read (any member)',
      description:
        'The answer of GET …/settings for every member of the organization (and SYSTEM_ADMIN): the chosen plugins by name and version, never their code. 403 for a non-member.',
      params: orgIdParams,
      response: { 200: settingsDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      toSettingsDto(
        await service.getSettingsSummary(ctx, req.auth.principal, req.params.orgId, links.describePlugins),
      ),
  });
  app.put('/organizations/:orgId/settings', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Update settings (OWNER or ADMIN); omitted fields keep their value',
      params: orgIdParams,
      body: settingsRequest,
      response: { 200: settingsDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      toSettingsDto(
        await service.putSettings(
          ctx,
          req.auth.principal,
          req.params.orgId,
          fromSettingsDto(req.body),
          links.requireSelectablePlugin,
          links.describePlugins,
        ),
      ),
  });
}
