/**
 * The document list and search written around their stored JSON (src/documents/json.ts, decision 613) says
 * what the response schema's serializer says of the same rows: real pipeline results
 * (test/support/processed-documents.json: contracts, NDAs, invoices, policies from the demo), a
 * corrected extraction, none at all, and rows stored before a key existed (a trace step without
 * `decision`, an extraction without `confidence`, `unsupported_fields` or `corrections`) as
 * migration 0014 completes them. The rows are stored in the `jsonb` columns of before migration
 * 0015 and converted by it (values kept), beside rows written since to its `json` columns (the
 * text the driver's JSON.stringify wrote, keys in the pipeline's order).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassificationStep, StoredExtraction } from '../../src/db/schema.js';
import { putContent } from '../../src/documents/content-repository.js';
import { findDocumentById, insertDocument, updateDocument } from '../../src/documents/repository.js';
import { documentDto, toDocumentDto } from '../../src/documents/schemas.js';
import { pageSchema, toPage } from '../../src/http/pagination.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../support/app.js';

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

  /** The shown JSON columns of every stored row, as the driver parses them. */
  const shownJson = async () =>
    (
      await app.ctx.database.query(
        'select id, metadata, classification_trace, extraction, step_timings from documents order by id',
      )
    ).rows;
  /** Runs a migration file of drizzle/ on the test database, statement by statement. */
  async function migrate(file: string) {
    const migration = readFileSync(path.join(import.meta.dirname, '../../drizzle', file), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint'))
      await app.ctx.database.query(statement);
  }
  let beforeJson: Record<string, unknown>[] = [];
  let afterJson: Record<string, unknown>[] = [];

  /** Stores a processed document with these pipeline results; returns its id. */
  async function store(p: Processed, i: number) {
    const row = await insertDocument(app.ctx.db, {
      organizationId: user.personalOrgId,
      sourceId: null,
      parentDocumentId: null,
      filename: p.filename,
      mimeType: 'text/plain',
      sizeBytes: 100 + i,
      sha256: `json-${i}`,
      metadata: p.metadata,
    });
    if (!row) throw new Error('not inserted');
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
      { ...contract, filename: 'stored-before-decisions.txt' },
    ];
    for (const [i, p] of variants.entries()) await store(p, i);
    // The columns as they were before migration 0015 (jsonb), with the rows converted to it.
    await app.ctx.database.query(
      `alter table documents alter column metadata type jsonb, alter column classification_trace type jsonb,
                             alter column extraction type jsonb, alter column step_timings type jsonb`,
    );
    // The last one as a row stored before the keys existed, then the migration that completes it.
    await app.ctx.database.query(
      `update documents set classification_trace = (select jsonb_agg(s - 'decision') from jsonb_array_elements(classification_trace) s),
                            extraction = extraction - 'confidence' - 'unsupported_fields' - 'corrections'
        where id = $1`,
      [ids.at(-1)],
    );
    await migrate('0014_stored_json_complete.sql');
    // Then the migration to json of a populated table, and rows written since.
    beforeJson = await shownJson();
    await migrate('0015_shown_json_as_json.sql');
    afterJson = await shownJson();
    for (const [i, p] of processed.entries())
      await store({ ...p, filename: `written-as-json-${p.filename}` }, 1000 + i);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('migration 0015 makes the shown columns json and keeps every stored value', async () => {
    const { rows } = await app.ctx.database.query(
      `select column_name, data_type from information_schema.columns
        where table_name = 'documents'
          and column_name in ('metadata', 'classification_trace', 'extraction', 'step_timings', 'labels')
        order by column_name`,
    );
    expect(rows).toEqual([
      { column_name: 'classification_trace', data_type: 'json' },
      { column_name: 'extraction', data_type: 'json' },
      { column_name: 'labels', data_type: 'jsonb' },
      { column_name: 'metadata', data_type: 'json' },
      { column_name: 'step_timings', data_type: 'json' },
    ]);
    expect(beforeJson).toHaveLength(processed.length + 3);
    expect(afterJson).toEqual(beforeJson);
    // A document without an extraction is SQL NULL in both, not the JSON null.
    expect(afterJson.filter((r) => r.extraction === null)).toHaveLength(
      beforeJson.filter((r) => r.extraction === null).length,
    );
  });

  it('stores what the driver wrote: keys in the pipeline order, no jsonb spacing', async () => {
    const fresh = ids.at(-1);
    const { rows } = await app.ctx.database.query(
      'select step_timings::text as t from documents where id = $1',
      [fresh],
    );
    const last = processed.at(-1);
    expect(rows[0]?.t).toBe(JSON.stringify(last?.step_timings));
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

  it('completes the rows stored before a key existed', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/documents?size=100', headers: user.headers });
    const byName = new Map(
      (JSON.parse(res.body).content as { filename: string; [k: string]: unknown }[]).map((d) => [
        d.filename,
        d,
      ]),
    );
    const old = byName.get('stored-before-decisions.txt') as unknown as {
      classification_trace: { decision: unknown }[];
      extraction: Record<string, unknown>;
    };
    expect(old.classification_trace.length).toBeGreaterThan(0);
    expect(old.classification_trace.every((s) => s.decision === null)).toBe(true);
    expect(old.extraction).toMatchObject({ confidence: {}, unsupported_fields: [], corrections: {} });
    expect(byName.get('not-extracted.txt')?.extraction).toBeNull();
    expect(byName.get('corrected.txt')?.extraction).toMatchObject({
      corrections: { governing_law: { value: 'New York', corrected_by_email: 'reviewer@example.com' } },
    });
    expect(ids.length).toBe(2 * processed.length + 3);
  });
});
