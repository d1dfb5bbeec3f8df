import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../src/db/schema.js';
import type { DocumentDto } from '../../src/documents/schemas.js';
import { expectInvalidField, expectProblem, expectUnauthorized } from '../auth/assertions.js';
import { corpusFile, demoOntology, upload, waitForDocument } from '../documents/helpers.js';
import {
  addMember,
  createTeam,
  createTestApp,
  inOrg,
  signUp,
  type TestApp,
  type TestUser,
} from '../support/app.js';

/** A real contract from CUAD (a born-digital PDF of 38 KB). */
const CONTRACT_PDF_NAME = 'LUCIDINC_04_15_2011-EX-10.9-DISTRIBUTOR AGREEMENT.pdf';

describe('PATCH /api/v1/documents/{id}/extraction: correcting extracted values', () => {
  let app: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let team: string;
  let h: Record<string, string>;
  let pdf: DocumentDto;

  const patch = (id: string, payload: unknown, headers = h) =>
    app.inject({
      method: 'PATCH',
      url: `/api/v1/documents/${id}/extraction`,
      headers,
      payload: payload as object,
    });

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '1', SERVICE_PLUGIN_POOL_SIZE: '1' }));
    [owner, member, stranger] = await Promise.all([signUp(app), signUp(app), signUp(app)]);
    team = await createTeam(app, owner);
    await addMember(app, owner, team, member, 'MEMBER');
    h = inOrg(owner, team);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/v1/ontology',
      headers: h,
      payload: demoOntology(),
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await upload(app, h, corpusFile('cuad', 'pdf', CONTRACT_PDF_NAME), CONTRACT_PDF_NAME);
    expect(res.statusCode, res.body).toBe(202);
    pdf = await waitForDocument(app, h, res.json().id, 120_000);
    expect(pdf.status, pdf.error ?? '').toBe('PROCESSED');
    expect(pdf.labels[0]).toBe('Contract');
    expect(pdf.extraction).not.toBeNull();
    expect(pdf.labels_confirmed).toBe(false);
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it('stores corrected values, keeps the original, confirms the labels and re-derives the contract', async () => {
    const original = pdf.extraction?.data.counterparty ?? null;
    const res = await patch(pdf.id, {
      data: {
        counterparty: 'Globex Distribution LLC',
        expiration_date: '2031-06-30',
        contract_value: { amount: 48000, currency: 'usd' },
        notice_period: 'P60D',
        term: { value: 1, unit: 'year' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as DocumentDto;
    expect(doc.extraction?.data).toMatchObject({
      counterparty: 'Globex Distribution LLC',
      expiration_date: '2031-06-30',
      contract_value: { amount: 48000, currency: 'USD' },
      notice_period: { value: 60, unit: 'day', iso: 'P60D' },
    });
    expect(doc.extraction?.corrections.counterparty).toMatchObject({
      value: 'Globex Distribution LLC',
      original,
      corrected_by: owner.id,
      corrected_by_email: owner.email,
    });
    expect(Date.parse(doc.extraction?.corrections.counterparty?.corrected_at ?? '')).not.toBeNaN();
    // The review vouches for the path: a training example of the classifier from now on.
    expect(doc.labels_confirmed).toBe(true);

    expect(doc.contract_id).not.toBeNull();
    const contract = await app.inject({
      method: 'GET',
      url: `/api/contracts/${doc.contract_id}`,
      headers: h,
    });
    expect(contract.statusCode, contract.body).toBe(200);
    expect(contract.json()).toMatchObject({
      vendor: 'Globex Distribution LLC',
      expiration_date: '2031-06-30',
      annual_value: 48000,
      currency: 'USD',
    });

    const audit = await app.inject({
      method: 'GET',
      url: '/api/v1/audit-log',
      headers: h,
      query: { action: 'document.extraction_correct', resource_id: pdf.id },
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const [entry] = audit.json().content;
    expect(entry).toMatchObject({
      action: 'document.extraction_correct',
      resource_type: 'document',
      changes: { counterparty: { from: original, to: 'Globex Distribution LLC' } },
    });

    const emitted = await app.ctx.db
      .select()
      .from(events)
      .where(and(eq(events.organizationId, team), eq(events.type, 'document.extracted')));
    const correction = emitted.find((e) => Array.isArray(e.data.corrected_fields));
    expect(correction?.data).toMatchObject({
      document_id: pdf.id,
      corrected_by: owner.id,
      corrected_fields: ['counterparty', 'expiration_date', 'contract_value', 'notice_period', 'term'],
    });
  });

  it('a null clears a field; a reprocess keeps every corrected value', async () => {
    const cleared = await patch(pdf.id, { data: { governing_law: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().extraction.data).not.toHaveProperty('governing_law');
    expect(cleared.json().extraction.corrections.governing_law).toMatchObject({ value: null });

    const re = await app.inject({ method: 'POST', url: `/api/v1/documents/${pdf.id}/reprocess`, headers: h });
    expect(re.statusCode, re.body).toBe(202);
    const again = await waitForDocument(app, h, pdf.id, 120_000);
    expect(again.status, again.error ?? '').toBe('PROCESSED');
    expect(again.extraction?.data.counterparty).toBe('Globex Distribution LLC');
    expect(again.extraction?.data).not.toHaveProperty('governing_law');
    expect(Object.keys(again.extraction?.corrections ?? {}).sort()).toEqual([
      'contract_value',
      'counterparty',
      'expiration_date',
      'governing_law',
      'notice_period',
      'term',
    ]);
  }, 150_000);

  it('validates the body and each value against its field dtype (400 naming the field)', async () => {
    expectInvalidField(
      await patch(pdf.id, { data: { expiration_date: '2031-02-30' } }),
      'body.data.expiration_date',
    );
    expectInvalidField(
      await patch(pdf.id, { data: { contract_value: 'a lot' } }),
      'body.data.contract_value',
    );
    expectInvalidField(await patch(pdf.id, { data: { parties: 'Acme' } }), 'body.data.parties');
    expectInvalidField(await patch(pdf.id, { data: { salary: 5 } }), 'body.data.salary');
    expectInvalidField(await patch(pdf.id, { data: {} }), 'body.data');
    expectProblem(await patch(pdf.id, { data: { counterparty: 'x' }, labels: ['Contract'] }), 400);
    expectProblem(await patch(pdf.id, []), 400);
    expectProblem(await patch('not-a-uuid', { data: { counterparty: 'x' } }), 400);
    // Nothing of a rejected body was stored.
    const doc = (await app.inject({ method: 'GET', url: `/api/v1/documents/${pdf.id}`, headers: h })).json();
    expect(doc.extraction.data.expiration_date).toBe('2031-06-30');
  });

  it('refuses a duration no contract has, and re-derives dates near the end of the calendar', async () => {
    // A finite number, but 10^308 years: once stored it made every re-derivation of the document
    // fail ("Invalid time value"), so the answer was a 500 and the document could not be corrected
    // or reprocessed any more.
    const huge = await patch(pdf.id, { data: { notice_period: { value: 1e308, unit: 'year' } } });
    expectInvalidField(huge, 'body.data.notice_period');
    expect(huge.json().detail).toContain('at most 1000 years');
    expectInvalidField(await patch(pdf.id, { data: { term: 'P5000Y' } }), 'body.data.term');

    // A valid last date plus a term leaves the years 1–9999: the renewal date is unknown, not a crash.
    const res = await patch(pdf.id, {
      data: { expiration_date: null, effective_date: '9999-12-31', term: { value: 2, unit: 'year' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const contract = await app.inject({
      method: 'GET',
      url: `/api/contracts/${res.json().contract_id}`,
      headers: h,
    });
    expect(contract.statusCode, contract.body).toBe(200);
    expect(contract.json()).toMatchObject({ renewal_date: null, notice_deadline: null, status: 'ACTIVE' });

    // The money message reads as one sentence after "must be".
    const money = await patch(pdf.id, { data: { contract_value: { amount: 5, currency: 'XXZ' } } });
    expectInvalidField(money, 'body.data.contract_value');
    expect(money.json().detail).toContain('must be {"amount": number, "currency": null or an ISO 4217 code');

    const restored = await patch(pdf.id, {
      data: { expiration_date: '2031-06-30', effective_date: null, term: { value: 1, unit: 'year' } },
    });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('is for OWNER and ADMIN; other tenants get 404; no credentials get 401', async () => {
    expectProblem(await patch(pdf.id, { data: { counterparty: 'x' } }, inOrg(member, team)), 403);
    expectProblem(await patch(pdf.id, { data: { counterparty: 'x' } }, stranger.headers), 404);
    expectProblem(await patch(pdf.id, { data: { counterparty: 'x' } }, inOrg(stranger, team)), 403);
    expectUnauthorized(await patch(pdf.id, { data: { counterparty: 'x' } }, {}));
    const doc = (await app.inject({ method: 'GET', url: `/api/v1/documents/${pdf.id}`, headers: h })).json();
    expect(doc.extraction.data.counterparty).toBe('Globex Distribution LLC');
  });

  it('answers 409 for a document without extracted values', async () => {
    const note = await upload(app, h, 'Shopping list: milk, eggs, bread.', 'list.txt');
    expect(note.statusCode, note.body).toBe(202);
    const doc = await waitForDocument(app, h, note.json().id, 120_000);
    expect(doc.labels).toEqual([]);
    expect(doc.extraction).toBeNull();
    expectProblem(await patch(doc.id, { data: { counterparty: 'x' } }), 409, /no extracted values/);
  }, 150_000);
});
