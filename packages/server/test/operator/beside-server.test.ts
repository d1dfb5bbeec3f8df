/**
 * The operator CLI beside a running embedded server: while `service-server serve` owns the PGlite
 * database of a data directory, `admin bootstrap`, `auth token` and `demo` run from other
 * processes act on that same database (through the server's operator socket), and what they print
 * works against the server. Opening the data directory a second time is refused with a clear message.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, ensureBuilt, freePort, run, serviceEnv, startServer } from '../support/cli.js';
import { corpusDir } from '../support/paths.js';

describe('operator commands beside `service-server serve` on embedded PGlite', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let server: Awaited<ReturnType<typeof startServer>>;

  const serviceServer = (...args: string[]) =>
    run(process.execPath, [cli, ...args], { env, cwd: dataDir, timeout: 60_000 });

  beforeAll(async () => {
    await ensureBuilt();
    dataDir = mkdtempSync(path.join(tmpdir(), 'service-operator-'));
    env = serviceEnv({ SERVICE_DATA_DIR: dataDir, SERVICE_LOG_LEVEL: 'warn' });
    server = await startServer(['--port', String(await freePort())], {
      env,
      cwd: dataDir,
      timeoutMs: 60_000,
    });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('records the owner of the data directory: its pid, address and operator socket', () => {
    const owner = JSON.parse(readFileSync(path.join(dataDir, 'pg.lock'), 'utf8')) as Record<string, unknown>;
    expect(owner).toMatchObject({ pid: server.child.pid, url: server.url });
    expect(owner.operator_socket).toBe(path.join(dataDir, 'operator.sock'));
  });

  it('admin bootstrap from another process prints a key the running server accepts', async () => {
    const { stdout } = await serviceServer('admin', 'bootstrap', '--email', 'ops@beside.example', '--json');
    const boot = JSON.parse(stdout) as { api_key: string; email: string };
    expect(boot.email).toBe('ops@beside.example');
    const me = await fetch(`${server.url}/api/v1/users/me`, {
      headers: { authorization: `Bearer ${boot.api_key}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'ops@beside.example', is_system_admin: true });
  });

  it('auth token from another process prints a JWT the running server accepts', async () => {
    const { stdout } = await serviceServer(
      'auth',
      'token',
      '--email',
      'Token@Beside.example',
      '--name',
      'Tess',
    );
    const me = await fetch(`${server.url}/api/v1/users/me`, {
      headers: { authorization: `Bearer ${stdout.trim()}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'token@beside.example' });
  });

  it('demo from another process finds the running server and ingests with the bootstrapped key', async () => {
    const { stdout } = await serviceServer('admin', 'bootstrap', '--email', 'demo@beside.example', '--json');
    const key = (JSON.parse(stdout) as { api_key: string }).api_key;
    // --wait 0: the uploads are the point here, not the processing (the demo exits 1 while documents are pending).
    const demo = await serviceServer(
      'demo',
      '--api-key',
      key,
      '--contracts',
      '1',
      '--wait',
      '0',
      '--corpus',
      corpusDir,
    ).catch((err: { stdout: string; code: number }) => err);
    const orgId = /Demo organization (\S+)/.exec(demo.stdout)?.[1];
    expect(orgId).toBeDefined();
    const headers = { authorization: `Bearer ${key}`, 'x-organization-id': orgId as string };
    const docs = await fetch(`${server.url}/api/v1/documents?size=1`, { headers });
    expect(docs.status).toBe(200);
    expect(((await docs.json()) as { page: { total_elements: number } }).page.total_elements).toBe(14);
    // Its uploads come through the organization's manual-upload source, as the console's do.
    const manual = (await (
      await fetch(`${server.url}/api/v1/sources/connect/manual-upload`, { method: 'POST', headers })
    ).json()) as { id: string };
    const uploaded = await fetch(`${server.url}/api/v1/documents?size=1&source_id=${manual.id}`, { headers });
    expect(((await uploaded.json()) as { page: { total_elements: number } }).page.total_elements).toBe(14);
  }, 120_000);

  it('refuses a second server on the same data directory, naming the owner and what to do', async () => {
    const err = (await run(process.execPath, [cli, 'serve', '--port', String(await freePort())], {
      env,
      cwd: dataDir,
      timeout: 30_000,
    }).catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(err.code).toBe(2);
    expect(err.stderr).toContain(`in use by process ${server.child.pid}`);
    expect(err.stderr).toContain('stop that process first, or set SERVICE_DATA_DIR');
    // The server carries on.
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });
});
