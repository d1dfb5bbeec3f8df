/**
 * The organization limit's quota look-up (src/ratelimit/hooks.ts): cached per organization for
 * SERVICE_RATE_LIMIT_QUOTA_CACHE_SECONDS, and the requests that find it missing or expired share
 * one look-up instead of each querying the database.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUp, type TestApp, type TestUser } from '../support/app.js';

const lookups = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/organizations/quotas.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/organizations/quotas.js')>();
  return {
    ...original,
    getQuotasOf: async (...args: Parameters<typeof original.getQuotasOf>) => {
      lookups.count += 1;
      return original.getQuotasOf(...args);
    },
  };
});

describe('organization quota look-up of the rate limiter', () => {
  let app: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    ({ app } = await createTestApp({
      SERVICE_RATE_LIMIT_ORGANIZATION_PER_MINUTE: '100000',
      SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE: '100000',
      SERVICE_RATE_LIMIT_QUOTA_CACHE_SECONDS: '1',
      SERVICE_WORKERS: '0',
    }));
    user = await signUp(app);
  });
  afterAll(async () => app?.close());

  const burst = async (n: number) => {
    const responses = await Promise.all(
      Array.from({ length: n }, () =>
        app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.headers }),
      ),
    );
    for (const r of responses) expect(r.statusCode, r.body).toBe(200);
    return responses;
  };

  it('runs one look-up for concurrent requests, and again only once the entry expired', async () => {
    await new Promise((r) => setTimeout(r, 1100)); // sign-up's own entry expires
    lookups.count = 0;
    const first = await burst(30);
    expect(lookups.count).toBe(1);
    expect(String(first[0]?.headers['ratelimit-policy'])).toContain('"organization";q=100000');
    await burst(10);
    expect(lookups.count).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    await burst(30);
    expect(lookups.count).toBe(2);
  });
});
