import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload, useClassifier, waitForDocument } from '../documents/helpers.js';
import { PROTOCOL_ATTACK } from '../engine/fixtures.js';
import { zipBombDocx } from '../parsing/bombs.js';
import { createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';

/**
 * Issue 10, "how it is shown": a zip-bomb .docx and an oversize protocol line each fail one
 * document, /health answers within 1 s throughout, and a plugin that keeps breaking the protocol
 * is quarantined for its organization.
 */
describe('hostile input fails one document and the server carries on', () => {
  let app: TestApp;
  let h: Record<string, string>;
  let pluginId: string;
  /** Slowest /health answer seen by the watcher, in ms. */
  let slowestHealth = 0;
  let watching = true;
  let watcher: Promise<void>;

  beforeAll(async () => {
    ({ app } = await createTestApp({
      SERVICE_WORKERS: '2',
      SERVICE_PLUGIN_TIMEOUT_SECONDS: '60',
      SERVICE_PLUGIN_QUARANTINE_AFTER: '2',
    }));
    const owner = await signUp(app);
    const team = await createTeam(app, owner);
    h = inOrg(owner, team);
    pluginId = await useClassifier(app, h, team, 'Protocol attack', PROTOCOL_ATTACK);
    watcher = (async () => {
      while (watching) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url: '/health' });
        expect(res.statusCode).toBe(200);
        slowestHealth = Math.max(slowestHealth, performance.now() - started);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
  });
  afterAll(async () => {
    watching = false;
    await watcher;
    await app?.close();
  });

  it('fails a zip-bomb .docx at parse with the archive limit as reason', async () => {
    const bomb = await zipBombDocx(300);
    const res = await upload(app, h, bomb, 'bomb.docx');
    expect(res.statusCode, res.body).toBe(202);
    const doc = await waitForDocument(app, h, res.json().id);
    expect(doc).toMatchObject({ status: 'FAILED', step: 'parse', attempts: 1 });
    expect(doc.error).toMatch(
      /^parse: TOO_LARGE: The archive entry word\/document\.xml expands .*SERVICE_ARCHIVE_MAX_RATIO/,
    );
    expect(slowestHealth).toBeLessThan(1000);
  }, 60_000);

  it('fails a document whose plugin writes 600 MiB without a newline, once, and quarantines the plugin on repeat', async () => {
    const first = await upload(app, h, 'flood 600', 'flood.txt');
    const failed = await waitForDocument(app, h, first.json().id);
    expect(failed).toMatchObject({ status: 'FAILED', step: 'classify', attempts: 1 });
    expect(failed.error).toMatch(/^classify: ProtocolError: .*over the 16777216-byte limit/);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/plugins/${pluginId}`, headers: h })).json(),
    ).toMatchObject({
      quarantined_at: null,
    });

    const second = await upload(app, h, 'flood 601', 'flood-again.txt');
    expect((await waitForDocument(app, h, second.json().id)).error).toMatch(/now quarantined/);
    const plugin = (
      await app.inject({ method: 'GET', url: `/api/v1/plugins/${pluginId}`, headers: h })
    ).json();
    expect(plugin.quarantined_at).toEqual(expect.any(String));
    expect(plugin.quarantine_reason).toMatch(/^ProtocolError 2 times within 3600 s/);

    // A quarantined plugin is not run again: its documents fail at once with the reason.
    const third = await upload(app, h, 'harmless', 'harmless.txt');
    const refused = await waitForDocument(app, h, third.json().id);
    expect(refused).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(refused.error).toMatch(/is quarantined since .*ProtocolError 2 times.*DELETE \/api\/v1\/plugins/);
    expect(slowestHealth).toBeLessThan(1000);

    // An OWNER lifts it; the plugin runs again.
    const lifted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/plugins/${pluginId}/quarantine`,
      headers: h,
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toMatchObject({ quarantined_at: null, quarantine_reason: null });
    const fourth = await upload(app, h, 'harmless again', 'harmless-again.txt');
    expect(await waitForDocument(app, h, fourth.json().id)).toMatchObject({
      status: 'PROCESSED',
      labels: ['Contract'],
    });
  }, 120_000);
});
