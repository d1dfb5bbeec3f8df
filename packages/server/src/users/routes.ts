import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, tenantOf } from '../auth/request.js';
import type { AppContext } from '../context.js';
import { pageableQuery, pageRequest, pageSchema, toPage } from '../http/pagination.js';
import { problemResponses } from '../http/problem.js';
import { reuseSerializedBodies } from '../http/reused-bodies.js';
import { idParams } from '../http/schemas.js';
import { invitationDto, toInvitationDto } from '../invitations/schemas.js';
import { membershipWithOrganization, toMembershipWithOrganization } from '../organizations/schemas.js';
import {
  createUserRequest,
  updateUserRequest,
  userProfile,
  userSortFields,
  userUpdateRequest,
} from './schemas.js';
import * as service from './service.js';

/** Spec 4.4: users of the active organization, and the caller's own profile. */
export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Users'];
    app.get('/users', {
      schema: {
        tags,
        summary: 'List the users of the active organization (OWNER or ADMIN)',
        querystring: pageableQuery(userSortFields),
        response: { 200: pageSchema(userProfile), ...problemResponses(400, 401, 403) },
      },
      config: { pageable: true },
      handler: async (req) => {
        const p = pageRequest(req.query, 'created_at');
        const { rows, total } = await service.listTenantUsers(
          ctx,
          principalOf(req),
          await tenantOf(ctx, req),
          p,
        );
        const orgId = (await tenantOf(ctx, req)).organizationId;
        const content = await Promise.all(rows.map((u) => service.profileOf(ctx, u, orgId)));
        return toPage(content, p, total);
      },
    });
    app.post('/users', {
      schema: {
        tags,
        summary:
          'Create a user in the active organization (200), or invite an existing one (202) (OWNER or ADMIN)',
        description:
          'A new email becomes a user and a member at once. When an account already has the email, it is not added: ' +
          'an invitation is mailed instead and the answer is the invitation (202), without the user’s profile.',
        body: createUserRequest,
        response: { 200: userProfile, 202: invitationDto, ...problemResponses(400, 401, 403, 409) },
      },
      handler: async (req, reply) => {
        const tenant = await tenantOf(ctx, req);
        const made = await service.createTenantUser(ctx, principalOf(req), tenant, req.body);
        if ('invitation' in made) return reply.code(202).send(toInvitationDto(made.invitation));
        return reply.code(200).send(await service.profileOf(ctx, made.user, tenant.organizationId));
      },
    });
    app.get('/users/me', {
      schema: { tags, summary: 'Your profile', response: { 200: userProfile, ...problemResponses(401) } },
      // The hottest authenticated read: a cached principal's profile is one object, serialized once.
      serializerCompiler: reuseSerializedBodies(serializerCompiler),
      handler: async (req) => service.ownProfile(ctx, principalOf(req)),
    });
    app.put('/users/me', {
      schema: {
        tags,
        summary: 'Update your profile',
        body: userUpdateRequest,
        response: { 200: userProfile, ...problemResponses(400, 401) },
      },
      handler: async (req) => service.profileOf(ctx, await service.updateMe(ctx, principalOf(req), req.body)),
    });
    app.get('/users/me/organizations', {
      schema: {
        tags,
        summary: 'Your memberships, with their organizations',
        response: { 200: z.array(membershipWithOrganization), ...problemResponses(401) },
      },
      handler: async (req) =>
        (await service.membershipsOf(ctx, principalOf(req).user.id)).map(toMembershipWithOrganization),
    });
    app.get('/users/:id', {
      schema: {
        tags,
        summary: 'A user of the active organization',
        params: idParams,
        response: { 200: userProfile, ...problemResponses(400, 401, 403, 404) },
      },
      handler: async (req) => {
        const tenant = await tenantOf(ctx, req);
        return service.profileOf(
          ctx,
          await service.getTenantUser(ctx, tenant, req.params.id),
          tenant.organizationId,
        );
      },
    });
    app.put('/users/:id', {
      schema: {
        tags,
        summary: 'Update a user of the active organization (OWNER or ADMIN)',
        params: idParams,
        body: updateUserRequest,
        response: { 200: userProfile, ...problemResponses(400, 401, 403, 404, 409) },
      },
      handler: async (req) => {
        const tenant = await tenantOf(ctx, req);
        const user = await service.updateTenantUser(ctx, principalOf(req), tenant, req.params.id, req.body);
        return service.profileOf(ctx, user, tenant.organizationId);
      },
    });
    app.delete('/users/:id', {
      schema: {
        tags,
        summary: 'Soft-delete a user of the active organization (OWNER or ADMIN)',
        params: idParams,
        response: { 204: z.null(), ...problemResponses(400, 401, 403, 404, 409) },
      },
      handler: async (req, reply) => {
        await service.deleteTenantUser(ctx, principalOf(req), await tenantOf(ctx, req), req.params.id);
        return reply.code(204).send(null);
      },
    });
    app.post('/users/:id/restore', {
      schema: {
        tags,
        summary: 'Restore a soft-deleted user (SYSTEM_ADMIN)',
        params: idParams,
        response: { 200: userProfile, ...problemResponses(400, 401, 403, 404) },
      },
      handler: async (req) =>
        service.profileOf(ctx, await service.restoreUser(ctx, principalOf(req), req.params.id)),
    });
  };
}
