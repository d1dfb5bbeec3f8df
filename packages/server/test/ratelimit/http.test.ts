import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRateLimitField } from '../../src/ratelimit/headers.js';
import {
  addMember,
  createTeam,
  createTestApp,
  inOrg,
  signUp,
  systemAdmin,
  type TestApp,
  uniqueEmail,
} from '../support/app.js';

let app: TestApp;
type Res = Awaited<ReturnType<TestApp['inject']>>;

beforeAll(async () => {
  ({ app } = await createTestApp({
    SERVICE_RATE_LIMIT_ANONYMOUS_PER_MINUTE: '5',
    SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE: '8',
    SERVICE_RATE_LIMIT_ORGANIZATION_PER_MINUTE: '1000',
    SERVICE_RATE_LIMIT_QUOTA_CACHE_SECONDS: '0',
    SERVICE_WORKERS: '0',
  }));
});
afterAll(async () => {
  await app?.close();
});

/** The RateLimit fields of a response, by policy name. */
function limits(res: Res) {
  const policy = parseRateLimitField(String(res.headers['ratelimit-policy'] ?? ''));
  const current = parseRateLimitField(String(res.headers.ratelimit ?? ''));
  return Object.fromEntries(
    policy.map((p) => [p.name, { ...p.params, ...current.find((c) => c.name === p.name)?.params }]),
  ) as Record<string, { q: number; w: number; r: number; t: number }>;
}

/** A signed token of a user the service has never seen. */
async function freshToken(): Promise<string> {
  const issuer = app.ctx.localIssuer;
  if (!issuer) throw new Error('the test app has no local issuer');
  const email = uniqueEmail('fresh');
  return issuer.sign({ sub: `test|${email}`, email }, 3600);
}

/** GET /users/me from `from` is served and counted against the principal and its organization only. */
async function expectServedByOwnLimits(headers: Record<string, string>, from: { remoteAddress: string }) {
  const served = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers, ...from });
  expect(served.statusCode, served.body).toBe(200);
  expect(Object.keys(limits(served))).toEqual(['principal', 'organization']);
}

function expectRefused(res: Res, policy: string) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['content-type']).toContain('application/problem+json');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.json()).toMatchObject({ status: 429, policy, retry_after_seconds: retryAfter });
  expect(limits(res)[policy]?.r).toBe(0);
}

describe('anonymous traffic, per client address', () => {
  it('does not count files: guide images, or a browser navigation the console answers', async () => {
    const from = { remoteAddress: '10.9.0.7' };
    for (let i = 0; i < 8; i += 1) {
      const image = await app.inject({ method: 'GET', url: '/guides/console/ontology.png', ...from });
      expect(image.statusCode).toBe(200);
      expect(image.headers['ratelimit-policy']).toBeUndefined();
      const page = await app.inject({
        method: 'GET',
        url: '/documents?page=3',
        headers: { accept: 'text/html,application/xhtml+xml' },
        ...from,
      });
      expect(page.statusCode).not.toBe(429);
      expect(page.headers['ratelimit-policy']).toBeUndefined();
    }
    // An API call from that address is the first one counted; an unknown path of the API is counted too.
    const health = await app.inject({ method: 'GET', url: '/health', ...from });
    expect(limits(health).anonymous?.r).toBe(4);
    const probe = await app.inject({ method: 'GET', url: '/api/v1/nowhere', ...from });
    expect(probe.statusCode).toBe(404);
    expect(limits(probe).anonymous?.r).toBe(3);
  });

  it('carries the headers on every response (200, 404, 401) and refuses the 6th request with 429', async () => {
    const from = { remoteAddress: '10.9.0.1' };
    const ok = await app.inject({ method: 'GET', url: '/health', ...from });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['ratelimit-policy']).toBe('"anonymous";q=5;w=60');
    expect(limits(ok).anonymous).toMatchObject({ q: 5, w: 60, r: 4 });
    const missing = await app.inject({ method: 'GET', url: '/api/v1/nowhere', ...from });
    expect(missing.statusCode).toBe(404);
    expect(limits(missing).anonymous?.r).toBe(3);
    const noCredential = await app.inject({ method: 'GET', url: '/api/v1/users/me', ...from });
    expect(noCredential.statusCode).toBe(401);
    expect(limits(noCredential).anonymous?.r).toBe(2);
    await app.inject({ method: 'GET', url: '/health', ...from });
    await app.inject({ method: 'GET', url: '/health', ...from });
    expectRefused(await app.inject({ method: 'GET', url: '/health', ...from }), 'anonymous');
    // Another address has its own counter.
    expect((await app.inject({ method: 'GET', url: '/health', remoteAddress: '10.9.0.2' })).statusCode).toBe(
      200,
    );
  });

  it('refuses failed attempts once rejected credentials exhausted the address, not valid ones', async () => {
    const from = { remoteAddress: '10.9.0.3' };
    const user = await signUp(app);
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer dis_guess${i}` },
        ...from,
      });
      expect(res.statusCode).toBe(401);
      expect(limits(res).failed_authentication?.r).toBe(4 - i);
    }
    const blocked = await app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { authorization: 'Bearer dis_guess-again' },
      ...from,
    });
    expectRefused(blocked, 'failed_authentication');
    // Failed attempts stay refused for the window…
    expectRefused(
      await app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${user.token.slice(0, -6)}AAAAAA` },
        ...from,
      }),
      'failed_authentication',
    );
    // …but a valid credential from that address is served, counted against its own principal.
    await expectServedByOwnLimits(user.headers, from);
  });

  it('lets a valid fresh token through an address that others exhausted, up to its principal limit', async () => {
    const from = { remoteAddress: '10.9.0.4' };
    for (let i = 0; i < 5; i++) {
      await app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer not-a-token-${i}` },
        ...from,
      });
    }
    expectRefused(
      await app.inject({
        method: 'GET',
        url: '/api/v1/users/me',
        headers: { authorization: 'Bearer still-not-a-token' },
        ...from,
      }),
      'failed_authentication',
    );
    // A token never seen before (its user is provisioned by this very request).
    const fresh = { authorization: `Bearer ${await freshToken()}` };
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: fresh, ...from });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expectRefused(res, 'principal');
    }
    // SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE is 8: the 9th is refused by the principal's own policy.
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
  });
});

describe('authenticated traffic', () => {
  it('is not refused because unauthenticated requests exhausted the address (everyone behind one proxy)', async () => {
    const from = { remoteAddress: '10.9.0.7' };
    const user = await signUp(app);
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: '/health', ...from });
    expectRefused(await app.inject({ method: 'GET', url: '/health', ...from }), 'anonymous');
    await expectServedByOwnLimits(user.headers, from);
  });

  it('counts per principal and per organization, reporting both policies', async () => {
    const user = await signUp(app); // 1 request
    const other = await signUp(app);
    const res = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-policy']).toBe('"principal";q=8;w=60, "organization";q=1000;w=60');
    expect(limits(res).principal?.r).toBe(6);
    for (let i = 0; i < 6; i++)
      await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.headers });
    const refused = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.headers });
    expectRefused(refused, 'principal');
    // Errors carry the headers too (403 from the route), and other principals are unaffected.
    const forbidden = await app.inject({
      method: 'GET',
      url: '/api/v1/organizations?page=0&size=5',
      headers: other.headers,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(limits(forbidden).principal?.r).toBe(6);
  });

  it('takes the organization limit from its api_requests_per_minute quota, shared by its members', async () => {
    const admin = await systemAdmin(app);
    const owner = await signUp(app);
    const member = await signUp(app);
    const team = await createTeam(app, owner);
    await addMember(app, owner, team, member, 'MEMBER');
    const put = await app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${team}/quotas`,
      headers: admin.headers,
      payload: { api_requests_per_minute: 4 },
    });
    expect(put.statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const who = i % 2 === 0 ? owner : member;
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/organizations/me',
        headers: inOrg(who, team),
      });
      statuses.push(res.statusCode);
      expect(limits(res).organization).toMatchObject({ q: 4, r: 3 - i });
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
    expectRefused(
      await app.inject({ method: 'GET', url: '/api/v1/organizations/me', headers: inOrg(member, team) }),
      'organization',
    );
    // The members' personal organizations are separate.
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/organizations/me', headers: member.headers }))
        .statusCode,
    ).toBe(200);
  });
});
