import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PluginHost } from '../../src/engine/plugin-host.js';
import type { PluginHostOptions } from '../../src/engine/plugin-host-options.js';
import { PluginError } from '../../src/engine/runtime-protocol.js';
import { bwrapArgv, DEFAULT_SANDBOX_LIMITS, resolveSandbox } from '../../src/engine/sandbox.js';
import { descendants, HOSTILE, leftovers, reportOf } from '../security/hostile.js';
import {
  CLASSIFY_SIGNATURE,
  classifyArgs,
  eventually,
  limits,
  python,
  repoRoot,
  SANDBOX_TMP_AT_START,
  USAGE_LIAR,
} from './fixtures.js';

const hostile = { id: 'hostile@1', source: HOSTILE };

/** Imports service_builtins; reports where from, what else of plugins/ it sees, and a write attempt. */
const BUILTINS_PROBE = `import json
import os
from typing import Any

import service_builtins
from service_sdk import ClassificationPlugin, Document


def attempt(action: Any) -> str:
    try:
        action()
        return "ok"
    except OSError as exc:
        return str(exc)


class Probe(ClassificationPlugin):${CLASSIFY_SIGNATURE}
        package = os.path.dirname(service_builtins.__file__)
        plugins = os.path.dirname(package)
        return json.dumps({
            "file": service_builtins.__file__,
            "siblings": sorted(os.listdir(plugins)),
            "write": attempt(lambda: open(os.path.join(package, "x.py"), "w").close()),
            "classifier": attempt(lambda: open(os.path.join(plugins, "classifier.py")).close()),
        })
`;

describe('plugin runtimes in bubblewrap (engine/sandbox.ts, docs/security.md)', () => {
  const canary = `canary-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const hostDir = mkdtempSync(path.join(tmpdir(), 'sandbox-host-'));
  const secretFile = path.join(hostDir, 'secret.key');
  writeFileSync(secretFile, canary, { mode: 0o644 });
  process.env.SERVICE_SANDBOX_TEST_CANARY = canary;
  const sandbox = resolveSandbox(python, 'bwrap');
  const hosts: PluginHost[] = [];
  const host = (opts: Partial<PluginHostOptions> = {}) => {
    const h = new PluginHost({
      python,
      limits,
      poolSize: 1,
      recycleAfter: 1000,
      log: () => undefined,
      sandbox,
      ...opts,
    });
    hosts.push(h);
    return h;
  };
  /** Runs one hostile command in organization `key`'s runtime and returns its report. */
  const attack = async (h: PluginHost, key: string, command: object) => {
    const err = await h
      .call(key, hostile, 'classify', classifyArgs(JSON.stringify(command)))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PluginError);
    return reportOf((err as PluginError).message);
  };
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((h) => h.close()));
  });
  afterAll(() => {
    rmSync(hostDir, { recursive: true, force: true });
    delete process.env.SERVICE_SANDBOX_TEST_CANARY;
  });

  it('is available on this machine (bubblewrap installed, user namespaces enabled)', () => {
    expect(sandbox.reason).toBeUndefined();
    expect(sandbox.state).toBe('bwrap');
  });

  it('sees an installation under /tmp (a clone in /tmp/x) but no other file of the host’s /tmp', () => {
    // The runtime's interpreter and plugins are bound read-only; the private tmpfs at /tmp must
    // not hide them (it did: bwrap could not start /tmp/x/.venv/bin/python).
    const installed = mkdtempSync(path.join('/tmp', 'sandbox-install-'));
    try {
      chmodSync(installed, 0o755); // as a clone's directory is; mkdtemp makes it 0700
      writeFileSync(path.join(installed, 'marker'), 'installed', { mode: 0o644 });
      const script = `cat ${installed}/marker; echo; cat ${secretFile} 2>&1; echo w > /tmp/scratch && cat /tmp/scratch`;
      const argv = bwrapArgv(
        execFileSync('sh', ['-c', 'command -v bwrap'], { encoding: 'utf8' }).trim(),
        [installed],
        { command: '/bin/sh', args: ['-c', script], env: {} },
        DEFAULT_SANDBOX_LIMITS,
        process.getuid?.() === 0,
      );
      const out = execFileSync(argv[0] as string, argv.slice(1), { encoding: 'utf8' }).split('\n');
      expect(out[0]).toBe('installed');
      expect(out[1]).toMatch(/No such file or directory/);
      expect(out[1]).not.toContain(canary);
      expect(out[2]).toBe('w');
    } finally {
      rmSync(installed, { recursive: true, force: true });
    }
  });

  it('runs as uid/gid 65534, pid 2 of its own PID namespace, in a private tmpfs, with only the runtime variables', async () => {
    const me = (await attack(host(), 'org-a', { whoami: true, list: ['/', '/proc', '/dev'] })) as {
      uid: number;
      gid: number;
      pid: number;
      cwd: string;
      env: Record<string, string>;
      list: Record<string, string[]>;
    };
    expect(me).toMatchObject({ uid: 65534, gid: 65534, pid: 2, cwd: '/tmp' });
    expect(Object.keys(me.env).sort()).toEqual(
      [
        'HOME',
        'LANG',
        'OMP_NUM_THREADS',
        'OPENBLAS_NUM_THREADS',
        'ORT_DISABLE_TELEMETRY',
        'PATH',
        'PWD',
        'PYTHONDONTWRITEBYTECODE',
        'PYTHONHASHSEED',
        'PYTHONUNBUFFERED',
        'TMPDIR',
      ].sort(),
    );
    expect(JSON.stringify(me)).not.toContain(canary);
    // Only bubblewrap's init and the runtime exist in its /proc; the host's processes are invisible.
    expect((me.list['/proc'] ?? []).filter((n) => /^\d+$/.test(n))).toEqual(['1', '2']);
    // The root holds the read-only system and interpreter, a tmpfs, /proc and /dev: no /etc, no data.
    expect(me.list['/']).not.toContain('etc');
    expect(me.list['/']).not.toContain('home');
    expect(me.list['/dev']).not.toContain('sda');
  });

  it("reads no secret: not the parent's environment, /etc/shadow, the host's files or the repository", async () => {
    const report = (await attack(host(), 'org-b', {
      read: [
        '/proc/PPID/environ',
        '/proc/1/environ',
        `/proc/${process.pid}/environ`,
        '/etc/shadow',
        '/etc/passwd',
        '/root/.bashrc',
        secretFile,
        path.join(repoRoot, 'package.json'),
        path.join(repoRoot, 'Makefile'),
      ],
    })) as { read: Record<string, string> };
    expect(JSON.stringify(report)).not.toContain(canary);
    // bwrap's init (the parent, pid 1) was started with PATH (and its own PWD) only.
    const parentEnv = (report.read['/proc/PPID/environ'] ?? '').replace(/^READ /, '').split('\u0000');
    expect(parentEnv.filter(Boolean).map((kv) => kv.split('=')[0])).toEqual(['PATH', 'PWD']);
    for (const p of [
      '/etc/shadow',
      '/etc/passwd',
      '/root/.bashrc',
      secretFile,
      `/proc/${process.pid}/environ`,
    ])
      expect(report.read[p], p).toMatch(/^ERR /);
    expect(report.read[path.join(repoRoot, 'Makefile')]).toMatch(/^ERR /);
  });

  it('has no network: only a loopback interface of its own, PostgreSQL and Redis refused, no route out', async () => {
    const report = (await attack(host(), 'org-b', {
      connect: [
        ['127.0.0.1', 5432],
        ['127.0.0.1', 6379],
      ],
    })) as { connect: Record<string, string>; interfaces: string[] };
    expect(report.interfaces).toEqual(['lo']);
    expect(report.connect['127.0.0.1:5432']).toMatch(/^ERR ConnectionRefusedError/);
    expect(report.connect['127.0.0.1:6379']).toMatch(/^ERR ConnectionRefusedError/);
    expect(report.connect['route:192.0.2.1']).toMatch(/^ERR /);
  });

  it('fails a fork bomb at the process limit and leaves no descendant after the call', async () => {
    const h = host();
    const report = (await attack(h, 'org-b', { fork: 50 })) as { fork: { made: number; errors: number[] } };
    expect(report.fork.made).toBeLessThan(50);
    expect(report.fork.errors).toContain(11); // EAGAIN: RLIMIT_NPROC
    expect(await eventually(() => leftovers().length === 0)).toBe(true);
    // The runtime itself carries on.
    expect(await attack(h, 'org-b', { whoami: true })).toMatchObject({ uid: 65534 });
  });

  it('measures the CPU time of a sandboxed runtime whose plugin makes it report none, and recycles it at half its limit', async () => {
    const liar = { id: 'liar@1', source: USAGE_LIAR };
    const h = host({ limits: { ...limits, cpuSeconds: 3 } });
    const tokenAfter = (text: string) => h.call('org-b', liar, 'classify', classifyArgs(text));
    const first = await tokenAfter('token');
    expect(await tokenAfter('burn 1.6')).toBe(first);
    expect(await tokenAfter('token')).not.toBe(first);
  });

  it('bounds file size (RLIMIT_FSIZE) and keeps each tmpfs private to its process, discarded on recycle', async () => {
    const h = host({ recycleAfter: 2 });
    const big = (await attack(h, 'org-b', { bigwrite: 100 })) as { bigwrite: string };
    expect(big.bigwrite).toBe('ERR 27'); // EFBIG at the 64 MiB limit
    const wrote = (await attack(h, 'org-b', {
      write: [
        '/tmp/statistics.py',
        path.join(hostDir, 'statistics.py'),
        path.join(repoRoot, '.venv', 'statistics.py'),
      ],
    })) as { write: Record<string, string> };
    expect(wrote.write['/tmp/statistics.py']).toBe('WROTE');
    expect(wrote.write[path.join(hostDir, 'statistics.py')]).toMatch(/^ERR /);
    expect(wrote.write[path.join(repoRoot, '.venv', 'statistics.py')]).toMatch(/^ERR /);
    // Organization A's runtime sees neither the file nor B's module.
    const a = (await attack(h, 'org-a', { import: 'statistics', list: ['/tmp'] })) as {
      import: { file: string; pwned: boolean };
      list: Record<string, string[]>;
    };
    expect(a.import.pwned).toBe(false);
    expect(a.import.file).toMatch(/lib\/python3\.\d+\/statistics\.py$/);
    expect(a.list['/tmp']).toEqual(SANDBOX_TMP_AT_START);
    // B's next process (recycled after its two calls) starts with an empty tmpfs.
    const fresh = (await attack(h, 'org-b', { list: ['/tmp'] })) as { list: Record<string, string[]> };
    expect(fresh.list['/tmp']).toEqual(SANDBOX_TMP_AT_START);
  });

  it('kills the whole sandbox (the runtime and its children) at the wall-time limit', async () => {
    const h = host({ limits: { ...limits, timeoutSeconds: 2 } });
    const err = await h
      .call('org-b', hostile, 'classify', classifyArgs(JSON.stringify({ fork: 3, sleep: 60 })))
      .catch((e: unknown) => e);
    expect((err as PluginError).errorType).toBe('Timeout');
    expect(await eventually(() => descendants().every((p) => p.uid !== 65534), 5000)).toBe(true);
  });

  it("lets plugins import the built-in plugins' helper package, read-only, and nothing else of plugins/", async () => {
    const pluginsDir = path.join(repoRoot, 'plugins');
    const h = host({ builtinsDir: pluginsDir });
    const seen = JSON.parse(
      String(
        await h.call(
          'org-a',
          { id: 'builtin:probe@1', source: BUILTINS_PROBE },
          'classify',
          classifyArgs(''),
        ),
      ),
    ) as { file: string; siblings: string[]; write: string; classifier: string };
    expect(seen.file).toBe(path.join(pluginsDir, 'service_builtins', '__init__.py'));
    expect(seen.siblings).toEqual(['service_builtins']);
    expect(seen.write).toMatch(/Read-only file system|Permission denied/);
    expect(seen.classifier).toContain('No such file');
  });

  it('reports why it is unavailable, and is off only when the operator says so', () => {
    const missing = resolveSandbox(path.join(hostDir, 'no-such-python'), 'bwrap');
    expect(missing.state).toBe('unavailable');
    expect(missing.reason).toContain('cannot import service_sdk');
    expect(missing.launcher).toBeUndefined();
    expect(resolveSandbox(python, 'none')).toEqual({ state: 'disabled-unsafe', memoryLimit: 'rlimit' });
  });

  it('refuses third-party plugins where the sandbox is unavailable, and still runs built-in ones', async () => {
    const h = host({ sandbox: { state: 'unavailable', reason: 'bwrap is not installed' } });
    const err = await h.call('org-a', hostile, 'classify', classifyArgs('{}')).catch((e: unknown) => e);
    expect(err).toMatchObject({ errorType: 'SandboxUnavailable', permanent: true });
    expect((err as PluginError).message).toContain('SERVICE_PLUGIN_SANDBOX=none');
    await expect(h.describe('org-a', hostile)).rejects.toMatchObject({ errorType: 'SandboxUnavailable' });
    const builtin = { id: 'builtin:hostile@1', source: HOSTILE };
    const ran = await h.call('org-a', builtin, 'classify', classifyArgs('{}')).catch((e: unknown) => e);
    expect((ran as PluginError).errorType).toBe('PluginException');
  });
});
