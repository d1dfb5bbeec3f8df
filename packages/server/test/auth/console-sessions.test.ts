import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleSessions } from '../../src/db/schema.js';
import { addMember, createTeam, createTestApp, signUp, type TestApp, type TestUser } from '../support/app.js';

/**
 * Console sessions (issue 37 item 5): the console exchanges its API key or access token for a
 * short-lived session token; the session expires when idle and at its latest end, sign-out
 * revokes it, and it never outlives or outranks the credential it was opened with.
 */
describe('console sessions', () => {
  let app: TestApp;
  let owner: TestUser;
  let team: string;

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const open = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/v1/console/sessions', headers });
  const me = (token: string) =>
    app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
  const session = async (id: string) =>
    (await app.ctx.db.select().from(consoleSessions).where(eq(consoleSessions.id, id)))[0];
  const createKey = async (payload: Record<string, unknown>, as: TestUser = owner) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: as.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; key: string };
  };

  beforeAll(async () => {
    ({ app } = await createTestApp({
      SERVICE_CONSOLE_SESSION_IDLE_MINUTES: '30',
      SERVICE_CONSOLE_SESSION_MAX_HOURS: '12',
    }));
    owner = await signUp(app);
    team = await createTeam(app, owner);
  });
  afterAll(async () => app.close());

  it('issues a session for an API key: a dcs_ token shown once, 30 min idle, 12 h at most, stored only hashed', async () => {
    const { key } = await createKey({ name: 'console' });
    const res = await open(bearer(key));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as {
      id: string;
      token: string;
      token_type: string;
      expires_at: string;
      max_expires_at: string;
    };
    expect(body.token).toMatch(/^dcs_[A-Za-z0-9_-]{43}$/);
    expect(body.token_type).toBe('Bearer');
    const idle = Date.parse(body.expires_at) - Date.now();
    const max = Date.parse(body.max_expires_at) - Date.now();
    expect(idle).toBeGreaterThan(29 * 60_000);
    expect(idle).toBeLessThanOrEqual(30 * 60_000);
    expect(max).toBeGreaterThan(11.9 * 3600_000);
    expect(max).toBeLessThanOrEqual(12 * 3600_000);
    const row = await session(body.id);
    expect(row?.tokenHash).not.toContain(body.token.slice(4));
    expect(JSON.stringify(row)).not.toContain(body.token);
    const who = await me(body.token);
    expect(who.statusCode, who.body).toBe(200);
    expect((who.json() as { id: string }).id).toBe(owner.id);
  });

  it('signs out: DELETE /console/sessions/current revokes the session at once; a key cannot be signed out there', async () => {
    const { token } = (await open(owner.headers)).json() as { token: string };
    expect((await me(token)).statusCode).toBe(200);
    const out = await app.inject({
      method: 'DELETE',
      url: '/api/v1/console/sessions/current',
      headers: bearer(token),
    });
    expect(out.statusCode, out.body).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: '/api/v1/console/sessions/current',
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(401);
    const withToken = await app.inject({
      method: 'DELETE',
      url: '/api/v1/console/sessions/current',
      headers: owner.headers,
    });
    expect(withToken.statusCode).toBe(400);
  });

  it('expires after the idle time, and at its latest end however recently used', async () => {
    const a = (await open(owner.headers)).json() as { id: string; token: string };
    await app.ctx.db
      .update(consoleSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(consoleSessions.id, a.id));
    expect((await me(a.token)).statusCode).toBe(401);
    const b = (await open(owner.headers)).json() as { id: string; token: string };
    await app.ctx.db
      .update(consoleSessions)
      .set({ maxExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(consoleSessions.id, b.id));
    expect((await me(b.token)).statusCode).toBe(401);
  });

  it('moves the idle end on when used in the second half of the window, never past the latest end', async () => {
    const s = (await open(owner.headers)).json() as { id: string; token: string };
    const soon = new Date(Date.now() + 5 * 60_000);
    const latest = new Date(Date.now() + 20 * 60_000);
    await app.ctx.db
      .update(consoleSessions)
      .set({ expiresAt: soon, maxExpiresAt: latest })
      .where(eq(consoleSessions.id, s.id));
    expect((await me(s.token)).statusCode).toBe(200);
    expect((await session(s.id))?.expiresAt.getTime()).toBe(latest.getTime());
    // Early in the window nothing is written.
    const fresh = (await open(owner.headers)).json() as { id: string; token: string; expires_at: string };
    expect((await me(fresh.token)).statusCode).toBe(200);
    expect((await session(fresh.id))?.expiresAt.toISOString()).toBe(fresh.expires_at);
  });

  it('ends with the API key it was opened with, and keeps the key’s organization restriction', async () => {
    const restricted = await createKey({ name: 'team only', organization_id: team });
    const s = (await open(bearer(restricted.key))).json() as { token: string };
    const own = await app.inject({
      method: 'GET',
      url: '/api/v1/organizations/me',
      headers: { ...bearer(s.token), 'x-organization-id': owner.personalOrgId },
    });
    expect(own.statusCode).toBe(403);
    const inTeam = await app.inject({
      method: 'GET',
      url: '/api/v1/organizations/me',
      headers: { ...bearer(s.token), 'x-organization-id': team },
    });
    expect(inTeam.statusCode, inTeam.body).toBe(200);
    const revoke = await app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${restricted.id}`,
      headers: owner.headers,
    });
    expect(revoke.statusCode).toBe(204);
    expect((await me(s.token)).statusCode).toBe(401);
  });

  it('never outlives an access token, and a session cannot open another one', async () => {
    const issuer = app.ctx.localIssuer;
    if (!issuer) throw new Error('no local issuer');
    const short = await issuer.sign({ sub: `test|${owner.email}`, email: owner.email }, 120);
    const s = (await open(bearer(short))).json() as { token: string; max_expires_at: string };
    expect(Date.parse(s.max_expires_at) - Date.now()).toBeLessThanOrEqual(120_000);
    const again = await open(bearer(s.token));
    expect(again.statusCode).toBe(403);
  });

  it("answers 401 to the session and to the API key of a user deleted since (an API key's cached principal too)", async () => {
    const leaving = await signUp(app);
    await addMember(app, owner, team, leaving, 'MEMBER');
    const { key } = await createKey({ name: 'leaving' }, leaving);
    const { token } = (await open(leaving.headers)).json() as { token: string };
    expect([(await me(token)).statusCode, (await me(key)).statusCode]).toEqual([200, 200]);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${leaving.id}`,
      headers: { ...owner.headers, 'x-organization-id': team },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect([(await me(token)).statusCode, (await me(key)).statusCode]).toEqual([401, 401]);
  });

  it('refuses forged, malformed and missing session tokens with 401', async () => {
    for (const token of [`dcs_${'A'.repeat(43)}`, 'dcs_short', `dcs_${'A'.repeat(42)}!`])
      expect((await me(token)).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/v1/console/sessions' })).statusCode).toBe(401);
  });
});
