import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRINCIPAL, SYSTEM_ADMIN, TENANT, TENANT_ADMIN } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { pageableQuery, pageRequest, pageSchema, toPage } from '../http/pagination.js';
import { problemResponses } from '../http/problem.js';
import { reuseSerializedBodies } from '../http/reused-bodies.js';
import type { RouteApp } from '../http/route-app.js';
import { idParams } from '../http/schemas.js';
import { membershipWithOrganization, toMembershipWithOrganization } from '../organizations/schemas.js';
import {
  createUserRequest,
  updateUserRequest,
  userProfile,
  userSortFields,
  userUpdateRequest,
} from './schemas.js';
import * as service from './service.js';

const tags = ['Users'];

/** Spec 4.4: users of the active organization, and the caller's own profile. */
export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    userListAndMeRoutes(app, ctx);
    userByIdRoutes(app, ctx);
  };
}

/** GET and POST /users, and the caller's own profile and organizations (/users/me). */
function userListAndMeRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/users', {
    schema: {
      tags,
      summary: 'List the users of the active organization (OWNER or ADMIN)',
      description:
        'Live users only, unless `deleted` asks for soft-deleted ones too (`include`) or only (`only`), which only a SYSTEM_ADMIN may (403 otherwise): ' +
        'they are the users POST /users/{id}/restore restores. ' +
        'With `platform=true`, every user of the platform whatever organizations they belong to, for SYSTEM_ADMIN only (403 otherwise), ' +
        'each with all their roles.',
      querystring: pageableQuery(userSortFields).extend({
        deleted: z
          .enum(['exclude', 'include', 'only'])
          .default('exclude')
          .describe('soft-deleted users (SYSTEM_ADMIN)'),
        q: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .optional()
          .describe('only users whose email contains this text, in any case'),
        platform: z.enum(['true', 'false']).optional().describe('every user of the platform (SYSTEM_ADMIN)'),
      }),
      response: { 200: pageSchema(userProfile), ...problemResponses(400, 401, 403) },
    },
    config: { pageable: true, access: TENANT },
    handler: async (req) => {
      const { deleted, q, platform } = req.query;
      const p = { ...pageRequest(req.query, 'created_at'), deleted, q };
      const inPlatform = platform === 'true';
      const { rows, total } = await service.listUsers(ctx, req.auth.principal, req.auth.tenant, {
        ...p,
        platform: inPlatform,
      });
      // The platform's list shows each user's every role; a tenant's, only its own (profileOf).
      const orgId = inPlatform ? undefined : req.auth.tenant.organizationId;
      const content = await Promise.all(rows.map((u) => service.profileOf(ctx, u, orgId)));
      return toPage(content, p, total);
    },
  });
  app.post('/users', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Add a user by email to the active organization (OWNER or ADMIN)',
      description:
        'Answers the profile of the user the organization now has, the same way whether or not an account has the address: ' +
        'an invitation is mailed either way. A new address becomes a user and a member at once (a later sign-in with it links to it); ' +
        'for an address that has an account the organization gets a stand-in member with the email and name it gave, which becomes ' +
        'the person’s own membership when they accept the invitation.',
      body: createUserRequest,
      response: { 200: userProfile, ...problemResponses(400, 401, 403, 409) },
    },
    handler: async (req) => {
      const { principal, tenant } = req.auth;
      const user = await service.createTenantUser(ctx, principal, tenant, req.body);
      return service.profileOf(ctx, user, tenant.organizationId);
    },
  });
  app.get('/users/me', {
    config: { access: PRINCIPAL },
    schema: { tags, summary: 'Your profile', response: { 200: userProfile, ...problemResponses(401) } },
    // The hottest authenticated read: a cached principal's profile is one object, serialized once.
    serializerCompiler: reuseSerializedBodies(serializerCompiler),
    handler: async (req) => service.ownProfile(ctx, req.auth.principal),
  });
  app.put('/users/me', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Update your profile',
      body: userUpdateRequest,
      response: { 200: userProfile, ...problemResponses(400, 401) },
    },
    handler: async (req) => service.profileOf(ctx, await service.updateMe(ctx, req.auth.principal, req.body)),
  });
  app.get('/users/me/organizations', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Your memberships, with their organizations',
      response: { 200: z.array(membershipWithOrganization), ...problemResponses(401) },
    },
    handler: async (req) =>
      (await service.membershipsOf(ctx, req.auth.principal.user.id)).map(toMembershipWithOrganization),
  });
}

/** One user by id: read, update, delete, restore. */
function userByIdRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/users/:id', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'A user of the active organization',
      params: idParams,
      response: { 200: userProfile, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const { tenant } = req.auth;
      return service.profileOf(
        ctx,
        await service.getTenantUser(ctx, tenant, req.params.id),
        tenant.organizationId,
      );
    },
  });
  app.put('/users/:id', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Update a user of the active organization (OWNER or ADMIN)',
      params: idParams,
      body: updateUserRequest,
      response: { 200: userProfile, ...problemResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) => {
      const { principal, tenant } = req.auth;
      const user = await service.updateTenantUser(ctx, principal, tenant, req.params.id, req.body);
      return service.profileOf(ctx, user, tenant.organizationId);
    },
  });
  app.delete('/users/:id', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Soft-delete a user of the active organization (OWNER or ADMIN)',
      params: idParams,
      response: { 204: z.null(), ...problemResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req, reply) => {
      await service.deleteTenantUser(ctx, req.auth.principal, req.auth.tenant, req.params.id);
      return reply.code(204).send(null);
    },
  });
  app.post('/users/:id/restore', {
    config: { access: SYSTEM_ADMIN },
    schema: {
      tags,
      summary: 'Restore a soft-deleted user (SYSTEM_ADMIN)',
      params: idParams,
      response: { 200: userProfile, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      service.profileOf(ctx, await service.restoreUser(ctx, req.auth.principal, req.params.id)),
  });
}
