import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveContract } from '../../src/contracts/service.js';
import { insertExtractedDocument } from '../contracts/support.js';
import { createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';

type Alert = { contract_id: string; data: { clause?: unknown } };

describe('a renewal alert shows the clause it was computed from', () => {
  let app: TestApp;
  let org: string;
  let h: Record<string, string>;

  beforeAll(async () => {
    ({ app } = await createTestApp());
    const owner = await signUp(app);
    org = await createTeam(app, owner);
    h = inOrg(owner, org);
  });
  afterAll(async () => {
    await app?.close();
  });

  const renewalAlerts = async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/alerts?kind=contract.renewal_upcoming',
      headers: h,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Alert[];
  };

  it("carries the evidence of the renewal term and the notice period, under the customer's own field names", async () => {
    const renewal = {
      start: 1200,
      end: 1290,
      page: 4,
      text: 'shall automatically renew for successive one (1) year periods',
    };
    const notice = {
      start: 1291,
      end: 1370,
      page: 4,
      text: 'unless either party gives ninety (90) days written notice',
    };
    // The ontology calls the fields `renewal_period` and `non_renewal_notice` (registry aliases).
    const doc = await insertExtractedDocument(
      app.ctx,
      org,
      ['Contract', 'Supply'],
      {
        parties: ['Initech LLC', 'Acme Corporation'],
        effective_date: '2025-03-01',
        term: { value: 2, unit: 'year' },
        renewal_period: { value: 1, unit: 'year' },
        non_renewal_notice: { value: 90, unit: 'day' },
      },
      'supply.pdf',
      { renewal_period: [renewal], non_renewal_notice: [notice] },
    );
    // The notice deadline is 2026-12-01; ten days before it the 30-day threshold is crossed.
    await deriveContract(app.ctx, doc, new Date('2026-11-21T12:00:00Z'));
    const [alert] = await renewalAlerts();
    expect(alert?.data.clause).toEqual({
      document_id: doc.id,
      filename: 'supply.pdf',
      renewal_term: renewal,
      notice_period: notice,
    });
  });

  it('says where the evidence is missing rather than inventing it', async () => {
    const doc = await insertExtractedDocument(app.ctx, org, ['Contract', 'Service'], {
      parties: ['Globex Corporation', 'Acme Corporation'],
      effective_date: '2025-03-01',
      term: { value: 2, unit: 'year' },
      renewal_term: { value: 1, unit: 'year' },
      notice_period: { value: 60, unit: 'day' },
    });
    await deriveContract(app.ctx, doc, new Date('2026-12-20T12:00:00Z'));
    const alert = (await renewalAlerts()).find(
      (a) => (a.data.clause as { document_id?: string })?.document_id === doc.id,
    );
    expect(alert?.data.clause).toMatchObject({ renewal_term: null, notice_period: null });
  });
});
