import type { RuntimeProcess } from './runtime-client.js';

/**
 * Shared values of plugin calls (docs/plugin-runtime.md, "Shared values"): what the host sends
 * once to a runtime process and names by key in the later calls. Used by {@link PluginHost}.
 */

/**
 * A value a call shares with the later calls of its runtime process (docs/plugin-runtime.md,
 * "Shared values"): sent with the first call that needs it, referenced by its key afterwards.
 */
export interface SharedArg {
  /** Where the value goes in the call's `args`: object keys joined by dots (`document.text`). */
  path: string;
  /** The value's name; one key always means one value (put a version or run in it). */
  key: string;
  /** Values of one scope leave the process together (PluginHost.releaseShared); none: kept until evicted. */
  scope?: string | undefined;
  /** Computes the value; called only when the process does not have it yet. */
  value: () => unknown;
  /**
   * The value (a list of strings) is put at `path` joined by this separator: a document's text
   * is its pages joined by `"\n\n"`, so it names the pages' key instead of travelling again.
   */
  join?: string | undefined;
}

/** Above this many shared keys a process's record is cleared (the runtime's own bound evicts anyway). */
const MAX_SHARED_KEYS = 10_000;

/** Whether `proc` keeps shared values of `scope`. */
export function keepsScope(proc: RuntimeProcess, scope: string): boolean {
  for (const s of proc.shared.values()) if (s === scope) return true;
  return false;
}

/**
 * The `shared` section of a call to `proc`: the key alone for what it keeps, key and value for
 * the rest (everything when `resend`); a key shared by several paths carries its value once.
 * The values are recorded as kept from now on.
 */
export function sharedSection(proc: RuntimeProcess, shared: SharedArg[], resend: boolean) {
  if (proc.shared.size > MAX_SHARED_KEYS) proc.shared.clear();
  const section: Record<string, { key: string; scope?: string; value?: unknown; join?: string }> = {};
  const sent = new Set<string>();
  for (const arg of shared) {
    const join = arg.join === undefined ? {} : { join: arg.join };
    if (sent.has(arg.key) || (!resend && proc.shared.has(arg.key)))
      section[arg.path] = { key: arg.key, ...join };
    else {
      const scope = arg.scope === undefined ? {} : { scope: arg.scope };
      section[arg.path] = { key: arg.key, ...scope, value: arg.value(), ...join };
      proc.shared.set(arg.key, arg.scope ?? null);
      sent.add(arg.key);
    }
  }
  return section;
}
