import type { PolicyState } from './limiter.js';

/**
 * The RateLimit-Policy and RateLimit fields of draft-ietf-httpapi-ratelimit-headers-10
 * (September 2025; the Structured Fields shape has been stable since -08). Both are Lists
 * (RFC 9651) of Items whose value is the policy name as an sf-string:
 *
 * - `RateLimit-Policy: "principal";q=600;w=60, "organization";q=1200;w=60` — quota `q`
 *   (requests) per window `w` (seconds), §3;
 * - `RateLimit: "principal";r=599;t=42, "organization";r=1100;t=42` — remaining `r` and
 *   seconds `t` until the window resets, §4.
 */
export function rateLimitFields(states: readonly PolicyState[]): { policy: string; limit: string } {
  // Built by concatenation: this runs for every response (map/join allocated two arrays each time).
  let policy = '';
  let limit = '';
  for (const s of states) {
    const separator = policy === '' ? '' : ', ';
    policy += `${separator}"${s.name}";q=${s.limit};w=${s.windowSeconds}`;
    limit += `${separator}"${s.name}";r=${s.remaining};t=${s.resetSeconds}`;
  }
  return { policy, limit };
}

/** A parsed item of either field (for tests and clients). */
export interface RateLimitItem {
  name: string;
  params: Record<string, number>;
}

/**
 * Parses a RateLimit or RateLimit-Policy field value as this server writes it (a List of
 * sf-string Items with integer parameters).
 */
export function parseRateLimitField(value: string): RateLimitItem[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((item) => {
      const [head, ...params] = item.split(';');
      const name = /^"([^"]*)"$/.exec(head?.trim() ?? '')?.[1];
      if (name === undefined) throw new Error(`not an sf-string item: ${item}`);
      return {
        name,
        params: Object.fromEntries(
          params.map((p) => {
            const [k, v] = p.trim().split('=');
            return [k ?? '', Number(v)];
          }),
        ),
      };
    });
}
