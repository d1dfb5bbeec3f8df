import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDto } from '../../src/documents/schemas.js';
import { expectInvalidField, expectPage, expectProblem, expectUnauthorized } from '../auth/assertions.js';
import {
  addMember,
  createTeam,
  createTestApp,
  inOrg,
  signUp,
  systemAdmin,
  type TestApp,
  type TestUser,
} from '../support/app.js';
import { corpusFile, demoOntology, upload, waitForDocument } from './helpers.js';

/** A real contract from CUAD (a born-digital PDF of 38 KB). */
const CONTRACT_PDF_NAME = 'LUCIDINC_04_15_2011-EX-10.9-DISTRIBUTOR AGREEMENT.pdf';
const CONTRACT_PDF = corpusFile('cuad', 'pdf', CONTRACT_PDF_NAME);
/** Common Paper's Mutual NDA as Markdown. */
const NDA_MD = corpusFile('agreements-md', 'commonpaper', 'Mutual-NDA', 'Mutual-NDA.md');
/** A plain-text email from paperless-ngx's test suite. */
const SIMPLE_EML = corpusFile('email', 'paperless-ngx', 'simple_text.eml');
/** A GIF header: an image type scanners do not produce and OCR does not read. */
const GIF = Buffer.concat([
  Buffer.from('GIF89a'),
  Buffer.from('0100010080000000ffffff21f90401000000002c00000000010001000002024401003b', 'hex'),
]);
/** The eight-byte PNG signature and an IHDR chunk: an image, read by OCR. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64),
]);
const UPLOAD_LIMIT = 256 * 1024;

describe('documents API (api-decisions §3)', () => {
  let app: TestApp;
  let dataDir: string;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let sysAdmin: TestUser;
  let team: string;
  let h: Record<string, string>;
  /** The CUAD contract, uploaded once and processed by the workers. */
  let pdf: DocumentDto;

  const get = (headers: Record<string, string>, url: string) => app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    ({ app, dataDir } = await createTestApp({
      SERVICE_WORKERS: '2',
      SERVICE_PLUGIN_POOL_SIZE: '2',
      SERVICE_UPLOAD_MAX_BYTES: String(UPLOAD_LIMIT),
    }));
    [owner, admin, member, stranger, sysAdmin] = await Promise.all([
      signUp(app),
      signUp(app),
      signUp(app),
      signUp(app),
      systemAdmin(app),
    ]);
    team = await createTeam(app, owner);
    await addMember(app, owner, team, admin, 'ADMIN');
    await addMember(app, owner, team, member, 'MEMBER');
    h = inOrg(owner, team);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/v1/ontology',
      headers: h,
      payload: demoOntology(),
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await upload(app, h, CONTRACT_PDF, CONTRACT_PDF_NAME, {
      metadata: JSON.stringify({ matter: 'distribution' }),
    });
    expect(res.statusCode, res.body).toBe(202);
    pdf = res.json();
  });
  afterAll(async () => {
    await app?.close();
  });

  describe('upload (POST /api/v1/documents, multipart field "file")', () => {
    it('answers 202 with the new document RECEIVED; the type and digest come from the bytes', () => {
      expect(pdf).toMatchObject({
        filename: CONTRACT_PDF_NAME,
        mime_type: 'application/pdf',
        size_bytes: CONTRACT_PDF.length,
        status: 'RECEIVED',
        step: 'parse',
        duplicate: false,
        source_id: null,
        parent_document_id: null,
        metadata: { matter: 'distribution' },
        labels: [],
        extraction: null,
      });
      expect(pdf.sha256).toMatch(/^[0-9a-f]{64}$/);
    });

    it('answers the same document with duplicate: true for the same bytes again (whatever their name)', async () => {
      const again = await upload(app, h, CONTRACT_PDF, 'copy-of-the-contract.pdf');
      expect(again.statusCode, again.body).toBe(202);
      expect(again.json()).toMatchObject({ id: pdf.id, duplicate: true, filename: CONTRACT_PDF_NAME });
    });

    it('files a sourceless document under the source its same bytes arrive through again, attachments included (decision 690)', async () => {
      const eml = corpusFile('email', 'mikel-mail', 'attachment_pdf.eml');
      // An organization of its own: the other tests count the manual-upload connection's documents.
      const h = inOrg(owner, await createTeam(app, owner));
      const first = await upload(app, h, eml, 'attachment_pdf.eml');
      expect(first.statusCode, first.body).toBe(202);
      expect(first.json()).toMatchObject({ source_id: null, duplicate: false });
      await waitForDocument(app, h, first.json().id);
      const children = () =>
        get(h, '/api/v1/documents?size=100').then((r) =>
          (r.json().content as DocumentDto[]).filter((d) => d.parent_document_id === first.json().id),
        );
      expect((await children()).map((d) => d.source_id)).toEqual([null]);
      const manual = await app.inject({
        method: 'POST',
        url: '/api/v1/sources/connect/manual-upload',
        headers: h,
      });
      const again = await upload(app, h, eml, 'attachment_pdf.eml', { source_id: manual.json().id });
      expect(again.statusCode, again.body).toBe(202);
      expect(again.json()).toMatchObject({
        id: first.json().id,
        duplicate: true,
        source_id: manual.json().id,
      });
      expect((await children()).map((d) => d.source_id)).toEqual([manual.json().id]);
      const listed = await get(h, `/api/v1/documents?source_id=${manual.json().id}&size=100`);
      expect((listed.json().content as DocumentDto[]).map((d) => d.id)).toContain(first.json().id);
      // A document keeps the first source it was filed under.
      const forwarding = await get(h, '/api/v1/sources/email-forwarding/address');
      const third = await upload(app, h, eml, 'attachment_pdf.eml', {
        source_id: forwarding.json().source_id,
      });
      expect(third.json()).toMatchObject({
        id: first.json().id,
        duplicate: true,
        source_id: manual.json().id,
      });
    });

    it('accepts Markdown and email, detected from the content', async () => {
      const md = await upload(app, h, NDA_MD, 'Mutual-NDA.md');
      expect(md.statusCode, md.body).toBe(202);
      expect(md.json()).toMatchObject({ status: 'RECEIVED', duplicate: false, mime_type: 'text/markdown' });
      const eml = await upload(app, h, SIMPLE_EML, 'simple_text.eml');
      expect(eml.statusCode, eml.body).toBe(202);
      expect(eml.json()).toMatchObject({ status: 'RECEIVED', mime_type: 'message/rfc822' });
    });

    it('refuses a type OCR does not read (GIF) with 415 naming the accepted types, even when it is called .pdf', async () => {
      const res = await upload(app, h, GIF, 'scan.pdf');
      expectProblem(
        res,
        415,
        /Unsupported file type image\/gif: accepted are pdf, docx, html, markdown, text, email, image/,
      );
    });

    it('accepts a PNG scan (its text is read by OCR)', async () => {
      const res = await upload(app, h, PNG, 'scan.png');
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toMatchObject({ mime_type: 'image/png' });
    });

    it('answers 415 to a body that is not multipart', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/documents',
        headers: h,
        payload: { file: 'not like this' },
      });
      expectProblem(res, 415, /multipart\/form-data/);
    });

    it('answers 413 over SERVICE_UPLOAD_MAX_BYTES', async () => {
      const big = Buffer.from('All work and no play. '.repeat(Math.ceil((UPLOAD_LIMIT + 10) / 22)));
      expectProblem(await upload(app, h, big, 'big.txt'), 413, new RegExp(`limit of ${UPLOAD_LIMIT} bytes`));
    });

    it('answers 400 to an empty file, a missing file field, a bad source_id or metadata', async () => {
      expectInvalidField(await upload(app, h, Buffer.alloc(0), 'empty.txt'), 'body.file');
      const noFile = new FormData();
      noFile.append('metadata', '{}');
      expectInvalidField(
        await app.inject({ method: 'POST', url: '/api/v1/documents', headers: h, payload: noFile }),
        'body.file',
      );
      expectInvalidField(
        await upload(app, h, 'Some text to keep.', 'a.txt', { source_id: 'inbox' }),
        'body.source_id',
      );
      expectInvalidField(
        await upload(app, h, 'Some text to keep.', 'a.txt', { metadata: '[1, 2]' }),
        'body.metadata',
      );
    });

    it('answers 400, not 500, to metadata or a file name holding U+0000', async () => {
      expectInvalidField(
        await upload(app, h, 'Some text to keep.', 'a.txt', { metadata: '{"note": "a\\u0000b"}' }),
        'body.metadata',
      );
      expectInvalidField(
        await upload(app, h, 'Some text to keep.', 'a.txt', { metadata: '{"a\\u0000": 1}' }),
        'body.metadata',
      );
      expectInvalidField(await upload(app, h, 'Some text to keep.', 'a\u0000b.txt'), 'body.file');
    });

    it('files an upload only under a source connection of the caller’s organization (400 otherwise)', async () => {
      const other = await signUp(app);
      const foreign = await app.inject({
        method: 'POST',
        url: '/api/v1/sources/connect/manual-upload',
        headers: other.headers,
      });
      expect(foreign.statusCode, foreign.body).toBe(200);
      for (const sourceId of [foreign.json().id, '0190a000-0000-7000-8000-00000000abcd']) {
        expectInvalidField(
          await upload(app, h, `Filed under ${sourceId}.`, 'a.txt', { source_id: sourceId }),
          'body.source_id',
        );
      }
    });

    it('answers 400 to a malformed multipart body (truncated, or no boundary)', async () => {
      const truncated = await app.inject({
        method: 'POST',
        url: '/api/v1/documents',
        headers: { ...h, 'content-type': 'multipart/form-data; boundary=----x' },
        payload:
          '------x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello, and then the body just st',
      });
      expectProblem(truncated, 400, /Malformed multipart body/);
      const noBoundary = await app.inject({
        method: 'POST',
        url: '/api/v1/documents',
        headers: { ...h, 'content-type': 'multipart/form-data' },
        payload: 'hello',
      });
      expectProblem(noBoundary, 400);
    });

    it('answers 401 without credentials', async () => {
      expectUnauthorized(await upload(app, {}, 'Some text.', 'a.txt'));
      expectUnauthorized(await get({}, '/api/v1/documents'));
    });
  });

  describe('quotas (set by a SYSTEM_ADMIN)', () => {
    const setQuotas = async (orgId: string, quotas: Record<string, number>) => {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/v1/organizations/${orgId}/quotas`,
        headers: sysAdmin.headers,
        payload: quotas,
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    it('answers 429 naming max_documents_per_month once the month’s documents are used; a duplicate still answers 202', async () => {
      const org = await createTeam(app, owner);
      await setQuotas(org, { max_documents_per_month: 1 });
      const first = await upload(app, inOrg(owner, org), 'The first note of the month.', 'one.txt');
      expect(first.statusCode, first.body).toBe(202);
      const second = await upload(app, inOrg(owner, org), 'The second note of the month.', 'two.txt');
      expectProblem(second, 429, /max_documents_per_month/);
      expect(second.json()).toMatchObject({ quota: 'max_documents_per_month', limit: 1, used: 1 });
      expect(second.json().retry_after_seconds).toBeGreaterThan(0);
      const dup = await upload(app, inOrg(owner, org), 'The first note of the month.', 'one-again.txt');
      expect(dup.statusCode, dup.body).toBe(202);
      expect(dup.json()).toMatchObject({ id: first.json().id, duplicate: true });
    });

    it('answers 403 naming max_storage_bytes when the file would not fit', async () => {
      const org = await createTeam(app, owner);
      await setQuotas(org, { max_storage_bytes: 100 });
      const res = await upload(app, inOrg(owner, org), 'x'.repeat(101), 'too-much.txt');
      expectProblem(res, 403, /max_storage_bytes/);
      expect(res.json()).toMatchObject({ quota: 'max_storage_bytes', limit: 100, used: 0 });
      expect((await upload(app, inOrg(owner, org), 'fits', 'small.txt')).statusCode).toBe(202);
    });
  });

  describe('after processing', () => {
    let processed: DocumentDto;
    let text: { text: string; pages: string[] };

    beforeAll(async () => {
      processed = await waitForDocument(app, h, pdf.id);
      const res = await get(h, `/api/v1/documents/${pdf.id}/text`);
      expect(res.statusCode, res.body).toBe(200);
      text = res.json();
    }, 90_000);

    it('the PDF is PROCESSED: labelled under Contract, with the trace of every level', () => {
      expect(processed.status, processed.error ?? '').toBe('PROCESSED');
      expect(processed.step).toBeNull();
      expect(processed.error).toBeNull();
      expect(processed.processed_at).not.toBeNull();
      expect(processed.labels[0]).toBe('Contract');
      expect(processed.classification_trace[0]).toMatchObject({
        level: 0,
        available_labels: ['Contract', 'Invoice', 'Policy'],
        returned: 'Contract',
        outcome: 'CONTINUE',
      });
      expect(processed.classification_trace).toHaveLength(Math.max(processed.labels.length, 2));
      expect(processed.ontology_version).toBeGreaterThanOrEqual(1);
      expect(Object.keys(processed.step_timings)).toEqual(
        expect.arrayContaining(['parse', 'classify', 'extract', 'derive']),
      );
    });

    it('extracts contract fields with evidence whose offsets point into the text', () => {
      const extraction = processed.extraction;
      expect(extraction).not.toBeNull();
      expect(extraction?.plugin).toMatch(/^builtin:contract-extractor@/);
      expect(extraction?.data.governing_law).toBeTruthy();
      const evidence = Object.entries(extraction?.evidence ?? {});
      expect(evidence.length).toBeGreaterThan(0);
      for (const [field, spans] of evidence) {
        for (const e of spans) {
          expect(text.text.slice(e.start, e.end), field).toBe(e.text);
          expect(e.page).toBeGreaterThanOrEqual(1);
          expect(e.page).toBeLessThanOrEqual(text.pages.length);
          expect(text.pages[(e.page as number) - 1], field).toContain(e.text.split('\n')[0]);
          // the id of the extractor rule that produced the value: '<finder's field>.<name>'
          expect(e.rule, field).toMatch(/^[a-z_]+\.[a-z0-9_.+]+$/);
        }
      }
    });

    it('GET /text gives the whole text and the pages it is made of', () => {
      expect(text.pages.length).toBeGreaterThan(1);
      expect(text.text).toBe(text.pages.join('\n\n'));
      expect(text.text).toMatch(/DISTRIBUTOR AGREEMENT/i);
    });

    it('GET /content gives back the exact bytes with their type', async () => {
      const res = await get(h, `/api/v1/documents/${pdf.id}/content`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent(CONTRACT_PDF_NAME));
      expect(res.rawPayload.equals(CONTRACT_PDF)).toBe(true);
    });

    it('lists documents with status, label and source_id filters and pages', async () => {
      const source = await app.inject({
        method: 'POST',
        url: '/api/v1/sources/connect/manual-upload',
        headers: h,
      });
      expect(source.statusCode, source.body).toBe(200);
      const sourceId: string = source.json().id;
      const fromSource = await upload(app, h, 'Minutes of the supplier meeting.', 'minutes.txt', {
        source_id: sourceId,
      });
      expect(fromSource.json()).toMatchObject({ source_id: sourceId });

      const bySource = expectPage<DocumentDto>(await get(h, `/api/v1/documents?source_id=${sourceId}`), {
        number: 0,
        size: 20,
        total_elements: 1,
        total_pages: 1,
      });
      expect(bySource.map((d) => d.id)).toEqual([fromSource.json().id]);

      const contracts = (await get(h, '/api/v1/documents?label=Contract&size=100')).json()
        .content as DocumentDto[];
      expect(contracts.map((d) => d.id)).toContain(pdf.id);
      expect(contracts.every((d) => d.labels.includes('Contract'))).toBe(true);
      const invoices = (await get(h, '/api/v1/documents?label=Invoice&size=100')).json()
        .content as DocumentDto[];
      expect(invoices.map((d) => d.id)).not.toContain(pdf.id);

      const done = (await get(h, '/api/v1/documents?status=PROCESSED&size=100')).json()
        .content as DocumentDto[];
      expect(done.map((d) => d.id)).toContain(pdf.id);
      expect(done.every((d) => d.status === 'PROCESSED')).toBe(true);

      // The review queue: confirming a document's labels takes it out of labels_confirmed=false.
      const unconfirmed = async () =>
        (
          (await get(h, '/api/v1/documents?labels_confirmed=false&size=100')).json().content as DocumentDto[]
        ).map((d) => d.id);
      expect(await unconfirmed()).toContain(fromSource.json().id);
      const confirm = await app.inject({
        method: 'PUT',
        url: `/api/v1/documents/${fromSource.json().id}/labels`,
        headers: h,
        payload: { labels: ['Contract'] },
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      expect(await unconfirmed()).not.toContain(fromSource.json().id);
      const confirmed = (await get(h, '/api/v1/documents?labels_confirmed=true&size=100')).json()
        .content as DocumentDto[];
      expect(confirmed.map((d) => d.id)).toEqual([fromSource.json().id]);
      expect((await get(h, '/api/v1/documents?labels_confirmed=maybe')).statusCode).toBe(400);

      const all = (await get(h, '/api/v1/documents?size=100')).json();
      const total = all.page.total_elements as number;
      expect(total).toBeGreaterThanOrEqual(4);
      const seen: string[] = [];
      for (let page = 0; page * 2 < total; page++) {
        const res = await get(h, `/api/v1/documents?page=${page}&size=2&sort=filename,asc`);
        const body = res.json();
        expect(body.page).toEqual({
          number: page,
          size: 2,
          total_elements: total,
          total_pages: Math.ceil(total / 2),
        });
        seen.push(...(body.content as DocumentDto[]).map((d) => d.filename));
      }
      expect(seen).toHaveLength(total);
      expect(seen).toEqual([...seen].sort());
      expectInvalidField(await get(h, '/api/v1/documents?status=DONE'), 'query.status');
      expectInvalidField(await get(h, '/api/v1/documents?source_id=inbox'), 'query.source_id');
    });

    it('a MEMBER reads documents, but only an OWNER or ADMIN reprocesses or deletes', async () => {
      const m = inOrg(member, team);
      expect((await get(m, `/api/v1/documents/${pdf.id}`)).statusCode).toBe(200);
      expect((await get(m, '/api/v1/documents')).statusCode).toBe(200);
      expectProblem(
        await app.inject({ method: 'POST', url: `/api/v1/documents/${pdf.id}/reprocess`, headers: m }),
        403,
      );
      expectProblem(
        await app.inject({ method: 'DELETE', url: `/api/v1/documents/${pdf.id}`, headers: m }),
        403,
      );
    });

    it('confirms labels: the path must exist in the ontology; confirmed labels survive a reprocess', async () => {
      const url = `/api/v1/documents/${pdf.id}/labels`;
      const put = (labels: unknown) => app.inject({ method: 'PUT', url, headers: h, payload: { labels } });
      const bad = await put(['Contract', 'Lease']);
      expectInvalidField(bad, 'body.labels');
      expect(bad.json().detail).toContain('Contract / Lease');
      expectInvalidField(await put([]), 'body.labels');
      expectInvalidField(await put(['Distributor']), 'body.labels');

      const ok = await put(['Contract', 'Distributor']);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({
        labels: ['Contract', 'Distributor'],
        labels_confirmed: true,
        llm_suggested: null,
      });

      const reprocess = await app.inject({
        method: 'POST',
        url: `/api/v1/documents/${pdf.id}/reprocess`,
        headers: inOrg(admin, team),
      });
      expect(reprocess.statusCode, reprocess.body).toBe(202);
      expect(reprocess.json()).toMatchObject({
        id: pdf.id,
        status: 'RECEIVED',
        step: 'parse',
        error: null,
        attempts: 0,
      });
      const again = await waitForDocument(app, h, pdf.id);
      expect(again.status, again.error ?? '').toBe('PROCESSED');
      expect(Date.parse(again.processed_at as string)).toBeGreaterThan(
        Date.parse(processed.processed_at as string),
      );
      expect(again).toMatchObject({
        labels: ['Contract', 'Distributor'],
        labels_confirmed: true,
        attempts: 1,
      });
      expect(again.extraction).not.toBeNull();
    }, 90_000);

    it('hides the documents of another tenant: 404 on every route', async () => {
      const s = stranger.headers;
      for (const url of ['', '/content', '/text']) {
        expectProblem(await get(s, `/api/v1/documents/${pdf.id}${url}`), 404);
      }
      expectProblem(
        await app.inject({ method: 'POST', url: `/api/v1/documents/${pdf.id}/reprocess`, headers: s }),
        404,
      );
      expectProblem(
        await app.inject({
          method: 'PUT',
          url: `/api/v1/documents/${pdf.id}/labels`,
          headers: s,
          payload: { labels: ['Contract'] },
        }),
        404,
      );
      expectProblem(
        await app.inject({ method: 'DELETE', url: `/api/v1/documents/${pdf.id}`, headers: s }),
        404,
      );
      const theirs = (await get(s, '/api/v1/documents')).json();
      expect(theirs.content).toEqual([]);
      // …and the same bytes are a new document in another organization.
      const own = await upload(app, s, CONTRACT_PDF, CONTRACT_PDF_NAME);
      expect(own.json()).toMatchObject({ duplicate: false });
      expect(own.json().id).not.toBe(pdf.id);
      await app.inject({ method: 'DELETE', url: `/api/v1/documents/${own.json().id}`, headers: s });
    });

    it('deletes a document (204) and its stored file', async () => {
      const blob = path.join(dataDir, 'blobs', team, pdf.sha256.slice(0, 2), pdf.sha256);
      expect(existsSync(blob)).toBe(true);
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/v1/documents/${pdf.id}`,
        headers: inOrg(admin, team),
      });
      expect(del.statusCode, del.body).toBe(204);
      expect(existsSync(blob)).toBe(false);
      expectProblem(await get(h, `/api/v1/documents/${pdf.id}`), 404);
      expectProblem(await get(h, `/api/v1/documents/${pdf.id}/content`), 404);
      expectProblem(
        await app.inject({ method: 'DELETE', url: `/api/v1/documents/${pdf.id}`, headers: h }),
        404,
      );
    });
  });
});
