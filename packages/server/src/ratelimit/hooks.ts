import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPublicRoute } from '../auth/access.js';
import { tenantOf } from '../auth/request.js';
import type { AppContext } from '../context.js';
import { withoutQueryScope } from '../db/cancel.js';
import { HttpProblem } from '../http/problem.js';
import { isStaticFileRequest } from '../http/static-files.js';
import { getQuotasOf } from '../organizations/quotas.js';
import { rateLimitFields } from './headers.js';
import { type Decision, type PolicyState, RequestLimiter } from './limiter.js';
import type { RateLimitSettings } from './settings.js';

/** Per-request bookkeeping of the limiter. */
interface RateLimitState {
  /** Policies counted for this request, reported in RateLimit-Policy / RateLimit. */
  states: PolicyState[];
  /** True once the request was counted (per address, or per principal and organization). */
  charged: boolean;
  /** Seconds for Retry-After when the request was refused. */
  retryAfter: number | undefined;
  /**
   * The address's `failed_authentication` policy when it was exhausted as the request arrived:
   * the request's credential is still checked, and refused with 429 only if it is rejected.
   */
  failedBudgetExhausted: PolicyState | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    rateLimit: RateLimitState | null;
  }
}

/**
 * Opens the limiter of `settings` (`config.rateLimit`), or returns undefined when rate limiting
 * is disabled. Call it before opening anything else so an unreachable Redis stops the start-up
 * cleanly.
 *
 * @throws ConfigError naming SERVICE_REDIS_URL when a configured Redis does not answer
 */
export async function openRateLimiter(
  settings: RateLimitSettings,
  log: FastifyBaseLogger,
): Promise<RequestLimiter | undefined> {
  if (!settings.enabled) return undefined;
  return RequestLimiter.open(settings, log);
}

function refuse(state: RateLimitState, decision: Decision): HttpProblem {
  const s = decision.state;
  state.retryAfter = Math.max(1, s.resetSeconds);
  return new HttpProblem(
    429,
    `Rate limit exceeded: the ${s.name} policy allows ${s.limit} requests per ${s.windowSeconds} seconds`,
    {
      policy: s.name,
      limit: s.limit,
      window_seconds: s.windowSeconds,
      retry_after_seconds: state.retryAfter,
    },
  );
}

function clientKey(req: FastifyRequest): string {
  return `ip:${req.ip}`;
}

/** Whether the authentication hook of app.ts will check this request's credential. */
function willAuthenticate(req: FastifyRequest): boolean {
  const url = req.routeOptions.url;
  return !!url && url.startsWith('/api/') && !isPublicRoute(req) && !!req.headers.authorization;
}

/**
 * Installs the limiter's hooks on the root instance. Register it BEFORE the authentication hook:
 *
 * 1. `onRequest` (before authentication): a request that will not be authenticated (no
 *    credential, a public route, a path outside /api) counts against the `anonymous` policy of
 *    its client address. A request with a credential is not counted per address (behind a proxy
 *    the address is everyone's); when its address has exhausted the `failed_authentication`
 *    policy with rejected credentials it is still authenticated, and refused with 429 only if
 *    its credential is rejected too ({@link refuseRejectedCredential}, which app.ts gives the
 *    authentication hook): someone else's failures never lock out a valid credential.
 * 2. `preParsing` (after authentication, before the body is read): an authenticated request counts
 *    against the `principal` policy (per API key, or per user for bearer tokens) and the
 *    `organization` policy of its active organization (the org's api_requests_per_minute quota,
 *    else SERVICE_RATE_LIMIT_ORGANIZATION_PER_MINUTE).
 * 3. `onSend`: a 401 not yet counted (a rejected credential) counts against the address's
 *    `failed_authentication` policy (same quota as `anonymous`); every response carries
 *    RateLimit-Policy and RateLimit (see headers.ts), and a 429 carries Retry-After.
 */
export function installRateLimiting(app: FastifyInstance, ctx: AppContext, limiter: RequestLimiter): void {
  const settings = limiter.settings;
  const organizationLimit = organizationLimits(ctx, settings);
  app.decorateRequest('rateLimit', null);
  app.addHook('onClose', async () => limiter.close());

  app.addHook('onRequest', async (req) => {
    const state: RateLimitState = {
      states: [],
      charged: false,
      retryAfter: undefined,
      failedBudgetExhausted: undefined,
    };
    req.rateLimit = state;
    // Files (the console, guide images) are not API requests: a page load asks for a dozen.
    if (isStaticFileRequest(req)) return;
    if (!willAuthenticate(req)) {
      state.charged = true;
      const d = await limiter.consume('anonymous', clientKey(req), settings.anonymousPerMinute);
      state.states = [d.state];
      if (!d.allowed) throw refuse(state, d);
      return;
    }
    // Not refused here: a valid credential from an address others exhausted goes on to its own
    // principal's limit; only a rejected one is refused (refuseRejectedCredential).
    const seen = await limiter.peek('failed_authentication', clientKey(req), settings.anonymousPerMinute);
    if (seen && seen.remaining <= 0) state.failedBudgetExhausted = seen;
  });

  app.addHook('preParsing', async (req, _reply, payload) => {
    const state = req.rateLimit;
    const principal = req.principal;
    if (!state || state.charged || !principal) return payload;
    state.charged = true;
    const who = principal.apiKey ? `key:${principal.apiKey.id}` : `user:${principal.user.id}`;
    const p = await limiter.consume('principal', who, settings.principalPerMinute);
    state.states = [p.state];
    if (!p.allowed) throw refuse(state, p);
    let organizationId: string | undefined;
    try {
      organizationId = (await tenantOf(ctx, req)).organizationId;
    } catch {
      // No active organization (or a header naming a foreign one): the route answers for itself.
      return payload;
    }
    const o = await limiter.consume(
      'organization',
      `org:${organizationId}`,
      await organizationLimit(organizationId),
    );
    state.states.push(o.state);
    if (!o.allowed) throw refuse(state, o);
    return payload;
  });

  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload) => {
    const state = req.rateLimit;
    if (!state) return payload;
    if (!state.charged && reply.statusCode === 401) {
      state.charged = true;
      const d = await limiter.consume('failed_authentication', clientKey(req), settings.anonymousPerMinute);
      state.states = [d.state];
    }
    if (state.states.length > 0) {
      const fields = rateLimitFields(state.states);
      reply.header('RateLimit-Policy', fields.policy);
      reply.header('RateLimit', fields.limit);
    }
    if (reply.statusCode === 429 && state.retryAfter !== undefined) {
      reply.header('Retry-After', String(state.retryAfter));
    }
    return payload;
  });
}

/**
 * The per-minute request limit of an organization: its api_requests_per_minute quota, else the
 * default; each organization's quota is read at most once per `quotaCacheSeconds`.
 */
function organizationLimits(
  ctx: AppContext,
  settings: RequestLimiter['settings'],
): (organizationId: string) => Promise<number> {
  // The promise is cached, not the value: the requests that find an entry expired share one
  // look-up (at 50 concurrent requests an expiry used to queue 50 identical queries at once).
  const quotaCache = new Map<string, { limit: Promise<number>; until: number }>();
  return (organizationId: string): Promise<number> => {
    const now = Date.now();
    const hit = quotaCache.get(organizationId);
    if (hit && hit.until > now) return hit.limit;
    // Shared by the requests that find the entry expired: not cancelled with the one that starts it.
    const limit = withoutQueryScope(() => getQuotasOf(ctx.db, organizationId)).then(
      (quotas) => quotas?.apiRequestsPerMinute ?? settings.organizationPerMinute,
    );
    if (settings.quotaCacheSeconds > 0) {
      if (quotaCache.size > 10_000) quotaCache.clear();
      const entry = { limit, until: now + settings.quotaCacheSeconds * 1000 };
      quotaCache.set(organizationId, entry);
      // A failed look-up is not kept: the next request asks again.
      limit.catch(() => {
        if (quotaCache.get(organizationId) === entry) quotaCache.delete(organizationId);
      });
    }
    return limit;
  };
}

/**
 * The authentication hook's answer to a rejected credential (auth/authenticate.ts
 * `OnRejectedCredential`): 429 naming the `failed_authentication` policy when the client address
 * had exhausted it as the request arrived, else the rejection itself (401, counted in `onSend`).
 * Only failed attempts are refused: a valid credential from that address is authenticated and
 * counted against its own principal and organization.
 */
export async function refuseRejectedCredential(
  req: FastifyRequest,
  rejection: HttpProblem,
): Promise<HttpProblem> {
  const state = req.rateLimit;
  const exhausted = state?.failedBudgetExhausted;
  if (!state || !exhausted) return rejection;
  state.charged = true;
  state.states = [exhausted];
  return refuse(state, { allowed: false, state: exhausted });
}
