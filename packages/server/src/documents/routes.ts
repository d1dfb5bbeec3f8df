import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TENANT, TENANT_ADMIN } from '../auth/access.js';
import type { BlobStore } from '../blobs/store.js';
import type { AppContext } from '../context.js';
import { pageableQuery, pageJson, pageSchema, parseSort } from '../http/pagination.js';
import { HttpProblem, notFound, problemResponses } from '../http/problem.js';
import type { RouteApp } from '../http/route-app.js';
import { idParams, isoDateTime, uuid } from '../http/schemas.js';
import { documentJson } from './json.js';
import {
  confirmLabelsRequest,
  documentDto,
  documentSortFields,
  documentTextDto,
  snippetHtml,
  toDocumentDto,
  uploadedDto,
} from './schemas.js';
import * as service from './service.js';
import { type StagedUpload, stageUpload } from './staging.js';

/**
 * Reads a multipart upload: the single file part (`file`) and the text fields, in whatever order
 * the client sent them (`curl -F file=@x -F source_id=…` puts the fields after the file).
 *
 * @throws HttpProblem 400 for a malformed body (no boundary, truncated), no file or a second
 *   file; 413 over `maxBytes`
 */
async function readUpload(req: FastifyRequest, maxBytes: number, blobs: BlobStore) {
  let file: { filename: string; mimetype: string; staged: StagedUpload } | undefined;
  const fields: Record<string, string> = {};
  let staging: string | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer();
          continue;
        }
        // Written to the blob store's staging file and hashed as the chunks arrive (tens of KiB
        // each): a 50 MB upload is never held in memory nor hashed in one pass (decision 352).
        staging = await blobs.stagingPath();
        const staged = await stageUpload(part.file, staging);
        if (part.file.truncated)
          throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        file = { filename: part.filename, mimetype: part.mimetype, staged };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (staging) await rm(staging, { force: true });
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpProblem(413, `The file is larger than the limit of ${maxBytes} bytes`);
    }
    if (code === 'FST_FILES_LIMIT') {
      throw new HttpProblem(400, 'Send one file per request', {
        errors: [{ field: 'body.file', message: 'only one file is accepted' }],
      });
    }
    throw new HttpProblem(400, `Malformed multipart body: ${(err as Error).message}`, {
      errors: [{ field: 'body', message: 'not a valid multipart/form-data body' }],
    });
  }
  if (!file) {
    throw new HttpProblem(400, 'The multipart body has no file', {
      errors: [{ field: 'body.file', message: 'required' }],
    });
  }
  return { file, fields };
}

const tags = ['Documents'];

type AttachmentJson = z.infer<typeof documentTextDto>['attachments'][number];

/**
 * An email's attachment outcomes from its parse metadata. Emails parsed before decision 692 kept
 * only the names: those read as attachments without a known document.
 */
function attachmentsOf(content: { parseMetadata: Record<string, unknown> }): AttachmentJson[] {
  const stored = content.parseMetadata.attachments;
  if (!Array.isArray(stored)) return [];
  return stored.map((a: unknown) =>
    typeof a === 'string' ? { filename: a, document_id: null, error: null } : (a as AttachmentJson),
  );
}

/** What the document routes show from domains above documents, handed in by app.ts. */
export interface DocumentRouteLinks {
  /**
   * benchmarks/service.ts `benchmarkScoresOf`: the document's scores in the latest successful
   * run of each benchmark of its organization (the DTO's `benchmark_scores`).
   */
  benchmarkScoresOf: (ctx: AppContext, document: { id: string; organizationId: string }) => Promise<object[]>;
  /** sources/records.ts `sourceInOrganization`: the check of an upload's `source_id`. */
  sourceInOrganization: service.SourceCheck;
}

/** api-decisions §3: documents of the active organization. */
export function documentRoutes(ctx: AppContext, links: DocumentRouteLinks): FastifyPluginAsyncZod {
  return async (app) => {
    uploadRoute(app, ctx, links);
    listRoute(app, ctx);
    documentByIdRoutes(app, ctx, links);
    documentChangeRoutes(app, ctx);
  };
}

/** POST /documents: a multipart upload, stored and queued for processing. */
function uploadRoute(app: RouteApp, ctx: AppContext, links: DocumentRouteLinks): void {
  app.post('/documents', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'Upload a document (multipart field `file`; optional `source_id`, `metadata` JSON)',
      description:
        'The type is detected from the bytes. The same bytes already in the organization answer the existing document with `duplicate: true`. Processing (parse, classify, extract) runs in the background.',
      response: { 202: uploadedDto, ...problemResponses(400, 401, 403, 413, 415, 429) },
    },
    handler: async (req, reply) => {
      const { tenant } = req.auth;
      if (!req.isMultipart()) {
        throw new HttpProblem(415, 'Send the file as multipart/form-data with a field named "file"');
      }
      const { file, fields } = await readUpload(req, ctx.config.uploadMaxBytes, ctx.blobs);
      const answerUpload = async () => {
        const sourceId = fields.source_id;
        if (sourceId !== undefined && !uuid.safeParse(sourceId).success) {
          throw new HttpProblem(400, 'source_id must be a UUID', {
            errors: [{ field: 'body.source_id', message: 'must be a UUID' }],
          });
        }
        let metadata: Record<string, unknown> = {};
        const rawMetadata = fields.metadata;
        if (rawMetadata !== undefined) {
          try {
            const parsed = JSON.parse(rawMetadata) as unknown;
            if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
              throw new Error('not an object');
            metadata = parsed as Record<string, unknown>;
          } catch {
            throw new HttpProblem(400, 'metadata must be a JSON object', {
              errors: [{ field: 'body.metadata', message: 'must be a JSON object' }],
            });
          }
          // PostgreSQL text cannot hold U+0000 (JSON.stringify writes it as \u0000): a json column
          // takes the escape, but reading the value as text (`->>`) would then fail.
          if (JSON.stringify(metadata).includes('\\u0000')) {
            throw new HttpProblem(400, 'metadata contains a NUL character', {
              errors: [{ field: 'body.metadata', message: 'NUL characters are not allowed' }],
            });
          }
        }
        if (file.filename.includes('\u0000')) {
          throw new HttpProblem(400, 'The file name contains a NUL character', {
            errors: [{ field: 'body.file', message: 'NUL characters are not allowed in the file name' }],
          });
        }
        if (sourceId !== undefined)
          await service.requireUploadSource(ctx, tenant, sourceId, links.sourceInOrganization);
        const { document, created } = await service.ingestStagedUpload(ctx, tenant.organizationId, {
          staged: file.staged,
          filename: file.filename,
          declaredMime: file.mimetype,
          sourceId: sourceId ?? null,
          metadata,
        });
        return reply.code(202).send({ ...toDocumentDto(document), duplicate: !created });
      };
      try {
        return await answerUpload();
      } finally {
        // Stored by now (moved into the store), or refused: the staging file goes either way.
        await rm(file.staged.path, { force: true });
      }
    },
  });
}

/** GET /documents: the documents of the organization, listed or searched. */
function listRoute(app: RouteApp, ctx: AppContext): void {
  app.get('/documents', {
    schema: {
      tags,
      summary:
        'List or search documents (q; filter by status, source_id, label, created time, labels_confirmed)',
      description:
        'With `q`, a full-text search over the text, extracted values, labels and filename in web-search syntax (words, "quoted phrase", or, -word; docs/search.md): hits come best first and carry `search.rank` and a highlighted `search.snippet`; `sort` is then ignored.',
      querystring: pageableQuery(documentSortFields).extend({
        q: z.string().trim().min(1).max(500).optional().describe('full-text query (web-search syntax)'),
        status: z.enum(['RECEIVED', 'PROCESSING', 'PROCESSED', 'FAILED']).optional(),
        source_id: uuid.optional(),
        label: z.string().min(1).max(100).optional().describe('documents whose path contains this label'),
        created_after: isoDateTime.optional().describe('created at or after (RFC 3339)'),
        created_before: isoDateTime.optional().describe('created before (RFC 3339)'),
        labels_confirmed: z
          .enum(['true', 'false'])
          .optional()
          .describe('true: labels confirmed by a person; false: not yet (the review queue)'),
      }),
      response: { 200: pageSchema(documentDto), ...problemResponses(400, 401, 403) },
    },
    config: { pageable: true, access: TENANT },
    handler: async (req, reply) => {
      const q = req.query;
      const filters = {
        page: q.page,
        size: q.size,
        status: q.status,
        sourceId: q.source_id,
        label: q.label,
        createdAfter: q.created_after ? new Date(q.created_after) : undefined,
        createdBefore: q.created_before ? new Date(q.created_before) : undefined,
        labelsConfirmed: q.labels_confirmed === undefined ? undefined : q.labels_confirmed === 'true',
      };
      const { tenant } = req.auth;
      if (q.q !== undefined) {
        const { hits, total, totalExact } = await service.searchDocuments(ctx, tenant, q.q, filters);
        const found = hits.map((h) => documentJson(h.row, { rank: h.rank, snippet: snippetHtml(h.snippet) }));
        return reply
          .type('application/json; charset=utf-8')
          .send(pageJson(found, filters, total, totalExact) as never);
      }
      const p = { ...filters, ...parseSort(q.sort, 'created_at', 'desc') };
      const { rows, total, totalExact } = await service.listDocuments(ctx, tenant, p);
      // Written as text around the stored JSON, as the search's (decision 613).
      return reply.type('application/json; charset=utf-8').send(
        pageJson(
          rows.map((r) => documentJson(r)),
          p,
          total,
          totalExact,
        ) as never,
      );
    },
  });
}

/** One document: read, its content and text, reprocess. */
function documentByIdRoutes(app: RouteApp, ctx: AppContext, links: DocumentRouteLinks): void {
  /** The document as the API shows it, with its latest benchmark scores. */
  const withScores = async (row: Parameters<typeof toDocumentDto>[0]) =>
    toDocumentDto(row, (await links.benchmarkScoresOf(ctx, row)) as Record<string, unknown>[]);
  app.get('/documents/:id', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'A document with its labels, classification trace and extraction',
      params: idParams,
      response: { 200: documentDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) => withScores(await service.getDocument(ctx, req.auth.tenant, req.params.id)),
  });
  app.get('/documents/:id/content', {
    config: { access: TENANT },
    schema: { tags, summary: 'The stored file bytes', params: idParams },
    handler: async (req, reply) => {
      const { row, bytes } = await service.documentBytes(ctx, req.auth.tenant, req.params.id);
      return reply
        .type(row.mimeType ?? 'application/octet-stream')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.filename)}`)
        .send(bytes);
    },
  });
  app.get('/documents/:id/text', {
    config: { access: TENANT },
    schema: {
      tags,
      summary: 'The parsed text, whole and per page',
      params: idParams,
      response: { 200: documentTextDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const row = await service.getDocument(ctx, req.auth.tenant, req.params.id);
      const content = await service.documentText(ctx, row.id);
      if (!content) throw notFound('Parsed text (the document is not parsed yet)');
      const ocr = content.parseMetadata.ocr as z.infer<typeof documentTextDto>['ocr'] | undefined;
      return {
        text: content.text,
        pages: content.pages,
        ocr: ocr ?? null,
        attachments: attachmentsOf(content),
      };
    },
  });
  app.post('/documents/:id/reprocess', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Run the pipeline again from parsing (OWNER or ADMIN)',
      params: idParams,
      response: { 202: documentDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      const row = await service.reprocessDocument(ctx, req.auth.principal, req.auth.tenant, req.params.id);
      if (!row) throw notFound('Document');
      return reply.code(202).send(toDocumentDto(row));
    },
  });
}

/** One document: replace its labels, delete it. */
function documentChangeRoutes(app: RouteApp, ctx: AppContext): void {
  app.put('/documents/:id/labels', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Confirm or correct the labels; confirmed documents train the built-in classifier',
      params: idParams,
      body: confirmLabelsRequest,
      response: { 200: documentDto, ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req) => {
      const row = await service.confirmLabels(
        ctx,
        req.auth.principal,
        req.auth.tenant,
        req.params.id,
        req.body.labels,
      );
      if (!row) throw notFound('Document');
      return toDocumentDto(row);
    },
  });
  app.delete('/documents/:id', {
    config: { access: TENANT_ADMIN },
    schema: {
      tags,
      summary: 'Delete a document and its file (OWNER or ADMIN)',
      params: idParams,
      response: { 204: z.null(), ...problemResponses(400, 401, 403, 404) },
    },
    handler: async (req, reply) => {
      await service.deleteDocument(ctx, req.auth.principal, req.auth.tenant, req.params.id);
      return reply.code(204).send(null);
    },
  });
}
