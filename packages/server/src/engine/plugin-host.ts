import {
  type LogHandler,
  PluginError,
  type RuntimeLimits,
  RuntimeProcess,
  type SendOptions,
} from './runtime-client.js';
import { resolveSandbox, type Sandbox } from './sandbox.js';

/** A plugin's code as the host loads it; `id` changes whenever the code does (e.g. `<uuid>@<version>`). */
export interface PluginCode {
  id: string;
  source: string;
  className?: string | undefined;
}

/** One finding of the validator, exactly spec §7. */
export interface ValidationFinding {
  line: number | null;
  error_type: string;
  message: string;
  fix_suggestion: string;
  documentation: string | null;
}

export interface PluginHostOptions {
  python: string;
  limits: RuntimeLimits;
  /** Processes per pool key (organization). */
  poolSize: number;
  /** A process is replaced after this many calls (bounds leaks in plugin code). */
  recycleAfter: number;
  /** Idle processes are closed after this many milliseconds. */
  idleMs?: number;
  log: LogHandler;
  /** Base of the validator's `documentation` links. */
  docsBase?: string;
  /**
   * The sandbox (engine/sandbox.ts), or a function resolving it on first use (so one-shot
   * commands that run no plugin never probe it); default: bubblewrap, probed on this host.
   */
  sandbox?: Sandbox | (() => Sandbox);
  /**
   * Directory holding the built-in plugins' helper package `service_builtins` (config.pluginsDir):
   * every runtime can import it (read-only in the sandbox); unset, built-in plugins that import
   * it fail to load.
   */
  builtinsDir?: string | undefined;
}

/** Built-in plugins (shipped in plugins/, see builtin-plugins.ts) have ids starting with this. */
const BUILTIN_PREFIX = 'builtin:';

interface Pool {
  processes: RuntimeProcess[];
  busy: Set<RuntimeProcess>;
  waiters: ((p: RuntimeProcess) => void)[];
}

/**
 * Runs plugin methods in pools of isolated runtime processes, one pool per organization, so
 * tenants never share a process (DESIGN.md §5). A process serves one call at a time, loads each
 * plugin version once, and is recycled after `recycleAfter` calls or when it dies.
 */
export class PluginHost {
  private readonly pools = new Map<string, Pool>();
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;
  private resolvedSandbox: Sandbox | undefined;

  constructor(private readonly opts: PluginHostOptions) {
    this.sweeper = setInterval(() => this.closeIdle(), Math.min(opts.idleMs ?? 60_000, 30_000));
    this.sweeper.unref();
  }

  /** How runtime processes are isolated on this host (`/health` reports its state); resolved once. */
  get sandbox(): Sandbox {
    if (!this.resolvedSandbox) {
      const given = this.opts.sandbox;
      this.resolvedSandbox =
        typeof given === 'function' ? given() : (given ?? resolveSandbox(this.opts.python, 'bwrap'));
    }
    return this.resolvedSandbox;
  }

  private spawn(): RuntimeProcess {
    return new RuntimeProcess(
      this.opts.python,
      this.opts.limits,
      this.opts.log,
      this.sandbox.launcher,
      this.opts.builtinsDir,
    );
  }

  /**
   * Refuses tenant-submitted code when the sandbox should run but cannot on this host; built-in
   * plugins (our own code) still run.
   *
   * @throws PluginError `SandboxUnavailable` (permanent)
   */
  private assertRunnable(plugin: PluginCode) {
    if (this.sandbox.state !== 'unavailable' || plugin.id.startsWith(BUILTIN_PREFIX)) return;
    throw new PluginError(
      'SandboxUnavailable',
      `this server cannot sandbox plugin code (${this.sandbox.reason ?? 'bubblewrap unavailable'}), so it runs no third-party plugin; the operator must install bubblewrap with unprivileged user namespaces enabled, or set SERVICE_PLUGIN_SANDBOX=none to accept the risk`,
    );
  }

  private pool(key: string): Pool {
    let pool = this.pools.get(key);
    if (!pool) {
      pool = { processes: [], busy: new Set(), waiters: [] };
      this.pools.set(key, pool);
    }
    return pool;
  }

  /**
   * Takes an idle process of the pool (starting one while below `poolSize`), or waits for one.
   *
   * @param signal gives up waiting when aborted
   * @throws PluginError `HostError` when the host is closed, `Cancelled` when `signal` aborts first
   */
  private async acquire(key: string, signal?: AbortSignal): Promise<RuntimeProcess> {
    if (this.closed) throw new PluginError('HostError', 'the plugin host is closed');
    if (signal?.aborted) throw new PluginError('Cancelled', 'the call was cancelled before it was sent');
    const pool = this.pool(key);
    pool.processes = pool.processes.filter((p) => p.alive);
    const idle = pool.processes.find((p) => !pool.busy.has(p));
    if (idle) {
      pool.busy.add(idle);
      return idle;
    }
    if (pool.processes.length < this.opts.poolSize) {
      const fresh = this.spawn();
      pool.processes.push(fresh);
      pool.busy.add(fresh);
      return fresh;
    }
    return new Promise((resolve, reject) => {
      const waiter = (p: RuntimeProcess) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(p);
      };
      const onAbort = () => {
        const at = pool.waiters.indexOf(waiter);
        if (at < 0) return;
        pool.waiters.splice(at, 1);
        reject(new PluginError('Cancelled', 'the call was cancelled while waiting for a runtime process'));
      };
      pool.waiters.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private release(key: string, proc: RuntimeProcess) {
    const pool = this.pool(key);
    if (!proc.alive || proc.calls >= this.opts.recycleAfter) {
      pool.processes = pool.processes.filter((p) => p !== proc);
      pool.busy.delete(proc);
      void proc.close();
      const waiter = pool.waiters.shift();
      if (waiter) {
        const fresh = this.spawn();
        pool.processes.push(fresh);
        pool.busy.add(fresh);
        waiter(fresh);
      }
      return;
    }
    const waiter = pool.waiters.shift();
    if (waiter) waiter(proc);
    else pool.busy.delete(proc);
  }

  /**
   * Calls `method` of a plugin with the spec's arguments (docs/plugin-runtime.md `call`), loading
   * the plugin version into the process first if needed.
   *
   * Cancellation: `opts.signal` aborted before a process is free, or while the plugin loads,
   * rejects without running the method; aborted while it runs, the runtime is sent `cancel`
   * and the call rejects with `Cancelled` once it answers (the process then serves the next
   * call), or after about 2 s by killing the process (the pool replaces it).
   *
   * @param key pool key: the organization id
   * @returns the method's `result` value (for `fetch`: `{count, state}`; items go to `opts.onItem`)
   * @throws PluginError on a plugin error, wrong return type, crash, timeout, or `Cancelled`
   */
  async call(
    key: string,
    plugin: PluginCode,
    method: string,
    args: Record<string, unknown>,
    opts: SendOptions = {},
  ): Promise<unknown> {
    this.assertRunnable(plugin);
    const proc = await this.acquire(key, opts.signal);
    try {
      if (!proc.loaded.has(plugin.id)) {
        // A `load` is not cancellable in the runtime; an abort during it is seen by the call's send.
        await proc.send({
          type: 'load',
          plugin_id: plugin.id,
          source: plugin.source,
          class_name: plugin.className ?? null,
        });
        proc.loaded.add(plugin.id);
      }
      return await proc.send({ type: 'call', plugin_id: plugin.id, method, args }, opts);
    } finally {
      this.release(key, proc);
    }
  }

  /** Loads a plugin and returns its description (type, class attributes, configurable parameters). */
  async describe(key: string, plugin: PluginCode, timeoutSeconds = 15): Promise<Record<string, unknown>> {
    this.assertRunnable(plugin);
    const proc = await this.acquire(key);
    try {
      const value = await proc.send(
        { type: 'load', plugin_id: plugin.id, source: plugin.source, class_name: plugin.className ?? null },
        { timeoutSeconds },
      );
      proc.loaded.add(plugin.id);
      return value as Record<string, unknown>;
    } finally {
      this.release(key, proc);
    }
  }

  /**
   * Runs the validator (the same Python module as `service validate`) on plugin source without
   * executing it.
   */
  async validate(
    source: string,
  ): Promise<{ findings: ValidationFinding[]; pluginType: string | null; className: string | null }> {
    const proc = await this.acquire('__validator__');
    try {
      const value = (await proc.send({
        type: 'validate',
        source,
        include_summary: true,
        ...(this.opts.docsBase ? { docs_base: this.opts.docsBase } : {}),
      })) as { findings: ValidationFinding[]; plugin_type: string | null; class_name: string | null };
      return { findings: value.findings, pluginType: value.plugin_type, className: value.class_name };
    } finally {
      this.release('__validator__', proc);
    }
  }

  private closeIdle() {
    const limit = Date.now() - (this.opts.idleMs ?? 60_000);
    for (const [key, pool] of this.pools) {
      for (const p of pool.processes) {
        if (!pool.busy.has(p) && p.lastUsed < limit) void p.close();
      }
      pool.processes = pool.processes.filter((p) => pool.busy.has(p) || p.lastUsed >= limit);
      if (pool.processes.length === 0 && pool.waiters.length === 0) this.pools.delete(key);
    }
  }

  /** Stops every runtime process. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    const all = [...this.pools.values()].flatMap((p) => p.processes);
    this.pools.clear();
    await Promise.all(all.map((p) => p.close()));
  }
}
