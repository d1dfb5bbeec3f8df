import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TENANT, TENANT_ADMIN } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { perPageWindow, toDataPage } from '../http/pagination.js';
import { problemResponses } from '../http/problem.js';
import { idParams } from '../http/schemas.js';
import {
  contractCreateRequest,
  contractDetailDto,
  contractDto,
  contractListDto,
  contractListQuery,
  toContractDto,
  toContractVersionDto,
} from './schemas.js';
import * as service from './service.js';

/** `/api/contracts` (spec 4.1, 2.2; api-decisions §3): contracts of the active organization. */
export function contractRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Contracts'];
    app.get('/contracts', {
      config: { access: TENANT },
      schema: {
        tags,
        summary: 'List contracts; envelope {data, meta: {total, page, per_page}} (spec 2.2)',
        description:
          'page is 1-based; per_page defaults to 20, at most 100. Filters: status, vendor (substring, any case), renewal_before (renewal_date < the date). Sort by renewal_date (default), annual_value or vendor; order asc (default) or desc; nulls last.',
        querystring: contractListQuery,
        response: { 200: contractListDto, ...problemResponses(400, 401, 403) },
      },
      handler: async (req) => {
        const q = req.query;
        const { rows, total, totalExact } = await service.listContracts(ctx, req.auth.tenant, {
          ...perPageWindow(q),
          status: q.status,
          vendor: q.vendor,
          renewalBefore: q.renewal_before,
          sort: q.sort,
          order: q.order,
        });
        return toDataPage(rows.map(toContractDto), q, total, totalExact);
      },
    });
    app.post('/contracts', {
      config: { access: TENANT_ADMIN },
      schema: {
        tags,
        summary: 'Record a contract by hand (OWNER or ADMIN)',
        body: contractCreateRequest,
        response: { 201: contractDto, ...problemResponses(400, 401, 403, 409) },
      },
      handler: async (req, reply) => {
        const row = await service.createContract(ctx, req.auth.principal, req.auth.tenant, req.body);
        return reply.code(201).send(toContractDto(row));
      },
    });
    app.get('/contracts/:id', {
      config: { access: TENANT },
      schema: {
        tags,
        summary: 'A contract with its history of versions',
        params: idParams,
        response: { 200: contractDetailDto, ...problemResponses(400, 401, 403, 404) },
      },
      handler: async (req) => {
        const { row, history } = await service.getContract(ctx, req.auth.tenant, req.params.id);
        return { ...toContractDto(row), history: history.map(toContractVersionDto) };
      },
    });
  };
}
