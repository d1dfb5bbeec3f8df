import { describe, expect, it } from 'vitest';
import { rateLimitSection } from '../../src/config/rate-limit.js';
import { ConfigError } from '../../src/config.js';
import { parseRateLimitField, rateLimitFields } from '../../src/ratelimit/headers.js';
import { RequestLimiter } from '../../src/ratelimit/limiter.js';

const silent = { error: () => undefined, warn: () => undefined };

async function memoryLimiter() {
  return RequestLimiter.open(rateLimitSection.load({ SERVICE_RATE_LIMIT_KEY_PREFIX: 'unit' }), silent);
}

describe('RequestLimiter on the memory store', () => {
  it('allows `limit` requests per window, then refuses with the time to the reset', async () => {
    const limiter = await memoryLimiter();
    expect(limiter.store).toBe('memory');
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push(await limiter.consume('principal', 'key:a', 3));
    expect(seen.map((d) => [d.allowed, d.state.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
    ]);
    const refused = await limiter.consume('principal', 'key:a', 3);
    expect(refused.allowed).toBe(false);
    expect(refused.state).toMatchObject({ name: 'principal', limit: 3, windowSeconds: 60, remaining: 0 });
    expect(refused.state.resetSeconds).toBeGreaterThan(0);
    expect(refused.state.resetSeconds).toBeLessThanOrEqual(60);
  });

  it('keeps keys, policies and limits apart', async () => {
    const limiter = await memoryLimiter();
    await limiter.consume('principal', 'k', 1);
    expect((await limiter.consume('principal', 'k', 1)).allowed).toBe(false);
    expect((await limiter.consume('principal', 'other', 1)).allowed).toBe(true);
    expect((await limiter.consume('organization', 'k', 1)).allowed).toBe(true);
    // An organization whose quota changed starts a counter under its new limit.
    expect((await limiter.consume('principal', 'k', 5)).allowed).toBe(true);
  });

  it('peeks without counting', async () => {
    const limiter = await memoryLimiter();
    expect(await limiter.peek('anonymous', 'ip:1', 2)).toBeUndefined();
    await limiter.consume('anonymous', 'ip:1', 2);
    expect((await limiter.peek('anonymous', 'ip:1', 2))?.remaining).toBe(1);
    expect((await limiter.peek('anonymous', 'ip:1', 2))?.remaining).toBe(1);
  });
});

describe('RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-10)', () => {
  it('writes Lists of sf-string Items with q/w and r/t parameters', () => {
    const fields = rateLimitFields([
      { name: 'principal', limit: 600, windowSeconds: 60, remaining: 599, resetSeconds: 42 },
      { name: 'organization', limit: 1200, windowSeconds: 60, remaining: 0, resetSeconds: 7 },
    ]);
    expect(fields.policy).toBe('"principal";q=600;w=60, "organization";q=1200;w=60');
    expect(fields.limit).toBe('"principal";r=599;t=42, "organization";r=0;t=7');
    expect(parseRateLimitField(fields.limit)).toEqual([
      { name: 'principal', params: { r: 599, t: 42 } },
      { name: 'organization', params: { r: 0, t: 7 } },
    ]);
  });
});

describe('rate-limit settings', () => {
  it('defaults to memory, 120 anonymous, 600 per principal, 1200 per organization', () => {
    expect(rateLimitSection.load({})).toMatchObject({
      enabled: true,
      store: 'memory',
      anonymousPerMinute: 120,
      principalPerMinute: 600,
      organizationPerMinute: 1200,
      serverProcesses: 1,
    });
    expect(rateLimitSection.load({ SERVICE_REDIS_URL: 'redis://127.0.0.1:6379' }).store).toBe('redis');
  });

  it('refuses several server processes without Redis, and names invalid variables', () => {
    expect(() => rateLimitSection.load({ SERVICE_SERVER_PROCESSES: '2' })).toThrow(
      /SERVICE_SERVER_PROCESSES=2 needs SERVICE_REDIS_URL/,
    );
    expect(() => rateLimitSection.load({ SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE: 'lots' })).toThrow(
      ConfigError,
    );
    expect(() => rateLimitSection.load({ SERVICE_REDIS_URL: 'http://x' })).toThrow(/SERVICE_REDIS_URL/);
    expect(() => rateLimitSection.load({ SERVICE_RATE_LIMIT_STORE: 'redis' })).toThrow(
      /needs SERVICE_REDIS_URL/,
    );
    expect(
      rateLimitSection.load({ SERVICE_SERVER_PROCESSES: '2', SERVICE_RATE_LIMIT_ENABLED: 'false' }).enabled,
    ).toBe(false);
  });
});
