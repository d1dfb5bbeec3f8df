import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

let app: TestApp;
let admin: TestUser;

beforeAll(async () => {
  ({ app } = await createTestApp({ SERVICE_WORKERS: '0' }));
  admin = await systemAdmin(app);
});
afterAll(async () => {
  await app?.close();
});

async function setQuotas(orgId: string, quotas: Record<string, number | null>) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/v1/organizations/${orgId}/quotas`,
    headers: admin.headers,
    payload: quotas,
  });
  expect(res.statusCode, res.body).toBe(200);
}

function upload(headers: Record<string, string>, text: string, filename = 'note.txt') {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(text)]), filename);
  return app.inject({ method: 'POST', url: '/api/v1/documents', headers, payload: form });
}

function expectQuotaProblem(
  res: Awaited<ReturnType<TestApp['inject']>>,
  status: number,
  quota: string,
  limit: number,
  used: number,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  const body = res.json();
  expect(body).toMatchObject({ status, quota, limit, used });
  expect(body.detail).toContain(quota);
}

describe('max_members', () => {
  let owner: TestUser;
  let team: string;
  beforeAll(async () => {
    owner = await signUp(app);
    team = await createTeam(app, owner);
  });

  it('refuses POST members, POST /users and invitation accept once the team is full (403 naming quota, limit, used)', async () => {
    await setQuotas(team, { max_members: 2 });
    const first = await signUp(app);
    await addMember(app, owner, team, first, 'MEMBER');

    const second = await signUp(app);
    const viaMembers = await app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${team}/members`,
      headers: owner.headers,
      payload: { user_id: second.id },
    });
    expectQuotaProblem(viaMembers, 403, 'max_members', 2, 2);

    const viaUsers = await app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: inOrg(owner, team),
      payload: { email: uniqueEmail('new') },
    });
    expectQuotaProblem(viaUsers, 403, 'max_members', 2, 2);

    // An existing member still gets 409, not the quota.
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${team}/members`,
      headers: owner.headers,
      payload: { user_id: first.id },
    });
    expect(again.statusCode).toBe(409);

    const inviteeEmail = uniqueEmail('invitee');
    const inv = await app.inject({
      method: 'POST',
      url: '/api/v1/invitations',
      headers: owner.headers,
      payload: { email: inviteeEmail, organization_id: team },
    });
    expect(inv.statusCode, inv.body).toBe(200);
    const invitationId = inv.json().id as string;
    const invitee = await signUp(app, inviteeEmail);
    const accept = () =>
      app.inject({
        method: 'POST',
        url: `/api/v1/invitations/${invitationId}/accept`,
        headers: invitee.headers,
      });
    expectQuotaProblem(await accept(), 403, 'max_members', 2, 2);
    // The invitation stays PENDING, so it can be accepted once a seat is free.
    const mine = await app.inject({ method: 'GET', url: '/api/v1/invitations/me', headers: invitee.headers });
    expect(mine.json()).toContainEqual(expect.objectContaining({ id: invitationId, status: 'PENDING' }));

    await setQuotas(team, { max_members: 3 });
    expect((await accept()).statusCode).toBe(200);
    const members = await app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${team}/members?page=0&size=10`,
      headers: owner.headers,
    });
    expect(members.json().page.total_elements).toBe(3);
  });

  it('lets exactly one of two concurrent joins take the last seat', async () => {
    const o = await signUp(app);
    const t = await createTeam(app, o);
    await setQuotas(t, { max_members: 2 });
    const [a, b] = [await signUp(app), await signUp(app)];
    const results = await Promise.all(
      [a, b].map((u) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/organizations/${t}/members`,
          headers: o.headers,
          payload: { user_id: u.id },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
  });

  it('frees the seat of a deleted user, whose e-mail address still cannot be invited (409)', async () => {
    const o = await signUp(app);
    const t = await createTeam(app, o);
    const gone = await signUp(app);
    await addMember(app, o, t, gone, 'MEMBER');
    await setQuotas(t, { max_members: 2 });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${gone.id}`,
      headers: inOrg(o, t),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const quotas = await app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${t}/quotas`,
      headers: o.headers,
    });
    expect(quotas.json().usage.members).toBe(1);
    const members = await app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${t}/members?page=0&size=10`,
      headers: o.headers,
    });
    expect(members.json().page.total_elements).toBe(1);
    // The freed seat takes a new member (addMember throws unless 200).
    await addMember(app, o, t, await signUp(app), 'MEMBER');

    const invite = await app.inject({
      method: 'POST',
      url: '/api/v1/invitations',
      headers: o.headers,
      payload: { email: gone.email.toUpperCase(), organization_id: t },
    });
    expect(invite.statusCode, invite.body).toBe(409);
  });
});

describe('documents and storage quotas', () => {
  it('answers 429 with Retry-After until the first of next month when max_documents_per_month is reached', async () => {
    const owner = await signUp(app);
    await setQuotas(owner.personalOrgId, { max_documents_per_month: 0 });
    const res = await upload(owner.headers, 'hello quota');
    expectQuotaProblem(res, 429, 'max_documents_per_month', 0, 0);
    const now = new Date();
    const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    const retryAfter = Number(res.headers['retry-after']);
    expect(Math.abs(retryAfter - (monthEnd - now.getTime()) / 1000)).toBeLessThan(10);
  });

  it('answers 403 when a file would exceed max_storage_bytes', async () => {
    const owner = await signUp(app);
    await setQuotas(owner.personalOrgId, { max_storage_bytes: 10 });
    expectQuotaProblem(
      await upload(owner.headers, 'more than ten bytes of text'),
      403,
      'max_storage_bytes',
      10,
      0,
    );
  });
});

describe('stored bytes as documents come and go', () => {
  it('counts each upload and deletion, one at a time and in bulk, and lets a file in once others are gone', async () => {
    const owner = await signUp(app);
    await setQuotas(owner.personalOrgId, { max_storage_bytes: 100 });
    const stored = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/organizations/${owner.personalOrgId}/quotas`,
          headers: owner.headers,
        })
      ).json().usage.storage_bytes as number;
    const a = await upload(owner.headers, 'a'.repeat(60), 'a.txt');
    expect(a.statusCode, a.body).toBe(202);
    expect(await stored()).toBe(60);
    // 60 + 60 > 100: refused until the first file is deleted.
    expectQuotaProblem(
      await upload(owner.headers, 'b'.repeat(60), 'b.txt'),
      403,
      'max_storage_bytes',
      100,
      60,
    );
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/documents/${a.json().id}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await stored()).toBe(0);
    const b = await upload(owner.headers, 'b'.repeat(60), 'b.txt');
    expect(b.statusCode, b.body).toBe(202);
    const c = await upload(owner.headers, 'c'.repeat(30), 'c.txt');
    expect(c.statusCode, c.body).toBe(202);
    expect(await stored()).toBe(90);
    const bulk = await app.inject({
      method: 'POST',
      url: '/api/v1/documents/bulk',
      headers: owner.headers,
      payload: { action: 'delete', document_ids: [b.json().id, c.json().id] },
    });
    expect(bulk.json()).toMatchObject({ succeeded: 2, failed: 0 });
    expect(await stored()).toBe(0);
  });
});

describe('GET /organizations/{orgId}/quotas', () => {
  it('shows current use beside the limits', async () => {
    const owner = await signUp(app);
    const team = await createTeam(app, owner);
    const member = await signUp(app);
    await addMember(app, owner, team, member, 'MEMBER');
    await setQuotas(team, { max_members: 10, max_documents_per_month: 50, api_requests_per_minute: 1000 });
    const text = 'The quick brown fox jumps over the lazy dog.';
    expect((await upload(inOrg(owner, team), text)).statusCode).toBe(202);
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${team}/quotas`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      max_documents_per_month: 50,
      max_storage_bytes: null,
      max_sources: null,
      max_plugins: null,
      max_members: 10,
      api_requests_per_minute: 1000,
      usage: {
        documents_this_month: 1,
        storage_bytes: Buffer.byteLength(text),
        sources: 0,
        plugins: 0,
        members: 2,
      },
    });
    // Still OWNER or ADMIN only.
    const denied = await app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${team}/quotas`,
      headers: member.headers,
    });
    expect(denied.statusCode).toBe(403);
  });
});
