import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewalAlertTitle } from '../../src/alerts/schemas.js';
import { reopenSnoozed } from '../../src/alerts/service.js';
import { addDays, todayIn } from '../../src/contracts/renewal.js';
import { deriveContract, scanContracts } from '../../src/contracts/service.js';
import { events } from '../../src/db/schema.js';
import { runRenewalScan } from '../../src/jobs/renewal-scan.js';
import { insertExtractedDocument } from '../contracts/support.js';
import {
  addMember,
  createTeam,
  createTestApp,
  inOrg,
  signUp,
  type TestApp,
  type TestUser,
} from '../support/app.js';

type Json = Record<string, unknown>;
type Alert = Json & { id: string; status: string; threshold_days: number; contract_id: string };

describe('alerts (api-decisions §3; docs/contracts.md "Alerts")', () => {
  let app: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let org: string;
  let h: Record<string, string>;
  const today = todayIn('UTC');
  const DAY = 86_400_000;

  beforeAll(async () => {
    ({ app } = await createTestApp());
    owner = await signUp(app);
    member = await signUp(app);
    stranger = await signUp(app);
    org = await createTeam(app, owner);
    await addMember(app, owner, org, member, 'MEMBER');
    h = inOrg(owner, org);
    const s = await app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${org}/settings`,
      headers: h,
      payload: { renewal_alert_days: [60, 14] },
    });
    expect(s.statusCode, s.body).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  const alerts = async (qs = '') => {
    const res = await app.inject({ method: 'GET', url: `/api/alerts?${qs}`, headers: h });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Alert[]; meta: { total: number; page: number; per_page: number } };
  };
  const put = (id: string, payload: Json, headers = h) =>
    app.inject({ method: 'PUT', url: `/api/alerts/${id}`, headers, payload });
  const eventCount = async (type: string) =>
    (
      await app.ctx.db
        .select()
        .from(events)
        .where(and(eq(events.organizationId, org), eq(events.type, type as never)))
    ).length;

  let soon: string;
  let later: string;

  it("counts a renewal alert's days to the notice deadline on the day it is read", async () => {
    const own = await createTeam(app, owner);
    const oh = inOrg(owner, own);
    // Derived a week ago, 27 days before its deadline: the 30-day alert said "in 27 day(s)" then.
    const weekAgo = new Date(Date.now() - 7 * DAY);
    const deadline = addDays(today, 20);
    const doc = await insertExtractedDocument(app.ctx, own, ['Contract', 'Service'], {
      counterparty: 'CRO Consulting',
      expiration_date: deadline,
    });
    await deriveContract(app.ctx, doc, weekAgo);
    const res = await app.inject({ method: 'GET', url: '/api/alerts', headers: oh });
    const [alert] = (res.json() as { data: Alert[] }).data;
    expect(alert).toMatchObject({
      title: `CRO Consulting (Service): notice deadline ${deadline} in 20 day(s)`,
      threshold_days: 30,
      due_date: deadline,
      data: expect.objectContaining({ days_left: 20 }),
    });
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/alerts/${alert?.id}`,
      headers: oh,
      payload: { status: 'ACKNOWLEDGED' },
    });
    expect(changed.json()).toMatchObject({
      title: alert?.title,
      data: expect.objectContaining({ days_left: 20 }),
    });
  });

  it('words the distance to a notice deadline as of a day', () => {
    expect(renewalAlertTitle('Initech', 'Supply', '2026-03-01', '2026-02-28')).toBe(
      'Initech (Supply): notice deadline 2026-03-01 in 1 day(s)',
    );
    expect(renewalAlertTitle('Initech', 'Supply', '2026-03-01', '2026-03-01')).toBe(
      'Initech (Supply): notice deadline 2026-03-01 today',
    );
    expect(renewalAlertTitle('Initech', 'Supply', '2026-03-01', '2026-03-04')).toBe(
      'Initech (Supply): notice deadline 2026-03-01 passed 3 day(s) ago',
    );
  });

  it('raises one alert per contract and threshold; scans are idempotent', async () => {
    const mk = async (vendor: string, days: number) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contracts',
        headers: h,
        payload: { vendor, type: 'Service', renewal_date: addDays(today, days + 7), notice_period_days: 7 },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as Json).id as string;
    };
    soon = await mk('Soon Corp', 10); // deadline in 10 days → the 14-day alert at once
    later = await mk('Later Corp', 40); // deadline in 40 days → the 60-day alert
    let list = await alerts();
    expect(list.meta).toEqual({ total: 2, page: 1, per_page: 20 });
    expect(list.data.map((a) => [a.contract_id, a.threshold_days]).sort()).toEqual(
      [
        [soon, 14],
        [later, 60],
      ].sort(),
    );
    await runRenewalScan(app.ctx);
    await runRenewalScan(app.ctx);
    expect((await alerts()).meta.total).toBe(2);
    // 30 days on, Later Corp's deadline is 10 days away: its 14-day alert; again → nothing new.
    const then = new Date(Date.now() + 30 * DAY);
    expect((await scanContracts(app.ctx, org, then)).alerts).toBe(1);
    expect((await scanContracts(app.ctx, org, then)).alerts).toBe(0);
    list = await alerts('kind=contract.renewal_upcoming');
    expect(
      list.data
        .filter((a) => a.contract_id === later)
        .map((a) => a.threshold_days)
        .sort(),
    ).toEqual([14, 60]);
    expect(list.meta.total).toBe(3);
    expect(await eventCount('alert.created')).toBe(3);
    expect(await eventCount('contract.renewal_upcoming')).toBe(3);
    // Soon Corp renewed 17 days from now without auto-renewal: 30 days on, the scan expired it.
    const expired = (
      await app.inject({ method: 'GET', url: `/api/contracts/${soon}`, headers: h })
    ).json() as Json & {
      history: { reason: string }[];
    };
    expect(expired.status).toBe('EXPIRED');
    expect(expired.history[0]?.reason).toBe('SCAN');
  });

  it('lists by due date, soonest notice deadline first, or newest first by default', async () => {
    const due = (list: { data: Alert[] }) => list.data.map((a) => a.due_date as string);
    const byDue = due(await alerts('sort=due_date'));
    expect(byDue).toHaveLength(3);
    expect(byDue).toEqual([...byDue].sort());
    expect(byDue[0]).toBe(addDays(today, 10)); // Soon Corp's deadline
    expect(due(await alerts('sort=due_date&order=desc'))).toEqual([...byDue].reverse());
    const newest = (await alerts()).data.map((a) => a.created_at as string);
    expect(newest).toEqual([...newest].sort().reverse());
    const bad = await app.inject({ method: 'GET', url: '/api/alerts?sort=deadline', headers: h });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('query.sort');
  });

  it('snoozes (future time required) and reopens when the time passes', async () => {
    const a = (await alerts()).data[0] as Alert;
    expect((await put(a.id, { status: 'SNOOZED' })).statusCode).toBe(400);
    expect(
      (await put(a.id, { status: 'SNOOZED', snoozed_until: new Date(Date.now() - 1000).toISOString() }))
        .statusCode,
    ).toBe(400);
    expect(
      (await put(a.id, { status: 'ACKNOWLEDGED', snoozed_until: new Date(Date.now() + DAY).toISOString() }))
        .statusCode,
    ).toBe(400);
    expect((await put(a.id, {})).statusCode).toBe(400);
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const res = await put(a.id, { status: 'SNOOZED', snoozed_until: until, note: 'after the board meeting' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'SNOOZED',
      snoozed_until: until,
      note: 'after the board meeting',
    });
    expect((await alerts('status=SNOOZED')).meta.total).toBe(1);
    await reopenSnoozed(app.ctx, new Date(Date.now() + 60_000));
    expect((await alerts('status=SNOOZED')).meta.total).toBe(1);
    await reopenSnoozed(app.ctx, new Date(Date.now() + 2 * 3_600_000));
    const back = (await alerts()).data.find((x) => x.id === a.id);
    expect(back).toMatchObject({ status: 'OPEN', snoozed_until: null, note: 'after the board meeting' });
    expect(await eventCount('alert.updated')).toBe(2);
  });

  it('follows the transition table, with roles and tenancy', async () => {
    const a = (await alerts()).data[1] as Alert;
    expect((await put(a.id, { status: 'ACKNOWLEDGED' })).json()).toMatchObject({ status: 'ACKNOWLEDGED' });
    expect((await put(a.id, { status: 'RESOLVED' })).json()).toMatchObject({ status: 'RESOLVED' });
    expect((await put(a.id, { status: 'ACKNOWLEDGED' })).statusCode).toBe(409);
    expect(
      (await put(a.id, { status: 'SNOOZED', snoozed_until: new Date(Date.now() + DAY).toISOString() }))
        .statusCode,
    ).toBe(409);
    expect((await put(a.id, { note: 'checked' })).json()).toMatchObject({
      status: 'RESOLVED',
      note: 'checked',
    });
    expect((await put(a.id, { status: 'OPEN' })).json()).toMatchObject({ status: 'OPEN' });
    expect((await put(a.id, { status: 'DISMISSED' })).json()).toMatchObject({ status: 'DISMISSED' });
    expect((await put(a.id, { status: 'BOGUS' })).statusCode).toBe(400);
    expect((await put(a.id, { status: 'OPEN' }, inOrg(member, org))).statusCode).toBe(403);
    expect((await put(a.id, { status: 'OPEN' }, stranger.headers)).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/alerts', headers: inOrg(member, org) })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/alerts', headers: stranger.headers })).json(),
    ).toMatchObject({
      meta: { total: 0 },
    });
    expect((await app.inject({ method: 'GET', url: '/api/alerts' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'PUT', url: `/api/alerts/${a.id}`, payload: { status: 'OPEN' } }))
        .statusCode,
    ).toBe(401);
    expect((await alerts('status=DISMISSED')).meta.total).toBe(1);
    expect((await alerts('per_page=1&page=2')).data).toHaveLength(1);
  });
});
