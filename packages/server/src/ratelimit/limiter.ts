import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { ConfigError } from '../config.js';
import { type RateLimitSettings, WINDOW_SECONDS } from './settings.js';

/** The policies the API enforces; their names appear in the RateLimit-Policy and RateLimit fields. */
export type PolicyName = 'anonymous' | 'failed_authentication' | 'principal' | 'organization';

/** The state of one policy's counter after a request, as the RateLimit fields report it. */
export interface PolicyState {
  name: PolicyName;
  /** Quota: requests allowed per window. */
  limit: number;
  /** Window length in seconds. */
  windowSeconds: number;
  /** Requests left in the current window (0 when exhausted). */
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** Outcome of counting one request against a policy. */
export interface Decision {
  allowed: boolean;
  state: PolicyState;
}

type Log = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis://…';
  }
}

/**
 * Connects to Redis and checks it answers PING.
 *
 * @throws ConfigError with a message naming SERVICE_REDIS_URL when it is unreachable
 */
export async function connectRedis(url: string, timeoutMs = 5000): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    // rate-limiter-flexible's advice: fail fast instead of queueing while disconnected; the
    // in-memory insurance limiter takes over until Redis is back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: timeoutMs,
  });
  client.on('error', () => undefined); // reconnects on its own; failures surface through the limiter
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch (err) {
    client.disconnect();
    throw new ConfigError([
      {
        variable: 'SERVICE_REDIS_URL',
        message:
          `SERVICE_REDIS_URL ${redactUrl(url)} is unreachable (${(err as Error).message}); ` +
          'the rate limiter needs it to share counters between servers. Start Redis or unset SERVICE_REDIS_URL ' +
          '(only with SERVICE_SERVER_PROCESSES=1).',
      },
    ]);
  }
}

/**
 * Fixed-window request counters over `rate-limiter-flexible`: in this process's memory, or in
 * Redis so that every server of an installation shares them (atomic INCR + PEXPIRE per key).
 * When Redis fails at run time each server falls back to an in-memory counter allowing its share
 * (limit / SERVICE_SERVER_PROCESSES) until Redis answers again.
 */
export class RequestLimiter {
  /** By policy, then by limit (nested: no key string is built per request). */
  private readonly limiters = new Map<PolicyName, Map<number, RateLimiterAbstract>>();

  private constructor(
    readonly settings: RateLimitSettings,
    private readonly redis: Redis | undefined,
    private readonly log: Log,
  ) {}

  /**
   * Opens the limiter of the settings, connecting to Redis for the Redis store.
   *
   * @throws ConfigError when Redis is configured but unreachable
   */
  static async open(settings: RateLimitSettings, log: Log): Promise<RequestLimiter> {
    const redis =
      settings.store === 'redis' && settings.redisUrl ? await connectRedis(settings.redisUrl) : undefined;
    return new RequestLimiter(settings, redis, log);
  }

  /** The store in use. */
  get store(): 'memory' | 'redis' {
    return this.redis ? 'redis' : 'memory';
  }

  private limiter(policy: PolicyName, limit: number): RateLimiterAbstract {
    let byLimit = this.limiters.get(policy);
    if (!byLimit) {
      byLimit = new Map();
      this.limiters.set(policy, byLimit);
    }
    let l = byLimit.get(limit);
    if (!l) {
      const keyPrefix = `${this.settings.keyPrefix}:${policy}:${limit}`;
      const base = { points: limit, duration: WINDOW_SECONDS, keyPrefix };
      l = this.redis
        ? new RateLimiterRedis({
            ...base,
            storeClient: this.redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory({
              ...base,
              points: Math.max(1, Math.floor(limit / this.settings.serverProcesses)),
            }),
          })
        : new RateLimiterMemory(base);
      byLimit.set(limit, l);
    }
    return l;
  }

  private state(policy: PolicyName, limit: number, res: RateLimiterRes): PolicyState {
    return {
      name: policy,
      limit,
      windowSeconds: WINDOW_SECONDS,
      remaining: Math.max(0, limit - res.consumedPoints),
      resetSeconds: Math.max(0, Math.ceil(res.msBeforeNext / 1000)),
    };
  }

  /**
   * Counts one request of `key` against `policy` allowing `limit` per window. A store error that
   * even the insurance limiter cannot absorb lets the request through (logged): the limiter
   * protects the service, it must not take it down.
   */
  async consume(policy: PolicyName, key: string, limit: number): Promise<Decision> {
    try {
      const res = await this.limiter(policy, limit).consume(key);
      return { allowed: true, state: this.state(policy, limit, res) };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { allowed: false, state: this.state(policy, limit, err) };
      this.log.error({ err, policy }, 'rate limiter store failed; request let through');
      return {
        allowed: true,
        state: { name: policy, limit, windowSeconds: WINDOW_SECONDS, remaining: limit, resetSeconds: 0 },
      };
    }
  }

  /** The counter of `key` without counting a request; undefined when it has none this window. */
  async peek(policy: PolicyName, key: string, limit: number): Promise<PolicyState | undefined> {
    try {
      const res = await this.limiter(policy, limit).get(key);
      return res ? this.state(policy, limit, res) : undefined;
    } catch (err) {
      this.log.warn({ err, policy }, 'rate limiter store failed on read');
      return undefined;
    }
  }

  /** Closes the Redis connection, if any. */
  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => this.redis?.disconnect());
  }
}
