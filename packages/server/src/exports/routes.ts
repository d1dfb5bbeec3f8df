import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TENANT, TENANT_OWNER } from '../auth/access.js';
import type { AppContext } from '../context.js';
import { requireNoParameters } from '../http/no-parameters.js';
import { pageableQuery, pageSchema, toPage } from '../http/pagination.js';
import { problemResponses } from '../http/problem.js';
import { idParams, iso, uuid } from '../http/schemas.js';
import type { ExportRow } from './repository.js';
import * as service from './service.js';

const exportDto = z
  .object({
    id: uuid,
    organization_id: uuid,
    status: z.enum(['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED']),
    size_bytes: z.number().int().nullable(),
    counts: z.record(z.string(), z.number().int()).describe('manifest records per type'),
    error: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    expires_at: z.string().nullable().describe('the archive is deleted after this'),
    download_url: z.string().nullable(),
  })
  .meta({ id: 'OrganizationExport' });

function toExportDto(r: ExportRow): z.infer<typeof exportDto> {
  return {
    id: r.id,
    organization_id: r.organizationId,
    status: r.status,
    size_bytes: r.sizeBytes,
    counts: r.counts,
    error: r.error,
    created_at: iso(r.createdAt) ?? '',
    finished_at: iso(r.finishedAt),
    expires_at: iso(r.expiresAt),
    download_url: r.status === 'SUCCEEDED' && r.archiveSha256 ? `/api/v1/exports/${r.id}/download` : null,
  };
}

/** Organization exports (docs/export.md): OWNER only. */
export function exportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Exports'];
    app.post('/exports', {
      config: { access: TENANT_OWNER },
      schema: {
        tags,
        summary: 'Start an export of the active organization (OWNER); a job writes the archive',
        description:
          'One export runs at a time per organization: 409 (with `export_id`) while another is PENDING or ' +
          'RUNNING within its time limit. The request has no parameters (no body, or `{}`).',
        response: { 202: exportDto, ...problemResponses(400, 401, 403, 409) },
      },
      handler: async (req, reply) => {
        requireNoParameters(req.body);
        const row = await service.startExport(ctx, req.auth.principal, req.auth.tenant);
        return reply.code(202).send(toExportDto(row));
      },
    });
    app.get('/exports', {
      schema: {
        tags,
        summary: 'Exports of the active organization, newest first (OWNER)',
        querystring: pageableQuery(['created_at']),
        response: { 200: pageSchema(exportDto), ...problemResponses(400, 401, 403) },
      },
      config: { pageable: true, access: TENANT_OWNER },
      handler: async (req) => {
        const p = { page: req.query.page, size: req.query.size };
        const { rows, total } = await service.listExports(ctx, req.auth.principal, req.auth.tenant, p);
        return toPage(rows.map(toExportDto), p, total);
      },
    });
    app.get('/exports/:id', {
      config: { access: TENANT_OWNER },
      schema: {
        tags,
        summary: 'An export and its status (OWNER)',
        params: idParams,
        response: { 200: exportDto, ...problemResponses(400, 401, 403, 404) },
      },
      handler: async (req) =>
        toExportDto(await service.getExport(ctx, req.auth.principal, req.auth.tenant, req.params.id)),
    });
    app.get('/exports/:id/download', {
      config: { access: TENANT },
      schema: {
        tags,
        summary: 'The export archive (application/zip) once SUCCEEDED (OWNER)',
        params: idParams,
      },
      handler: async (req, reply) => {
        const { row, bytes } = await service.exportArchive(
          ctx,
          req.auth.principal,
          req.auth.tenant,
          req.params.id,
        );
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="export-${row.organizationId}-${row.id}.zip"`)
          .send(bytes);
      },
    });
  };
}
