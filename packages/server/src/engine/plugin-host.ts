import { REPORT_CLASSIFICATION } from './classification-report.js';
import {
  type CallOptions,
  DEFAULT_REFILL_QUIET_MS,
  type PluginCode,
  type PluginHostOptions,
  RECYCLE_USAGE_SHARE,
  SUCCESSOR_AT,
  type ValidationFinding,
} from './plugin-host-options.js';
import { PluginLogLimiter } from './plugin-log.js';
import { RuntimeProcess } from './runtime-client.js';
import { PluginError, type SendOptions, type ServiceHandler } from './runtime-protocol.js';
import { resolveSandbox, type Sandbox } from './sandbox.js';
import { keepsScope, sharedSection } from './shared-values.js';

export type { SharedArg } from './shared-values.js';

/**
 * Service requests of a warm-up call: the built-in classifier's decision report is accepted and
 * dropped (there is no document to store it on); any other service is unavailable, as for a call
 * without services.
 */
const warmUpServices: ServiceHandler = async (service) => {
  if (service === REPORT_CLASSIFICATION) return null;
  throw new PluginError('ServiceUnavailable', `${service} is not available during a warm-up call`);
};

/** Built-in plugins (shipped in plugins/, see builtin-plugins.ts) have ids starting with this. */
const BUILTIN_PREFIX = 'builtin:';

interface Pool {
  processes: RuntimeProcess[];
  busy: Set<RuntimeProcess>;
  /** Calls waiting for a process, first come first; `affinity` as given to {@link PluginHost.call}. */
  waiters: Waiter[];
}

interface Waiter {
  give: (p: RuntimeProcess) => void;
  affinity: string | undefined;
}

/**
 * How long a process that frees up may stay idle while the only calls waiting are of documents
 * another busy process keeps (ms). Sent there, a call's runtime is sent the file and text again
 * and computes again what it caches per text (the classifier's start embedding, ~30 ms of CPU);
 * their keeper usually frees up within one call, and a new document's call takes the idle
 * process meanwhile (docs/performance.md "Calls that wait for the process keeping their document").
 */
export const KEEPER_WAIT_MS = 50;

/**
 * The index of the waiter a released `proc` goes to: the first one whose run's shared values it
 * keeps (so a document's next call does not send its file and text to another process again),
 * else the first one whose values no other live process of the pool keeps (a new document: it
 * has to be sent somewhere); -1 when every waiter's values are kept by another process (they
 * wait for it, up to {@link KEEPER_WAIT_MS}) or none waits.
 */
function nextWaiter(waiters: Waiter[], proc: RuntimeProcess, pool: readonly RuntimeProcess[]): number {
  const keeps = waiters.findIndex((w) => w.affinity !== undefined && keepsScope(proc, w.affinity));
  if (keeps >= 0) return keeps;
  return waiters.findIndex(
    (w) =>
      w.affinity === undefined ||
      !pool.some((p) => p !== proc && p.alive && keepsScope(p, w.affinity as string)),
  );
}

/**
 * Runs plugin methods in pools of isolated runtime processes, one pool per organization, so
 * tenants never share a process (DESIGN.md §5). A process serves one call at a time, loads each
 * plugin version once, and is recycled after `recycleAfter` calls or when it dies.
 *
 * With a warm pool (`warm`), processes are started ahead of need with the built-in plugins
 * loaded (their imports done); a pool that needs a process, or replaces a recycled one, takes a
 * warm one, which has served no organization yet, and another is started in its place.
 */
export class PluginHost {
  private readonly pools = new Map<string, Pool>();
  /** Warm processes not yet given to any pool. */
  private spares: RuntimeProcess[] = [];
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;
  private resolvedSandbox: Sandbox | undefined;
  /** Set when a warm process was taken and not yet replaced (see {@link refillWhenQuiet}). */
  private refillDue = false;
  private refillTimer: NodeJS.Timeout | undefined;
  /** Plugin log records on their way to `opts.log`: tagged and rate-limited per plugin. */
  private readonly pluginLogs: PluginLogLimiter;

  constructor(private readonly opts: PluginHostOptions) {
    this.pluginLogs = new PluginLogLimiter(opts.log, { enabled: opts.logEnabled });
    // A timer of this process, not a queue schedule: the runtimes it reaps are this process's.
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
      (level, message, context) =>
        this.pluginLogs.log(context ?? { organization_id: 'none', plugin_id: 'unknown' }, level, message),
      this.sandbox.launcher,
      this.opts.builtinsDir,
    );
  }

  /**
   * Starts the warm pool (`warm.processes` runtime processes with `warm.plugins` loaded) and
   * resolves once every one of them is ready; a no-op without `warm`. A warm-up load that fails
   * is logged and left to the first call that needs the plugin.
   */
  async warmUp(): Promise<void> {
    try {
      this.refill();
    } catch (err) {
      this.opts.log('warn', `the warm pool could not start: ${(err as Error).message}`);
    }
    await Promise.all(
      this.spares.flatMap((p) => [...p.loading.values()].map((l) => l.catch(() => undefined))),
    );
  }

  /** Protocol bytes of the `call` messages sent so far, over every process (for the benchmarks). */
  callBytes = 0;

  /** Warm processes waiting to join a pool (for `/health` and the benchmarks). */
  get warmProcesses(): number {
    return this.spares.filter((p) => p.alive).length;
  }

  /** Starts warm processes until `warm.processes` are waiting (at least `atLeast`). */
  private refill(atLeast = 0) {
    if (this.closed) return;
    this.spares = this.spares.filter((p) => p.alive);
    const want = Math.max(this.opts.warm?.processes ?? 0, atLeast);
    while (this.spares.length < want) {
      const proc = this.spawn();
      const loads = (this.opts.warm?.plugins() ?? []).map((plugin) =>
        this.loadInto(proc, plugin).catch((err: Error) =>
          this.opts.log('warn', `warm-up load of ${plugin.id} failed: ${err.message}`),
        ),
      );
      const calls = this.opts.warm?.calls?.() ?? [];
      if (calls.length > 0) {
        // Tracked like a load, so warmUp() and a pool's first call wait for it.
        const key = 'warm-up calls';
        const done = Promise.all(loads)
          .then(async () => {
            for (const c of calls)
              await proc
                .send(
                  { type: 'call', plugin_id: c.plugin.id, method: c.method, args: c.args },
                  { services: warmUpServices },
                )
                .catch((err: Error) => this.opts.log('warn', `warm-up ${c.method} failed: ${err.message}`));
          })
          .finally(() => proc.loading.delete(key));
        proc.loading.set(key, done);
      }
      this.spares.push(proc);
    }
  }

  /** A process for a pool: a warm one when there is one (and another is started), else a new one. */
  private fresh(): RuntimeProcess {
    this.spares = this.spares.filter((p) => p.alive);
    const spare = this.spares.shift();
    if (spare) {
      this.refillDue = true;
      this.refillWhenQuiet();
      return spare;
    }
    return this.spawn();
  }

  /** Document runs in progress ({@link openRun}). */
  private openRuns = 0;

  /** Whether any pool's process is serving a call or a load, or a document run is in progress. */
  private get busy(): boolean {
    if (this.openRuns > 0) return true;
    for (const pool of this.pools.values()) if (pool.busy.size > 0) return true;
    return false;
  }

  /**
   * Marks a document run in progress until the returned function is called (once; later calls do
   * nothing): the host is not quiet meanwhile, so a taken warm process is not replaced while a
   * run parses between its plugin calls, and the replacement's imports do not compete with it.
   */
  openRun(): () => void {
    this.openRuns += 1;
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      this.openRuns -= 1;
      this.refillWhenQuiet();
    };
  }

  /**
   * Replaces the taken warm processes once no call has run, and no document run was in progress
   * ({@link openRun}), for `warm.refillQuietMs`: checked again at each release and run end, so a
   * host that keeps serving calls starts no replacement meanwhile (a pool that needs a process
   * then starts one as without a warm pool).
   */
  private refillWhenQuiet() {
    const quietMs = this.opts.warm?.refillQuietMs ?? DEFAULT_REFILL_QUIET_MS;
    if (!this.refillDue || this.closed) return;
    clearTimeout(this.refillTimer);
    this.refillTimer = undefined;
    if (quietMs <= 0) {
      this.refillDue = false;
      this.refill();
      return;
    }
    if (this.busy) return;
    this.refillTimer = setTimeout(() => {
      this.refillTimer = undefined;
      if (this.busy || this.closed) return;
      this.refillDue = false;
      this.refill();
    }, quietMs);
    this.refillTimer.unref();
  }

  /** Loads `plugin` into `proc` once; concurrent callers share the same `load`. */
  private loadInto(proc: RuntimeProcess, plugin: PluginCode, opts: SendOptions = {}): Promise<unknown> {
    if (proc.loaded.has(plugin.id)) return Promise.resolve();
    let pending = proc.loading.get(plugin.id);
    if (!pending) {
      pending = proc
        .send(
          { type: 'load', plugin_id: plugin.id, source: plugin.source, class_name: plugin.className ?? null },
          opts,
        )
        .then((description) => {
          proc.loaded.add(plugin.id);
          return description;
        })
        .finally(() => proc.loading.delete(plugin.id));
      proc.loading.set(plugin.id, pending);
    }
    return pending;
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
   * Takes the process keeping `affinity`'s values when it is idle; when it is busy and another
   * is idle, waits for it (up to {@link KEEPER_WAIT_MS}, then takes the idle one). Otherwise an
   * idle process, else starts one (a warm one when waiting) while below `poolSize`, else waits
   * for one (a process that frees up goes as `nextWaiter` says).
   *
   * @param signal gives up waiting when aborted
   * @throws PluginError `HostError` when the host is closed, `Cancelled` when `signal` aborts first
   */
  private async acquire(key: string, signal?: AbortSignal, affinity?: string): Promise<RuntimeProcess> {
    if (this.closed) throw new PluginError('HostError', 'the plugin host is closed');
    if (signal?.aborted) throw new PluginError('Cancelled', 'the call was cancelled before it was sent');
    const pool = this.pool(key);
    pool.processes = pool.processes.filter((p) => p.alive);
    const idle = pool.processes.filter((p) => !pool.busy.has(p));
    const keeper = affinity === undefined ? undefined : pool.processes.find((p) => keepsScope(p, affinity));
    // A busy keeper is waited for (up to KEEPER_WAIT_MS, then the idle process is taken).
    const chosen = keeper ? (pool.busy.has(keeper) ? undefined : keeper) : idle[0];
    if (chosen) {
      pool.busy.add(chosen);
      return chosen;
    }
    const spare = idle[0];
    if (spare) this.handOverLater(pool, spare);
    else if (pool.processes.length < this.opts.poolSize) {
      const fresh = this.fresh();
      fresh.logContext = { organization_id: key, plugin_id: 'unknown' };
      pool.processes.push(fresh);
      pool.busy.add(fresh);
      return fresh;
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        give: (p) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(p);
        },
        affinity,
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

  /**
   * How far `proc` is towards its recycling point by what it used (1: there), as reported with
   * its last answer: the CPU seconds its calls used since its first answer against
   * {@link RECYCLE_USAGE_SHARE} of what its start-up left of the CPU limit (so a start-up that
   * takes much of a low limit does not retire every process after one call), and its peak
   * memory plus what its sandbox's tmpfs holds (measured by the host) against that share of the
   * memory limit.
   */
  private usageWear(proc: RuntimeProcess): number {
    const { cpuSeconds, memoryMb } = this.opts.limits;
    const start = proc.startCpuSeconds ?? 0;
    const left = cpuSeconds - start;
    const cpu = left > 0 ? (proc.usage.cpuSeconds - start) / (RECYCLE_USAGE_SHARE * left) : 1;
    return Math.max(
      cpuSeconds > 0 ? cpu : 0,
      memoryMb > 0 ? (proc.usage.maxRssMb + proc.tmpfsMb) / (RECYCLE_USAGE_SHARE * memoryMb) : 0,
    );
  }

  private release(key: string, proc: RuntimeProcess) {
    const pool = this.pool(key);
    const wear = this.usageWear(proc);
    if (!proc.alive || proc.calls >= this.opts.recycleAfter || wear >= 1) {
      pool.processes = pool.processes.filter((p) => p !== proc);
      pool.busy.delete(proc);
      void proc.close();
      const waiter = pool.waiters.shift();
      if (waiter) {
        const fresh = this.fresh();
        fresh.logContext = { organization_id: key, plugin_id: 'unknown' };
        pool.processes.push(fresh);
        pool.busy.add(fresh);
        waiter.give(fresh);
      }
      this.refillWhenQuiet();
      return;
    }
    // Its successor starts ahead of time, so retiring it does not make a call wait for a cold start.
    if (proc.calls >= this.opts.recycleAfter - 1 || wear >= SUCCESSOR_AT) this.refill(1);
    const at = nextWaiter(pool.waiters, proc, pool.processes);
    const waiter = at >= 0 ? pool.waiters.splice(at, 1)[0] : undefined;
    if (waiter) waiter.give(proc);
    else {
      pool.busy.delete(proc);
      if (pool.waiters.length > 0) this.handOverLater(pool, proc);
    }
    this.refillWhenQuiet();
  }

  /**
   * Gives `proc`, left idle for calls that wait for the process keeping their document, to the
   * first of them still waiting after {@link KEEPER_WAIT_MS} if no call has taken it meanwhile.
   */
  private handOverLater(pool: Pool, proc: RuntimeProcess) {
    const timer = setTimeout(() => {
      if (this.closed || !proc.alive || pool.busy.has(proc) || !pool.processes.includes(proc)) return;
      const waiter = pool.waiters.shift();
      if (!waiter) return;
      pool.busy.add(proc);
      waiter.give(proc);
    }, KEEPER_WAIT_MS);
    timer.unref();
  }

  /**
   * Calls `method` of a plugin with the spec's arguments (docs/plugin-runtime.md `call`), loading
   * the plugin version into the process first if needed.
   *
   * Shared values (`opts.shared`) are put into `args` by the runtime: each is sent only to a
   * process that does not keep it yet; when the runtime no longer keeps one (`SharedMiss`,
   * e.g. evicted), the call is sent once more with every value.
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
    opts: CallOptions = {},
  ): Promise<unknown> {
    this.assertRunnable(plugin);
    const { shared, affinity, documentId, ...sendOpts } = opts;
    const context = { organization_id: key, plugin_id: plugin.id, document_id: documentId };
    // The plugin's records go to the caller's log, or tagged and rate-limited to the server's.
    sendOpts.log ??= (level, message) => this.pluginLogs.log(context, level, message);
    const proc = await this.acquire(key, opts.signal, affinity);
    try {
      // A `load` is not cancellable in the runtime; an abort during it is seen by the call's send.
      await proc.loading.get('warm-up calls');
      await this.loadInto(proc, plugin, { log: sendOpts.log });
      const message = (resend: boolean) => ({
        type: 'call',
        plugin_id: plugin.id,
        method,
        args,
        ...(shared?.length ? { shared: sharedSection(proc, shared, resend) } : {}),
      });
      const before = proc.bytesWritten;
      try {
        return await proc.send(message(false), sendOpts);
      } catch (err) {
        if (!(err instanceof PluginError && err.errorType === 'SharedMiss')) throw err;
        return await proc.send(message(true), sendOpts);
      } finally {
        this.callBytes += proc.bytesWritten - before;
      }
    } finally {
      this.release(key, proc);
    }
  }

  /**
   * Lets the processes of pool `key` drop the shared values of `scope` (a document's run is
   * over). Fire and forget: nothing waits for the runtime's answer.
   */
  releaseShared(key: string, scope: string): void {
    for (const proc of this.pools.get(key)?.processes ?? []) {
      let kept = false;
      for (const [k, s] of proc.shared) {
        if (s !== scope) continue;
        proc.shared.delete(k);
        kept = true;
      }
      if (kept) proc.post({ type: 'release', scope });
    }
  }

  /** Loads a plugin and returns its description (type, class attributes, configurable parameters). */
  async describe(key: string, plugin: PluginCode, timeoutSeconds = 15): Promise<Record<string, unknown>> {
    this.assertRunnable(plugin);
    const proc = await this.acquire(key);
    try {
      await proc.loading.get(plugin.id)?.catch(() => undefined);
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
    clearTimeout(this.refillTimer);
    const all = [...this.pools.values()].flatMap((p) => p.processes).concat(this.spares);
    this.pools.clear();
    this.spares = [];
    await Promise.all(all.map((p) => p.close()));
  }
}
