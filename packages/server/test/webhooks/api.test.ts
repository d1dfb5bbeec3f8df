import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../../src/db/schema.js';
import { setWebhookSettings } from '../../src/webhooks/settings.js';
import { addMember, createTeam, inOrg, signUp, type TestApp, type TestUser } from '../support/app.js';
import { createWebhookApp, FAST_WEBHOOKS } from './helpers.js';

type Json = Record<string, unknown>;

describe('webhook endpoints API (api-decisions §3)', () => {
  let app: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let team: string;

  const post = (headers: Record<string, string>, payload: Json, url = '/api/v1/webhooks') =>
    app.inject({ method: 'POST', url, headers, payload });
  const get = (headers: Record<string, string>, url: string) => app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    ({ app } = await createWebhookApp({ ...FAST_WEBHOOKS, SERVICE_WEBHOOK_ALLOW_PRIVATE: 'false' }));
    [owner, admin, member, stranger] = await Promise.all([
      signUp(app),
      signUp(app),
      signUp(app),
      signUp(app),
    ]);
    team = await createTeam(app, owner);
    await addMember(app, owner, team, admin, 'ADMIN');
    await addMember(app, owner, team, member, 'MEMBER');
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates an endpoint (201) with a whsec_ secret shown once, then reads, lists, changes and deletes it', async () => {
    const h = inOrg(owner, team);
    const created = await post(h, {
      url: 'https://93.184.215.14/hooks',
      event_types: ['contract.renewal_upcoming', 'alert.created'],
      description: 'renewals',
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(body).toMatchObject({
      url: 'https://93.184.215.14/hooks',
      event_types: ['contract.renewal_upcoming', 'alert.created'],
      description: 'renewals',
      enabled: true,
      disabled_reason: null,
    });

    const got = await get(h, `/api/v1/webhooks/${body.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).not.toHaveProperty('secret');
    expect(got.body).not.toContain(body.secret.slice(6));

    const list = await get(h, '/api/v1/webhooks?page=0&size=10&sort=created_at,desc');
    expect(list.statusCode).toBe(200);
    expect(list.json().page).toMatchObject({ number: 0, size: 10 });
    expect(list.json().content.map((w: Json) => w.id)).toContain(body.id);
    expect(list.body).not.toContain(body.secret.slice(6));

    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/v1/webhooks/${body.id}`,
      headers: inOrg(admin, team),
      payload: { event_types: ['*'], description: null, enabled: false },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ event_types: ['*'], description: null, enabled: false });
    expect(patched.json().disabled_reason).toBe('disabled by a user');
    const reenabled = await app.inject({
      method: 'PATCH',
      url: `/api/v1/webhooks/${body.id}`,
      headers: h,
      payload: { enabled: true },
    });
    expect(reenabled.json()).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null });

    const rotated = await post(h, {}, `/api/v1/webhooks/${body.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect(rotated.json().secret).not.toBe(body.secret);

    const deliveries = await get(h, `/api/v1/webhooks/${body.id}/deliveries`);
    expect(deliveries.statusCode).toBe(200);
    expect(deliveries.json()).toMatchObject({ content: [], page: { total_elements: 0 } });

    const del = await app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${body.id}`, headers: h });
    expect(del.statusCode).toBe(204);
    expect((await get(h, `/api/v1/webhooks/${body.id}`)).statusCode).toBe(404);
  });

  it('is for OWNER and ADMIN only (403 for MEMBER) and hides other tenants’ endpoints (404)', async () => {
    const { id } = (
      await post(inOrg(admin, team), { url: 'https://93.184.215.14/a', event_types: ['*'] })
    ).json();
    expect(id).toBeDefined();
    const m = inOrg(member, team);
    expect((await post(m, { url: 'https://93.184.215.14/b', event_types: ['*'] })).statusCode).toBe(403);
    expect((await get(m, '/api/v1/webhooks')).statusCode).toBe(403);
    expect((await get(m, `/api/v1/webhooks/${id}`)).statusCode).toBe(403);

    // The stranger owns their personal organization: the team's endpoint does not exist there.
    const s = stranger.headers;
    expect((await get(s, `/api/v1/webhooks/${id}`)).statusCode).toBe(404);
    expect((await get(s, `/api/v1/webhooks/${id}/deliveries`)).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/v1/webhooks/${id}`,
          headers: s,
          payload: { enabled: false },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/webhooks/${id}`, headers: s })).statusCode,
    ).toBe(404);
    expect((await post(s, {}, `/api/v1/webhooks/${id}/rotate-secret`)).statusCode).toBe(404);
    expect(
      (await post(s, {}, `/api/v1/webhooks/${id}/deliveries/0190f0a0-0000-7000-8000-000000000000/retry`))
        .statusCode,
    ).toBe(404);
    expect((await get(s, '/api/v1/webhooks')).json().content).toEqual([]);
    // Not a member of the team at all: 403 from the tenancy check.
    expect((await get(inOrg(stranger, team), '/api/v1/webhooks')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/webhooks' })).statusCode).toBe(401);
  });

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Json>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/webhooks',
        '/api/v1/webhooks/{id}',
        '/api/v1/webhooks/{id}/rotate-secret',
        '/api/v1/webhooks/{id}/deliveries',
        '/api/v1/webhooks/{id}/deliveries/{deliveryId}/retry',
      ]),
    );
  });

  it('answers 400 naming the field', async () => {
    const h = inOrg(owner, team);
    const cases: [Json, string][] = [
      [{ event_types: ['*'] }, 'body.url'],
      [{ url: 'not a url', event_types: ['*'] }, 'body.url'],
      [{ url: 'ftp://93.184.215.14/x', event_types: ['*'] }, 'body.url'],
      [{ url: 'https://93.184.215.14/x', event_types: [] }, 'body.event_types'],
      [{ url: 'https://93.184.215.14/x', event_types: ['contract.exploded'] }, 'body.event_types.0'],
      [{ url: 'https://93.184.215.14/x', event_types: ['*', 'alert.created'] }, 'body.event_types'],
      [
        { url: 'https://93.184.215.14/x', event_types: ['alert.created', 'alert.created'] },
        'body.event_types',
      ],
      [{ url: 'https://93.184.215.14/x', event_types: ['*'], extra: 1 }, 'body'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(h, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(
        res.json().errors.map((e: Json) => e.field),
        JSON.stringify(payload),
      ).toContain(field);
    }
    const { id } = (await post(h, { url: 'https://93.184.215.14/x', event_types: ['*'] })).json();
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/v1/webhooks/${id}`,
      headers: h,
      payload: { enabled: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.enabled');
    const badQuery = await get(h, `/api/v1/webhooks/${id}/deliveries?status=LOST`);
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().errors[0].field).toBe('query.status');
  });

  it('refuses private, loopback, link-local and CGNAT targets (SSRF) unless allowed', async () => {
    const h = inOrg(owner, team);
    const refused = [
      'http://127.0.0.1:8080/hook',
      'http://localhost:8080/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://172.16.5.4/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/hook',
      'http://0.0.0.0/hook',
      'http://[::1]/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://224.0.0.1/hook',
    ];
    for (const url of refused) {
      const res = await post(h, { url, event_types: ['*'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0].field).toBe('body.url');
      expect(res.json().detail, url).toMatch(/public addresses|could not be resolved/);
    }
    const { id } = (await post(h, { url: 'https://93.184.215.14/x', event_types: ['*'] })).json();
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/v1/webhooks/${id}`,
      headers: h,
      payload: { url: 'http://127.0.0.1/x' },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().errors[0].field).toBe('body.url');

    setWebhookSettings(app.ctx, { ...FAST_WEBHOOKS, SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true' });
    try {
      expect((await post(h, { url: 'http://127.0.0.1:8080/hook', event_types: ['*'] })).statusCode).toBe(201);
      expect((await post(h, { url: 'http://localhost:8080/hook', event_types: ['*'] })).statusCode).toBe(201);
    } finally {
      setWebhookSettings(app.ctx, { ...FAST_WEBHOOKS, SERVICE_WEBHOOK_ALLOW_PRIVATE: 'false' });
    }
  });
  it('refuses a URL with a user name or password (400 naming body.url), on create and on change', async () => {
    const h = inOrg(owner, team);
    for (const url of [
      'https://user:s3cr3t@93.184.215.14/hook',
      'https://user@93.184.215.14/hook',
      'https://:s3cr3t@93.184.215.14/hook',
      'HTTPS://user:s3cr3t@93.184.215.14:8443/hook?x=1',
    ]) {
      const res = await post(h, { url, event_types: ['*'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'body.url', message: expect.stringMatching(/user name or password/) },
      ]);
      expect(res.body, url).not.toContain('s3cr3t');
    }
    // An "@" after the authority is part of the path or query, not a credential.
    const ok = await post(h, { url: 'https://93.184.215.14/hooks/@team?to=a@b.example', event_types: ['*'] });
    expect(ok.statusCode, ok.body).toBe(201);
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/v1/webhooks/${ok.json().id}`,
      headers: h,
      payload: { url: 'https://user:s3cr3t@93.184.215.14/hook' },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().errors[0].field).toBe('body.url');
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const pattern = new RegExp(doc.components.schemas.WebhookCreateRequest.properties.url.pattern);
    expect(pattern.test('https://user:s3cr3t@93.184.215.14/hook')).toBe(false);
    expect(pattern.test('https://93.184.215.14/hooks/@team?to=a@b.example')).toBe(true);
  });

  it('never shows the password of an endpoint registered with one before they were refused', async () => {
    const h = inOrg(owner, team);
    const { id } = (await post(h, { url: 'https://93.184.215.14/legacy', event_types: ['*'] })).json();
    await app.ctx.db
      .update(webhookEndpoints)
      .set({ url: 'https://user:s3cr3t@93.184.215.14/legacy' })
      .where(eq(webhookEndpoints.id, id));
    const one = await get(h, `/api/v1/webhooks/${id}`);
    expect(one.json().url).toBe('https://user:***@93.184.215.14/legacy');
    const list = await get(h, '/api/v1/webhooks?size=100');
    expect(list.body).toContain('https://user:***@93.184.215.14/legacy');
    expect(list.body).not.toContain('s3cr3t');
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/v1/webhooks/${id}`,
      headers: h,
      payload: { description: 'still delivered with its credentials' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body).not.toContain('s3cr3t');
  });

  it('answers 400 to a PATCH that changes nothing, as PUT /api/alerts/{id} does', async () => {
    const h = inOrg(owner, team);
    const { id, updated_at } = (
      await post(h, { url: 'https://93.184.215.14/same', event_types: ['*'] })
    ).json();
    const res = await app.inject({ method: 'PATCH', url: `/api/v1/webhooks/${id}`, headers: h, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'body', message: 'give at least one of url, event_types, description, enabled' },
    ]);
    expect((await get(h, `/api/v1/webhooks/${id}`)).json().updated_at).toBe(updated_at);
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.components.schemas.WebhookUpdateRequest.minProperties).toBe(1);
  });
});
