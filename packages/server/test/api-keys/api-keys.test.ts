import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../support/app.js';

describe('API keys (spec 4.2)', () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    ({ app } = await createTestApp());
    alice = await signUp(app);
    bob = await signUp(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates a key whose plaintext is shown once and authenticates', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: alice.headers,
      payload: { name: 'ci' },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.key).toMatch(/^dis_[0-9A-Za-z]{38}$/);
    expect(body.status).toBe('ACTIVE');
    expect(body.key.startsWith(body.prefix)).toBe(true);

    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${body.key}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(alice.email);

    const got = await app.inject({
      method: 'GET',
      url: `/api/v1/api-keys/${body.id}`,
      headers: alice.headers,
    });
    expect(got.statusCode).toBe(200);
    expect(got.json()).not.toHaveProperty('key');
    expect(got.json().last_used_at).not.toBeNull();

    const list = await app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: alice.headers });
    expect(list.json().map((k: { id: string }) => k.id)).toContain(body.id);
    expect(JSON.stringify(list.json())).not.toContain(body.key);
  });

  it('revokes a key irreversibly: 204, then REVOKED and rejected with 401', async () => {
    const { id, key } = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: alice.headers,
        payload: { name: 'temp' },
      })
    ).json();
    const del = await app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${id}`, headers: alice.headers });
    expect(del.statusCode).toBe(204);
    const got = await app.inject({ method: 'GET', url: `/api/v1/api-keys/${id}`, headers: alice.headers });
    expect(got.json().status).toBe('REVOKED');
    const denied = await app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['www-authenticate']).toBe('Bearer');
    expect(denied.json()).toMatchObject({ status: 401, detail: 'Authentication required' });
  });

  it('rejects an expired key', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const { key } = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: alice.headers,
        payload: { name: 'short', expires_at: soon },
      })
    ).json();
    await new Promise((r) => setTimeout(r, 1600));
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 without credentials, with a malformed key, or with a bad checksum', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/api-keys' })).statusCode).toBe(401);
    const bad = { authorization: 'Bearer dis_000000000000000000000000000000000000000' };
    expect((await app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: bad })).statusCode).toBe(401);
    const { key } = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: alice.headers,
        payload: { name: 'x' },
      })
    ).json();
    const flipped = key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a');
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/api-keys',
      headers: { authorization: `Bearer ${flipped}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('validates the body and names the field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: alice.headers,
      payload: { name: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors[0].field).toBe('body.name');
    const past = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: alice.headers,
      payload: { name: 'old', expires_at: '2000-01-01T00:00:00Z' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0].field).toBe('body.expires_at');
  });

  it("hides another user's key (404)", async () => {
    const { id } = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: alice.headers,
        payload: { name: 'mine' },
      })
    ).json();
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/api-keys/${id}`, headers: bob.headers })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${id}`, headers: bob.headers }))
        .statusCode,
    ).toBe(404);
  });
});
