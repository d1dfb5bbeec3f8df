import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';
import type { Json } from './support.js';

/**
 * A connection's status as read (docs/sources.md "Status"): the EMAIL_FORWARDING connection reads
 * DISABLED while the organization's e-mail forwarding setting is off, everywhere it is shown —
 * the list (and its status filter and sort), the single GET and a PATCH's answer — and ACTIVE as
 * soon as the setting is on, with nothing stored to fall out of step.
 */
describe('source connection status follows the e-mail forwarding setting', () => {
  let app: TestApp;
  let team: string;
  let h: Record<string, string>;
  let emailId: string;
  let manualId: string;

  const get = (url: string) => app.inject({ method: 'GET', url, headers: h });
  const list = async (query = '') =>
    ((await get(`/api/v1/sources${query}`)).json() as { content: Json[] }).content;
  const statusOf = (rows: Json[], id: string) => rows.find((r) => r.id === id)?.status;
  const setForwarding = async (on: boolean) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${team}/settings`,
      headers: h,
      payload: { email_forwarding_enabled: on },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '0' }));
    const owner = await signUp(app);
    team = await createTeam(app, owner);
    h = inOrg(owner, team);
    emailId = ((await get('/api/v1/sources/email-forwarding/address')).json() as Json).source_id as string;
    manualId = (
      (
        await app.inject({ method: 'POST', url: '/api/v1/sources/connect/manual-upload', headers: h })
      ).json() as Json
    ).id as string;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('reads DISABLED in the list, its filter and the single GET while forwarding is off', async () => {
    const rows = await list();
    expect(statusOf(rows, emailId)).toBe('DISABLED');
    expect(statusOf(rows, manualId)).toBe('ACTIVE');
    expect((await list('?status=DISABLED')).map((r) => r.id)).toEqual([emailId]);
    expect((await list('?status=ACTIVE')).map((r) => r.id)).toEqual([manualId]);
    expect((await list('?sort=status,asc')).map((r) => r.status)).toEqual(['ACTIVE', 'DISABLED']);
    const one = await get(`/api/v1/sources/${emailId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ kind: 'EMAIL_FORWARDING', status: 'DISABLED' });
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/v1/sources/${emailId}`,
      headers: h,
      payload: { name: 'Inbox' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Inbox', status: 'DISABLED' });
  });

  it('reads ACTIVE as soon as the setting is on, and DISABLED again when it is turned off', async () => {
    await setForwarding(true);
    expect(statusOf(await list(), emailId)).toBe('ACTIVE');
    expect((await get(`/api/v1/sources/${emailId}`)).json()).toMatchObject({ status: 'ACTIVE' });
    expect(await list('?status=DISABLED')).toEqual([]);
    expect((await list('?status=ACTIVE')).map((r) => r.id).sort()).toEqual([emailId, manualId].sort());
    await setForwarding(false);
    expect(statusOf(await list(), emailId)).toBe('DISABLED');
    expect((await get(`/api/v1/sources/${emailId}`)).json()).toMatchObject({ status: 'DISABLED' });
  });
});
