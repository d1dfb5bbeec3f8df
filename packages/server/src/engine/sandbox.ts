import { spawnSync } from 'node:child_process';
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  type CgroupDetection,
  createRuntimeCgroup,
  detectCgroup,
  joinCgroupArgv,
  type MemoryLimitMode,
  type RuntimeCgroup,
} from './cgroup.js';

/**
 * The sandbox of plugin runtime processes (docs/security.md): every `python -m service_sdk.runtime`
 * starts inside bubblewrap (`bwrap`) with its own user, PID, IPC, mount, network, UTS and cgroup
 * namespaces, uid/gid 65534, no inherited environment, a read-only view of the interpreter, the
 * virtual environment, the SDK and the built-in plugins' helper package only, a fresh `/proc` of its own PID namespace, a minimal
 * `/dev`, and a private tmpfs as its working directory and TMPDIR that disappears with the process.
 * The rlimits (address space, CPU, open files, file size, processes) are set by the runtime itself
 * before it loads any plugin code; the process-count limit binds because the sandbox's uid maps to
 * an unprivileged host uid (RLIMIT_NPROC is not enforced for host root).
 *
 * When the server runs as root, bwrap would map the sandbox uid to host root; so the launch drops
 * to uid/gid 65534 with `setpriv` first (no capabilities, no_new_privs) and runs bwrap from there.
 * Interpreter paths that uid 65534 cannot traverse (e.g. a Python under `/root`) are made
 * reachable by an outer, mount-namespace-only bwrap that lays a 0755 tmpfs over the closed
 * ancestor and binds just those paths back.
 */

/** `SERVICE_PLUGIN_SANDBOX`: `bwrap` (default) or `none` (no sandbox: unsafe for third-party plugins). */
export type SandboxSetting = 'bwrap' | 'none';

/** What `/health` and the start-up log report. */
export type SandboxState = 'bwrap' | 'unavailable' | 'disabled-unsafe';

/** `SERVICE_PLUGIN_CGROUP`: `auto` (each runtime in its own cgroup v2 where delegated) or `off`. */
export type CgroupSetting = 'auto' | 'off';

/** Tasks of a sandbox beyond the runtime's own process limit: the shell, setpriv/bwrap and bwrap's init. */
const LAUNCH_TASKS = 8;

/** The sandboxed process's uid and gid (the conventional `nobody`). */
export const SANDBOX_UID = 65534;

/** rlimits that only make sense inside the sandbox (the rest are the runtime's own flags). */
export interface SandboxLimits {
  /** RLIMIT_NPROC: tasks (processes and threads) of the sandbox user; a fork bomb fails beyond it. */
  maxProcesses: number;
  /** RLIMIT_FSIZE in MiB: the largest file the plugin may write. */
  maxFileMb: number;
  /** Size of the private tmpfs (working directory and TMPDIR) in MiB. */
  tmpfsMb: number;
  /** Size of the sandbox's `/dev/shm` tmpfs (POSIX shared memory, multiprocessing) in MiB. */
  shmMb: number;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  maxProcesses: 32,
  maxFileMb: 64,
  tmpfsMb: 256,
  shmMb: 64,
};

/**
 * The only writable filesystems of a sandbox, both memory-backed tmpfs of a fixed size: its
 * working directory and TMPDIR, and `/dev/shm`. The root and `/dev` are read-only; the host
 * measures these two after each call (runtime-client.ts, engine/tmpfs.ts) and counts them in the runtime's memory.
 */
export const SANDBOX_WRITABLE = ['/tmp', '/dev/shm'] as const;

/** One process to start: the runtime-client's view, before and after wrapping. */
export interface LaunchSpec {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Host directory to start in (the unsandboxed runtime's private work directory). */
  cwd: string;
  /**
   * Further host directories the process reads (the built-in plugins' helper package); the
   * sandbox binds them read-only at the same path, beside the interpreter's own directories.
   */
  readOnly?: string[] | undefined;
  /** The runtime's memory budget in MiB (its cgroup's `memory.max` where cgroup v2 is delegated). */
  memoryMb?: number | undefined;
  /** Set by the sandbox: the process's writable tmpfs mounts, as seen inside ({@link SANDBOX_WRITABLE}). */
  writable?: readonly string[] | undefined;
  /** Set by the sandbox: the process's own cgroup v2 directory (engine/cgroup.ts), if any. */
  cgroup?: RuntimeCgroup | undefined;
}

/** Turns the runtime's plain launch into the sandboxed one. */
export type Launcher = (spec: LaunchSpec) => LaunchSpec;

/** The resolved sandbox of a plugin host. */
export interface Sandbox {
  state: SandboxState;
  /** Why bwrap is unavailable (state `unavailable`), for the log and `/health`. */
  reason?: string | undefined;
  /** Wraps a launch in bwrap; undefined when plugins run unsandboxed. */
  launcher?: Launcher | undefined;
  /**
   * How a runtime's memory is bounded (`/health` `plugin_memory_limit`): `cgroup-v2`, each
   * runtime in its own cgroup with `memory.max` and `pids.max`; `rlimit`, by its address-space
   * limit and the fixed sizes of its tmpfs only (engine/cgroup.ts says why when not `cgroup-v2`).
   */
  memoryLimit?: MemoryLimitMode | undefined;
  /** Why cgroup v2 is not used (mode `rlimit`), for the start-up log. */
  cgroupReason?: string | undefined;
}

/** Where the sandboxed process works: its private tmpfs. */
const SANDBOX_HOME = '/tmp';

interface PythonLayout {
  prefix: string;
  basePrefix: string;
  paths: string[];
}

/** Asks the (trusted) interpreter where it lives and what it imports from. */
function pythonLayout(python: string): PythonLayout {
  const probe = spawnSync(
    python,
    [
      '-c',
      'import json, os, sys, service_sdk; print(json.dumps({"prefix": sys.prefix, "base_prefix": sys.base_prefix, "paths": [p for p in sys.path if p] + [os.path.dirname(os.path.dirname(service_sdk.__file__))]}))',
    ],
    { encoding: 'utf8', timeout: 30_000, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
  );
  if (probe.status !== 0) {
    throw new Error(
      `${python} cannot import service_sdk: ${(probe.stderr || probe.error?.message || '').trim()}`,
    );
  }
  const raw = JSON.parse(probe.stdout) as { prefix: string; base_prefix: string; paths: string[] };
  return { prefix: raw.prefix, basePrefix: raw.base_prefix, paths: raw.paths };
}

function isUnder(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * The host directories the runtime needs, read-only: the interpreter's installation, the virtual
 * environment (its libraries, the built-in plugins' dependencies) and any further import path such
 * as an editable SDK checkout. Not the repository, the data directory, `/etc` or `/root`.
 */
export function runtimeBinds(python: string): string[] {
  const layout = pythonLayout(python);
  const roots: string[] = [];
  const add = (p: string) => {
    let real: string;
    try {
      real = realpathSync(p);
      if (!statSync(real).isDirectory()) return;
    } catch {
      return;
    }
    for (const candidate of [p, real]) {
      if (!roots.some((r) => isUnder(candidate, r))) {
        for (let i = roots.length - 1; i >= 0; i--)
          if (isUnder(roots[i] as string, candidate)) roots.splice(i, 1);
        roots.push(candidate);
      }
    }
  };
  add(layout.basePrefix);
  add(layout.prefix);
  for (const p of layout.paths) if (!p.startsWith('/usr/')) add(p);
  return roots.filter((r) => !isUnder(r, '/usr'));
}

/** `binds` plus each existing directory of `extra` not already beneath one of them. */
export function withReadOnly(binds: string[], extra: string[]): string[] {
  const out = [...binds];
  for (const dir of extra) {
    try {
      if (!statSync(dir).isDirectory()) continue;
    } catch {
      continue;
    }
    if (!out.some((root) => isUnder(dir, root))) out.push(dir);
  }
  return out;
}

/** The ancestors of `p` (outermost first), without `/` and `p`. */
function ancestors(p: string): string[] {
  const out: string[] = [];
  let dir = path.dirname(p);
  while (dir !== '/' && dir !== '.') {
    out.unshift(dir);
    dir = path.dirname(dir);
  }
  return out;
}

/** The outermost ancestor of `p` that "others" (uid 65534) cannot traverse, if any. */
function closedAncestor(p: string): string | undefined {
  for (const dir of [...ancestors(p), p]) {
    try {
      if ((statSync(dir).mode & 0o001) === 0) return dir;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** `--perms 0755 --dir` for each ancestor of `target` not made yet, so uid 65534 can traverse them. */
function openDirs(target: string, made: Set<string>): string[] {
  const args: string[] = [];
  for (const dir of ancestors(target)) {
    if (made.has(dir)) continue;
    made.add(dir);
    args.push('--perms', '0755', '--dir', dir);
  }
  return args;
}

/**
 * The argv of a sandboxed runtime: `[bwrap | setpriv …, …args]`.
 *
 * @param bwrap absolute path of bwrap
 * @param binds read-only host directories (see {@link runtimeBinds})
 * @param spec the plain launch (command and args run inside; env becomes `--setenv`)
 * @param limits sandbox-only rlimits and the tmpfs size
 * @param asRoot whether the server runs as host root (then drop to 65534 before bwrap)
 */
export function bwrapArgv(
  bwrap: string,
  binds: string[],
  spec: Pick<LaunchSpec, 'command' | 'args' | 'env'>,
  limits: SandboxLimits,
  asRoot: boolean,
): string[] {
  const inner = sandboxArgv(bwrap, binds, spec, limits);
  if (!asRoot) return inner;
  const drop = [
    'setpriv',
    '--reuid',
    String(SANDBOX_UID),
    '--regid',
    String(SANDBOX_UID),
    '--clear-groups',
    '--no-new-privs',
    '--inh-caps=-all',
    '--bounding-set=-all',
  ];
  const closed = [...new Set(binds.map(closedAncestor).filter((d): d is string => d !== undefined))];
  if (closed.length === 0) return [...drop, ...inner];
  return [...outerBwrapArgv(bwrap, binds, closed), '--', ...drop, ...inner];
}

/** The argv of the sandbox itself: bwrap with its namespaces, mounts and environment, then the runtime. */
function sandboxArgv(
  bwrap: string,
  binds: string[],
  spec: Pick<LaunchSpec, 'command' | 'args' | 'env'>,
  limits: SandboxLimits,
): string[] {
  const inner: string[] = [
    bwrap,
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--uid',
    String(SANDBOX_UID),
    '--gid',
    String(SANDBOX_UID),
    '--hostname',
    'plugin-sandbox',
    '--clearenv',
    '--die-with-parent',
    '--new-session',
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
  ];
  // The private tmpfs comes before the binds: a checkout or virtualenv under /tmp (a clone in
  // /tmp/x) is then bound on top of it, where a tmpfs mounted later would hide it.
  inner.push('--size', String(limits.tmpfsMb * 1024 * 1024), '--perms', '0700', '--tmpfs', SANDBOX_HOME);
  const made = new Set<string>(['/usr', SANDBOX_HOME]);
  for (const dir of binds) inner.push(...openDirs(dir, made), '--ro-bind', dir, dir);
  // /dev is bwrap's minimal one (null, zero, random, tty, pts…) but read-only, with a size-limited
  // tmpfs for /dev/shm; the root is made read-only last. Unbounded, each was a memory-backed tmpfs
  // as large as half the host's memory that no rlimit counted (issue 37).
  inner.push(
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(limits.shmMb * 1024 * 1024),
    '--perms',
    '1777',
    '--tmpfs',
    '/dev/shm',
    '--remount-ro',
    '/dev',
    '--remount-ro',
    '/',
    '--chdir',
    SANDBOX_HOME,
  );
  const env = { ...spec.env, HOME: SANDBOX_HOME, TMPDIR: SANDBOX_HOME, PATH: '/usr/bin:/bin' };
  for (const [key, value] of Object.entries(env)) if (value !== undefined) inner.push('--setenv', key, value);
  inner.push(
    '--',
    spec.command,
    ...spec.args,
    '--max-processes',
    String(limits.maxProcesses),
    '--max-file-mb',
    String(limits.maxFileMb),
    '--reap-descendants',
  );
  return inner;
}

/**
 * For a server running as root: an outer bwrap that makes the `closed` ancestors of `binds`
 * traversable (see {@link closedAncestor}); the dropped, inner sandbox follows its `--`.
 */
function outerBwrapArgv(bwrap: string, binds: string[], closed: string[]): string[] {
  // An outer bwrap (mount namespace only, still root) lays a traversable tmpfs over each closed
  // ancestor and binds back only the directories the sandbox needs from beneath it.
  const outer = [bwrap, '--die-with-parent', '--bind', '/', '/'];
  const outerMade = new Set<string>();
  for (const dir of closed) {
    outer.push('--perms', '0755', '--tmpfs', dir);
    outerMade.add(dir);
    for (const bind of binds.filter((b) => isUnder(b, dir) && b !== dir)) {
      for (const a of ancestors(bind).filter((a) => isUnder(a, dir) && !outerMade.has(a))) {
        outerMade.add(a);
        outer.push('--perms', '0755', '--dir', a);
      }
      outer.push('--ro-bind', bind, bind);
    }
  }
  return outer;
}

/**
 * Resolves the sandbox of a plugin host once (synchronously: a few hundred milliseconds at start):
 * with `bwrap`, checks that bwrap and setpriv exist and that a sandboxed interpreter can import the
 * SDK; on failure the state is `unavailable` and third-party plugins are refused.
 */
export function resolveSandbox(
  python: string,
  setting: SandboxSetting,
  limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS,
  cgroup: CgroupSetting = 'auto',
): Sandbox {
  if (setting === 'none') return { state: 'disabled-unsafe', memoryLimit: 'rlimit' };
  const key = `${python}\0${JSON.stringify(limits)}\0${cgroup}`;
  const hit = resolved.get(key);
  if (hit) return hit;
  const sandbox = probe(
    python,
    limits,
    cgroup === 'auto' ? detectCgroup() : { reason: 'SERVICE_PLUGIN_CGROUP=off' },
  );
  resolved.set(key, sandbox);
  return sandbox;
}

const resolved = new Map<string, Sandbox>();

function which(name: string): string | undefined {
  for (const dir of ['/usr/bin', '/bin', '/usr/local/bin', '/usr/sbin']) {
    try {
      const p = path.join(dir, name);
      if (statSync(p).isFile()) return p;
    } catch {
      // not there
    }
  }
  return undefined;
}

/**
 * The cgroup of a runtime with a memory budget, made under the detected parent; undefined
 * without one, or when it cannot be made (the runtime then starts bounded by its rlimits and tmpfs
 * sizes alone, as on a host without delegation).
 */
function runtimeCgroup(cgroups: CgroupDetection, spec: LaunchSpec, limits: SandboxLimits) {
  if (!cgroups.parent || spec.memoryMb === undefined) return undefined;
  try {
    return createRuntimeCgroup(cgroups.parent, spec.memoryMb, limits.maxProcesses + LAUNCH_TASKS);
  } catch {
    return undefined;
  }
}

function probe(python: string, limits: SandboxLimits, cgroups: CgroupDetection): Sandbox {
  const bwrap = which('bwrap');
  if (!bwrap) return { state: 'unavailable', reason: 'bwrap (Debian package bubblewrap) is not installed' };
  const asRoot = process.getuid?.() === 0;
  if (asRoot && !which('setpriv'))
    return { state: 'unavailable', reason: 'setpriv (util-linux) is needed to drop root before bwrap' };
  let binds: string[];
  try {
    binds = runtimeBinds(python);
  } catch (err) {
    return { state: 'unavailable', reason: (err as Error).message };
  }
  const launcher: Launcher = (spec) => {
    let argv = bwrapArgv(bwrap, withReadOnly(binds, spec.readOnly ?? []), spec, limits, asRoot);
    const cgroup: RuntimeCgroup | undefined = runtimeCgroup(cgroups, spec, limits);
    if (cgroup) argv = joinCgroupArgv(cgroup.dir, argv);
    // bwrap's own environment is visible to the sandbox as /proc/1/environ: keep it empty of secrets.
    return {
      command: argv[0] as string,
      args: argv.slice(1),
      env: { PATH: '/usr/bin:/bin' },
      cwd: '/',
      writable: SANDBOX_WRITABLE,
      cgroup,
    };
  };
  const check = launcher({
    command: python,
    args: ['-c', 'import sys, service_sdk.runtime; sys.exit(0)', '--'],
    env: {},
    cwd: '/',
  });
  const run = spawnSync(check.command, check.args, {
    env: check.env,
    cwd: check.cwd,
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (run.status !== 0) {
    const why = (run.stderr || run.error?.message || `exit status ${run.status}`)
      .trim()
      .split('\n')
      .slice(-3)
      .join(' ');
    return { state: 'unavailable', reason: `bwrap cannot start the runtime here: ${why}` };
  }
  return cgroups.parent
    ? { state: 'bwrap', launcher, memoryLimit: 'cgroup-v2' }
    : { state: 'bwrap', launcher, memoryLimit: 'rlimit', cgroupReason: cgroups.reason };
}

/** Says at start-up how plugins are isolated, and what that means for third-party plugins. */
export function logSandbox(
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void },
  sandbox: Sandbox,
): void {
  if (sandbox.state === 'bwrap' && sandbox.memoryLimit === 'cgroup-v2')
    log.info(
      { plugin_sandbox: 'bwrap', plugin_memory_limit: 'cgroup-v2' },
      'plugin runtimes run in bubblewrap sandboxes, each in its own cgroup (memory.max, pids.max)',
    );
  else if (sandbox.state === 'bwrap')
    log.info(
      { plugin_sandbox: 'bwrap', plugin_memory_limit: 'rlimit', reason: sandbox.cgroupReason },
      `plugin runtimes run in bubblewrap sandboxes, their memory bounded by rlimits and tmpfs sizes (no cgroup v2: ${sandbox.cgroupReason ?? 'unknown'})`,
    );
  else if (sandbox.state === 'unavailable')
    log.warn(
      { plugin_sandbox: 'unavailable', reason: sandbox.reason },
      `plugin sandbox unavailable (${sandbox.reason ?? 'unknown'}): third-party plugins are refused; built-in plugins run unsandboxed`,
    );
  else
    log.warn(
      { plugin_sandbox: 'disabled-unsafe' },
      'SERVICE_PLUGIN_SANDBOX=none: every plugin, including third-party code, runs unsandboxed with access to this host',
    );
}
