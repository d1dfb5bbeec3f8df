import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRINCIPAL } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { pageableQuery, pageRequest, pageSchema, toPage } from '../http/pagination.js';
import { problemResponses } from '../http/problem.js';
import type { RouteApp } from '../http/route-app.js';
import { orgIdParams, uuid } from '../http/schemas.js';
import { membershipDto, toMembershipDto } from '../organizations/schemas.js';
import {
  addMemberRequest,
  memberDto,
  memberSortFields,
  toMemberDto,
  transferOwnershipRequest,
  updateMemberRoleRequest,
} from './schemas.js';
import * as service from './service.js';

const tags = ['Organization members'];
const memberParams = z.object({ orgId: uuid, userId: uuid });

/** Spec 4.8: memberships of an organization. */
export function memberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    memberListAndAddRoutes(app, ctx);
    memberChangeRoutes(app, ctx);
  };
}

/** An organization's members: list, add, transfer ownership. */
function memberListAndAddRoutes(app: RouteApp, ctx: AppContext): void {
  app.get('/organizations/:orgId/members', {
    schema: {
      tags,
      summary: 'List members (OWNER or ADMIN)',
      params: orgIdParams,
      querystring: pageableQuery(memberSortFields),
      response: { 200: pageSchema(memberDto), ...problemResponses(400, 401, 403, 404) },
    },
    config: { pageable: true, access: PRINCIPAL },
    handler: async (req) => {
      const p = pageRequest(req.query, 'created_at');
      const { rows, total } = await service.listMembers(ctx, req.auth.principal, req.params.orgId, p);
      return toPage(rows.map(toMemberDto), p, total);
    },
  });
  app.post('/organizations/:orgId/members', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Add a member by user id or by email (OWNER or ADMIN)',
      description:
        'With `user_id` the user becomes a member at once. With `email` an invitation is mailed and the answer is the ' +
        'created membership either way: of a new user when no account has the address, else of a stand-in that becomes ' +
        'the person’s own membership when they accept (the answer does not tell which).',
      params: orgIdParams,
      body: addMemberRequest,
      response: { 200: membershipDto, ...problemResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) =>
      toMembershipDto(await service.addMember(ctx, req.auth.principal, req.params.orgId, req.body)),
  });
  app.post('/organizations/:orgId/members/transfer-ownership', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Transfer ownership to another member (OWNER); you become ADMIN',
      params: orgIdParams,
      body: transferOwnershipRequest,
      response: { 200: membershipDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      toMembershipDto(
        await service.transferOwnership(ctx, req.auth.principal, req.params.orgId, req.body.new_owner_id),
      ),
  });
}

/** One member: remove, change role. */
function memberChangeRoutes(app: RouteApp, ctx: AppContext): void {
  app.delete('/organizations/:orgId/members/:userId', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Remove a member (OWNER or ADMIN); the OWNER cannot be removed',
      params: memberParams,
      response: { 204: z.null(), ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      await service.removeMember(ctx, req.auth.principal, req.params.orgId, req.params.userId);
      return reply.code(204).send(null);
    },
  });
  app.put('/organizations/:orgId/members/:userId/role', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Change a member’s role to ADMIN or MEMBER (OWNER or ADMIN)',
      params: memberParams,
      body: updateMemberRoleRequest,
      response: { 200: membershipDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) =>
      toMembershipDto(
        await service.updateMemberRole(
          ctx,
          req.auth.principal,
          req.params.orgId,
          req.params.userId,
          req.body.role,
        ),
      ),
  });
}
