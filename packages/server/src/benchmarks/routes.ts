import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, tenantOf } from '../auth/request.js';
import type { AppContext } from '../context.js';
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
      schema: {
        tags,
        summary: 'List benchmarks with their latest run and latest value per group',
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(1_000_000).default(1),
          per_page: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: benchmarkListDto, ...problemResponses(400, 401, 403) },
      },
      handler: async (req) => {
        const { page, per_page } = req.query;
        const all = await service.listBenchmarks(ctx, await tenantOf(ctx, req));
        return {
          data: all.slice((page - 1) * per_page, page * per_page).map(toBenchmarkDto),
          meta: { total: all.length, page, per_page },
        };
      },
    });
    app.get('/benchmarks/:id/runs', {
      schema: {
        tags,
        summary: 'The kept runs of a benchmark, newest first',
        params: idParams,
        response: { 200: benchmarkRunListDto, ...problemResponses(400, 401, 403, 404) },
      },
      handler: async (req) => {
        const runs = await service.listBenchmarkRuns(ctx, await tenantOf(ctx, req), req.params.id);
        return { data: runs.map(toRunDto), meta: { total: runs.length, page: 1, per_page: runs.length } };
      },
    });
    app.get('/benchmarks/:id/scores', {
      schema: {
        tags,
        summary: "Per-document scores of a benchmark's latest successful run, highest first",
        description:
          'With the group and its benchmark value per document: the data of the score distribution. `flagged=true` lists the flagged documents only.',
        params: idParams,
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(1_000_000).default(1),
          per_page: z.coerce.number().int().min(1).max(1000).default(100),
          flagged: z
            .enum(['true', 'false'])
            .transform((v) => v === 'true')
            .optional(),
        }),
        response: { 200: benchmarkScoreListDto, ...problemResponses(400, 401, 403, 404) },
      },
      handler: async (req) => {
        const { page, per_page, flagged } = req.query;
        const out = await service.listBenchmarkScores(ctx, await tenantOf(ctx, req), req.params.id, {
          page,
          perPage: per_page,
          flagged,
        });
        return {
          run: out.run ? toRunDto(out.run) : null,
          data: out.rows.map(toScoreDto),
          meta: { total: out.total, page, per_page },
        };
      },
    });
    app.post('/benchmarks/:id/runs', {
      schema: {
        tags,
        summary: 'Run a benchmark now and wait for it (OWNER or ADMIN)',
        params: idParams,
        response: { 201: benchmarkRunDto, ...problemResponses(400, 401, 403, 404, 409) },
      },
      handler: async (req, reply) => {
        const out = await service.runBenchmarkNow(
          ctx,
          principalOf(req),
          await tenantOf(ctx, req),
          req.params.id,
        );
        if (out.status === 'SKIPPED') throw new HttpProblem(409, out.reason);
        return reply.code(201).send(toRunDto(out.run));
      },
    });
  };
}
