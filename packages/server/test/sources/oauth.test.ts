import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, oauthStates, vaultSecrets } from '../../src/db/schema.js';
import { createTeam, createTestApp, inOrg, signUp, type TestApp, type TestUser } from '../support/app.js';
import { startOAuthServer, type TestOAuthServer } from './oauth-server.js';
import { finishedSync, type Json, until } from './support.js';

describe('OAuth sources (RFC 6749 authorization code + RFC 7636 PKCE) against a real authorization server', () => {
  let app: TestApp;
  let as: TestOAuthServer;
  let owner: TestUser;
  let team: string;
  let h: Record<string, string>;
  let sourceId: string;

  /** Follows the authorization URL to the server and hands its redirect to the service's callback. */
  async function authorizeAndCallback(authorizationUrl: string) {
    const res = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(String(res.headers.get('location')));
    expect(location.pathname).toBe('/api/v1/sources/connect/callback');
    const callback = `${location.pathname}${location.search}`;
    return { callback, res: await app.inject({ method: 'GET', url: callback }) };
  }

  beforeAll(async () => {
    as = await startOAuthServer({ accessTokenLifetime: 30 });
    ({ app } = await createTestApp({
      SERVICE_OAUTH_GENERIC_CLIENT_ID: as.clientId,
      SERVICE_OAUTH_GENERIC_CLIENT_SECRET: as.clientSecret,
      SERVICE_OAUTH_GENERIC_AUTHORIZATION_URL: `${as.url}/authorize`,
      SERVICE_OAUTH_GENERIC_TOKEN_URL: `${as.url}/token`,
      SERVICE_OAUTH_GENERIC_API_BASE: `${as.url}/api`,
    }));
    owner = await signUp(app);
    team = await createTeam(app, owner);
    h = inOrg(owner, team);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await as.close();
  });

  it('lists the configured provider and refuses unsupported ones (400)', async () => {
    const providers = (
      await app.inject({ method: 'GET', url: '/api/v1/sources/providers' })
    ).json() as Json[];
    expect(providers.find((p) => p.provider === 'generic')).toMatchObject({ kind: 'OAUTH' });
    expect(providers.some((p) => p.provider === 'google_drive')).toBe(false);
    for (const provider of ['google_drive', 'nope']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/sources/connect/initiate',
        headers: h,
        payload: { provider },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: [{ field: 'body.provider' }] });
    }
    const evil = await app.inject({
      method: 'POST',
      url: '/api/v1/sources/connect/initiate',
      headers: h,
      payload: { provider: 'generic', redirect_uri: 'https://evil.example/steal' },
    });
    expect(evil.statusCode).toBe(400);
  });

  it('connects: authorization URL with state and S256 challenge, code exchange, tokens in the vault, redirect', async () => {
    const init = await app.inject({
      method: 'POST',
      url: '/api/v1/sources/connect/initiate',
      headers: h,
      payload: { provider: 'generic', name: 'Team files', redirect_uri: 'http://service.test/app/sources' },
    });
    expect(init.statusCode, init.body).toBe(200);
    const { authorization_url, state } = init.json() as { authorization_url: string; state: string };
    const u = new URL(authorization_url);
    expect(u.searchParams.get('state')).toBe(state);
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(u.searchParams.get('redirect_uri')).toBe('http://service.test/api/v1/sources/connect/callback');
    // The state is stored hashed only.
    expect(JSON.stringify(await app.ctx.db.select().from(oauthStates))).not.toContain(state);

    const { callback, res } = await authorizeAndCallback(authorization_url);
    expect(res.statusCode).toBe(302);
    const back = new URL(String(res.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe('http://service.test/app/sources');
    expect(back.searchParams.get('status')).toBe('connected');
    sourceId = String(back.searchParams.get('source_id'));
    // Single use.
    expect((await app.inject({ method: 'GET', url: callback })).statusCode).toBe(400);

    const conn = (
      await app.inject({ method: 'GET', url: `/api/v1/sources/${sourceId}`, headers: h })
    ).json() as Json;
    expect(conn).toMatchObject({ kind: 'OAUTH', provider: 'generic', name: 'Team files', status: 'ACTIVE' });
    const secrets = await app.ctx.db
      .select()
      .from(vaultSecrets)
      .where(eq(vaultSecrets.connectionId, sourceId));
    expect(secrets.map((s) => s.purpose)).toEqual(['oauth_tokens']);
    for (const t of as.accessTokens())
      expect(JSON.stringify(secrets) + JSON.stringify(conn)).not.toContain(t);
  });

  it('refuses an expired state', async () => {
    const init = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/sources/connect/initiate',
        headers: h,
        payload: { provider: 'generic' },
      })
    ).json() as { authorization_url: string };
    await app.ctx.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.organizationId, team));
    const { res } = await authorizeAndCallback(init.authorization_url);
    expect(res.statusCode).toBe(400);
  });

  it('syncs the file API page by page, refreshing the short-lived access token before expiry', async () => {
    const refreshesBefore = as.grants.refresh_token ?? 0;
    expect(
      (await app.inject({ method: 'POST', url: `/api/v1/sources/${sourceId}/sync`, headers: h })).statusCode,
    ).toBe(202);
    const done = await finishedSync(app, h, sourceId);
    expect(done).toMatchObject({ status: 'SUCCEEDED', documents_created: 3 });
    expect(as.grants.refresh_token ?? 0).toBeGreaterThan(refreshesBefore);
    const folders = (
      await app.inject({ method: 'GET', url: `/api/v1/sources/${sourceId}/folders`, headers: h })
    ).json() as {
      folders: Json[];
    };
    expect(folders.folders.map((f) => [f.path, f.documents])).toEqual([
      ['/Contracts', 2],
      ['/Finance', 1],
    ]);
    const state = (
      await app.inject({ method: 'GET', url: `/api/v1/sources/${sourceId}/state`, headers: h })
    ).json() as Json;
    expect(state.state).toEqual({ cursor: '3', done: [] });
  });

  it('moves to REQUIRES_REAUTHORIZATION when the refresh is refused; reconnect updates the same connection', async () => {
    const notYet = await app.inject({
      method: 'POST',
      url: `/api/v1/sources/${sourceId}/reconnect`,
      headers: h,
    });
    expect(notYet.statusCode).toBe(400);
    as.revokeAll();
    await app.inject({ method: 'POST', url: `/api/v1/sources/${sourceId}/sync`, headers: h });
    await until(async () => {
      const c = (
        await app.inject({ method: 'GET', url: `/api/v1/sources/${sourceId}/activity`, headers: h })
      ).json() as {
        content: Json[];
      };
      return c.content.length === 2 && c.content[0]?.status !== 'RUNNING';
    });
    const conn = (
      await app.inject({ method: 'GET', url: `/api/v1/sources/${sourceId}`, headers: h })
    ).json() as Json;
    expect(conn.status).toBe('REQUIRES_REAUTHORIZATION');
    const evs = await app.ctx.db
      .select()
      .from(events)
      .where(and(eq(events.organizationId, team), eq(events.type, 'source.requires_reauthorization')));
    expect(evs.map((e) => e.data.source_id)).toContain(sourceId);
    const list = (
      await app.inject({ method: 'GET', url: '/api/v1/sources?status=REQUIRES_REAUTHORIZATION', headers: h })
    ).json() as {
      content: Json[];
    };
    expect(list.content.map((c) => c.id)).toEqual([sourceId]);
    expect(
      (await app.inject({ method: 'POST', url: `/api/v1/sources/${sourceId}/sync`, headers: h })).statusCode,
    ).toBe(400);

    const re = await app.inject({ method: 'POST', url: `/api/v1/sources/${sourceId}/reconnect`, headers: h });
    expect(re.statusCode, re.body).toBe(200);
    const { res } = await authorizeAndCallback(
      (re.json() as { authorization_url: string }).authorization_url,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: sourceId, status: 'ACTIVE' });
    const all = (
      await app.inject({ method: 'GET', url: '/api/v1/sources?provider=generic', headers: h })
    ).json() as {
      content: Json[];
    };
    expect(all.content).toHaveLength(1);
    await app.inject({ method: 'POST', url: `/api/v1/sources/${sourceId}/sync`, headers: h });
    await until(async () => {
      const c = (
        await app.inject({ method: 'GET', url: `/api/v1/sources/${sourceId}/activity`, headers: h })
      ).json() as {
        content: Json[];
      };
      return c.content.length === 3 && c.content[0]?.status === 'SUCCEEDED' ? c : undefined;
    });
  });
});
