/**
 * Console sessions (docs/console.md "Signing in"): the web console exchanges the API key or access
 * token it was given for a short-lived bearer token of its own, kept in the tab's sessionStorage,
 * so the long-lived key is never stored in the browser. A session ends after
 * `SERVICE_CONSOLE_SESSION_IDLE_MINUTES` without a request, at the latest
 * `SERVICE_CONSOLE_SESSION_MAX_HOURS` after sign-in (never after the credential it was opened
 * with expires), at sign-out (revoked), or when that API key is revoked. Sessions are looked up on
 * every request, without a cache, so a sign-out or a revocation holds at once in every process.
 */
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import { badRequest, forbidden, unauthorized } from '../http/problem.js';
import { newId } from '../ids.js';
import { hashSecret } from './api-key-format.js';
import type { Principal } from './principal.js';
import { principalOf } from './principal-directory.js';
import {
  deleteEndedConsoleSessions,
  extendConsoleSession,
  findConsoleSession,
  insertConsoleSession,
  revokeConsoleSession,
} from './repository.js';

/** Console session tokens: `dcs_` + 32 random bytes in base64url (256 bits). */
export const CONSOLE_SESSION_PREFIX = 'dcs_';
const TOKEN_PATTERN = /^dcs_[A-Za-z0-9_-]{43}$/;

/** A new session: the plaintext token (returned once) and when it ends. */
export interface IssuedConsoleSession {
  id: string;
  token: string;
  expiresAt: Date;
  maxExpiresAt: Date;
}

/**
 * Opens a console session for the caller, with the authority of the credential it presented
 * (an API key restricted to one organization gives a session restricted to it).
 *
 * @throws HttpProblem 403 when the caller presented a console session (a session cannot renew itself
 *   beyond its own end by opening another)
 */
export async function issueConsoleSession(
  ctx: Pick<AppContext, 'config' | 'db'>,
  principal: Principal,
): Promise<IssuedConsoleSession> {
  if (principal.consoleSession)
    throw forbidden('A console session cannot open another one; sign in with an API key or an access token');
  const now = new Date();
  const { idleSeconds, maxSeconds } = ctx.config.consoleSession;
  let maxExpiresAt = new Date(now.getTime() + maxSeconds * 1000);
  if (principal.credentialExpiresAt && principal.credentialExpiresAt < maxExpiresAt)
    maxExpiresAt = principal.credentialExpiresAt;
  const idleEnd = new Date(now.getTime() + idleSeconds * 1000);
  const expiresAt = idleEnd < maxExpiresAt ? idleEnd : maxExpiresAt;
  // Housekeeping: the user's ended sessions are of no use to anyone.
  await deleteEndedConsoleSessions(ctx.db, principal.user.id, now);
  const token = CONSOLE_SESSION_PREFIX + randomBytes(32).toString('base64url');
  const row = await insertConsoleSession(ctx.db, {
    id: newId(),
    userId: principal.user.id,
    apiKeyId: principal.apiKey?.id ?? null,
    tokenHash: hashSecret(ctx.config.secretKey, token),
    expiresAt,
    maxExpiresAt,
  });
  return { id: row.id, token, expiresAt: row.expiresAt, maxExpiresAt: row.maxExpiresAt };
}

/**
 * The principal of a console session token: the session's user with the authority of the API key
 * it was opened with (method `api_key`), or of the user (method `bearer`) for an access token.
 * A use in the second half of the idle window moves the idle end on (at most to the session's
 * latest end), so an active console stays signed in without a write per request.
 *
 * @throws HttpProblem 401 for a malformed, unknown, expired or revoked session, a revoked or
 *   expired API key behind it, or a deleted user
 */
export async function authenticateConsoleSession(
  ctx: Pick<AppContext, 'config' | 'db' | 'principals'>,
  token: string,
): Promise<Principal> {
  if (!TOKEN_PATTERN.test(token)) throw unauthorized();
  const session = await findConsoleSession(ctx.db, hashSecret(ctx.config.secretKey, token));
  if (!session) throw unauthorized();
  const now = new Date();
  if (session.revokedAt || session.expiresAt <= now || session.maxExpiresAt <= now) throw unauthorized();
  // The user, its memberships and the key from their owners (ctx.principals), sent together.
  const [row, key] = await Promise.all([
    principalOf(ctx.principals, ctx.db, session.userId),
    session.apiKeyId ? ctx.principals.findApiKeyById(ctx.db, session.apiKeyId) : undefined,
  ]);
  if (!row) throw unauthorized();
  const keyValid = key?.status === 'ACTIVE' && !(key.expiresAt && key.expiresAt <= now);
  if (session.apiKeyId && !keyValid) throw unauthorized();
  const idleMs = ctx.config.consoleSession.idleSeconds * 1000;
  let expiresAt = session.expiresAt;
  if (expiresAt.getTime() - now.getTime() < idleMs / 2) {
    const next = new Date(Math.min(now.getTime() + idleMs, session.maxExpiresAt.getTime()));
    if (next > expiresAt) {
      await extendConsoleSession(ctx.db, session.id, next);
      expiresAt = next;
    }
  }
  return {
    user: row.user,
    method: key ? 'api_key' : 'bearer',
    ...(key ? { apiKey: { id: key.id, organizationId: key.organizationId } } : {}),
    memberships: row.memberships,
    credentialExpiresAt: session.maxExpiresAt,
    consoleSession: { id: session.id, expiresAt },
  };
}

/**
 * Signs out: revokes the console session the caller presented.
 *
 * @throws HttpProblem 400 when the caller presented an API key or access token instead
 */
export async function revokeCurrentConsoleSession(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
): Promise<void> {
  if (!principal.consoleSession)
    throw badRequest(
      'Sign-out needs the console session token in Authorization; revoke an API key with DELETE /api/v1/api-keys/{id}',
    );
  await revokeConsoleSession(ctx.db, principal.consoleSession.id, new Date());
}
