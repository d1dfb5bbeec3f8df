import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PluginHost } from '../../src/engine/plugin-host.js';
import { PLUGIN_LOG_BURST } from '../../src/engine/plugin-log.js';
import { PluginError, type PluginLogContext } from '../../src/engine/runtime-protocol.js';
import { resolveSandbox } from '../../src/engine/sandbox.js';
import {
  classifyArgs,
  eventually,
  limits,
  python,
  repoRoot,
  SANDBOX_TMP_AT_START,
} from '../engine/fixtures.js';
import { HOSTILE, leftovers, reportOf, sandboxZombies } from './hostile.js';

/** The runtime's memory budget in these tests (as SERVICE_PLUGIN_MEMORY_MB), in MiB. */
const BUDGET_MB = 768;
const MiB = 1024 * 1024;

/** The host's MemAvailable (/proc/meminfo), in bytes. */
function memAvailable(): number {
  const kb = /^MemAvailable:\s+(\d+) kB/m.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** Samples MemAvailable every 25 ms until stopped; returns the lowest value seen. */
function sampleMemory(): () => number {
  let lowest = memAvailable();
  const timer = setInterval(() => {
    lowest = Math.min(lowest, memAvailable());
  }, 25);
  return () => {
    clearInterval(timer);
    return Math.min(lowest, memAvailable());
  };
}

/**
 * Issue 37 item 1 and the reaping and logging of item 6, against real sandboxed runtimes of one
 * plugin host (one process per organization, as the server runs them): the sandbox's tmpfs
 * mounts hold a bounded amount of host memory that is counted, a call that fills one fails,
 * children a plugin leaves are reaped, and its log records are tagged and limited, while
 * organization A's calls carry on.
 */
describe('hostile plugins cannot hold host memory, leave zombies or flood the log', () => {
  const sandbox = resolveSandbox(python, 'bwrap');
  const records: { level: string; message: string; context: PluginLogContext | undefined }[] = [];
  const host = new PluginHost({
    python,
    limits: { ...limits, memoryMb: BUDGET_MB, timeoutSeconds: 60 },
    poolSize: 1,
    recycleAfter: 1000,
    log: (level, message, context) => records.push({ level, message, context }),
    sandbox,
  });
  const hostile = { id: 'hostile@1', source: HOSTILE };
  /** Runs one command of HOSTILE in organization `org`'s runtime; resolves with its outcome. */
  const run = (org: string, command: object, documentId?: string) =>
    host
      .call(org, hostile, 'classify', classifyArgs(JSON.stringify(command)), { documentId })
      .catch((e: unknown) => e);
  const report = async (org: string, command: object) => {
    const err = await run(org, command);
    expect(err).toBeInstanceOf(PluginError);
    return reportOf((err as PluginError).message);
  };
  afterAll(async () => {
    await host.close();
    expect(await eventually(() => leftovers().length === 0, 5000)).toBe(true);
  });

  it("fails the call of a plugin that writes 1 GiB to /dev/shm; A's calls carry on; MemAvailable drops by less than the runtime's budget", async () => {
    expect(await run('org-a', { succeed: true })).toBe('Contracts');
    const before = memAvailable();
    const lowest = sampleMemory();
    const aCalls = [1, 2, 3].map(() => run('org-a', { succeed: true }));
    // The plugin swallows its write errors and answers a label: the host fails the call anyway.
    const err = await run('org-b', { fill: { '/dev/shm/hog': 1024 }, succeed: true });
    const drop = before - lowest();
    expect(err).toMatchObject({ errorType: 'ResourceLimitExceeded' });
    expect((err as PluginError).message).toContain("filled the sandbox's /dev/shm (64 MiB");
    expect(drop).toBeLessThan(BUDGET_MB * MiB);
    expect(await Promise.all(aCalls)).toEqual(['Contracts', 'Contracts', 'Contracts']);
    // The filled tmpfs went with the process: B's next runtime starts empty.
    const fresh = (await report('org-b', { list: ['/dev/shm', '/tmp'] })) as {
      list: Record<string, string[]>;
    };
    expect(fresh.list['/dev/shm']).toEqual([]);
    expect(fresh.list['/tmp']).toEqual(SANDBOX_TMP_AT_START);
  });

  it('fails the call that fills /tmp (its tmpfs size), and finds / and /dev read-only', async () => {
    const before = memAvailable();
    const lowest = sampleMemory();
    const err = await run('org-b', { fill: { '/tmp/hog': 1024 }, succeed: true });
    expect(before - lowest()).toBeLessThan(BUDGET_MB * MiB);
    expect(err).toMatchObject({ errorType: 'ResourceLimitExceeded' });
    expect((err as PluginError).message).toContain("filled the sandbox's /tmp (256 MiB");
    const readOnly = (await report('org-b', { fill: { '/dev/hog': 1024, '/hog': 1024 } })) as {
      fill: Record<string, [number, string]>;
    };
    expect(readOnly.fill['/dev/hog']).toEqual([0, 'ERR 30']); // EROFS
    expect(readOnly.fill['/hog']).toEqual([0, 'ERR 30']);
    expect(await run('org-a', { succeed: true })).toBe('Contracts');
  });

  it('counts what a runtime keeps in its tmpfs towards recycling it', async () => {
    // A 512 MiB budget: the runtime's own peak memory (~70 MiB) is far below the half that
    // retires it; with the 240 MiB it keeps in /tmp it is over it.
    const small = new PluginHost({
      python,
      limits: { ...limits, memoryMb: 512 },
      poolSize: 1,
      recycleAfter: 1000,
      log: () => undefined,
      sandbox,
    });
    try {
      const call = async (command: object) =>
        reportOf(
          (
            (await small
              .call('org-c', hostile, 'classify', classifyArgs(JSON.stringify(command)))
              .catch((e: unknown) => e)) as PluginError
          ).message,
        ) as { fill: Record<string, [number, string]>; list: Record<string, string[]> };
      expect((await call({ fill: { '/tmp/small': 16 } })).fill['/tmp/small']).toEqual([16, 'DONE']);
      // Kept by the same process, below the recycling point.
      expect((await call({ list: ['/tmp'] })).list['/tmp']).toContain('small.0');
      expect((await call({ fill: { '/tmp/keep': 224 } })).fill['/tmp/keep']).toEqual([224, 'DONE']);
      // Retired after that call: the next one runs in a new sandbox with an empty /tmp.
      expect((await call({ list: ['/tmp'] })).list['/tmp']).toEqual(SANDBOX_TMP_AT_START);
    } finally {
      await small.close();
    }
  });

  it('reaps the children a plugin leaves: after 50 forks the next call can fork 10 again, and no zombie remains', async () => {
    const first = (await report('org-b', { fork: 50, whoami: true })) as {
      pid: number;
      fork: { made: number; errors: number[] };
    };
    expect(first.fork.made).toBeLessThan(50);
    expect(first.fork.errors).toContain(11); // EAGAIN at RLIMIT_NPROC
    expect(sandboxZombies()).toEqual([]);
    const second = (await report('org-b', { fork: 10 })) as { fork: { made: number } };
    expect(second.fork.made).toBe(10);
    expect(await eventually(() => leftovers().length === 0 && sandboxZombies().length === 0, 5000)).toBe(
      true,
    );
  });

  it('tags its log records with organization, plugin and document, and rate-limits them', async () => {
    records.length = 0;
    await report('org-b', { log: 500 });
    const lines = records.filter((r) => r.message.startsWith('hostile record'));
    expect(lines.length).toBe(PLUGIN_LOG_BURST);
    for (const r of lines) {
      expect(r.level).toBe('error');
      expect(r.context).toEqual({ organization_id: 'org-b', plugin_id: 'hostile@1', document_id: undefined });
    }
    await run('org-b', { log: 1 }, 'doc-7');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a token refills
    await run('org-b', { log: 1 }, 'doc-8');
    const later = records.slice(PLUGIN_LOG_BURST);
    expect(later.some((r) => /log records of this plugin were dropped/.test(r.message))).toBe(true);
    expect(later.find((r) => r.message.startsWith('hostile record'))?.context).toMatchObject({
      organization_id: 'org-b',
      plugin_id: 'hostile@1',
      document_id: 'doc-8',
    });
  });
});

describe('hostile plugins of one organization in one runtime, and what the server inherited', () => {
  const sandbox = resolveSandbox(python, 'bwrap');
  const host = new PluginHost({
    python,
    limits,
    poolSize: 1,
    recycleAfter: 1000,
    log: () => undefined,
    sandbox,
  });
  afterAll(() => host.close());

  /** Runs one command of HOSTILE as plugin `id` of organization B; returns its report. */
  const run = async (id: string, command: object) => {
    const err = await host
      .call('org-b', { id, source: HOSTILE }, 'classify', classifyArgs(JSON.stringify(command)))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PluginError);
    return reportOf((err as PluginError).message);
  };

  it("cannot shadow standard modules for the organization's other plugins in the same runtime", async () => {
    const planted = (await run('hostile@1', {
      write: ['/tmp/statistics.py', '/tmp/csv.py'],
      shadow: ['json', 'decimal'],
      whoami: true,
    })) as { pid: number; write: Record<string, string> };
    expect(planted.write['/tmp/statistics.py']).toBe('WROTE');
    for (const name of ['statistics', 'csv', 'json', 'decimal']) {
      const seen = (await run('hostile@2', { import: name, whoami: true })) as {
        pid: number;
        import: { file: string; pwned: boolean };
      };
      expect(seen.pid).toBe(planted.pid); // the same runtime process
      expect(seen.import.pwned, name).toBe(false);
      expect(seen.import.file, name).toMatch(new RegExp(`lib/python3\\.\\d+/${name}(\\.py|/__init__\\.py)$`));
    }
  });

  it("passes none of the server's inherited descriptors into a tenant's sandbox", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'inherited-fd-'));
    const secret = path.join(dir, 'inherited.key');
    writeFileSync(secret, `canary-${randomBytes(8).toString('hex')}`);
    const fd = openSync(secret, 'r');
    try {
      // A server process started with an extra open descriptor (fd 3), as from a supervisor.
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          fileURLToPath(new URL('./inherited-fd-host.ts', import.meta.url)),
          '{"fds": true}',
        ],
        { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit', fd] },
      );
      let out = '';
      child.stdout?.on('data', (c: Buffer) => {
        out += c.toString('utf8');
      });
      await new Promise((resolve) => child.on('exit', resolve));
      const report = reportOf(out) as { fds: Record<string, string> };
      expect(Object.keys(report.fds).length).toBeGreaterThan(0);
      expect(Object.values(report.fds).join(' ')).not.toContain('inherited.key');
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
