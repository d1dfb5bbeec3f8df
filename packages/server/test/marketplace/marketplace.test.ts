import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importEntitlements, parseCsv } from '../../src/marketplace/import.js';
import { PLANS } from '../../src/marketplace/plans.js';
import { expireDueEntitlements } from '../../src/marketplace/service.js';
import { signNotification } from '../../src/marketplace/signature.js';
import {
  addMember,
  createTeam,
  createTestApp,
  inOrg,
  signUp,
  systemAdmin,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from '../support/app.js';

const SECRET = 'marketplace-test-secret-0123456789';

let app: TestApp;
let admin: TestUser;

beforeAll(async () => {
  ({ app } = await createTestApp({
    SERVICE_MARKETPLACE_WEBHOOK_SECRET: SECRET,
    SERVICE_MARKETPLACE_EXPIRY_SCAN_SECONDS: '0',
  }));
  admin = await systemAdmin(app);
});
afterAll(async () => {
  await app?.close();
});

const ids = () => ({ entitlement_id: `ent-${randomUUID()}`, account_id: `acct-${randomUUID()}` });

/** The quotas row as DTO fields, as the plan module defines them. */
function planDto(plan: keyof typeof PLANS) {
  const p = PLANS[plan];
  return {
    max_documents_per_month: p.maxDocumentsPerMonth,
    max_storage_bytes: p.maxStorageBytes,
    max_sources: p.maxSources,
    max_plugins: p.maxPlugins,
    max_members: p.maxMembers,
    api_requests_per_minute: p.apiRequestsPerMinute,
  };
}

async function register(body: Record<string, unknown>, headers = admin.headers) {
  return app.inject({ method: 'POST', url: '/api/v1/marketplace/entitlements', headers, payload: body });
}

async function quotasOf(user: TestUser, orgId: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/organizations/${orgId}/quotas`,
    headers: user.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, unknown>;
}

describe('marketplace flow through the API', () => {
  it('registers, shows pending, links by account, applies the plan, and falls back to free on cancellation', async () => {
    const buyerEmail = uniqueEmail('buyer');
    const e = ids();
    const created = await register({ ...e, email: buyerEmail.toUpperCase(), plan: 'standard' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      ...e,
      email: buyerEmail,
      plan: 'standard',
      status: 'ACTIVE',
      organization_id: null,
    });
    // Registering the same entitlement again updates it.
    expect((await register({ ...e, email: buyerEmail, plan: 'standard' })).statusCode).toBe(200);

    const buyer = await signUp(app, buyerEmail);
    const pending = await app.inject({
      method: 'GET',
      url: '/api/v1/marketplace/pending',
      headers: buyer.headers,
    });
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toBe(true);
    const stranger = await signUp(app);
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/v1/marketplace/pending', headers: stranger.headers })
      ).json(),
    ).toBe(false);

    const none = await app.inject({
      method: 'GET',
      url: '/api/v1/marketplace/subscription',
      headers: buyer.headers,
    });
    expect(none.json()).toMatchObject({ plan: 'free', status: 'NONE', entitlement_id: null });

    const linked = await app.inject({
      method: 'POST',
      url: '/api/v1/marketplace/link-by-account',
      headers: buyer.headers,
      payload: { account_id: e.account_id },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({
      entitlement_id: e.entitlement_id,
      organization_id: buyer.personalOrgId,
    });
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/v1/marketplace/pending', headers: buyer.headers })
      ).json(),
    ).toBe(false);

    const sub = await app.inject({
      method: 'GET',
      url: '/api/v1/marketplace/subscription',
      headers: buyer.headers,
    });
    expect(sub.statusCode).toBe(200);
    expect(sub.json()).toMatchObject({
      plan: 'standard',
      status: 'ACTIVE',
      effective_plan: 'standard',
      ...e,
    });
    expect(await quotasOf(buyer, buyer.personalOrgId)).toMatchObject(planDto('standard'));

    // Upgrade through a registration update: quotas follow at once.
    expect((await register({ ...e, email: buyerEmail, plan: 'enterprise' })).statusCode).toBe(200);
    expect(await quotasOf(buyer, buyer.personalOrgId)).toMatchObject(planDto('enterprise'));

    const cancelled = await register({ ...e, email: buyerEmail, plan: 'enterprise', status: 'CANCELLED' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', effective_plan: 'free' });
    const after = await app.inject({
      method: 'GET',
      url: '/api/v1/marketplace/subscription',
      headers: buyer.headers,
    });
    expect(after.json()).toMatchObject({ plan: 'enterprise', status: 'CANCELLED', effective_plan: 'free' });
    expect(await quotasOf(buyer, buyer.personalOrgId)).toMatchObject(planDto('free'));
  });

  it('links by entitlement id into the active organization given by X-Organization-Id', async () => {
    const owner = await signUp(app);
    const team = await createTeam(app, owner);
    const e = ids();
    await register({ ...e, email: owner.email, plan: 'standard' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/marketplace/link',
      headers: inOrg(owner, team),
      payload: { entitlement_id: e.entitlement_id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ organization_id: team, status: 'ACTIVE' });
    const sub = await app.inject({
      method: 'GET',
      url: '/api/v1/marketplace/subscription',
      headers: inOrg(owner, team),
    });
    expect(sub.json()).toMatchObject({ plan: 'standard', status: 'ACTIVE' });
    // The personal organization is untouched.
    const personal = await app.inject({
      method: 'GET',
      url: '/api/v1/marketplace/subscription',
      headers: owner.headers,
    });
    expect(personal.json()).toMatchObject({ status: 'NONE' });
  });

  it('answers 400 for an unknown or already linked entitlement or account', async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    const e = ids();
    await register({ ...e, email: user.email, plan: 'standard' });
    const link = (u: TestUser, url: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/v1/marketplace/${url}`, headers: u.headers, payload });

    const unknown = await link(user, 'link', { entitlement_id: 'ent-nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    expect(unknown.json().detail).toMatch(/not found/);
    expect((await link(user, 'link-by-account', { account_id: 'acct-nope' })).statusCode).toBe(400);

    expect((await link(user, 'link', { entitlement_id: e.entitlement_id })).statusCode).toBe(200);
    const again = await link(other, 'link', { entitlement_id: e.entitlement_id });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/already linked/);
    const byAccount = await link(other, 'link-by-account', { account_id: e.account_id });
    expect(byAccount.statusCode).toBe(400);
    expect(byAccount.json().detail).toMatch(/already linked/);

    // A cancelled entitlement cannot be linked.
    const c = ids();
    await register({ ...c, email: user.email, plan: 'standard', status: 'CANCELLED' });
    expect((await link(other, 'link', { entitlement_id: c.entitlement_id })).statusCode).toBe(400);
    // Invalid bodies are 400 naming the field.
    const bad = await link(user, 'link', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.entitlement_id');
  });

  it('answers 401 without credentials and 403 for callers lacking the role', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/marketplace/pending'],
      ['GET', '/api/v1/marketplace/subscription'],
      ['POST', '/api/v1/marketplace/link'],
      ['POST', '/api/v1/marketplace/link-by-account'],
      ['POST', '/api/v1/marketplace/entitlements'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().detail).toBe('Authentication required');
    }
    const user = await signUp(app);
    const e = ids();
    expect((await register({ ...e, email: user.email, plan: 'standard' }, user.headers)).statusCode).toBe(
      403,
    );

    // A MEMBER of a team cannot link into it; an ADMIN can.
    const owner = await signUp(app);
    const team = await createTeam(app, owner);
    const member = await signUp(app);
    const teamAdmin = await signUp(app);
    await addMember(app, owner, team, member, 'MEMBER');
    await addMember(app, owner, team, teamAdmin, 'ADMIN');
    await register({ ...e, email: owner.email, plan: 'standard' });
    const denied = await app.inject({
      method: 'POST',
      url: '/api/v1/marketplace/link',
      headers: inOrg(member, team),
      payload: { entitlement_id: e.entitlement_id },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toMatch(/OWNER or ADMIN/);
    const allowed = await app.inject({
      method: 'POST',
      url: '/api/v1/marketplace/link',
      headers: inOrg(teamAdmin, team),
      payload: { entitlement_id: e.entitlement_id },
    });
    expect(allowed.statusCode).toBe(200);
    // A member can read the subscription.
    const sub = await app.inject({
      method: 'GET',
      url: '/api/v1/marketplace/subscription',
      headers: inOrg(member, team),
    });
    expect(sub.json()).toMatchObject({ plan: 'standard', status: 'ACTIVE' });
  });

  it('expires an entitlement past ends_at on read and in the scan, dropping quotas to free', async () => {
    const user = await signUp(app);
    const e = ids();
    const endsAt = new Date(Date.now() + 1500).toISOString();
    await register({ ...e, email: user.email, plan: 'enterprise', ends_at: endsAt });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/marketplace/link',
          headers: user.headers,
          payload: { entitlement_id: e.entitlement_id },
        })
      ).statusCode,
    ).toBe(200);
    expect(await quotasOf(user, user.personalOrgId)).toMatchObject(planDto('enterprise'));
    await new Promise((r) => setTimeout(r, 1700));
    const sub = await app.inject({
      method: 'GET',
      url: '/api/v1/marketplace/subscription',
      headers: user.headers,
    });
    expect(sub.json()).toMatchObject({
      plan: 'enterprise',
      status: 'EXPIRED',
      effective_plan: 'free',
      ends_at: endsAt,
    });
    expect(await quotasOf(user, user.personalOrgId)).toMatchObject(planDto('free'));

    // The scheduled scan does the same without a read.
    const other = await signUp(app);
    const f = ids();
    await register({
      ...f,
      email: other.email,
      plan: 'standard',
      ends_at: new Date(Date.now() + 1000).toISOString(),
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/marketplace/link',
      headers: other.headers,
      payload: { entitlement_id: f.entitlement_id },
    });
    expect(await quotasOf(other, other.personalOrgId)).toMatchObject(planDto('standard'));
    await new Promise((r) => setTimeout(r, 1200));
    expect(await expireDueEntitlements(app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await quotasOf(other, other.personalOrgId)).toMatchObject(planDto('free'));
  });

  it('refuses an entitlement re-registered under another account_id with 409', async () => {
    const e = ids();
    await register({ ...e, email: uniqueEmail(), plan: 'free' });
    const res = await register({ ...e, account_id: 'acct-other', email: uniqueEmail(), plan: 'free' });
    expect(res.statusCode).toBe(409);
  });
});

describe('signed provider notifications', () => {
  function signed(body: string, opts: { secret?: string; timestamp?: number; signature?: string } = {}) {
    const ts = opts.timestamp ?? Math.floor(Date.now() / 1000);
    return app.inject({
      method: 'POST',
      url: '/api/v1/marketplace/entitlements',
      headers: {
        'content-type': 'application/json',
        'x-marketplace-timestamp': String(ts),
        'x-marketplace-signature': opts.signature ?? signNotification(opts.secret ?? SECRET, ts, body),
      },
      payload: body,
    });
  }

  it('accepts a notification signed over the raw body and applies status changes', async () => {
    const user = await signUp(app);
    const e = ids();
    // Whitespace is kept: the MAC covers the exact bytes.
    const body = `{ "entitlement_id": "${e.entitlement_id}", "account_id": "${e.account_id}", "email": "${user.email}", "plan": "standard" }`;
    const res = await signed(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...e, status: 'ACTIVE' });
    await app.inject({
      method: 'POST',
      url: '/api/v1/marketplace/link',
      headers: user.headers,
      payload: { entitlement_id: e.entitlement_id },
    });
    expect(await quotasOf(user, user.personalOrgId)).toMatchObject(planDto('standard'));
    const cancel = JSON.stringify({ ...e, email: user.email, plan: 'standard', status: 'CANCELLED' });
    expect((await signed(cancel)).statusCode).toBe(200);
    expect(await quotasOf(user, user.personalOrgId)).toMatchObject(planDto('free'));
  });

  it('refuses a bad, stale or tampered signature with 401', async () => {
    const e = ids();
    const body = JSON.stringify({ ...e, email: uniqueEmail(), plan: 'enterprise' });
    const wrongKey = await signed(body, { secret: 'another-secret-0123456789abcdef' });
    expect(wrongKey.statusCode).toBe(401);
    expect(wrongKey.json()).toMatchObject({ status: 401, reason: 'mismatch' });
    const stale = await signed(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().reason).toBe('stale');
    const ts = Math.floor(Date.now() / 1000);
    const tampered = await signed(body.replace('enterprise', 'free'), {
      timestamp: ts,
      signature: signNotification(SECRET, ts, body),
    });
    expect(tampered.statusCode).toBe(401);
    expect((await signed(body, { signature: 'v1=zz' })).statusCode).toBe(401);
    // None of them registered anything.
    const check = await register({ ...e, email: uniqueEmail(), plan: 'free' });
    expect(check.statusCode).toBe(201);
  });
});

describe('service-server marketplace import', () => {
  it('parses RFC 4180 CSV', () => {
    expect(parseCsv('a,b\r\n"x, y","he said ""hi"""\n\n1,\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'he said "hi"'],
      ['1', ''],
    ]);
  });

  it('imports JSON and CSV files, updating known entitlements and reporting bad records', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mkt-import-'));
    const a = ids();
    const b = ids();
    const emailA = uniqueEmail('imp');
    const json = path.join(dir, 'ents.json');
    writeFileSync(
      json,
      JSON.stringify({
        entitlements: [
          { ...a, email: emailA, plan: 'standard' },
          { ...b, email: 'not-an-email', plan: 'standard' },
        ],
      }),
    );
    const first = await importEntitlements(app.ctx, json);
    expect(first.map((o) => o.result)).toEqual(['created', 'error']);
    expect(first[1]?.error).toMatch(/email/);

    const csv = path.join(dir, 'ents.csv');
    const emailB = uniqueEmail('imp');
    writeFileSync(
      csv,
      `entitlement_id,account_id,email,plan,status,ends_at\n${a.entitlement_id},${a.account_id},${emailA},enterprise,ACTIVE,\n${b.entitlement_id},${b.account_id},${emailB},free,,2099-01-01T00:00:00Z\n`,
    );
    const second = await importEntitlements(app.ctx, csv);
    expect(second.map((o) => o.result)).toEqual(['updated', 'created']);
    const user = await signUp(app, emailB);
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/marketplace/pending', headers: user.headers })).json(),
    ).toBe(true);
  });
});
