/**
 * Migration 0015 on a populated database (decisions 615–617): `documents` rows stored in the jsonb
 * columns of before it — real pipeline results (test/support/processed-documents.json), a row
 * of the shape of before migration 0014 (a trace step without `decision`, an extraction without
 * `confidence`, `unsupported_fields`, `corrections`) and one without extraction — are migrated by
 * 0014 and 0015 as a server start would; the columns become json, every value is kept, the list
 * page written around the stored text says what the response schema's serializer says of the
 * same rows, and a row written since holds the driver's text. Its own database (a fresh one on
 * the suite's PostgreSQL server, or a fresh PGlite), as the shared one is already migrated.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { serializerCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase, pgliteDatabase } from '../../src/db/client.js';
import type { ClassificationStep, StoredExtraction } from '../../src/db/schema.js';
import { documentJson } from '../../src/documents/json.js';
import { listDocuments } from '../../src/documents/list-repository.js';
import { findDocumentById, insertDocument, updateDocument } from '../../src/documents/repository.js';
import { documentDto, toDocumentDto } from '../../src/documents/schemas.js';
import { pageJson, pageSchema, toPage } from '../../src/http/pagination.js';

interface Processed {
  filename: string;
  classification_trace: ClassificationStep[];
  extraction: StoredExtraction | null;
  metadata: Record<string, unknown>;
  step_timings: Record<string, number>;
}

const processed = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../support/processed-documents.json'), 'utf8'),
) as Processed[];
const migrations = path.join(import.meta.dirname, '../../drizzle');
const serialize = serializerCompiler({
  schema: pageSchema(documentDto),
  method: 'GET',
  url: '/',
} as never) as (d: unknown) => string;

describe('migration 0015 on a populated database', () => {
  let database: Database;
  let drop: () => Promise<void> = async () => undefined;
  let org = '';
  let before: Record<string, unknown>[] = [];

  /** Runs the migration files of drizzle/ whose names pass `pick`, in order, statement by statement. */
  async function migrate(pick: (file: string) => boolean) {
    for (const file of readdirSync(migrations)
      .filter((f) => f.endsWith('.sql') && pick(f))
      .sort())
      for (const statement of readFileSync(path.join(migrations, file), 'utf8').split(
        '--> statement-breakpoint',
      ))
        await database.query(statement);
  }
  const shownJson = async () =>
    (
      await database.query(
        `select id, metadata, classification_trace, extraction, step_timings from documents
          where organization_id = $1 order by id`,
        [org],
      )
    ).rows;

  beforeAll(async () => {
    if (inject('databaseUrl')) {
      const adminUrl = process.env.SERVICE_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
      const name = `service_test_migration_json_${Date.now()}_${process.pid}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      database = await openDatabase({ databaseUrl: url.toString(), dataDir: '/tmp' });
      drop = async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      };
    } else {
      database = pgliteDatabase(await PGlite.create());
      drop = () => database.close();
    }
    // The schema of before 0014, and rows written into its jsonb columns.
    await migrate((f) => f < '0014');
    const { rows } = await database.query(
      `insert into organizations (id, name, slug, kind) values (gen_random_uuid(), 'Old', 'old-' || gen_random_uuid(), 'TEAM') returning id`,
    );
    org = String(rows[0]?.id);
    const contract = processed.find((p) => p.extraction && Object.keys(p.extraction.data).length > 2);
    const rowsToStore = [
      ...processed,
      { ...(contract as Processed), filename: 'not-extracted.txt', extraction: null },
      { ...(contract as Processed), filename: 'stored-before-decisions.txt' },
    ];
    for (const [i, p] of rowsToStore.entries())
      await database.query(
        `insert into documents (id, organization_id, filename, mime_type, size_bytes, sha256, status, metadata,
                                classification_trace, extraction, step_timings, created_at, processed_at)
         values (gen_random_uuid(), $1, $2, 'text/plain', $3, $4, 'PROCESSED', $5::jsonb, $6::jsonb, $7::jsonb, $8::jsonb,
                 $9, $9)`,
        [
          org,
          p.filename,
          100 + i,
          `old-${i}`,
          JSON.stringify(p.metadata),
          JSON.stringify(p.classification_trace),
          p.extraction === null ? null : JSON.stringify(p.extraction),
          JSON.stringify(p.step_timings),
          new Date(Date.UTC(2026, 0, 1, 0, i)),
        ],
      );
    await database.query(
      `update documents set classification_trace = (select jsonb_agg(s - 'decision') from jsonb_array_elements(classification_trace) s),
                            extraction = extraction - 'confidence' - 'unsupported_fields' - 'corrections'
        where organization_id = $1 and filename = 'stored-before-decisions.txt'`,
      [org],
    );
    await migrate((f) => f.startsWith('0014'));
    before = await shownJson();
    await migrate((f) => f.startsWith('0015'));
    // The later migrations too, so that today's statements (which read their columns) run.
    await migrate((f) => f >= '0016');
  }, 120_000);
  afterAll(async () => {
    await drop();
  });

  it('makes the four shown columns json, labels staying jsonb', async () => {
    const { rows } = await database.query(
      `select column_name, data_type from information_schema.columns
        where table_schema = current_schema() and table_name = 'documents'
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
  });

  it('keeps every stored value, a missing extraction SQL NULL', async () => {
    const after = await shownJson();
    expect(before).toHaveLength(processed.length + 2);
    expect(after).toEqual(before);
    const { rows } = await database.query(
      'select count(*)::int as n from documents where organization_id = $1 and extraction is null',
      [org],
    );
    expect(rows[0]?.n).toBe(processed.filter((p) => p.extraction === null).length + 1);
  });

  it('lists the converted rows as the schema serializes them, old shapes completed', async () => {
    const page = { page: 0, size: 100, field: 'created_at' as const, direction: 'desc' as const };
    const listed = await listDocuments(database.db, org, page);
    const body = JSON.parse(
      pageJson(
        listed.rows.map((d) => documentJson(d)),
        page,
        listed.total,
        listed.totalExact,
      ),
    );
    const rows = await Promise.all(listed.rows.map((d) => findDocumentById(database.db, d.id)));
    const serialized = serialize(
      toPage(
        rows.map((r) => toDocumentDto(r ?? (undefined as never))),
        page,
        listed.total,
        listed.totalExact,
      ),
    );
    expect(body.content).toHaveLength(processed.length + 2);
    expect(body).toEqual(JSON.parse(serialized));
    const old = body.content.find((d: { filename: string }) => d.filename === 'stored-before-decisions.txt');
    expect(old.classification_trace.every((s: { decision: unknown }) => s.decision === null)).toBe(true);
    expect(old.extraction).toMatchObject({ confidence: {}, unsupported_fields: [], corrections: {} });
  });

  it('stores a row written since as the driver wrote it', async () => {
    const p = processed[0] as Processed;
    const row = await insertDocument(database.db, {
      organizationId: org,
      sourceId: null,
      parentDocumentId: null,
      filename: 'new.txt',
      mimeType: 'text/plain',
      sizeBytes: 1,
      sha256: 'new',
      metadata: p.metadata,
    });
    if (!row) throw new Error('not inserted');
    await updateDocument(database.db, row.id, {
      classificationTrace: p.classification_trace,
      stepTimings: p.step_timings,
    });
    const { rows } = await database.query(
      'select metadata::text as m, classification_trace::text as t, step_timings::text as s from documents where id = $1',
      [row.id],
    );
    expect(rows[0]).toEqual({
      m: JSON.stringify(p.metadata),
      t: JSON.stringify(p.classification_trace),
      s: JSON.stringify(p.step_timings),
    });
  });
});
