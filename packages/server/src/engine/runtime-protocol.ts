/**
 * The vocabulary of the plugin runtime's JSON Lines protocol (docs/plugin-runtime.md) that the
 * host and its callers share: the runtime's failure (`PluginError`), the handlers of service
 * requests and log records, a runtime's limits and their defaults, the options of one message,
 * and the cancellation constants. No process here: engine/runtime-client.ts runs the process
 * that speaks it. Split from runtime-client.ts (issue 34).
 */
/** A failure reported by the runtime (`error` or `fatal` message) or by the host around it. */
export class PluginError extends Error {
  constructor(
    /** The rule or failure: WrongReturnType, MissingAwait, PluginException, Timeout, RuntimeCrashed… */
    readonly errorType: string,
    message: string,
    readonly traceback?: string,
  ) {
    super(message);
  }

  /** Failures that say something about the plugin (not the host): retrying will not help. */
  get permanent(): boolean {
    return !['RuntimeCrashed', 'HostError'].includes(this.errorType);
  }
}

/** Answers a runtime's service request (`prompt_llm`, `get_prompt`); throw PluginError to answer an error. */
export type ServiceHandler = (service: string, args: Record<string, unknown>) => Promise<unknown>;
/** Where a plugin's log record came from, as the server log line is tagged (engine/plugin-log.ts). */
export interface PluginLogContext {
  organization_id: string;
  plugin_id: string;
  document_id?: string | undefined;
}
/** Receives a log record: of a plugin (with its `context`), or of the host about a runtime. */
export type LogHandler = (level: string, message: string, context?: PluginLogContext) => void;

export interface RuntimeLimits {
  cpuSeconds: number;
  memoryMb: number;
  maxOpenFiles: number;
  /** Host-side wall-clock limit of one call; the process group is killed on expiry. */
  timeoutSeconds: number;
  /** Largest protocol line the host reads, in bytes (default {@link DEFAULT_MAX_MESSAGE_BYTES}). */
  maxMessageBytes?: number | undefined;
  /** Most protocol bytes one message may bring back, items and logs included (default {@link DEFAULT_MAX_CALL_BYTES}). */
  maxCallBytes?: number | undefined;
  /** Bound of the shared values a runtime keeps for later calls, in MiB (the runtime's default: 64). */
  sharedCacheMb?: number | undefined;
}

/** Default limit of one protocol line: 16 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** Default limit of everything one call sends back: 256 MiB. */
export const DEFAULT_MAX_CALL_BYTES = 256 * 1024 * 1024;

/** Options of {@link RuntimeProcess.send} (and {@link PluginHost.call}). */
export interface SendOptions {
  /** Receives each `item` of a `fetch` call: the DocumentInput value and the source state at the yield. */
  onItem?: ((value: unknown, state: unknown) => void) | undefined;
  /** Answers the runtime's service requests during the call. */
  services?: ServiceHandler | undefined;
  /** Receives the plugin's log records of the call (else the process's default log). */
  log?: LogHandler | undefined;
  /** Host-side wall-clock limit of this message (default: the process limits' `timeoutSeconds`). */
  timeoutSeconds?: number | undefined;
  /**
   * Cancels the message when aborted: the host sends `{type: "cancel", id, call_id}` and the
   * promise rejects with PluginError `Cancelled` once the runtime answers, or after
   * {@link CANCEL_GRACE_MS} by killing the process group when it does not. An already-aborted
   * signal rejects at once without sending anything. Meant for `call` messages; other messages
   * are not cancellable in the runtime and end by their answer or the grace kill.
   */
  signal?: AbortSignal | undefined;
}

/** The built-in plugins' helper package (plugins/service_builtins), importable by runtimes. */
export const BUILTINS_PACKAGE = 'service_builtins';

/** How long a cancelled call may take to answer before its process group is killed. */
export const CANCEL_GRACE_MS = 2000;

/** The PluginError of a call cancelled by the host. */
export function cancelledError(detail: string): PluginError {
  return new PluginError('Cancelled', `the call was cancelled ${detail}`);
}

/** One protocol message: a JSON object with its `type` and, for a request and its answers, its `id`. */
export type Message = Record<string, unknown> & { type?: string; id?: unknown };
