import { randomBytes } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDto } from '../../src/documents/schemas.js';
import { demoOntology, upload, waitForDocument } from '../documents/helpers.js';
import { eventually, SANDBOX_TMP_AT_START } from '../engine/fixtures.js';
import { createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';
import { HOSTILE, leftovers, reportOf } from './hostile.js';

/**
 * Hostile plugins submitted through the API by an ordinary tenant (the OWNER of organization B)
 * against a real app with two pipeline workers: each attack runs, is contained by the sandbox,
 * and fails its document with the outcome as the reason, while the server and organization A's
 * documents carry on (issue 10, docs/security.md).
 */
describe('hostile plugins of one tenant are contained', () => {
  let app: TestApp;
  let dataDir: string;
  let port: number;
  let a: Record<string, string>;
  let b: Record<string, string>;
  let aPlugin: string;
  let aBlob: string;
  const canary = `canary-${randomBytes(12).toString('hex')}`;
  const A_TEXT = `Organization A's confidential memo ${randomBytes(8).toString('hex')}`;

  /** Submits HOSTILE in an organization and makes it the organization's classifier. */
  const installHostile = async (headers: Record<string, string>, orgId: string) => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/plugins',
      headers,
      payload: { name: 'Hostile', code: HOSTILE },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const put = await app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${orgId}/settings`,
      headers,
      payload: { classification_plugin_id: id },
    });
    expect(put.statusCode, put.body).toBe(200);
    return id;
  };

  /** Uploads one attack command as a text document of B and returns the failed document's report. */
  const attack = async (command: object) => {
    const res = await upload(app, b, JSON.stringify(command), 'attack.txt');
    expect(res.statusCode, res.body).toBe(202);
    const doc = await waitForDocument(app, b, res.json().id);
    expect(doc.status).toBe('FAILED');
    expect(doc.error).toContain('report: ');
    expect(doc.error ?? '').not.toContain(canary);
    expect(doc.error ?? '').not.toContain(A_TEXT);
    return reportOf(doc.error);
  };

  beforeAll(async () => {
    ({ app, dataDir } = await createTestApp({ SERVICE_WORKERS: '2', SERVICE_PLUGIN_POOL_SIZE: '1' }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
    // What an attacker is after: the server's environment and key files (made as the server makes them).
    process.env.SERVICE_HOSTILE_TEST_CANARY = canary;
    writeFileSync(path.join(dataDir, 'secret.key'), canary, { mode: 0o600 });
    writeFileSync(path.join(dataDir, 'vault.key'), canary, { mode: 0o600 });
    const [ownerA, ownerB] = await Promise.all([signUp(app), signUp(app)]);
    const [teamA, teamB] = await Promise.all([createTeam(app, ownerA), createTeam(app, ownerB)]);
    a = inOrg(ownerA, teamA);
    b = inOrg(ownerB, teamB);
    for (const h of [a, b]) {
      const put = await app.inject({
        method: 'PUT',
        url: '/api/v1/ontology',
        headers: h,
        payload: demoOntology(),
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    const first = await upload(app, a, A_TEXT, 'memo.txt');
    const doc = await waitForDocument(app, a, first.json().id);
    expect(doc.status, doc.error ?? '').toBe('PROCESSED');
    aBlob = path.join(dataDir, 'blobs', teamA, doc.sha256.slice(0, 2), doc.sha256);
    await installHostile(b, teamB);
    aPlugin = teamA;
  }, 120_000);

  afterAll(async () => {
    delete process.env.SERVICE_HOSTILE_TEST_CANARY;
    await app?.close();
    // Every runtime is gone with the server: no process of the sandbox user is left below this test.
    expect(await eventually(() => leftovers().length === 0, 5000)).toBe(true);
  });

  it("reads no secret: not the server's environment, secret.key, vault.key, another organization's files or /etc/shadow", async () => {
    const report = (await attack({
      read: [
        '/proc/PPID/environ',
        `/proc/${process.pid}/environ`,
        path.join(dataDir, 'secret.key'),
        path.join(dataDir, 'vault.key'),
        aBlob,
        '/etc/shadow',
      ],
      list: [dataDir, path.join(dataDir, 'blobs'), '/'],
    })) as { read: Record<string, string>; list: Record<string, unknown> };
    expect(report.read['/proc/PPID/environ']).not.toMatch(/SERVICE_|DATABASE|canary/);
    for (const p of Object.keys(report.read).filter((k) => k !== '/proc/PPID/environ'))
      expect(report.read[p], p).toMatch(/^ERR /);
    expect(report.list[dataDir]).toMatch(/^ERR /);
    expect(report.list[path.join(dataDir, 'blobs')]).toMatch(/^ERR /);
  });

  it('reaches no address: PostgreSQL, Redis and the server itself refuse, nothing routes out', async () => {
    const report = (await attack({
      connect: [
        ['127.0.0.1', 5432],
        ['127.0.0.1', 6379],
        ['127.0.0.1', port],
      ],
    })) as { connect: Record<string, string>; interfaces: string[] };
    expect(report.interfaces).toEqual(['lo']);
    for (const [target, outcome] of Object.entries(report.connect)) expect(outcome, target).toMatch(/^ERR /);
    // The server still answers on that port, and says how plugins are isolated.
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', plugin_sandbox: 'bwrap' });
  });

  it("cannot plant statistics.py for organization A: A's `import statistics` is the standard library's", async () => {
    const hostRuntimeDirs = readdirSync(tmpdir())
      .filter((n) => n.startsWith('plugin-runtime-'))
      .map((n) => path.join(tmpdir(), n, 'statistics.py'));
    const report = (await attack({ write: ['/tmp/statistics.py', ...hostRuntimeDirs.slice(0, 20)] })) as {
      write: Record<string, string>;
    };
    expect(report.write['/tmp/statistics.py']).toBe('WROTE'); // its own private tmpfs
    for (const p of hostRuntimeDirs.slice(0, 20)) expect(report.write[p], p).toMatch(/^ERR /);

    await installHostile(a, aPlugin);
    const res = await upload(app, a, JSON.stringify({ import: 'statistics', list: ['/tmp'] }), 'probe.txt');
    const doc = await waitForDocument(app, a, res.json().id);
    const seen = reportOf(doc.error) as {
      import: { file: string; pwned: boolean };
      list: Record<string, string[]>;
    };
    expect(seen.import.pwned).toBe(false);
    expect(seen.import.file).toMatch(/lib\/python3\.\d+\/statistics\.py$/);
    expect(seen.list['/tmp']).toEqual(SANDBOX_TMP_AT_START);
    await app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${aPlugin}/settings`,
      headers: a,
      payload: { classification_plugin_id: null },
    });
  });

  it("fails 50 forks beyond the process limit, leaves no descendant, and A's documents carry on meanwhile", async () => {
    const aDocs = await Promise.all(
      [1, 2].map((i) =>
        upload(app, a, `${A_TEXT} part ${i}: this agreement is governed by law`, `a${i}.txt`),
      ),
    );
    const report = (await attack({ fork: 50 })) as { fork: { made: number; errors: number[] } };
    expect(report.fork.made).toBeLessThan(50);
    expect(report.fork.errors).toContain(11); // EAGAIN
    expect(await eventually(() => leftovers().length === 0, 5000)).toBe(true);
    const done: DocumentDto[] = await Promise.all(aDocs.map((r) => waitForDocument(app, a, r.json().id)));
    for (const d of done) expect(d.status, d.error ?? '').toBe('PROCESSED');
  });
});
