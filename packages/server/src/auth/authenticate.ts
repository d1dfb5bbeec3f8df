import { findApiKeyByHash, touchApiKey } from '../api-keys/repository.js';
import type { AppContext } from '../context.js';
import { unauthorized } from '../http/problem.js';
import { findUserById } from '../users/repository.js';
import { provisionUser } from '../users/service.js';
import { API_KEY_PREFIX, hashSecret, isWellFormedApiKey } from './api-key-format.js';
import type { Principal } from './principal.js';
import { InvalidTokenError, verifyBearerToken } from './tokens.js';

const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Resolves the `Authorization: Bearer <API key | JWT>` header to a principal (spec §5).
 *
 * @throws HttpProblem 401 "Authentication required" for a missing, malformed, unknown,
 *   revoked or expired credential, or a deleted user
 */
export async function authenticate(ctx: AppContext, authorization: string | undefined): Promise<Principal> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const credential = match?.[1];
  if (!credential) throw unauthorized();
  if (credential.startsWith(API_KEY_PREFIX)) return authenticateApiKey(ctx, credential);
  try {
    const identity = await verifyBearerToken(credential, ctx.config.authIssuers, ctx.localIssuer);
    const user = await provisionUser(ctx, identity);
    if (!user) throw unauthorized();
    return { user, method: 'bearer' };
  } catch (err) {
    if (err instanceof InvalidTokenError) throw unauthorized();
    throw err;
  }
}

async function authenticateApiKey(ctx: AppContext, key: string): Promise<Principal> {
  if (!isWellFormedApiKey(key)) throw unauthorized();
  const row = await findApiKeyByHash(ctx.db, hashSecret(ctx.config.secretKey, key));
  const now = new Date();
  if (row?.status !== 'ACTIVE' || (row.expiresAt && row.expiresAt <= now)) throw unauthorized();
  const user = await findUserById(ctx.db, row.userId);
  if (!user) throw unauthorized();
  await touchApiKey(ctx.db, row.id, now, LAST_USED_RESOLUTION_MS);
  return { user, method: 'api_key', apiKey: { id: row.id, organizationId: row.organizationId } };
}
