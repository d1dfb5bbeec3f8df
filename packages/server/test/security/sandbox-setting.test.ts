import { afterAll, describe, expect, it } from 'vitest';
import { detectCgroup } from '../../src/engine/cgroup.js';
import { PluginHost } from '../../src/engine/plugin-host.js';
import { logSandbox } from '../../src/engine/sandbox.js';
import { demoOntology, upload, waitForDocument } from '../documents/helpers.js';
import { limits, python } from '../engine/fixtures.js';
import { createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';
import { HOSTILE } from './hostile.js';

describe('SERVICE_PLUGIN_SANDBOX at start-up and in /health', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });
  const health = async (overrides: Record<string, string>) => {
    // No workers: the apps of this file share the run's database, and only one should take jobs.
    const { app } = await createTestApp({ SERVICE_WORKERS: '0', ...overrides });
    apps.push(app);
    return (await app.inject({ method: 'GET', url: '/health' })).json() as Record<string, unknown>;
  };

  it('reports bwrap by default and disabled-unsafe when the operator turns the sandbox off', async () => {
    const sandboxed = await health({});
    expect(sandboxed).toMatchObject({ status: 'ok', plugin_sandbox: 'bwrap' });
    // How a runtime's memory is bounded on this host (cgroup v2 where delegated: docs/security.md).
    expect(sandboxed.plugin_memory_limit).toBe(detectCgroup().parent ? 'cgroup-v2' : 'rlimit');
    expect(await health({ SERVICE_PLUGIN_CGROUP: 'off' })).toMatchObject({ plugin_memory_limit: 'rlimit' });
    expect(await health({ SERVICE_PLUGIN_SANDBOX: 'none' })).toMatchObject({
      status: 'ok',
      plugin_sandbox: 'disabled-unsafe',
    });
  });

  it('where bwrap cannot run: refuses a submitted plugin with 503 and still runs the built-in ones', async () => {
    const { app } = await createTestApp({ SERVICE_WORKERS: '1' });
    apps.push(app);
    await app.ctx.plugins.close();
    app.ctx.plugins = new PluginHost({
      python,
      limits,
      poolSize: 1,
      recycleAfter: 100,
      log: () => undefined,
      sandbox: { state: 'unavailable', reason: 'bwrap (Debian package bubblewrap) is not installed' },
      builtinsDir: app.ctx.config.pluginsDir,
    });
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({
      plugin_sandbox: 'unavailable',
    });
    const owner = await signUp(app);
    const h = inOrg(owner, await createTeam(app, owner));
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/v1/plugins',
      headers: h,
      payload: { name: 'Hostile', code: HOSTILE },
    });
    expect(submitted.statusCode).toBe(503);
    expect(submitted.json().detail).toContain('cannot sandbox plugin code');
    await app.inject({ method: 'PUT', url: '/api/v1/ontology', headers: h, payload: demoOntology() });
    const doc = await upload(app, h, 'This agreement is governed by the laws of Delaware.', 'a.txt');
    const done = await waitForDocument(app, h, doc.json().id);
    expect(done.status, done.error ?? '').toBe('PROCESSED');
  }, 60_000);

  it('rejects an unknown setting at start-up', async () => {
    await expect(createTestApp({ SERVICE_PLUGIN_SANDBOX: 'nsjail' })).rejects.toThrow(
      /SERVICE_PLUGIN_SANDBOX/,
    );
  });

  it('says at start-up what runs and what is refused', () => {
    const lines: [string, string][] = [];
    const log = {
      info: (_: object, msg: string) => lines.push(['info', msg]),
      warn: (_: object, msg: string) => lines.push(['warn', msg]),
    };
    logSandbox(log, {
      state: 'bwrap',
      memoryLimit: 'rlimit',
      cgroupReason: 'no cgroup v2 hierarchy is mounted',
    });
    logSandbox(log, { state: 'unavailable', reason: 'bwrap (Debian package bubblewrap) is not installed' });
    logSandbox(log, { state: 'disabled-unsafe' });
    logSandbox(log, { state: 'bwrap', memoryLimit: 'cgroup-v2' });
    expect(lines[0]).toEqual([
      'info',
      'plugin runtimes run in bubblewrap sandboxes, their memory bounded by rlimits and tmpfs sizes (no cgroup v2: no cgroup v2 hierarchy is mounted)',
    ]);
    expect(lines[1]?.[0]).toBe('warn');
    expect(lines[1]?.[1]).toMatch(/is not installed.*third-party plugins are refused/);
    expect(lines[2]?.[1]).toContain('SERVICE_PLUGIN_SANDBOX=none');
    expect(lines[3]).toEqual([
      'info',
      'plugin runtimes run in bubblewrap sandboxes, each in its own cgroup (memory.max, pids.max)',
    ]);
  });
});
