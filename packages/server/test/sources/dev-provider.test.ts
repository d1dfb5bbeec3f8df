/**
 * The local OAuth development provider end to end: connect → the provider's authorization page →
 * callback → sync of the folder it serves → the provider forgets its tokens (a restart) → the
 * connection asks for reauthorization → reconnect → sync again.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PROVIDER_ID, type DevProvider, startDevProvider } from '../../src/sources/dev-provider.js';
import { registerProvider } from '../../src/sources/oauth.js';
import { createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';
import { finishedSync, type Json, until } from './support.js';

describe('local OAuth development provider', () => {
  let app: TestApp;
  let dev: DevProvider;
  let unregister: () => void;
  let dir: string;
  let h: Record<string, string>;
  let sourceId: string;

  /** Follows the authorization URL to the provider and hands its redirect to the service's callback. */
  async function authorize(authorizationUrl: string) {
    const res = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = new URL(String(res.headers.get('location')));
    return app.inject({ method: 'GET', url: `${location.pathname}${location.search}` });
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dev-provider-'));
    mkdirSync(path.join(dir, 'Contracts'));
    writeFileSync(path.join(dir, 'Contracts', 'msa.md'), `# Master services agreement ${Date.now()}\n`);
    writeFileSync(path.join(dir, 'Contracts', 'nda.txt'), `Mutual non-disclosure agreement ${Date.now()}\n`);
    writeFileSync(path.join(dir, 'invoice.txt'), `Invoice 42, amount due 12 EUR ${Date.now()}\n`);
    writeFileSync(path.join(dir, '.hidden'), 'not served');
    dev = await startDevProvider({ filesDir: dir, port: 0 });
    unregister = registerProvider(dev.provider);
    ({ app } = await createTestApp());
    const owner = await signUp(app);
    h = inOrg(owner, await createTeam(app, owner));
  }, 60_000);
  afterAll(async () => {
    unregister?.();
    await app?.close();
    await dev?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is listed as an OAuth provider and serves nothing without a token', async () => {
    const providers = (
      await app.inject({ method: 'GET', url: '/api/v1/sources/providers' })
    ).json() as Json[];
    expect(providers.find((p) => p.provider === DEV_PROVIDER_ID)).toMatchObject({ kind: 'OAUTH' });
    expect((await fetch(`${dev.url}/api/files`)).status).toBe(401);
  });

  it('refuses a redirect URI other than the service callback', async () => {
    const res = await fetch(
      `${dev.url}/authorize?response_type=code&client_id=local-dev-client&state=s&redirect_uri=${encodeURIComponent('https://evil.example/steal')}`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(400);
  });

  it('connects through the authorization code flow and syncs the folder', async () => {
    const init = await app.inject({
      method: 'POST',
      url: '/api/v1/sources/connect/initiate',
      headers: h,
      payload: { provider: DEV_PROVIDER_ID, name: 'Local files' },
    });
    expect(init.statusCode, init.body).toBe(200);
    const done = await authorize((init.json() as { authorization_url: string }).authorization_url);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ provider: DEV_PROVIDER_ID, status: 'ACTIVE' });
    sourceId = String((done.json() as Json).id);
    await app.inject({ method: 'POST', url: `/api/v1/sources/${sourceId}/sync`, headers: h });
    expect(await finishedSync(app, h, sourceId)).toMatchObject({ status: 'SUCCEEDED', documents_created: 3 });
    const folders = (
      await app.inject({ method: 'GET', url: `/api/v1/sources/${sourceId}/folders`, headers: h })
    ).json() as { folders: Json[] };
    expect(folders.folders.map((f) => [f.path, f.documents])).toEqual([
      ['/', 1],
      ['/Contracts', 2],
    ]);
  });

  it('asks for reauthorization once the provider forgets its tokens, and reconnects the same connection', async () => {
    // POST /revoke: the user removed the app at the provider.
    expect((await fetch(`${dev.url}/revoke`, { method: 'POST' })).status).toBe(204);
    await app.inject({ method: 'POST', url: `/api/v1/sources/${sourceId}/sync`, headers: h });
    await until(async () => {
      const c = (
        await app.inject({ method: 'GET', url: `/api/v1/sources/${sourceId}`, headers: h })
      ).json() as Json;
      return c.status === 'REQUIRES_REAUTHORIZATION';
    });
    const reconnect = (payload?: object) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/sources/${sourceId}/reconnect`,
        headers: h,
        ...(payload ? { payload } : {}),
      });
    const offsite = await reconnect({ redirect_uri: 'https://evil.example/phish' });
    expect(offsite.statusCode, offsite.body).toBe(400);
    expect(offsite.json().errors).toEqual([expect.objectContaining({ field: 'body.redirect_uri' })]);
    expect((await reconnect({ redirect_uri: 'http://service.test/sources', extra: 1 })).statusCode).toBe(400);
    // With a redirect_uri the browser comes back to it, like after an initiation.
    const withRedirect = await reconnect({ redirect_uri: 'http://service.test/sources' });
    expect(withRedirect.statusCode, withRedirect.body).toBe(200);
    const redirected = await authorize(
      (withRedirect.json() as { authorization_url: string }).authorization_url,
    );
    expect(redirected.statusCode, redirected.body).toBe(302);
    const landing = new URL(String(redirected.headers.location));
    expect(`${landing.origin}${landing.pathname}`).toBe('http://service.test/sources');
    expect(landing.searchParams.get('source_id')).toBe(sourceId);
    let c = (
      await app.inject({ method: 'GET', url: `/api/v1/sources/${sourceId}`, headers: h })
    ).json() as Json;
    expect(c.status).toBe('ACTIVE');

    // Without one, the callback answers the connection; the same connection is reconnected.
    expect((await fetch(`${dev.url}/revoke`, { method: 'POST' })).status).toBe(204);
    await app.inject({ method: 'POST', url: `/api/v1/sources/${sourceId}/sync`, headers: h });
    await until(async () => {
      c = (
        await app.inject({ method: 'GET', url: `/api/v1/sources/${sourceId}`, headers: h })
      ).json() as Json;
      return c.status === 'REQUIRES_REAUTHORIZATION';
    });
    const re = await reconnect();
    expect(re.statusCode, re.body).toBe(200);
    const back = await authorize((re.json() as { authorization_url: string }).authorization_url);
    expect(back.json()).toMatchObject({ id: sourceId, status: 'ACTIVE' });
    await app.inject({ method: 'POST', url: `/api/v1/sources/${sourceId}/sync`, headers: h });
    await until(async () => {
      const c = (
        await app.inject({ method: 'GET', url: `/api/v1/sources/${sourceId}/activity`, headers: h })
      ).json() as { content: Json[] };
      return c.content.length === 4 && c.content[0]?.status === 'SUCCEEDED';
    });
  });

  it('is started by the service when SERVICE_OAUTH_DEV_PROVIDER is set', async () => {
    const { app: other } = await createTestApp({
      SERVICE_OAUTH_DEV_PROVIDER: 'true',
      SERVICE_OAUTH_DEV_FILES_DIR: dir,
    });
    try {
      const providers = (
        await other.inject({ method: 'GET', url: '/api/v1/sources/providers' })
      ).json() as Json[];
      const own = providers.filter((p) => p.provider === DEV_PROVIDER_ID);
      expect(own).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
