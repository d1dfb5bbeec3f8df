import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { HttpProblem, unauthorized } from '../http/problem.js';
import { isPublicRoute } from './access.js';
import { API_KEY_PREFIX, hasApiKeyShape, hashSecret, isWellFormedApiKey } from './api-key-format.js';
import { authenticateConsoleSession, CONSOLE_SESSION_PREFIX } from './console-sessions.js';
import type { Principal, PrincipalUser } from './principal.js';
import { type CachedApiKeyPrincipal, principalCacheOf } from './principal-cache.js';
import { principalOf } from './principal-directory.js';
import { InvalidTokenError, type TokenIdentity, verifyBearerToken } from './tokens.js';

/**
 * Finds or creates the user of a verified bearer token (just-in-time provisioning, api-decisions
 * §1); undefined for a soft-deleted user. The users domain owns it (users/service.ts
 * `provisionUser`); app.ts passes it in, so auth/ sits below the identity domains.
 */
export type ProvisionUser = (ctx: AppContext, identity: TokenIdentity) => Promise<PrincipalUser | undefined>;

/**
 * Decides what a request whose credential was rejected is answered: the rate limiter passes one
 * that answers 429 while the client address has exhausted its failed-authentication budget
 * (ratelimit/hooks.ts); without it the rejection stands (401).
 */
export type OnRejectedCredential = (req: FastifyRequest, rejection: HttpProblem) => Promise<HttpProblem>;

/**
 * The authentication hook: every `/api/` route whose declared access is not `public` gets `req.principal`
 * from the `Authorization` header (see {@link authenticate}), before its handler runs. A rejected
 * credential is answered by `onRejected`'s problem when given, else 401.
 */
export function installAuthentication(
  app: FastifyInstance,
  ctx: AppContext,
  provision: ProvisionUser,
  onRejected?: OnRejectedCredential,
): void {
  app.addHook('onRequest', async (req) => {
    if (!req.routeOptions.url || isPublicRoute(req)) return;
    if (!req.routeOptions.url.startsWith('/api/')) return;
    try {
      req.principal = await authenticate(ctx, req.headers.authorization, provision);
    } catch (err) {
      if (onRejected && err instanceof HttpProblem && err.status === 401) throw await onRejected(req, err);
      throw err;
    }
  });
}

/**
 * Resolves the `Authorization: Bearer <API key | console session | JWT>` header to a principal
 * (spec §5); the user of a verified token is found or created by `provision`.
 *
 * @throws HttpProblem 401 "Authentication required" for a missing, malformed, unknown,
 *   revoked or expired credential, or a deleted user
 */
export async function authenticate(
  ctx: AppContext,
  authorization: string | undefined,
  provision: ProvisionUser,
): Promise<Principal> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const credential = match?.[1];
  if (!credential) throw unauthorized();
  if (credential.startsWith(API_KEY_PREFIX)) return authenticateApiKey(ctx, credential);
  if (credential.startsWith(CONSOLE_SESSION_PREFIX)) return authenticateConsoleSession(ctx, credential);
  try {
    const identity = await verifyBearerToken(credential, ctx.config.authIssuers, ctx.localIssuer);
    const user = await provision(ctx, identity);
    if (!user) throw unauthorized();
    return { user, method: 'bearer', credentialExpiresAt: identity.expiresAt };
  } catch (err) {
    if (err instanceof InvalidTokenError) throw unauthorized();
    throw err;
  }
}

/**
 * API keys: from the process's principal cache, else the key by its indexed hash, then its user
 * and memberships from their owners (ctx.principals), cached until a trigger's NOTIFY says the
 * key, user or memberships changed.
 *
 * The cache is keyed by the SHA-256 of the presented key, never the key: with ≈190 bits of
 * entropy a key cannot be found from its digest, and a one-shot digest costs a fraction of the
 * HMAC under the server secret, which is computed only for a look-up (it is what the database
 * stores). The checksum, too, is checked only before a look-up: a key whose digest is in the
 * cache is a stored key, which was well formed when it was made.
 */
async function authenticateApiKey(
  ctx: Pick<AppContext, 'config' | 'database' | 'db' | 'principals'>,
  key: string,
): Promise<Principal> {
  if (!hasApiKeyShape(key)) throw unauthorized();
  const cacheKey = hash('sha256', key, 'base64');
  const cache = principalCacheOf(ctx.database);
  const now = new Date();
  const entry: CachedApiKeyPrincipal | undefined =
    cache.get(cacheKey, now.getTime()) ??
    (isWellFormedApiKey(key)
      ? await cache.load(cacheKey, now.getTime(), async () => {
          const found = await ctx.principals.findApiKeyByHash(ctx.db, hashSecret(ctx.config.secretKey, key));
          const principal = found && (await principalOf(ctx.principals, ctx.db, found.userId));
          return principal && { key: found, ...principal };
        })
      : undefined);
  if (!entry) throw unauthorized();
  if (entry.key.status !== 'ACTIVE' || (entry.key.expiresAt && entry.key.expiresAt <= now))
    throw unauthorized();
  await cache.recordUse(entry, now, ctx.principals.recordApiKeyUses);
  return {
    user: entry.user,
    method: 'api_key',
    apiKey: { id: entry.key.id, organizationId: entry.key.organizationId },
    memberships: entry.memberships,
    credentialExpiresAt: entry.key.expiresAt ?? undefined,
  };
}
