import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { observeRuntimeCpu } from '../metrics/metrics.js';
import type { RuntimeCgroup } from './cgroup.js';
import { readBoundedLines } from './line-reader.js';
import { measureProcess, type ProcessUsage } from './process-usage.js';
import { runtimeLaunchSpec } from './runtime-launch.js';
import {
  CANCEL_GRACE_MS,
  cancelledError,
  DEFAULT_MAX_CALL_BYTES,
  DEFAULT_MAX_MESSAGE_BYTES,
  type LogHandler,
  type Message,
  PluginError,
  type PluginLogContext,
  type RuntimeLimits,
  type SendOptions,
  type ServiceHandler,
} from './runtime-protocol.js';
import type { Launcher } from './sandbox.js';
import { measureTmpfs, sandboxedRuntimePid, type TmpfsUse } from './tmpfs.js';

/**
 * Client of the Python plugin runtime (`python -m service_sdk.runtime`), speaking the JSON Lines
 * protocol of docs/plugin-runtime.md: one process, many `load`/`call`/`validate` messages,
 * with `item`, `log` and service `request` messages flowing back while a call runs.
 */

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  onItem?: ((value: unknown, state: unknown) => void) | undefined;
  services?: ServiceHandler | undefined;
  log?: LogHandler | undefined;
  timer?: NodeJS.Timeout | undefined;
  /** Protocol bytes received for this message so far (bounded by `maxCallBytes`). */
  bytes: number;
  /** A plugin `call` (its answer is when the host notes the process's usage). */
  call: boolean;
  /** Set once the caller's signal aborted: the answer, whatever it is, settles the call as Cancelled. */
  cancelled?: boolean | undefined;
}

/** One runtime process. Calls may overlap; each has its own id. */
export class RuntimeProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<string, Pending>();
  private readonly workDir: string;
  private seq = 0;
  private stderrTail = '';
  private exited = false;
  /** Set when the process is known to be ending (fatal message, kill), before Node sees its exit. */
  private dead = false;
  /** error_type of the calls failed by a host kill (Timeout, or RuntimeCrashed after a cancel). */
  private killedAs: string | undefined;
  private readonly ready: Promise<void>;
  /** Plugin ids loaded in this process. */
  readonly loaded = new Set<string>();
  /** `load` messages in flight, by plugin id (a warm-up's loads; a call waits for them). */
  readonly loading = new Map<string, Promise<unknown>>();
  /**
   * Shared values this process was sent (docs/plugin-runtime.md "Shared values"): key → scope
   * (`null` for unscoped values). The runtime may have evicted some; a call then fails with
   * `SharedMiss` and the host sends the values again.
   */
  readonly shared = new Map<string, string | null>();
  /** Protocol bytes sent to the runtime so far (every message). */
  bytesWritten = 0;
  /** `call` messages sent so far; `load` and `validate` do not count. */
  calls = 0;
  /**
   * What the process had used at its last answer to a `call`: CPU seconds (what its CPU limit
   * counts) and peak resident memory in MiB, measured by the host from `/proc`
   * (engine/process-usage.ts), so plugin code cannot understate it; only where `/proc` cannot be
   * read, the runtime's own report (docs/plugin-runtime.md `call`, `usage`).
   */
  usage = { cpuSeconds: 0, maxRssMb: 0 };
  /**
   * MiB its sandbox's tmpfs mounts held after its last answer (files in `/tmp` and `/dev/shm`),
   * measured by the host; counted with `usage.maxRssMb` against the memory limit when recycling.
   */
  tmpfsMb = 0;
  /** The sandbox's writable mounts, inside (none without a sandbox). */
  private readonly writable: readonly string[];
  /** Its own cgroup v2 (engine/cgroup.ts), where the host delegates one. */
  readonly cgroup: RuntimeCgroup | undefined;
  private runtimePid: number | undefined;
  /** Launched through a sandbox, so the child is the sandbox's, not the runtime's, process. */
  private readonly sandboxed: boolean;
  /** CPU seconds at its first answer to a `call`: the start-up (imports, loads) and that call. */
  startCpuSeconds: number | undefined;
  lastUsed = Date.now();
  /**
   * Who the process serves (set by the plugin host when a pool takes it): records that reach
   * the default log (of no call, or of a call without its own `log`) carry it.
   */
  logContext: PluginLogContext | undefined;

  constructor(
    python: string,
    private readonly limits: RuntimeLimits,
    private readonly defaultLog: LogHandler = () => undefined,
    /** Wraps the launch in the sandbox (engine/sandbox.ts); without it the runtime runs unsandboxed. */
    launcher?: Launcher,
    /**
     * Directory holding the built-in plugins' helper package `service_builtins` (the repository's
     * `plugins/`): appended to the runtime's `sys.path`, and only that package is bound read-only
     * into the sandbox, so built-in plugin files can import their helper modules.
     */
    builtinsDir?: string,
  ) {
    this.workDir = mkdtempSync(path.join(tmpdir(), 'plugin-runtime-'));
    const plain = runtimeLaunchSpec(python, limits, this.workDir, builtinsDir);
    const launch = launcher ? launcher(plain) : plain;
    this.writable = launch.writable ?? [];
    this.sandboxed = launch !== plain;
    this.cgroup = launch.cgroup;
    this.child = spawn(launch.command, launch.args, {
      cwd: launch.cwd,
      env: launch.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let markReady: () => void = () => undefined;
    let failReady: (err: Error) => void = () => undefined;
    this.ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    this.ready.catch(() => undefined);
    this.readMessages(markReady, failReady);
    this.watchProcess(python, failReady);
  }

  /** Reads the runtime's protocol messages from its stdout: ready, fatal, or a message of a call. */
  private readMessages(markReady: () => void, failReady: (err: Error) => void): void {
    const maxLine = this.limits.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    readBoundedLines(this.child.stdout, maxLine, {
      onOverflow: (bytes) =>
        this.violation(
          `the plugin runtime wrote a protocol message over the ${maxLine}-byte limit (${bytes} bytes and no end of line yet)`,
          failReady,
        ),
      onLine: (line, bytes) => {
        if (!line.trim()) return;
        let msg: Message;
        try {
          msg = JSON.parse(line) as Message;
        } catch {
          this.violation(
            `the plugin runtime wrote a line that is not JSON: ${JSON.stringify(line.slice(0, 120))}`,
            failReady,
          );
          return;
        }
        if (!msg || typeof msg !== 'object' || Array.isArray(msg)) {
          this.violation(
            `the plugin runtime wrote a JSON ${msg === null ? 'null' : typeof msg} instead of a message object`,
            failReady,
          );
          return;
        }
        if (msg.type === 'ready') markReady();
        else if (msg.type === 'fatal') {
          this.dead = true;
          const err = new PluginError(
            String(msg.error_type ?? 'RuntimeCrashed'),
            String(msg.message ?? 'runtime failed'),
          );
          failReady(err);
          this.failAll(err);
        } else if (this.charge(msg, bytes)) this.onMessage(msg);
      },
    });
  }

  /** Keeps the tail of its stderr, and fails everything pending when the process cannot start or ends. */
  private watchProcess(python: string, failReady: (err: Error) => void): void {
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-4000);
    });
    this.child.stdin.on('error', () => undefined);
    this.child.on('error', (err) => {
      const e = new PluginError(
        'RuntimeCrashed',
        `cannot start the plugin runtime (${python}): ${err.message}`,
      );
      failReady(e);
      this.failAll(e);
    });
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      const why = signal ? `signal ${signal}` : `exit status ${code}`;
      const tail = this.stderrTail.trim().split('\n').slice(-5).join('\n');
      const oom = this.cgroup?.oomKilled() ?? false;
      const e = new PluginError(
        this.killedAs
          ? this.killedAs
          : oom || code === 3 || signal === 'SIGKILL' || signal === 'SIGXCPU'
            ? 'ResourceLimitExceeded'
            : 'RuntimeCrashed',
        oom
          ? `the plugin runtime used its whole memory budget of ${this.limits.memoryMb} MiB (its cgroup's memory.max, tmpfs files included) and was stopped`
          : `the plugin runtime ended (${why})${tail ? `: ${tail}` : ''}`,
      );
      failReady(e);
      this.failAll(e);
      rmSync(this.workDir, { recursive: true, force: true });
      this.cgroup?.remove();
    });
  }

  get alive(): boolean {
    return !this.exited && !this.dead;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /**
   * A broken protocol (oversize, malformed or too much output for one call): every pending call
   * fails with PluginError `ProtocolError` and the process group is killed, since nothing more it
   * writes can be trusted.
   */
  private violation(reason: string, failReady: (err: Error) => void) {
    const err = new PluginError('ProtocolError', `${reason}; its process was stopped`);
    failReady(err);
    this.failAll(err);
    this.kill('ProtocolError');
  }

  /**
   * Counts a message's line against the per-call budget of the call it belongs to.
   * @returns false when the budget is spent (the call was failed and the process killed)
   */
  private charge(msg: Message, bytes: number): boolean {
    const id = msg.type === 'request' ? String(msg.call_id) : typeof msg.id === 'string' ? msg.id : undefined;
    const p = id ? this.pending.get(id) : undefined;
    if (!p) return true;
    p.bytes += bytes;
    const max = this.limits.maxCallBytes ?? DEFAULT_MAX_CALL_BYTES;
    if (p.bytes <= max) return true;
    this.violation(`the plugin sent more than ${max} bytes for one call`, () => undefined);
    return false;
  }

  private failAll(err: Error) {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(err);
      this.pending.delete(id);
    }
  }

  private write(msg: Message) {
    const line = `${JSON.stringify(msg)}\n`;
    this.bytesWritten += Buffer.byteLength(line);
    this.child.stdin.write(line);
  }

  private onMessage(msg: Message) {
    const id = typeof msg.id === 'string' ? msg.id : undefined;
    if (msg.type === 'request') {
      const callId = String(msg.call_id);
      const owner = this.pending.get(callId);
      const reqId = msg.id;
      const handler = owner?.services;
      const answer = handler
        ? handler(String(msg.service), (msg.args ?? {}) as Record<string, unknown>)
        : Promise.reject(
            new PluginError('ServiceUnavailable', `${String(msg.service)} is not available here`),
          );
      answer.then(
        (result) => this.alive && this.write({ type: 'reply', id: reqId, result }),
        (err: Error) =>
          this.alive &&
          this.write({
            type: 'reply',
            id: reqId,
            error: {
              error_type: err instanceof PluginError ? err.errorType : 'ServiceError',
              message: err.message,
            },
          }),
      );
      return;
    }
    if (msg.type === 'log') {
      const owner = id ? this.pending.get(id) : undefined;
      if (owner?.log) owner.log(String(msg.level ?? 'info'), String(msg.message ?? ''));
      else this.defaultLog(String(msg.level ?? 'info'), String(msg.message ?? ''), this.logContext);
      return;
    }
    const p = id ? this.pending.get(id) : undefined;
    if (!p || !id) {
      if (msg.type === 'error')
        this.defaultLog('warn', `plugin runtime error: ${String(msg.message)}`, this.logContext);
      return;
    }
    if (msg.type === 'item') {
      if (!p.cancelled) p.onItem?.(msg.value, msg.state);
      return;
    }
    clearTimeout(p.timer);
    this.pending.delete(id);
    if (p.call) this.noteUsage(msg.usage);
    const filled = this.noteTmpfs();
    if (filled && !p.cancelled) {
      // What a plugin leaves in its tmpfs stays in host memory until the process ends: one that
      // filled a mount fails its call, whatever it answered, and the process is replaced.
      p.reject(
        new PluginError(
          'ResourceLimitExceeded',
          `the plugin filled the sandbox's ${filled.mount} (${Math.round(filled.sizeMb)} MiB of memory); its process was stopped`,
        ),
      );
      this.kill('ResourceLimitExceeded');
      return;
    }
    if (p.cancelled) {
      // The runtime answered the cancel (or finished just before it): either way the caller gave up.
      p.reject(
        msg.type === 'error' && msg.error_type === 'Cancelled'
          ? new PluginError('Cancelled', String(msg.message ?? 'the call was cancelled'))
          : cancelledError(`(its ${String(msg.type)} arrived after the cancel and was dropped)`),
      );
    } else if (msg.type === 'result') p.resolve(msg.value);
    else if (msg.type === 'error') {
      p.reject(
        new PluginError(
          String(msg.error_type ?? 'PluginException'),
          String(msg.message ?? ''),
          msg.traceback as string | undefined,
        ),
      );
    } else p.reject(new PluginError('ProtocolError', `unexpected message type ${String(msg.type)}`));
  }

  /**
   * Measures the sandbox's tmpfs mounts after an answer ({@link tmpfsMb}).
   * @returns the first mount the plugin filled, if any
   */
  private noteTmpfs(): TmpfsUse | undefined {
    if (this.writable.length === 0) return undefined;
    const pid = this.measuredPid();
    if (pid === undefined) return undefined;
    const use = measureTmpfs(pid, this.writable);
    this.tmpfsMb = use.reduce((sum, u) => sum + u.usedMb, 0);
    return use.find((u) => u.full);
  }

  /**
   * Records what the process has used after a call's answer: the host's measurement of the
   * runtime's process, else the answer's `usage` (ignored unless both figures are finite).
   */
  private noteUsage(reported: unknown) {
    const measured = this.measuredPid();
    const usage = (measured === undefined ? undefined : measureProcess(measured)) ?? reportedUsage(reported);
    if (!usage) return;
    // Monotonic per process, so a figure lower than the last one (a lying report) adds nothing.
    observeRuntimeCpu(usage.cpuSeconds - this.usage.cpuSeconds);
    this.usage = usage;
    this.startCpuSeconds ??= usage.cpuSeconds;
  }

  /** The host pid of the runtime's Python process: the child itself, or its pid inside the sandbox. */
  private measuredPid(): number | undefined {
    if (this.child.pid === undefined) return undefined;
    if (!this.sandboxed) return this.child.pid;
    this.runtimePid ??= sandboxedRuntimePid(this.child.pid);
    return this.runtimePid;
  }

  /**
   * Sends one message and resolves with its `result` value. `item`, `log` and service `request`
   * messages of the call go to `opts.onItem`, `opts.log` and `opts.services` while it runs.
   *
   * Cancellation (`opts.signal`): an already-aborted signal rejects at once and sends nothing;
   * an abort while the message runs sends `{type: "cancel", id, call_id}`, stops forwarding
   * items, and rejects with `Cancelled` when the runtime answers — or after
   * {@link CANCEL_GRACE_MS} without an answer, killing the process group (like the timeout; the
   * process is dead afterwards and other calls on it fail with `RuntimeCrashed`).
   *
   * @throws PluginError `Cancelled` (aborted), `Timeout` (the wall-clock limit passed: the
   *   process group is killed), `RuntimeCrashed`/`ResourceLimitExceeded` (the process died), or
   *   the runtime's `error_type` for an `error` answer
   */
  async send(msg: Message, opts: SendOptions = {}): Promise<unknown> {
    const { signal } = opts;
    if (signal?.aborted) throw cancelledError('before it was sent');
    await this.ready;
    if (signal?.aborted) throw cancelledError('before it was sent');
    if (!this.alive) throw new PluginError('RuntimeCrashed', 'the plugin runtime is not running');
    this.seq += 1;
    // Recycling counts plugin calls, not the `load`/`validate` messages around them (docs/plugin-runtime.md).
    if (msg.type === 'call') this.calls += 1;
    this.lastUsed = Date.now();
    const id = `h${this.seq}`;
    const timeout = (opts.timeoutSeconds ?? this.limits.timeoutSeconds) * 1000;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const p = this.pending.get(id);
        if (!p || p.cancelled) return;
        p.cancelled = true;
        clearTimeout(p.timer);
        p.timer = setTimeout(() => {
          if (this.pending.get(id) !== p) return;
          this.pending.delete(id);
          p.reject(
            cancelledError(
              `and the runtime did not stop it within ${CANCEL_GRACE_MS / 1000} s; its process was stopped`,
            ),
          );
          this.kill('RuntimeCrashed');
        }, CANCEL_GRACE_MS);
        if (this.alive) this.write({ type: 'cancel', id: `${id}-cancel`, call_id: id });
      };
      const settle =
        <T>(fn: (value: T) => void) =>
        (value: T) => {
          signal?.removeEventListener('abort', onAbort);
          fn(value);
        };
      const timer = setTimeout(() => {
        if (!this.pending.has(id)) return;
        this.pending.delete(id);
        signal?.removeEventListener('abort', onAbort);
        reject(
          new PluginError(
            'Timeout',
            `the plugin did not answer within ${timeout / 1000} s; its process was stopped`,
          ),
        );
        this.kill();
      }, timeout);
      this.pending.set(id, {
        resolve: settle(resolve),
        reject: settle(reject),
        onItem: opts.onItem,
        services: opts.services,
        log: opts.log,
        timer,
        bytes: 0,
        call: msg.type === 'call',
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.write({ ...msg, id });
    });
  }

  /**
   * Sends a message nobody waits for (e.g. `release`): its answer is dropped, and nothing is
   * sent when the process is no longer running.
   */
  post(msg: Message) {
    if (!this.alive) return;
    this.seq += 1;
    this.write({ ...msg, id: `h${this.seq}` });
  }

  /**
   * Ends the process group at once (the runtime and anything a plugin started). Calls still
   * pending fail with PluginError `as` (default `Timeout`).
   */
  kill(as = 'Timeout') {
    this.dead = true;
    this.killedAs ??= as;
    if (this.exited || this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      this.child.kill('SIGKILL');
    }
  }

  /** Asks the runtime to stop, then kills it if it has not within a second. */
  async close(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    try {
      this.child.stdin.end(`${JSON.stringify({ type: 'shutdown', id: 'shutdown' })}\n`);
    } catch {
      // already closed
    }
    const timer = setTimeout(() => this.kill(), 1000);
    await exited;
    clearTimeout(timer);
  }
}

/** A call answer's `usage` (docs/plugin-runtime.md), when both of its figures are finite numbers. */
function reportedUsage(usage: unknown): ProcessUsage | undefined {
  if (!usage || typeof usage !== 'object') return undefined;
  const { cpu_seconds: cpu, max_rss_mb: rss } = usage as Record<string, unknown>;
  if (typeof cpu !== 'number' || !Number.isFinite(cpu) || typeof rss !== 'number' || !Number.isFinite(rss))
    return undefined;
  return { cpuSeconds: cpu, maxRssMb: rss };
}
