import { afterAll, describe, expect, it } from 'vitest';
import { logSandbox } from '../../src/engine/sandbox.js';
import { createTestApp, type TestApp } from '../support/app.js';

describe('SERVICE_PLUGIN_SANDBOX at start-up and in /health', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });
  const health = async (overrides: Record<string, string>) => {
    const { app } = await createTestApp(overrides);
    apps.push(app);
    return (await app.inject({ method: 'GET', url: '/health' })).json() as Record<string, unknown>;
  };

  it('reports bwrap by default and disabled-unsafe when the operator turns the sandbox off', async () => {
    expect(await health({})).toMatchObject({ status: 'ok', plugin_sandbox: 'bwrap' });
    expect(await health({ SERVICE_PLUGIN_SANDBOX: 'none' })).toMatchObject({
      status: 'ok',
      plugin_sandbox: 'disabled-unsafe',
    });
  });

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
    logSandbox(log, { state: 'bwrap' });
    logSandbox(log, { state: 'unavailable', reason: 'bwrap (Debian package bubblewrap) is not installed' });
    logSandbox(log, { state: 'disabled-unsafe' });
    expect(lines[0]).toEqual(['info', 'plugin runtimes run in bubblewrap sandboxes']);
    expect(lines[1]?.[0]).toBe('warn');
    expect(lines[1]?.[1]).toMatch(/is not installed.*third-party plugins are refused/);
    expect(lines[2]?.[1]).toContain('SERVICE_PLUGIN_SANDBOX=none');
  });
});
