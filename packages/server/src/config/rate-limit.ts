import { z } from 'zod';
import { flag, section } from './env.js';

const perMinute = z.coerce.number().int().min(1).max(10_000_000);

/** Settings of the rate limiter (docs/operations.md "Rate limits"). */
export interface RateLimitSettings {
  enabled: boolean;
  /** Requests per minute per client address for unauthenticated traffic and failed authentication. */
  anonymousPerMinute: number;
  /** Requests per minute per API key, or per user for bearer tokens. */
  principalPerMinute: number;
  /** Requests per minute per organization when its `api_requests_per_minute` quota is null. */
  organizationPerMinute: number;
  /** Where counters live: this process's memory, or Redis shared by every server. */
  store: 'memory' | 'redis';
  redisUrl: string | undefined;
  /** Prefix of every counter key (separates installations sharing one Redis). */
  keyPrefix: string;
  /** How long an organization's `api_requests_per_minute` is cached per process, in seconds. */
  quotaCacheSeconds: number;
  /** API server processes sharing the load; more than 1 requires the Redis store. */
  serverProcesses: number;
}

/**
 * SERVICE_RATE_LIMIT_*, SERVICE_REDIS_URL and SERVICE_SERVER_PROCESSES. Invalid as a whole when
 * the Redis store is asked for without SERVICE_REDIS_URL, or when SERVICE_SERVER_PROCESSES > 1
 * would keep counters in memory (they would not be shared between processes).
 */
export const rateLimitSection = section(
  z.object({
    SERVICE_RATE_LIMIT_ENABLED: flag.default(true),
    SERVICE_RATE_LIMIT_ANONYMOUS_PER_MINUTE: perMinute.default(120),
    SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE: perMinute.default(600),
    SERVICE_RATE_LIMIT_ORGANIZATION_PER_MINUTE: perMinute.default(1200),
    SERVICE_RATE_LIMIT_STORE: z.enum(['memory', 'redis']).optional(),
    SERVICE_RATE_LIMIT_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'must be 1–64 letters, digits, ":", "_" or "-"')
      .default('service:rl'),
    SERVICE_RATE_LIMIT_QUOTA_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    SERVICE_REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    SERVICE_SERVER_PROCESSES: z.coerce.number().int().min(1).max(1024).default(1),
  }),
  (e, report): RateLimitSettings => {
    const store = e.SERVICE_RATE_LIMIT_STORE ?? (e.SERVICE_REDIS_URL ? 'redis' : 'memory');
    if (store === 'redis' && !e.SERVICE_REDIS_URL) {
      report('SERVICE_RATE_LIMIT_STORE', 'SERVICE_RATE_LIMIT_STORE=redis needs SERVICE_REDIS_URL');
    }
    if (e.SERVICE_RATE_LIMIT_ENABLED && e.SERVICE_SERVER_PROCESSES > 1 && store !== 'redis') {
      report(
        'SERVICE_SERVER_PROCESSES',
        `SERVICE_SERVER_PROCESSES=${e.SERVICE_SERVER_PROCESSES} needs SERVICE_REDIS_URL: rate-limit counters ` +
          'in memory are not shared between processes (or set SERVICE_RATE_LIMIT_ENABLED=false)',
      );
    }
    return {
      enabled: e.SERVICE_RATE_LIMIT_ENABLED,
      anonymousPerMinute: e.SERVICE_RATE_LIMIT_ANONYMOUS_PER_MINUTE,
      principalPerMinute: e.SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE,
      organizationPerMinute: e.SERVICE_RATE_LIMIT_ORGANIZATION_PER_MINUTE,
      store,
      redisUrl: e.SERVICE_REDIS_URL,
      keyPrefix: e.SERVICE_RATE_LIMIT_KEY_PREFIX,
      quotaCacheSeconds: e.SERVICE_RATE_LIMIT_QUOTA_CACHE_SECONDS,
      serverProcesses: e.SERVICE_SERVER_PROCESSES,
    };
  },
);
