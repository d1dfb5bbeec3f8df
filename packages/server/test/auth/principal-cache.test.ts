/**
 * The API-key principal cache's look-ups (src/auth/principal-cache.ts `load`): concurrent
 * requests with an uncached key share one statement, and a revocation between two bursts makes
 * the next burst look the key up again and fail.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PrincipalCache } from '../../src/auth/principal-cache.js';
import { runInQueryScope } from '../../src/db/cancel.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../support/app.js';

const lookups = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/api-keys/records.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/api-keys/records.js')>();
  return {
    ...original,
    findApiKeyByHash: async (...args: Parameters<typeof original.findApiKeyByHash>) => {
      lookups.count += 1;
      return original.findApiKeyByHash(...args);
    },
  };
});

describe('API-key principal look-ups', () => {
  let app: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '0', SERVICE_RATE_LIMIT_ENABLED: 'false' }));
    owner = await signUp(app);
  });
  afterAll(async () => app?.close());

  const burst = (headers: Record<string, string>, n: number) =>
    Promise.all(
      Array.from({ length: n }, () => app.inject({ method: 'GET', url: '/api/v1/users/me', headers })),
    );

  it('runs one look-up for concurrent requests with a new key; after a revocation all fail', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: owner.headers,
      payload: { name: 'burst' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const headers = { authorization: `Bearer ${created.json().key}` };
    // The cache subscribes on first use; until it is live nothing is stored.
    await burst(headers, 1);
    await new Promise((r) => setTimeout(r, 300));
    await burst(headers, 1);
    lookups.count = 0;
    const cached = await burst(headers, 20);
    expect(cached.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(lookups.count).toBe(0);

    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${created.json().id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode, revoked.body).toBeLessThan(300);
    const after = await burst(headers, 20);
    expect(after.map((r) => r.statusCode)).toEqual(Array(20).fill(401));
    expect(lookups.count).toBe(1);
  });

  it('answers the requests sharing a look-up when the one that started it went away', async () => {
    const cache = new PrincipalCache(app.ctx.database);
    try {
      const principal = { slow: true } as never;
      // The first request's look-up: a statement of its scope (dropped or cancelled when it aborts).
      const loader = () => app.ctx.database.query('select pg_sleep(0.2)').then(() => principal);
      const gone = new AbortController();
      const first = runInQueryScope({ signal: gone.signal }, () =>
        cache.load('shared-key', Date.now(), loader),
      );
      const second = runInQueryScope({ signal: new AbortController().signal }, () =>
        cache.load('shared-key', Date.now(), loader),
      );
      gone.abort(new Error('the client went away'));
      await expect(second).resolves.toBe(principal);
      await first.catch(() => undefined);
    } finally {
      await cache.close();
    }
  });
});
