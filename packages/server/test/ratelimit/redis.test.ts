import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRateLimitField } from '../../src/ratelimit/headers.js';
import { createTestApp, signUp, type TestApp } from '../support/app.js';

const REDIS_URL = process.env.SERVICE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers on REDIS_URL (the suite needs it; see docs/operations.md). */
async function redisUp(): Promise<boolean> {
  const u = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.end('PING\r\n');
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const available = await redisUp();
if (!available && process.env.SERVICE_TEST_REDIS_REQUIRED) {
  throw new Error(`Redis is required for these tests but does not answer at ${REDIS_URL}`);
}
if (!available) {
  console.warn(`skipping the Redis-shared rate-limit tests: Redis does not answer at ${REDIS_URL}`);
}

const env = {
  SERVICE_REDIS_URL: REDIS_URL,
  SERVICE_SERVER_PROCESSES: '2',
  SERVICE_RATE_LIMIT_KEY_PREFIX: `test-${process.pid}-${Date.now()}`,
  SERVICE_RATE_LIMIT_ANONYMOUS_PER_MINUTE: '6',
  SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE: '10',
};

// The two servers must share a database too (users, keys, issuer): PostgreSQL, not per-app PGlite.
const sharedDatabase = process.env.SERVICE_TEST_DB !== 'pglite';

describe.skipIf(!available || !sharedDatabase)('two servers sharing one limit through Redis', () => {
  let one: TestApp;
  let two: TestApp;
  let urls: string[];

  beforeAll(async () => {
    ({ app: one } = await createTestApp({ ...env, SERVICE_WORKERS: '0' }));
    ({ app: two } = await createTestApp({ ...env, SERVICE_WORKERS: '0' }));
    urls = [
      await one.listen({ host: '127.0.0.1', port: 0 }),
      await two.listen({ host: '127.0.0.1', port: 0 }),
    ];
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('counts a principal’s requests on both servers against one limit, then answers 429 with Retry-After', async () => {
    const user = await signUp(one); // counted once, on server one
    const remaining: number[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${urls[i % 2]}/api/v1/users/me`, { headers: user.headers });
      statuses.push(res.status);
      // A request refused by the principal policy is not counted against the organization.
      expect(res.headers.get('ratelimit-policy')).toMatch(
        res.status === 200 ? /^"principal";q=10;w=60, "organization";q=\d+;w=60$/ : /^"principal";q=10;w=60$/,
      );
      const principal = parseRateLimitField(res.headers.get('ratelimit') ?? '').find(
        (p) => p.name === 'principal',
      );
      remaining.push(principal?.params.r ?? -1);
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 429]);
    // One counter: the remaining requests fall by one per request, whichever server answers.
    expect(remaining).toEqual([8, 7, 6, 5, 4, 3, 2, 1, 0, 0]);
    for (const url of urls) {
      const res = await fetch(`${url}/api/v1/users/me`, { headers: user.headers });
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(res.headers.get('ratelimit')).toContain('"principal";r=0;');
      const body = (await res.json()) as { policy: string; status: number };
      expect(body).toMatchObject({ status: 429, policy: 'principal' });
    }
  });

  it('shares the per-address counter of anonymous traffic', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${urls[i % 2]}/health`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
      statuses.push(res.status);
      expect(res.headers.get('ratelimit-policy')).toBe('"anonymous";q=6;w=60');
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });
});

describe('start-up checks', () => {
  it('fails to start when SERVICE_REDIS_URL does not answer, naming the setting', async () => {
    await expect(
      createTestApp({ ...env, SERVICE_REDIS_URL: 'redis://127.0.0.1:1', SERVICE_WORKERS: '0' }),
    ).rejects.toThrow(/SERVICE_REDIS_URL .* is unreachable/);
  });

  it('fails to start with several server processes and no Redis', async () => {
    const { SERVICE_REDIS_URL: _, ...withoutRedis } = env;
    await expect(
      createTestApp({ ...withoutRedis, SERVICE_SERVER_PROCESSES: '3', SERVICE_WORKERS: '0' }),
    ).rejects.toThrow(/SERVICE_SERVER_PROCESSES=3 needs SERVICE_REDIS_URL/);
  });
});
