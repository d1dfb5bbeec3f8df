import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TENANT, TENANT_ADMIN } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { requireNoParameters } from '../http/no-parameters.js';
import { perPageQuery, perPageWindow, toDataPage } from '../http/pagination.js';
import { HttpProblem, problemResponses } from '../http/problem.js';
import { idParams } from '../http/schemas.js';
import {
  benchmarkListDto,
  benchmarkRunDto,
  benchmarkRunListDto,
  benchmarkScoreListDto,
  toBenchmarkDto,
  toRunDto,
  toScoreDto,
} from './schemas.js';
import * as service from './service.js';

/** `/api/benchmarks` (spec 4.1): benchmarks of the active organization and their latest values. */
export function benchmarkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Benchmarks'];
    app.get('/benchmarks', {
      config: { access: TENANT },
      schema: {
        tags,
        summary: 'List benchmarks with their latest run and latest value per group',
        querystring: perPageQuery(),
        response: { 200: benchmarkListDto, ...problemResponses(400, 401, 403) },
      },
      handler: async (req) => {
        const all = await service.listBenchmarks(ctx, req.auth.tenant);
        const { page, size } = perPageWindow(req.query);
        return toDataPage(
          all.slice(page * size, (page + 1) * size).map(toBenchmarkDto),
          req.query,
          all.length,
        );
      },
    });
    app.get('/benchmarks/:id/runs', {
      config: { access: TENANT },
      schema: {
        tags,
        summary: 'The kept runs of a benchmark, newest first',
        params: idParams,
        response: { 200: benchmarkRunListDto, ...problemResponses(400, 401, 403, 404) },
      },
      handler: async (req) => {
        const runs = await service.listBenchmarkRuns(ctx, req.auth.tenant, req.params.id);
        return { data: runs.map(toRunDto), meta: { total: runs.length, page: 1, per_page: runs.length } };
      },
    });
    app.get('/benchmarks/:id/scores', {
      config: { access: TENANT },
      schema: {
        tags,
        summary: "Per-document scores of a benchmark's latest successful run, highest first",
        description:
          'With the group and its benchmark value per document: the data of the score distribution. `flagged=true` lists the flagged documents only.',
        params: idParams,
        querystring: perPageQuery(100, 1000).extend({
          flagged: z
            .enum(['true', 'false'])
            .transform((v) => v === 'true')
            .optional(),
        }),
        response: { 200: benchmarkScoreListDto, ...problemResponses(400, 401, 403, 404) },
      },
      handler: async (req) => {
        const q = req.query;
        const out = await service.listBenchmarkScores(ctx, req.auth.tenant, req.params.id, {
          ...perPageWindow(q),
          flagged: q.flagged,
        });
        return {
          run: out.run ? toRunDto(out.run) : null,
          ...toDataPage(out.rows.map(toScoreDto), q, out.total),
        };
      },
    });
    app.post('/benchmarks/:id/runs', {
      config: { access: TENANT_ADMIN },
      schema: {
        tags,
        summary: 'Run a benchmark now and wait for it (OWNER or ADMIN)',
        description: 'The request has no parameters (no body, or `{}`).',
        params: idParams,
        response: { 201: benchmarkRunDto, ...problemResponses(400, 401, 403, 404, 409) },
      },
      handler: async (req, reply) => {
        requireNoParameters(req.body);
        const out = await service.runBenchmarkNow(ctx, req.auth.principal, req.auth.tenant, req.params.id);
        if (out.status === 'SKIPPED') throw new HttpProblem(409, out.reason);
        return reply.code(201).send(toRunDto(out.run));
      },
    });
  };
}
