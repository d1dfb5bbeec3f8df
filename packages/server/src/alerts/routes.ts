import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TENANT, TENANT_ADMIN } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { perPageWindow, toDataPage } from '../http/pagination.js';
import { problemResponses } from '../http/problem.js';
import { idParams } from '../http/schemas.js';
import { alertDto, alertListDto, alertListQuery, alertUpdateRequest, toAlertDto } from './schemas.js';
import * as service from './service.js';

/** `/api/alerts` (spec 4.1, api-decisions §3): alerts of the active organization. */
export function alertRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Alerts'];
    app.get('/alerts', {
      config: { access: TENANT },
      schema: {
        tags,
        summary: 'List alerts, newest first or by due date (filters status, kind); envelope {data, meta}',
        querystring: alertListQuery,
        response: { 200: alertListDto, ...problemResponses(400, 401, 403) },
      },
      handler: async (req) => {
        const q = req.query;
        const { rows, total, totalExact, today } = await service.listAlerts(ctx, req.auth.tenant, {
          ...perPageWindow(q),
          status: q.status,
          kind: q.kind,
          sort: q.sort,
          order: q.order ?? (q.sort === 'due_date' ? 'asc' : 'desc'),
        });
        return toDataPage(
          rows.map((a) => toAlertDto(a, today)),
          q,
          total,
          totalExact,
        );
      },
    });
    app.put('/alerts/:id', {
      config: { access: TENANT_ADMIN },
      schema: {
        tags,
        summary: 'Acknowledge, snooze, resolve, dismiss or reopen an alert (OWNER or ADMIN)',
        description:
          'SNOOZED requires `snoozed_until` in the future; the alert comes back OPEN when that time passes.',
        params: idParams,
        body: alertUpdateRequest,
        response: { 200: alertDto, ...problemResponses(400, 401, 403, 404, 409) },
      },
      handler: async (req) => {
        const row = await service.updateAlert(
          ctx,
          req.auth.principal,
          req.auth.tenant,
          req.params.id,
          req.body,
        );
        return toAlertDto(row, await service.alertsToday(ctx, req.auth.tenant.organizationId));
      },
    });
  };
}
