import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRuntimeCgroup, detectCgroup, joinCgroupArgv } from '../../src/engine/cgroup.js';

/**
 * engine/cgroup.ts against a cgroup v2 tree laid out as files (a delegated service's cgroup):
 * this CI host has cgroup v1 controllers, so the kernel's enforcement of `memory.max` itself is
 * not exercised here; what the server reads and writes is.
 */
describe('runtime cgroups (engine/cgroup.ts)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'cgroup-'));
  const mount = path.join(root, 'sys/fs/cgroup');
  const service = path.join(mount, 'system.slice/service.service');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A process in `service` with `controllers` available there; returns detectCgroup's sources. */
  const host = (controllers: string, cgroupLine = '0::/system.slice/service.service') => {
    mkdirSync(service, { recursive: true });
    writeFileSync(path.join(service, 'cgroup.controllers'), `${controllers}\n`);
    writeFileSync(path.join(service, 'cgroup.subtree_control'), '\n');
    const cgroupFile = path.join(root, 'cgroup');
    const mountinfoFile = path.join(root, 'mountinfo');
    writeFileSync(cgroupFile, `${cgroupLine}\n`);
    writeFileSync(
      mountinfoFile,
      `22 1 252:1 / / rw,relatime - ext4 /dev/vda rw\n35 25 0:30 / ${mount} rw,nosuid,nodev,noexec,relatime shared:9 - cgroup2 cgroup2 rw,nsdelegate\n`,
    );
    return { cgroupFile, mountinfoFile, pid: 4242 };
  };

  it("finds the delegated cgroup of this process and enables memory and pids for the runtimes' cgroups", () => {
    const found = detectCgroup(host('cpu io memory pids'));
    expect(found).toEqual({ parent: service });
    expect(readFileSync(path.join(service, 'cgroup.subtree_control'), 'utf8')).toBe('+memory +pids');
  });

  it('says why not when the controllers are not delegated, or there is no cgroup v2', () => {
    expect(detectCgroup(host('cpu io')).reason).toBe(
      `the memory and pids controllers are not delegated to ${service} (cgroup v2 available: cpu io)`,
    );
    expect(detectCgroup(host('cpu pids')).reason).toContain('the memory controller is not delegated');
    expect(detectCgroup(host('memory pids', '4:memory:/x')).reason).toBe(
      'no cgroup v2 hierarchy is mounted (cgroup v1 host)',
    );
  });

  it("makes each runtime's cgroup with memory.max (MiB as bytes) and pids.max", () => {
    mkdirSync(service, { recursive: true });
    const cgroup = createRuntimeCgroup(service, 512, 40);
    expect(path.dirname(cgroup.dir)).toBe(service);
    expect(readFileSync(path.join(cgroup.dir, 'memory.max'), 'utf8')).toBe(String(512 * 1024 * 1024));
    expect(readFileSync(path.join(cgroup.dir, 'pids.max'), 'utf8')).toBe('40');
    expect(cgroup.oomKilled()).toBe(false);
    writeFileSync(path.join(cgroup.dir, 'memory.events'), 'low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n');
    expect(cgroup.oomKilled()).toBe(true);
    expect(createRuntimeCgroup(service, 512, 40).dir).not.toBe(cgroup.dir);
  });

  it('joins the cgroup before the launch runs: the pid written to cgroup.procs is the launched process', () => {
    const dir = path.join(root, 'join');
    mkdirSync(dir);
    const argv = joinCgroupArgv(dir, ['/bin/sh', '-c', 'echo $$']);
    const launched = execFileSync(argv[0] as string, argv.slice(1), { encoding: 'utf8' }).trim();
    expect(readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').trim()).toBe(launched);
  });
});
