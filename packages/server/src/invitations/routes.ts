import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRINCIPAL, PUBLIC, TENANT } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { pageableQuery, pageRequest, pageSchema, toPage } from '../http/pagination.js';
import { problemResponses } from '../http/problem.js';
import type { RouteApp } from '../http/route-app.js';
import { idParams, orgIdParams } from '../http/schemas.js';
import { membershipDto, toMembershipDto } from '../organizations/schemas.js';
import {
  createInvitationRequest,
  invitationDto,
  invitationSortFields,
  publicInvitationDto,
  toInvitationDto,
  toPublicInvitationDto,
} from './schemas.js';
import * as service from './service.js';

const tags = ['Invitations'];

/** Spec 4.5: invitations by email, accepted by the invitee. */
export function invitationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    invitationCreateAndListRoutes(app, ctx);
    invitationActionRoutes(app, ctx);
  };
}

/** POST /invitations, the caller's invitations and an organization's invitations. */
function invitationCreateAndListRoutes(app: RouteApp, ctx: AppContext): void {
  app.post('/invitations', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Invite an email to an organization (OWNER or ADMIN); the link is emailed',
      body: createInvitationRequest,
      response: { 200: invitationDto, ...problemResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) =>
      toInvitationDto(await service.createInvitation(ctx, req.auth.principal, req.auth.tenant, req.body)),
  });
  app.get('/invitations/me', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Pending invitations addressed to your email',
      response: { 200: z.array(invitationDto), ...problemResponses(401) },
    },
    handler: async (req) => (await service.myInvitations(ctx, req.auth.principal)).map(toInvitationDto),
  });
  app.get('/invitations/organization/:orgId', {
    schema: {
      tags,
      summary: 'Invitations of an organization (OWNER or ADMIN)',
      params: orgIdParams,
      querystring: pageableQuery(invitationSortFields),
      response: { 200: pageSchema(invitationDto), ...problemResponses(400, 401, 403, 404) },
    },
    config: { pageable: true, access: PRINCIPAL },
    handler: async (req) => {
      const p = pageRequest(req.query, 'created_at', 'desc');
      const { rows, total } = await service.listOrganizationInvitations(
        ctx,
        req.auth.principal,
        req.params.orgId,
        p,
      );
      return toPage(rows.map(toInvitationDto), p, total);
    },
  });
}

/** One invitation: accept, reject, resend, revoke, or read it by its token. */
function invitationActionRoutes(app: RouteApp, ctx: AppContext): void {
  app.post('/invitations/:id/accept', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Accept an invitation addressed to your email; creates the membership',
      params: idParams,
      response: {
        200: z.object({ invitation: invitationDto, membership: membershipDto }),
        ...problemResponses(400, 401, 404, 409),
      },
    },
    handler: async (req) => {
      const r = await service.acceptInvitation(ctx, req.auth.principal, req.params.id);
      return { invitation: toInvitationDto(r.invitation), membership: toMembershipDto(r.membership) };
    },
  });
  app.post('/invitations/:id/reject', {
    config: { access: PRINCIPAL },
    schema: {
      tags,
      summary: 'Reject an invitation addressed to your email',
      params: idParams,
      response: { 200: invitationDto, ...problemResponses(400, 401, 404, 409) },
    },
    handler: async (req) =>
      toInvitationDto(await service.rejectInvitation(ctx, req.auth.principal, req.params.id)),
  });
  app.post('/invitations/:id/resend', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Resend with a new token and expiry (OWNER or ADMIN)',
      params: idParams,
      response: { 200: invitationDto, ...problemResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) =>
      toInvitationDto(
        await service.resendInvitation(ctx, req.auth.principal, req.auth.tenant, req.params.id),
      ),
  });
  app.post('/invitations/:id/revoke', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Revoke an invitation (OWNER or ADMIN)',
      params: idParams,
      response: { 200: invitationDto, ...problemResponses(400, 401, 403, 404, 409) },
    },
    handler: async (req) =>
      toInvitationDto(
        await service.revokeInvitation(ctx, req.auth.principal, req.auth.tenant, req.params.id),
      ),
  });
  app.get('/invitations/:token', {
    schema: {
      tags,
      summary: 'Invitation details from the emailed token (public)',
      security: [],
      params: z.object({ token: z.string().min(1).max(200) }),
      response: { 200: publicInvitationDto, ...problemResponses(404) },
    },
    config: { access: PUBLIC },
    handler: async (req) => toPublicInvitationDto(await service.invitationByToken(ctx, req.params.token)),
  });
}
