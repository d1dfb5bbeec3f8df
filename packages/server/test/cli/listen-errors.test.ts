/**
 * `service-server` started on an address it cannot listen on stops with a message that names the
 * address and the settings to change, and exit status 2, instead of a stack trace.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, ensureBuilt, run, serviceEnv } from '../support/cli.js';

describe('an address that cannot be listened on', () => {
  let dataDir: string;
  let taken: Server;
  let port: number;

  beforeAll(async () => {
    await ensureBuilt();
    dataDir = mkdtempSync(path.join(tmpdir(), 'service-listen-'));
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = (taken.address() as { port: number }).port;
  }, 180_000);

  afterAll(async () => {
    await new Promise((resolve) => taken?.close(resolve));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const serve = (settings: Record<string, string>, ...args: string[]) =>
    run(process.execPath, [cli, 'serve', ...args], {
      env: serviceEnv({
        SERVICE_DATA_DIR: dataDir,
        SERVICE_LOG_LEVEL: 'silent',
        SERVICE_WORKERS: '0',
        ...settings,
      }),
      cwd: dataDir,
      timeout: 60_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
    );

  it('the API port in use: exit 2 and what to change', async () => {
    const { code, stderr } = await serve({}, '--port', String(port));
    expect(code).toBe(2);
    expect(stderr).toContain(
      `error: cannot listen on 127.0.0.1:${port}: another process already listens there`,
    );
    expect(stderr).toContain('SERVICE_PORT');
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 90_000);

  it('the metrics port in use: the same', async () => {
    const { code, stderr } = await serve({ SERVICE_METRICS_PORT: String(port) }, '--port', '0');
    expect(code).toBe(2);
    expect(stderr).toContain(
      `error: cannot listen on 127.0.0.1:${port}: another process already listens there`,
    );
    expect(stderr).toContain('SERVICE_METRICS_PORT');
  }, 90_000);
});
