import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Plugin runtimes in cgroups of their own (docs/security.md "Memory"): where the host delegates
 * a cgroup v2 subtree with the `memory` and `pids` controllers to this server (systemd
 * `Delegate=yes`, a container with a private, writable cgroup namespace), each runtime process
 * runs in `<server's cgroup>/plugin-runtime-<pid>-<n>` with `memory.max` (its whole memory: heap,
 * tmpfs files, SysV and POSIX shared memory, page cache), `memory.swap.max` 0, `pids.max` and
 * `memory.oom.group` 1. Elsewhere runtimes are bounded by their rlimits and tmpfs sizes only.
 */

/** `/health` `plugin_memory_limit`: how a runtime's memory is bounded on this host. */
export type MemoryLimitMode = 'cgroup-v2' | 'rlimit';

/** Where {@link detectCgroup} reads this process's cgroup and the mounts (tests pass their own files). */
export interface CgroupSources {
  /** `/proc/self/cgroup`. */
  cgroupFile: string;
  /** `/proc/self/mountinfo`. */
  mountinfoFile: string;
  /** The pid moved into a leaf cgroup when its own cgroup holds processes. */
  pid: number;
}

const HOST_SOURCES: CgroupSources = {
  cgroupFile: '/proc/self/cgroup',
  mountinfoFile: '/proc/self/mountinfo',
  pid: process.pid,
};

/** The outcome of {@link detectCgroup}: the directory runtime cgroups are made in, or why none. */
export type CgroupDetection = { parent: string; reason?: undefined } | { parent?: undefined; reason: string };

/** One runtime's cgroup. */
export interface RuntimeCgroup {
  /** Its directory, e.g. `/sys/fs/cgroup/system.slice/service.service/plugin-runtime-12-3`. */
  dir: string;
  /** Whether the kernel's OOM killer ended a process of it (`memory.events` `oom_kill`). */
  oomKilled(): boolean;
  /** Removes the directory once its processes are gone (retried for a few seconds). */
  remove(): void;
}

const REQUIRED = ['memory', 'pids'];

/** The cgroup v2 mount point and the mount's root from mountinfo lines, if cgroup2 is mounted. */
function cgroup2Mount(mountinfo: string): { point: string; root: string } | undefined {
  for (const line of mountinfo.split('\n')) {
    const [left, right] = line.split(' - ');
    if (!left || !right || right.split(' ')[0] !== 'cgroup2') continue;
    const fields = left.split(' ');
    const root = fields[3];
    const point = fields[4];
    if (root && point) return { point: point.replace(/\\040/g, ' '), root };
  }
  return undefined;
}

function words(file: string): string[] {
  return readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean);
}

/**
 * Finds this process's cgroup v2 directory and makes it a parent of runtime cgroups: checks
 * that `memory` and `pids` are available there and enables them for its children
 * (`cgroup.subtree_control`). A non-root cgroup that holds processes cannot enable controllers
 * (the kernel's "no internal processes" rule), so this process first moves itself into a leaf
 * `server-<pid>` beside the runtimes' cgroups; if other processes remain there, detection fails.
 *
 * @returns the parent directory, or the reason runtimes are bounded by rlimits only
 */
export function detectCgroup(sources: CgroupSources = HOST_SOURCES): CgroupDetection {
  // Once per process: after the move into `server-<pid>`, a second look would start from there.
  if (sources === HOST_SOURCES) {
    hostDetection ??= detect(sources);
    return hostDetection;
  }
  return detect(sources);
}

let hostDetection: CgroupDetection | undefined;

function detect(sources: CgroupSources): CgroupDetection {
  let own: string | undefined;
  let mount: { point: string; root: string } | undefined;
  try {
    own = readFileSync(sources.cgroupFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('0::'))
      ?.slice(3)
      .trim();
    mount = cgroup2Mount(readFileSync(sources.mountinfoFile, 'utf8'));
  } catch (err) {
    return { reason: `cannot read this process's cgroup: ${(err as Error).message}` };
  }
  if (own === undefined || !mount) return { reason: 'no cgroup v2 hierarchy is mounted (cgroup v1 host)' };
  const rel = mount.root !== '/' && own.startsWith(mount.root) ? own.slice(mount.root.length) : own;
  const parent = path.join(mount.point, rel);
  try {
    const available = words(path.join(parent, 'cgroup.controllers'));
    const missing = REQUIRED.filter((c) => !available.includes(c));
    if (missing.length > 0)
      return {
        reason: `the ${missing.join(' and ')} controller${missing.length > 1 ? 's are' : ' is'} not delegated to ${parent} (cgroup v2 available: ${available.join(' ') || 'none'})`,
      };
    const enabled = words(path.join(parent, 'cgroup.subtree_control'));
    if (REQUIRED.every((c) => enabled.includes(c))) return { parent };
    const enable = () =>
      writeFileSync(path.join(parent, 'cgroup.subtree_control'), REQUIRED.map((c) => `+${c}`).join(' '));
    try {
      enable();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EBUSY') throw err;
      const leaf = path.join(parent, `server-${sources.pid}`);
      mkdirSync(leaf, { recursive: true });
      writeFileSync(path.join(leaf, 'cgroup.procs'), String(sources.pid));
      enable();
    }
    return { parent };
  } catch (err) {
    return { reason: `cannot use the cgroup ${parent}: ${(err as Error).message}` };
  }
}

let sequence = 0;

/**
 * Makes the cgroup of one runtime under `parent`: `memory.max` = `memoryMb` MiB (with swap off
 * and `memory.oom.group`, so an overrun kills the whole sandbox at once) and `pids.max` = `maxTasks`.
 *
 * @throws Error when the directory or a limit cannot be written
 */
export function createRuntimeCgroup(parent: string, memoryMb: number, maxTasks: number): RuntimeCgroup {
  sequence += 1;
  const dir = path.join(parent, `plugin-runtime-${process.pid}-${sequence}`);
  mkdirSync(dir);
  const put = (file: string, value: string, optional = false) => {
    const at = path.join(dir, file);
    if (optional && !existsSync(at)) return;
    writeFileSync(at, value);
  };
  put('memory.max', String(Math.floor(memoryMb * 1024 * 1024)));
  put('memory.swap.max', '0', true);
  put('memory.oom.group', '1', true);
  put('pids.max', String(maxTasks));
  return {
    dir,
    oomKilled: () => {
      try {
        return /^oom_kill [1-9]/m.test(readFileSync(path.join(dir, 'memory.events'), 'utf8'));
      } catch {
        return false;
      }
    },
    remove: () => removeWhenEmpty(dir, 20),
  };
}

function removeWhenEmpty(dir: string, attempts: number) {
  try {
    rmdirSync(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // EBUSY: processes of the sandbox are still exiting. A plain directory (tests) is ENOTEMPTY.
    if (code === 'EBUSY' && attempts > 0) setTimeout(() => removeWhenEmpty(dir, attempts - 1), 250).unref();
  }
}

/**
 * The argv that joins `cgroup` before running `argv`: a shell writes its own pid to the cgroup's
 * `cgroup.procs` and execs the launch, so bwrap and everything below it start inside the cgroup
 * (there is no moment when the sandbox runs outside it).
 */
export function joinCgroupArgv(cgroup: string, argv: string[]): string[] {
  return ['/bin/sh', '-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', cgroup, ...argv];
}
