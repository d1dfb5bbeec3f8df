/**
 * What the plugin host is given and takes: a plugin's code, the validator's finding, the options
 * of one call, of the warm pool and of the host itself, and the recycling and refill constants
 * those options refer to. The host that runs the calls is engine/plugin-host.ts. Split from
 * plugin-host.ts (issue 34).
 */
import type { LogHandler, RuntimeLimits, SendOptions } from './runtime-protocol.js';
import type { Sandbox } from './sandbox.js';
import type { SharedArg } from './shared-values.js';

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

/** Options of {@link PluginHost.call}. */
export interface CallOptions extends SendOptions {
  /** The document the call is about: its id tags the plugin's log records in the server log. */
  documentId?: string | undefined;
  /** Values sent once per process and referenced by later calls (file bytes, text, examples). */
  shared?: SharedArg[] | undefined;
  /**
   * Prefer the idle process that already keeps this scope's values (a document's later calls
   * go where its file and text are).
   */
  affinity?: string | undefined;
}

/** Runtime processes started ahead of need (docs/plugin-runtime.md, "Warm pool"). */
export interface WarmPoolOptions {
  /** Started processes kept waiting, each with `plugins` loaded, to join a pool at once. */
  processes: number;
  /** Plugins loaded into every warm process before it serves anyone (the built-ins: their imports are the slow part). */
  plugins: () => PluginCode[];
  /**
   * Calls made once on every warm process after the loads, on synthetic input (no tenant's
   * data): they fill the plugins' first-use caches (e.g. the classifier's stems of its knowledge
   * base), so the first real call costs what the next ones do. A failure is logged and ignored.
   */
  calls?: () => { plugin: PluginCode; method: string; args: Record<string, unknown> }[];
  /**
   * A warm process taken by a pool is replaced once no call has run for this many milliseconds
   * (default {@link DEFAULT_REFILL_QUIET_MS}; 0: at once), so the replacement's imports (1.5–3 s
   * of CPU for the built-ins) do not compete with the documents that took the warm process.
   */
  refillQuietMs?: number | undefined;
}

/** Default of {@link WarmPoolOptions.refillQuietMs}. */
export const DEFAULT_REFILL_QUIET_MS = 5000;

/**
 * A process is retired once its calls have used this share of the CPU time its limit left after
 * its start-up, or its peak resident memory reaches this share of its memory limit: every call
 * starts with at least the rest of the CPU budget, and a plugin that leaks memory is replaced
 * before it reaches the limit.
 */
export const RECYCLE_USAGE_SHARE = 0.5;
/** Its warm successor is started once it reaches this share of the recycling point (usage only). */
export const SUCCESSOR_AT = 0.8;

export interface PluginHostOptions {
  python: string;
  limits: RuntimeLimits;
  /** Processes per pool key (organization). */
  poolSize: number;
  /**
   * A process is replaced after this many calls (bounds leaks in plugin code), or earlier once it
   * has used {@link RECYCLE_USAGE_SHARE} of its CPU or memory limit.
   */
  recycleAfter: number;
  /** Idle processes are closed after this many milliseconds. */
  idleMs?: number;
  log: LogHandler;
  /**
   * Whether the server log writes a plugin record of this level (the plugin's level name:
   * `debug`, `info`, `warning`, `error`); records it would not write are dropped before the
   * per-plugin rate limit, so they neither spend its budget nor cause "dropped" warnings.
   * Default: every level.
   */
  logEnabled?: (level: string) => boolean;
  /** Base of the validator's `documentation` links. */
  docsBase?: string;
  /**
   * The sandbox (engine/sandbox.ts), or a function resolving it on first use (so one-shot
   * commands that run no plugin never probe it); default: bubblewrap, probed on this host.
   */
  sandbox?: Sandbox | (() => Sandbox);
  /** Processes started ahead of need ({@link PluginHost.warmUp}); default none. */
  warm?: WarmPoolOptions | undefined;
  /**
   * Directory holding the built-in plugins' helper package `service_builtins` (config.pluginsDir):
   * every runtime can import it (read-only in the sandbox); unset, built-in plugins that import
   * it fail to load.
   */
  builtinsDir?: string | undefined;
}
