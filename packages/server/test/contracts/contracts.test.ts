import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveContract } from '../../src/contracts/service.js';
import { events } from '../../src/db/schema.js';
import { findDocumentById, updateDocument } from '../../src/documents/repository.js';
import { expectInvalidField } from '../auth/assertions.js';
import {
  addMember,
  createTeam,
  createTestApp,
  inOrg,
  signUp,
  type TestApp,
  type TestUser,
} from '../support/app.js';
import { insertExtractedDocument } from './support.js';

type Json = Record<string, unknown>;

describe('contracts (spec 2.2, 4.1; docs/contracts.md)', () => {
  let app: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let org: string;
  let h: Record<string, string>;

  beforeAll(async () => {
    ({ app } = await createTestApp());
    owner = await signUp(app);
    member = await signUp(app);
    stranger = await signUp(app);
    org = await createTeam(app, owner);
    await addMember(app, owner, org, member, 'MEMBER');
    h = inOrg(owner, org);
    const id = await app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${org}/identities`,
      headers: h,
      payload: { kind: 'LEGAL_NAME', value: 'Acme Corporation', primary: true },
    });
    expect(id.statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (payload: Json, headers = h) =>
    app.inject({ method: 'POST', url: '/api/contracts', headers, payload });
  const list = async (qs: string, headers = h) => {
    const res = await app.inject({ method: 'GET', url: `/api/contracts?${qs}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Json[]; meta: { total: number; page: number; per_page: number } };
  };

  it('derives a contract from an extracted document, then versions it on re-extraction', async () => {
    const now = new Date('2026-01-10T12:00:00Z');
    const doc = await insertExtractedDocument(app.ctx, org, ['Contract', 'Supply'], {
      parties: ['Acme Corporation', 'Initech LLC'],
      effective_date: '2025-03-01',
      term: { value: 2, unit: 'year', iso: 'P2Y' },
      renewal_term: { value: 1, unit: 'year', iso: 'P1Y' },
      notice_period: { value: 90, unit: 'day', iso: 'P90D' },
      contract_value: { amount: 240000, currency: 'USD' },
      currency: 'USD',
    });
    await deriveContract(app.ctx, doc, now);
    const linked = await findDocumentById(app.ctx.db, doc.id);
    expect(linked?.contractId).toBeTruthy();
    const res = await app.inject({ method: 'GET', url: `/api/contracts/${linked?.contractId}`, headers: h });
    expect(res.statusCode).toBe(200);
    const c = res.json() as Json & { history: Json[] };
    expect(c).toMatchObject({
      vendor: 'Initech LLC',
      type: 'Supply',
      renewal_date: '2027-03-01',
      notice_deadline: '2026-12-01',
      notice_period_days: 90,
      annual_value: 120000,
      currency: 'USD',
      status: 'ACTIVE',
      auto_renew: true,
      origin: 'DOCUMENT',
      document_id: doc.id,
      version: 1,
    });
    expect(c.history).toHaveLength(1);

    // Same extraction again: idempotent, no new version.
    const reread = await findDocumentById(app.ctx.db, doc.id);
    if (!reread) throw new Error('document vanished');
    await deriveContract(app.ctx, reread, now);
    // Re-extraction with a stated expiration date: version 2, history kept.
    const again = await updateDocument(app.ctx.db, doc.id, {
      extraction: {
        data: {
          counterparty: 'Initech L.L.C.',
          expiration_date: '2026-03-31',
          notice_period: { value: 30, unit: 'day' },
        },
        llm_fields: [],
        document_type: null,
        evidence: {},
        confidence: {},
        unsupported_fields: [],
        corrections: {},
        plugin: 'test',
      },
    });
    if (!again) throw new Error('document vanished');
    await deriveContract(app.ctx, again, now);
    const after = (
      await app.inject({ method: 'GET', url: `/api/contracts/${c.id}`, headers: h })
    ).json() as Json & {
      history: { version: number; reason: string; contract: Json }[];
    };
    expect(after).toMatchObject({
      vendor: 'Initech L.L.C.',
      renewal_date: '2026-03-31',
      notice_deadline: '2026-03-01',
      status: 'EXPIRING',
      auto_renew: false,
      annual_value: null,
      version: 2,
    });
    expect(after.history.map((v) => [v.version, v.reason])).toEqual([
      [2, 'EXTRACTION'],
      [1, 'CREATED'],
    ]);
    expect(after.history[1]?.contract.vendor).toBe('Initech LLC');
  });

  it('deletes a derived contract and its renewal alert with its document; keeps a manual one, unlinked', async () => {
    // An organization of its own, so the list tests below count only theirs.
    const own = await createTeam(app, owner);
    const h = inOrg(owner, own);
    const now = new Date();
    const soon = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    const doc = await insertExtractedDocument(app.ctx, own, ['Contract', 'Service'], {
      counterparty: 'CRO Consulting',
      expiration_date: soon(20),
    });
    await deriveContract(app.ctx, doc, now);
    const contractId = (await findDocumentById(app.ctx.db, doc.id))?.contractId;
    const alertsOf = async (id: string) =>
      (
        (await app.inject({ method: 'GET', url: '/api/alerts?per_page=100', headers: h })).json() as {
          data: Json[];
        }
      ).data.filter((a) => a.contract_id === id);
    expect(await alertsOf(String(contractId))).toHaveLength(1);

    const del = await app.inject({ method: 'DELETE', url: `/api/v1/documents/${doc.id}`, headers: h });
    expect(del.statusCode).toBe(204);
    const gone = await app.inject({ method: 'GET', url: `/api/contracts/${contractId}`, headers: h });
    expect(gone.statusCode).toBe(404);
    expect(await alertsOf(String(contractId))).toEqual([]);
    const updated = await app.ctx.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.organizationId, own), eq(events.type, 'contract.updated')));
    expect(
      updated
        .filter((e) => e.data.reason === 'DOCUMENT_DELETED')
        .map((e) => [(e.data.contract as Json).id, e.data.deleted]),
    ).toEqual([[contractId, true]]);

    // A manual record pointing at a document is the organization's own: it stays, link cleared.
    const other = await insertExtractedDocument(app.ctx, own, ['Invoice'], { seller: 'X' });
    const manual = await post(
      { vendor: 'Hooli', type: 'Service', renewal_date: soon(400), document_id: other.id },
      h,
    );
    expect(manual.statusCode, manual.body).toBe(201);
    await app.inject({ method: 'DELETE', url: `/api/v1/documents/${other.id}`, headers: h });
    const kept = (
      await app.inject({ method: 'GET', url: `/api/contracts/${manual.json().id}`, headers: h })
    ).json() as Json & {
      history: { version: number; reason: string; document_id: string | null }[];
    };
    expect(kept).toMatchObject({ vendor: 'Hooli', document_id: null, origin: 'MANUAL', version: 2 });
    expect(kept.history.map((v) => [v.version, v.reason, v.document_id])).toEqual([
      [2, 'DOCUMENT_DELETED', other.id],
      [1, 'CREATED', other.id],
    ]);
  });

  it('leaves documents outside contract labels alone', async () => {
    const doc = await insertExtractedDocument(app.ctx, org, ['Invoice'], { seller: 'X' });
    await deriveContract(app.ctx, doc);
    expect((await findDocumentById(app.ctx.db, doc.id))?.contractId).toBeNull();
  });

  it('creates manual contracts (201) and lists them with envelope, filters and sorting', async () => {
    const base = { type: 'Service', currency: 'eur', notice_period_days: 30, auto_renew: false };
    const made = [
      { vendor: 'Zeta Supplies', renewal_date: '2030-01-01', annual_value: 5000 },
      { vendor: 'Alpha Cloud', renewal_date: '2028-06-30', annual_value: 90000 },
      { vendor: 'Beta Logistics', renewal_date: '2029-03-15', annual_value: 100, status: 'TERMINATED' },
    ];
    for (const m of made) {
      const res = await post({ ...base, ...m });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        vendor: m.vendor,
        currency: 'EUR',
        origin: 'MANUAL',
        status: m.status ?? 'ACTIVE',
      });
    }
    const all = await list('per_page=2');
    expect(all.meta).toEqual({ total: 4, page: 1, per_page: 2 });
    expect(all.data.map((c) => c.renewal_date)).toEqual(['2026-03-31', '2028-06-30']);
    const page2 = await list('per_page=2&page=2');
    expect(page2.data.map((c) => c.vendor)).toEqual(['Beta Logistics', 'Zeta Supplies']);
    expect((await list('sort=annual_value&order=desc')).data.map((c) => c.annual_value)).toEqual([
      90000,
      5000,
      100,
      null,
    ]);
    expect((await list('sort=vendor')).data.map((c) => c.vendor)).toEqual([
      'Alpha Cloud',
      'Beta Logistics',
      'Initech L.L.C.',
      'Zeta Supplies',
    ]);
    expect((await list('vendor=LOGIST')).data.map((c) => c.vendor)).toEqual(['Beta Logistics']);
    expect((await list('status=TERMINATED')).meta.total).toBe(1);
    expect((await list('renewal_before=2029-01-01')).data.map((c) => c.vendor)).toEqual([
      'Initech L.L.C.',
      'Alpha Cloud',
    ]);
    expect((await list('', inOrg(member, org))).meta.total).toBe(4);
  });

  it('answers 400, 401, 403, 404 and 409 where due', async () => {
    expect((await post({ vendor: 'X' })).statusCode).toBe(400);
    expect((await post({ vendor: 'X', type: 'T', renewal_date: '2026-02-30' })).statusCode).toBe(400);
    expect(
      (await post({ vendor: 'X', type: 'T', renewal_date: '2026-02-01', status: 'NOPE' })).statusCode,
    ).toBe(400);
    expect((await post({ vendor: 'X', type: 'T', renewal_date: '2026-02-01', extra: 1 })).statusCode).toBe(
      400,
    );
    // Three letters that name no currency are refused, as in a corrected value; a real code in any case is kept.
    expectInvalidField(
      await post({ vendor: 'X', type: 'T', renewal_date: '2026-02-01', currency: 'XXZ' }),
      'body.currency',
    );
    const chf = await post({ vendor: 'Swiss Co', type: 'T', renewal_date: '2026-02-01', currency: 'chf' });
    expect(chf.statusCode, chf.body).toBe(201);
    expect(chf.json().currency).toBe('CHF');
    expect((await list('per_page=100')).meta.per_page).toBe(100);
    expect(
      (await app.inject({ method: 'GET', url: '/api/contracts?per_page=101', headers: h })).statusCode,
    ).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/contracts?page=0', headers: h })).statusCode).toBe(
      400,
    );
    expect((await app.inject({ method: 'GET', url: '/api/contracts?sort=id', headers: h })).statusCode).toBe(
      400,
    );
    expect((await app.inject({ method: 'GET', url: '/api/contracts' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/contracts', payload: {} })).statusCode).toBe(401);
    const ok = { vendor: 'X', type: 'T', renewal_date: '2026-02-01' };
    expect((await post(ok, inOrg(member, org))).statusCode).toBe(403);
    expect((await post(ok, inOrg(stranger, org))).statusCode).toBe(403);
    // Another tenant sees none of them, and gets 404 for one by id.
    expect((await list('', stranger.headers)).meta.total).toBe(0);
    const one = (await list('per_page=1')).data[0] as Json;
    expect(
      (await app.inject({ method: 'GET', url: `/api/contracts/${one.id}`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    // document_id: unknown → 400; another tenant's → 400; already linked → 409; free → linked.
    expect((await post({ ...ok, document_id: '00000000-0000-7000-8000-000000000000' })).statusCode).toBe(400);
    const foreign = await insertExtractedDocument(app.ctx, stranger.personalOrgId, ['Policy'], {});
    expect((await post({ ...ok, document_id: foreign.id })).statusCode).toBe(400);
    const linked = (await list('vendor=Initech')).data[0] as Json;
    expect((await post({ ...ok, document_id: linked.document_id })).statusCode).toBe(409);
    const free = await insertExtractedDocument(app.ctx, org, ['Policy'], {});
    const res = await post({ ...ok, document_id: free.id });
    expect(res.statusCode).toBe(201);
    expect((await findDocumentById(app.ctx.db, free.id))?.contractId).toBe((res.json() as Json).id);
  });
});
