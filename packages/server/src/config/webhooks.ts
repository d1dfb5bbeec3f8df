import { z } from 'zod';
import { flag, section } from './env.js';

/** Settings of webhook delivery and plugin event handlers (docs/webhooks.md). */
export interface WebhookSettings {
  /** Deliver to private, loopback, link-local… addresses too (SSRF guard off). */
  allowPrivate: boolean;
  /** Delay in seconds before each attempt; the first is the delay of the first attempt. */
  retrySchedule: number[];
  /** Relative jitter applied to each non-zero delay (0.2 = ±20 %). */
  retryJitter: number;
  /** Schedule of plugin event-handler runs (same meaning as `retrySchedule`). */
  handlerRetrySchedule: number[];
  /** Time limit of one HTTP attempt, request and response body included. */
  timeoutSeconds: number;
  /** Upper bound of a delay asked for by a Retry-After header. */
  retryAfterMaxSeconds: number;
  /** Disable an endpoint whose attempts have all failed for this long (0 = never). */
  disableAfterSeconds: number;
  /** Disable an endpoint after this many consecutive deliveries exhausted their retries (0 = never). */
  disableAfterFailures: number;
  /** After a secret rotation, the previous secret also signs for this long (Standard Webhooks rotation). */
  secretGraceSeconds: number;
  /** Pause of the worker loop when there is nothing to do. */
  pollMs: number;
  /** Deliveries and handler runs in flight at once, per process. */
  concurrency: number;
}

/** Standard Webhooks' recommended schedule: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const STANDARD_RETRY_SCHEDULE = '0,5,300,1800,7200,18000,36000,36000';

const secondsList = z
  .string()
  .trim()
  .regex(
    /^\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?){0,49}$/,
    'must be 1–50 comma-separated non-negative numbers of seconds, e.g. 0,5,300',
  )
  .transform((v) => v.split(',').map((s) => Number(s.trim())));

/** SERVICE_WEBHOOK_*. */
export const webhooksSection = section(
  z.object({
    SERVICE_WEBHOOK_ALLOW_PRIVATE: flag.default(false),
    SERVICE_WEBHOOK_RETRY_SCHEDULE: secondsList.prefault(STANDARD_RETRY_SCHEDULE),
    SERVICE_WEBHOOK_RETRY_JITTER: z.coerce.number().min(0).max(1).default(0.2),
    SERVICE_WEBHOOK_HANDLER_RETRY_SCHEDULE: secondsList.prefault('0,5,60,300,1800'),
    SERVICE_WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(10),
    SERVICE_WEBHOOK_RETRY_AFTER_MAX_SECONDS: z.coerce.number().min(0).default(86_400),
    SERVICE_WEBHOOK_DISABLE_AFTER_SECONDS: z.coerce
      .number()
      .min(0)
      .default(5 * 86_400),
    SERVICE_WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(0).default(20),
    SERVICE_WEBHOOK_SECRET_GRACE_SECONDS: z.coerce.number().min(0).default(86_400),
    SERVICE_WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    SERVICE_WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  }),
  (e): WebhookSettings => ({
    allowPrivate: e.SERVICE_WEBHOOK_ALLOW_PRIVATE,
    retrySchedule: e.SERVICE_WEBHOOK_RETRY_SCHEDULE,
    retryJitter: e.SERVICE_WEBHOOK_RETRY_JITTER,
    handlerRetrySchedule: e.SERVICE_WEBHOOK_HANDLER_RETRY_SCHEDULE,
    timeoutSeconds: e.SERVICE_WEBHOOK_TIMEOUT_SECONDS,
    retryAfterMaxSeconds: e.SERVICE_WEBHOOK_RETRY_AFTER_MAX_SECONDS,
    disableAfterSeconds: e.SERVICE_WEBHOOK_DISABLE_AFTER_SECONDS,
    disableAfterFailures: e.SERVICE_WEBHOOK_DISABLE_AFTER_FAILURES,
    secretGraceSeconds: e.SERVICE_WEBHOOK_SECRET_GRACE_SECONDS,
    pollMs: e.SERVICE_WEBHOOK_POLL_MS,
    concurrency: e.SERVICE_WEBHOOK_CONCURRENCY,
  }),
);
