import type { LogHandler, PluginLogContext } from './runtime-protocol.js';

/** Records one plugin may write to the server log at once before it is limited. */
export const PLUGIN_LOG_BURST = 50;
/** Records one plugin may write to the server log per minute once its burst is spent. */
export const PLUGIN_LOG_PER_MINUTE = 60;
/** Longest message kept of one record, in characters (the rest is cut). */
export const PLUGIN_LOG_MAX_CHARS = 2000;

interface Bucket {
  tokens: number;
  at: number;
  dropped: number;
}

/**
 * The server-log side of plugin log records (docs/security.md): each record is tagged with the
 * organization, plugin and (when there is one) document it came from, cut to
 * {@link PLUGIN_LOG_MAX_CHARS}, and limited per organization and plugin by a token bucket
 * ({@link PLUGIN_LOG_BURST} at once, then {@link PLUGIN_LOG_PER_MINUTE} a minute). What is
 * dropped is counted and reported once, as a warning, with the next record let through.
 */
export class PluginLogLimiter {
  private readonly buckets = new Map<string, Bucket>();

  private readonly burst: number;
  private readonly perMinute: number;
  private readonly now: () => number;
  private readonly enabled: (level: string) => boolean;

  /**
   * @param sink the server log
   * @param opts `enabled`: whether the server log writes a record of this level (default: all);
   *   a record it would not write is discarded first, without spending the plugin's budget
   *   (an `info` record of a built-in under `SERVICE_LOG_LEVEL=warn` is no flood). `burst`,
   *   `perMinute`, `now` (milliseconds) for tests.
   */
  constructor(
    private readonly sink: LogHandler,
    opts: {
      enabled?: ((level: string) => boolean) | undefined;
      burst?: number;
      perMinute?: number;
      now?: () => number;
    } = {},
  ) {
    this.enabled = opts.enabled ?? (() => true);
    this.burst = opts.burst ?? PLUGIN_LOG_BURST;
    this.perMinute = opts.perMinute ?? PLUGIN_LOG_PER_MINUTE;
    this.now = opts.now ?? Date.now;
  }

  /** Passes one record of a plugin on to the server log, or counts it as dropped. */
  log(context: PluginLogContext, level: string, message: string): void {
    if (!this.enabled(level)) return;
    const key = `${context.organization_id}\0${context.plugin_id}`;
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= 10_000) this.sweep(now);
      bucket = { tokens: this.burst, at: now, dropped: 0 };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 60_000) * this.perMinute);
    bucket.at = now;
    if (bucket.tokens < 1) {
      bucket.dropped += 1;
      return;
    }
    bucket.tokens -= 1;
    if (bucket.dropped > 0) {
      this.sink(
        'warn',
        `${bucket.dropped} log records of this plugin were dropped (more than ${this.perMinute} a minute)`,
        context,
      );
      bucket.dropped = 0;
    }
    const text =
      message.length > PLUGIN_LOG_MAX_CHARS
        ? `${message.slice(0, PLUGIN_LOG_MAX_CHARS)}… (${message.length} characters)`
        : message;
    this.sink(level, text, context);
  }

  /** Forgets the buckets that have refilled (nothing to remember about them). */
  private sweep(now: number) {
    for (const [key, b] of this.buckets)
      if (b.dropped === 0 && b.tokens + ((now - b.at) / 60_000) * this.perMinute >= this.burst)
        this.buckets.delete(key);
  }
}
