/**
 * Post-processing of the generated OpenAPI 3.1 document.
 *
 * Spring's `pageable` (DESIGN.md §4): the routes validate `page`, `size` and `sort` as three query
 * keys, and the document declares them as what they are on the wire, one object parameter named
 * `pageable` with `style: form, explode: true` (OpenAPI 3.1 §4.8.12.4), so generated clients send
 * `?page=0&size=20&sort=name,asc`.
 *
 * Problem details: every error answer's body is `problemSchema` (http/problem.ts), which the
 * routes give a description per status; the document states it once, as `components.schemas.Problem`,
 * and each error response refers to it (its description stays on the response), so a generated
 * client has one problem type instead of one per operation and status.
 */
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { assignOperationIds } from './operation-ids.js';
import { problemSchema } from './problem.js';

type Json = Record<string, unknown>;
interface Parameter extends Json {
  name: string;
  in: string;
  schema?: Json;
  description?: string;
}

const PAGEABLE_KEYS = new Set(['page', 'size', 'sort']);

const problem = { $ref: '#/components/schemas/Problem' };

/** `problemSchema` as JSON Schema (the converter the routes' schemas go through, zod's own). */
const { $schema: _dialect, ...PROBLEM } = z.toJSONSchema(problemSchema) as Json;

/** Whether a response schema is `problemSchema` under a description of its own. */
function isProblem(schema: Json): boolean {
  const { description: _a, ...shape } = schema;
  const { description: _b, ...expected } = PROBLEM;
  return isDeepStrictEqual(shape, expected);
}
const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problem } },
});

/**
 * Operations whose bodies are not JSON, documented by hand: multipart upload and file download.
 */
const MANUAL: Record<string, Record<string, Json>> = {
  // Sign-out revokes the console session presented; any other credential is a 400 (auth/console-sessions.ts).
  '/api/v1/console/sessions/current': { delete: { security: [{ consoleSession: [] }] } },
  '/api/v1/documents': {
    post: {
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: {
                file: { type: 'string', format: 'binary', description: 'the document' },
                source_id: { type: 'string', format: 'uuid' },
                metadata: { type: 'string', description: 'a JSON object stored with the document' },
              },
            },
          },
        },
      },
    },
  },
  '/api/v1/documents/{id}/content': {
    get: {
      responses: {
        '200': {
          description: 'the file bytes',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
        '400': problemResponse('Invalid id'),
        '401': problemResponse('Authentication required'),
        '403': problemResponse('Not a member of the organization'),
        '404': problemResponse('Not found, or not in the caller’s tenant'),
      },
    },
  },
  '/api/v1/documents/export': {
    post: {
      responses: {
        '200': {
          description:
            'the selection as a file: CSV (a row per document) or a ZIP of the originals with documents.csv; `Content-Disposition: attachment`',
          content: {
            'text/csv': { schema: { type: 'string' } },
            'application/zip': { schema: { type: 'string', format: 'binary' } },
          },
        },
        '401': problemResponse('Authentication required'),
        '403': problemResponse('Not a member of the organization'),
        '404': problemResponse('An id is not a document of the organization; `errors` names each'),
      },
    },
  },
  '/api/v1/exports/{id}/download': {
    get: {
      responses: {
        '200': {
          description: 'the export archive',
          content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
        },
        '400': problemResponse('Invalid id'),
        '401': problemResponse('Authentication required'),
        '403': problemResponse('Only the OWNER downloads exports'),
        '404': problemResponse('Not found, or not in the caller’s tenant'),
        '409': problemResponse('The export has not finished'),
        '410': problemResponse('The export expired'),
      },
    },
  },
};

export function documentOpenApi<T>(doc: T): T {
  const paths = (doc as Json).paths as Record<string, Record<string, Json>> | undefined;
  const root = doc as Json;
  root.components ??= {};
  const components = root.components as Json;
  components.schemas ??= {};
  const schemas = components.schemas as Json;
  schemas.Problem ??= structuredClone(PROBLEM);
  components.securitySchemes ??= {};
  (components.securitySchemes as Json).consoleSession ??= {
    type: 'http',
    scheme: 'bearer',
    description: 'A console session token (dcs_…) from POST /api/v1/console/sessions',
  };
  // Error responses are problem details (RFC 9457 §3), sent as application/problem+json.
  // Every operation may answer 429 from the rate limiter (docs/operations.md).
  for (const operations of Object.values(paths ?? {})) {
    for (const op of Object.values(operations)) {
      op.responses ??= {};
      const responses = op.responses as Json;
      responses['429'] ??= problemResponse('Rate limit exceeded; see Retry-After and the RateLimit headers');
      // Any parameter or body can fail validation.
      if (op.parameters || op.requestBody)
        responses['400'] ??= problemResponse('Invalid request; `errors` names each invalid field');
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
        const content = response.content as Json | undefined;
        if (Number(status) >= 400 && content?.['application/json'] && !content['application/problem+json']) {
          content['application/problem+json'] = content['application/json'];
          delete content['application/json'];
        }
        const body = content?.['application/problem+json'] as { schema?: Json } | undefined;
        if (body?.schema && isProblem(body.schema)) body.schema = problem;
      }
    }
  }
  for (const [p, ops] of Object.entries(MANUAL)) {
    for (const [method, extra] of Object.entries(ops)) {
      const op = paths?.[p]?.[method];
      if (op)
        Object.assign(
          op,
          extra,
          extra.responses ? { responses: { ...(op.responses as Json), ...(extra.responses as Json) } } : {},
        );
    }
  }
  for (const operations of Object.values(paths ?? {})) {
    for (const op of Object.values(operations)) {
      const params = op.parameters as Parameter[] | undefined;
      if (!params) continue;
      const pageable = params.filter((p) => p.in === 'query' && PAGEABLE_KEYS.has(p.name));
      if (pageable.length !== PAGEABLE_KEYS.size) continue;
      const properties: Json = {};
      for (const p of pageable)
        properties[p.name] = {
          ...(p.schema ?? {}),
          ...(p.description ? { description: p.description } : {}),
        };
      op.parameters = [
        ...params.filter((p) => !(p.in === 'query' && PAGEABLE_KEYS.has(p.name))),
        {
          name: 'pageable',
          in: 'query',
          required: true,
          style: 'form',
          explode: true,
          description: 'Spring pageable: page (0-based), size (1–100), sort=field,asc|desc',
          schema: { type: 'object', properties, additionalProperties: false },
        },
      ];
    }
  }
  assignOperationIds(paths ?? {}, schemas);
  return doc;
}
