import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { unauthorized } from '../http/problem.js';
import type { Principal, Tenant } from './principal.js';
import { resolveTenant } from './tenancy.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    tenantPromise: Promise<Tenant> | null;
  }
}

/**
 * The authenticated caller; handlers read `req.auth` (auth/access.ts), which resolves it.
 *
 * @throws HttpProblem 401 when the authentication hook set none
 */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized();
  return req.principal;
}

/**
 * The active organization of the request, resolved once per request (auth/access.ts for the
 * handlers, the rate limiter before them).
 */
export function tenantOf(ctx: Pick<AppContext, 'db' | 'principals'>, req: FastifyRequest): Promise<Tenant> {
  if (!req.tenantPromise) {
    const header = req.headers['x-organization-id'];
    req.tenantPromise = resolveTenant(ctx, principalOf(req), Array.isArray(header) ? header[0] : header);
  }
  return req.tenantPromise;
}
