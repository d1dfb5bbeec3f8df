/**
 * The document list's hot path (src/documents/list-repository.ts `listDocuments`): one prepared
 * statement per shape of filters, the capped total riding on the page as a subquery, a separate
 * count only past the last page. And the pipeline's writes: an attempt started in one statement,
 * the parsed content replaced on a second parse.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_HORIZON } from '../../src/db/paging.js';
import { documents } from '../../src/db/schema.js';
import { getContent, putContent } from '../../src/documents/content-repository.js';
import { listDocuments } from '../../src/documents/list-repository.js';
import {
  findDocumentById,
  insertDocument,
  startAttempt,
  updateDocument,
} from '../../src/documents/repository.js';
import { createTestApp, signUp, type TestApp } from '../support/app.js';
import { insertBulkDocuments } from '../support/bulk.js';

describe('listDocuments', () => {
  let app: TestApp;
  let org: string;
  let other: string;
  const ids: string[] = [];

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '0' }));
    org = (await signUp(app)).personalOrgId;
    other = (await signUp(app)).personalOrgId;
    const db = app.ctx.db;
    // Five documents a day apart (oldest first); every other one PROCESSED and labelled Contract.
    for (let i = 0; i < 5; i++) {
      const row = await insertDocument(db, {
        organizationId: org,
        sourceId: null,
        parentDocumentId: null,
        filename: `doc-${i}.txt`,
        mimeType: 'text/plain',
        sizeBytes: 10,
        sha256: `sha-${i}`,
        metadata: {},
      });
      if (!row) throw new Error('not inserted');
      ids.push(row.id);
      await updateDocument(db, row.id, {
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        ...(i % 2 === 0 ? { status: 'PROCESSED' as const, labels: ['Contract'] } : {}),
      });
    }
    await insertDocument(db, {
      organizationId: other,
      sourceId: null,
      parentDocumentId: null,
      filename: 'theirs.txt',
      mimeType: 'text/plain',
      sizeBytes: 1,
      sha256: 'sha-x',
      metadata: {},
    });
  });
  afterAll(async () => app?.close());

  const list = (p: Partial<Parameters<typeof listDocuments>[2]> = {}) =>
    listDocuments(app.ctx.db, org, { page: 0, size: 20, field: 'created_at', direction: 'desc', ...p });

  it('answers a page newest first with the total of the organization only', async () => {
    const { rows, total } = await list({ size: 2 });
    expect(total).toBe(5);
    expect(rows.map((r) => r.filename)).toEqual(['doc-4.txt', 'doc-3.txt']);
    expect(rows[0]).not.toHaveProperty('total');
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it('gives the total past the last page too', async () => {
    expect(await list({ page: 3, size: 2 })).toEqual({ rows: [], total: 5, totalExact: true });
    expect(await list({ status: 'FAILED' })).toEqual({ rows: [], total: 0, totalExact: true });
  });

  it('applies each filter, and the same shape again with other values', async () => {
    expect((await list({ status: 'PROCESSED' })).total).toBe(3);
    expect((await list({ status: 'RECEIVED' })).total).toBe(2);
    expect((await list({ label: 'Contract' })).rows.map((r) => r.filename)).toEqual([
      'doc-4.txt',
      'doc-2.txt',
      'doc-0.txt',
    ]);
    const window = await list({
      createdAfter: new Date(Date.UTC(2026, 0, 2)),
      createdBefore: new Date(Date.UTC(2026, 0, 4)),
      field: 'filename',
      direction: 'asc',
    });
    expect(window.rows.map((r) => r.filename)).toEqual(['doc-1.txt', 'doc-2.txt']);
    expect(window.total).toBe(2);
    const combined = await list({
      status: 'PROCESSED',
      label: 'Contract',
      createdAfter: new Date(Date.UTC(2026, 0, 3)),
    });
    expect(combined.rows.map((r) => r.id)).toEqual([ids[4], ids[2]]);
  });

  it('counts a large organization once while its total is at the cap, and a small one every time', async () => {
    const big = (await signUp(app)).personalOrgId;
    await insertBulkDocuments(app.ctx.database, big, COUNT_HORIZON + 5);
    const page = (p: Partial<Parameters<typeof listDocuments>[2]> = {}) =>
      listDocuments(app.ctx.db, big, { page: 0, size: 20, field: 'created_at', direction: 'desc', ...p });
    expect(await page()).toMatchObject({ total: COUNT_HORIZON, totalExact: false });
    // All but 10 go: within CAPPED_COUNT_TTL_MS the capped total is not counted again...
    await app.ctx.database.query(
      `delete from documents where organization_id = $1 and id not in
         (select id from documents where organization_id = $1 order by created_at desc limit 10)`,
      [big],
    );
    expect(await page()).toMatchObject({ total: COUNT_HORIZON, totalExact: false });
    // ...but another filter, a page past the end and any total below the cap are counted.
    expect(await page({ status: 'PROCESSED' })).toMatchObject({ total: 10, totalExact: true });
    expect(await page({ page: 60 })).toMatchObject({ rows: [], total: 10, totalExact: true });
    expect((await page({ page: 60 })).total).toBe(10);
    // the small organization's total follows every change at once
    await app.ctx.database.query('delete from documents where id = $1', [ids[0]]);
    expect((await list()).total).toBe(4);
  });
});

describe('startAttempt and putContent', () => {
  let app: TestApp;
  let org: string;

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '0' }));
    org = (await signUp(app)).personalOrgId;
  });
  afterAll(async () => app?.close());

  const insert = async (sha256: string) => {
    const row = await insertDocument(app.ctx.db, {
      organizationId: org,
      sourceId: null,
      parentDocumentId: null,
      filename: `${sha256}.txt`,
      mimeType: 'text/plain',
      sizeBytes: 1,
      sha256,
      metadata: {},
    });
    if (!row) throw new Error('not inserted');
    return row;
  };

  it('starts an attempt on an unfinished document only, one more attempt each time', async () => {
    const doc = await insert('sha-attempt');
    const first = await startAttempt(app.ctx.db, doc.id);
    expect(first).toMatchObject({ id: doc.id, status: 'PROCESSING', attempts: 1, step: 'parse' });
    expect((await startAttempt(app.ctx.db, doc.id))?.attempts).toBe(2);

    for (const status of ['PROCESSED', 'FAILED'] as const) {
      await updateDocument(app.ctx.db, doc.id, { status });
      expect(await startAttempt(app.ctx.db, doc.id)).toBeUndefined();
      expect(await findDocumentById(app.ctx.db, doc.id)).toMatchObject({ status, attempts: 2 });
    }
    expect(await startAttempt(app.ctx.db, '00000000-0000-0000-0000-000000000000')).toBeUndefined();
  });

  it('writes a fenced patch only while the attempt is the current one, prepared or in a transaction', async () => {
    const doc = await insert('sha-fence');
    const stale = await startAttempt(app.ctx.db, doc.id);
    const current = await startAttempt(app.ctx.db, doc.id);
    if (!stale || !current) throw new Error('no attempt');
    // The older attempt (a run overtaken after an outage) changes nothing, outside or inside a transaction.
    expect(
      await updateDocument(app.ctx.db, doc.id, { step: 'classify' }, { fence: stale.attempts }),
    ).toBeUndefined();
    expect(
      await app.ctx.db.transaction((tx) =>
        updateDocument(tx, doc.id, { step: 'extract' }, { fence: stale.attempts }),
      ),
    ).toBeUndefined();
    expect((await findDocumentById(app.ctx.db, doc.id))?.step).toBe('parse');
    const row = await updateDocument(app.ctx.db, doc.id, { step: 'classify' }, { fence: current.attempts });
    expect(row).toMatchObject({ step: 'classify', attempts: current.attempts });
  });

  it('replaces the stored text, pages and parse metadata of a document parsed again', async () => {
    const doc = await insert('sha-content');
    const put = (text: string, kind: string) =>
      putContent(
        app.ctx.db,
        { documentId: doc.id, text, pages: [text], parseMetadata: { kind } },
        { searchVector: false },
      );
    await put('first text', 'text');
    await put('second text', 'markdown');
    expect(await getContent(app.ctx.db, doc.id)).toMatchObject({
      text: 'second text',
      pages: ['second text'],
      parseMetadata: { kind: 'markdown' },
    });
  });

  it('patches the same shape again with other values, sets nulls as SQL NULL, and the same in a transaction', async () => {
    const doc = await insert('sha-patch');
    const db = app.ctx.db;
    const extraction = { data: { parties: ['A'] }, llm_fields: [], spans: {} } as never;
    const timings = { parse: 1 };
    // Prepared once per shape (db/prepared.ts): the second call with other values reuses it.
    for (const [step, error] of [
      ['classify', 'a'],
      ['extract', 'b'],
    ] as const) {
      const row = await updateDocument(
        db,
        doc.id,
        { step, error, extraction, stepTimings: timings },
        { searchVector: false },
      );
      expect(row).toMatchObject({ id: doc.id, step, error, extraction, stepTimings: timings });
    }
    const cleared = await updateDocument(
      db,
      doc.id,
      { step: null, error: null, extraction: null },
      { searchVector: false },
    );
    expect(cleared).toMatchObject({ step: null, error: null, extraction: null });
    // A null jsonb is SQL NULL, not the JSON value null (as the query builder writes it).
    const [stored] = await db
      .select({ sqlNull: sql<boolean>`${documents.extraction} is null` })
      .from(documents)
      .where(eq(documents.id, doc.id));
    expect(stored).toEqual({ sqlNull: true });
    const inTx = await db.transaction((tx) =>
      updateDocument(tx, doc.id, { step: 'derive', error: 'c', extraction }, { searchVector: false }),
    );
    expect(inTx).toMatchObject({ step: 'derive', error: 'c', extraction });
    expect(await findDocumentById(db, doc.id)).toMatchObject({ step: 'derive', error: 'c', extraction });
  });
});
