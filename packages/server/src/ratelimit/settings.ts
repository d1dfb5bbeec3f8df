/** The rate-limit settings are read with every other setting, by src/config/rate-limit.ts. */
export type { RateLimitSettings } from '../config/rate-limit.js';

/** Fixed window of every policy, in seconds: limits are per minute, like the quota's name says. */
export const WINDOW_SECONDS = 60;
