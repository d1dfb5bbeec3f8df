/**
 * The document list and search written around their stored JSON (src/documents/json.ts, decision 613) says
 * what the response schema's serializer says of the same rows: real pipeline results
 * (test/support/processed-documents.json: contracts, NDAs, invoices, policies from the demo), a
 * corrected extraction, and none at all, written to the `json` columns by the driver (decision
 * 615). Rows stored before migrations 0014 and 0015 (jsonb, older shapes): test/db/migration-json.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassificationStep, StoredExtraction } from '../../src/db/schema.js';
import { putContent } from '../../src/documents/content-repository.js';
import { findDocumentById, updateDocument } from '../../src/documents/repository.js';
import { documentDto, toDocumentDto } from '../../src/documents/schemas.js';
import { pageSchema, toPage } from '../../src/http/pagination.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../support/app.js';
import { insertStoredDocument } from './helpers.js';

interface Processed {
  filename: string;
  labels: string[];
  classification_trace: ClassificationStep[];
  extraction: StoredExtraction | null;
  metadata: Record<string, unknown>;
  step_timings: Record<string, number>;
  ontology_version: number | null;
}

const processed = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../support/processed-documents.json'), 'utf8'),
) as Processed[];

/** What the route sent before: each row through toDocumentDto and the schema's serializer. */
const serialize = serializerCompiler({
  schema: pageSchema(documentDto),
  method: 'GET',
  url: '/api/v1/documents',
} as never) as (data: unknown) => string;

describe('GET /documents writes its stored JSON as the schema would', () => {
  let app: TestApp;
  let user: TestUser;
  const ids: string[] = [];

  /** Stores a processed document with these pipeline results; returns its id. */
  async function store(p: Processed, i: number) {
    const row = await insertStoredDocument(
      app.ctx.db,
      user.personalOrgId,
      p.filename,
      `json-${i}`,
      p.metadata,
    );
    // A parsed text, so the document is searchable by it (the vector is refreshed with the labels).
    const text = `${p.filename}: the ${p.labels.join(' ')} agreement as parsed.`;
    await putContent(app.ctx.db, { documentId: row.id, text, pages: [text], parseMetadata: {} });
    await updateDocument(app.ctx.db, row.id, {
      status: 'PROCESSED',
      labels: p.labels,
      classificationTrace: p.classification_trace,
      extraction: p.extraction,
      stepTimings: p.step_timings,
      ontologyVersion: p.ontology_version,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      processedAt: new Date(Date.UTC(2026, 0, 2, 0, i)),
    });
    ids.push(row.id);
  }

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '0' }));
    user = await signUp(app);
    const contract = processed.find((p) => p.extraction && Object.keys(p.extraction.data).length > 2);
    if (!contract?.extraction) throw new Error('the fixture has no extracted contract');
    const variants: Processed[] = [
      ...processed,
      {
        ...contract,
        filename: 'corrected.txt',
        extraction: {
          ...contract.extraction,
          corrections: {
            governing_law: {
              value: 'New York',
              original: contract.extraction.data.governing_law ?? null,
              corrected_by: null,
              corrected_by_email: 'reviewer@example.com',
              corrected_at: '2026-01-03T00:00:00.000Z',
            },
          },
        },
      },
      { ...contract, filename: 'not-extracted.txt', extraction: null, classification_trace: [] },
    ];
    for (const [i, p] of variants.entries()) await store(p, i);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('answers every page with the documents, values and envelope of the serialized rows', async () => {
    for (const url of ['/api/v1/documents?size=100', '/api/v1/documents?size=7&page=2&sort=filename,asc']) {
      const res = await app.inject({ method: 'GET', url, headers: user.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = JSON.parse(res.body) as {
        content: { id: string }[];
        page: { number: number; size: number; total_elements: number };
      };
      const rows = await Promise.all(body.content.map((d) => findDocumentById(app.ctx.db, d.id)));
      const before = serialize(
        toPage(
          rows.map((r) => toDocumentDto(r ?? (undefined as never))),
          { page: body.page.number, size: body.page.size },
          body.page.total_elements,
        ),
      );
      expect(body).toEqual(JSON.parse(before));
      expect(documentDto.array().safeParse(body.content).success).toBe(true);
    }
  });

  it('answers a search with the same documents, each with its rank and snippet', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/documents?q=agreement&size=100',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = JSON.parse(res.body) as {
      content: { id: string; search: { rank: number; snippet: string } }[];
      page: { number: number; size: number; total_elements: number };
    };
    expect(body.content.length).toBeGreaterThan(5);
    const rows = await Promise.all(body.content.map((d) => findDocumentById(app.ctx.db, d.id)));
    const before = serialize(
      toPage(
        rows.map((r, i) => ({
          ...toDocumentDto(r ?? (undefined as never)),
          search: body.content[i]?.search,
        })),
        { page: 0, size: 100 },
        body.page.total_elements,
      ),
    );
    expect(body).toEqual(JSON.parse(before));
    expect(body.content.every((d) => d.search.rank > 0 && typeof d.search.snippet === 'string')).toBe(true);
  });

  it('stores what the driver wrote: keys in the pipeline order, no jsonb spacing', async () => {
    const { rows } = await app.ctx.database.query(
      'select metadata::text as m, classification_trace::text as t, step_timings::text as s from documents where id = $1',
      [ids[0]],
    );
    const first = processed[0];
    expect(rows[0]).toEqual({
      m: JSON.stringify(first?.metadata),
      t: JSON.stringify(first?.classification_trace),
      s: JSON.stringify(first?.step_timings),
    });
  });

  it('sends a corrected extraction and a missing one', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/documents?size=100', headers: user.headers });
    const byName = new Map(
      (JSON.parse(res.body).content as { filename: string; [k: string]: unknown }[]).map((d) => [
        d.filename,
        d,
      ]),
    );
    expect(byName.get('not-extracted.txt')?.extraction).toBeNull();
    expect(byName.get('corrected.txt')?.extraction).toMatchObject({
      corrections: { governing_law: { value: 'New York', corrected_by_email: 'reviewer@example.com' } },
    });
    expect(ids.length).toBe(processed.length + 2);
  });
});
