import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TENANT } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { pageableQuery, pageSchema, parseSort, toPage } from '../http/pagination.js';
import { problemResponses } from '../http/problem.js';
import { isoDateTime, uuid } from '../http/schemas.js';
import { auditEntryDto, toAuditEntryDto } from './schemas.js';
import { listAuditLog } from './service.js';

/** GET /audit-log: who changed what, when and from where (docs/audit.md). */
export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/audit-log', {
      schema: {
        tags: ['Audit'],
        summary: 'The audit log of the active organization (OWNER, ADMIN), newest first',
        description:
          'With `platform=true`, the platform entries (actions outside any organization), for SYSTEM_ADMIN only.',
        querystring: pageableQuery(['created_at']).extend({
          actor_user_id: uuid.optional(),
          actor_api_key_id: uuid.optional(),
          action: z.string().min(1).max(200).optional().describe('exact action, e.g. api_key.create'),
          resource_type: z.string().min(1).max(100).optional(),
          resource_id: z.string().min(1).max(200).optional(),
          from: isoDateTime.optional().describe('entries at or after (RFC 3339)'),
          to: isoDateTime.optional().describe('entries before (RFC 3339)'),
          platform: z.enum(['true', 'false']).optional(),
        }),
        response: { 200: pageSchema(auditEntryDto), ...problemResponses(400, 401, 403) },
      },
      config: { pageable: true, access: TENANT },
      handler: async (req) => {
        const q = req.query;
        const p = { page: q.page, size: q.size };
        const { rows, total, totalExact } = await listAuditLog(ctx, req.auth.principal, req.auth.tenant, {
          ...p,
          actorUserId: q.actor_user_id,
          actorApiKeyId: q.actor_api_key_id,
          action: q.action,
          resourceType: q.resource_type,
          resourceId: q.resource_id,
          from: q.from ? new Date(q.from) : undefined,
          to: q.to ? new Date(q.to) : undefined,
          platform: q.platform === 'true',
          direction: parseSort(q.sort, 'created_at', 'desc').direction,
        });
        return toPage(rows.map(toAuditEntryDto), p, total, totalExact);
      },
    });
  };
}
