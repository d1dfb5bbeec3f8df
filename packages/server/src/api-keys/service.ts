import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { recordAudit } from '../audit/service.js';
import { displayPrefix, generateApiKey, hashSecret, isWellFormedApiKey } from '../auth/api-key-format.js';
import type { Principal } from '../auth/principal.js';
import { propagateAuthChange } from '../auth/principal-cache.js';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../http/problem.js';
import { findMembership } from '../organizations/records.js';
import * as repo from './repository.js';

export type { ApiKeyRow } from './repository.js';

/**
 * POST /api-keys: a new key of the caller. The plaintext is returned here once; only its
 * HMAC-SHA-256 is stored (spec §8).
 *
 * @throws 400 when `expires_at` is not in the future or `organization_id` is not one of the caller's
 */
export async function createApiKey(
  ctx: Pick<AppContext, 'config' | 'db'>,
  principal: Principal,
  input: {
    name: string;
    expires_at?: string | null | undefined;
    organization_id?: string | null | undefined;
  },
) {
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw badRequest('expires_at must be in the future', {
      errors: [{ field: 'body.expires_at', message: 'must be in the future' }],
    });
  }
  const organizationId = input.organization_id ?? principal.apiKey?.organizationId ?? null;
  if (organizationId && !(await findMembership(ctx.db, organizationId, principal.user.id))) {
    throw badRequest('organization_id must be an organization you belong to', {
      errors: [{ field: 'body.organization_id', message: 'not one of your organizations' }],
    });
  }
  const key = generateApiKey();
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertApiKey(tx, {
      userId: principal.user.id,
      organizationId,
      name: input.name,
      prefix: displayPrefix(key),
      keyHash: hashSecret(ctx.config.secretKey, key),
      expiresAt,
    });
    await recordAudit(tx, {
      organizationId,
      action: 'api_key.create',
      resourceType: 'api_key',
      resourceId: inserted.id,
      changes: {
        name: inserted.name,
        prefix: inserted.prefix,
        organization_id: organizationId,
        expires_at: expiresAt,
      },
    });
    return inserted;
  });
  return { row, key };
}

export async function listApiKeys(ctx: Pick<AppContext, 'db'>, principal: Principal) {
  return repo.listApiKeysOfUser(ctx.db, principal.user.id);
}

/** @throws 404 when the key does not exist or belongs to another user */
export async function getApiKey(ctx: Pick<AppContext, 'db'>, principal: Principal, id: string) {
  const row = await repo.findApiKeyOfUser(ctx.db, principal.user.id, id);
  if (!row) throw notFound('API key');
  return row;
}

/** DELETE /api-keys/{id}: marks the key REVOKED, irreversibly (spec §3). Revoking twice is a no-op. */
export async function revokeApiKey(
  ctx: Pick<AppContext, 'database' | 'db'>,
  principal: Principal,
  id: string,
) {
  const key = await getApiKey(ctx, principal, id);
  await ctx.db.transaction(async (tx) => {
    await repo.revokeApiKey(tx, id);
    await recordAudit(tx, {
      organizationId: key.organizationId,
      action: 'api_key.revoke',
      resourceType: 'api_key',
      resourceId: id,
      changes: { status: { from: key.status, to: 'REVOKED' }, name: key.name, prefix: key.prefix },
    });
  });
  await propagateAuthChange(ctx.database);
}

/** Issues a key for a user outside a request (the bootstrap CLI). */
export async function issueApiKeyForUser(
  ctx: Pick<AppContext, 'config' | 'db'>,
  userId: string,
  name: string,
) {
  const key = generateApiKey();
  const row = await repo.insertApiKey(ctx.db, {
    userId,
    organizationId: null,
    name,
    prefix: displayPrefix(key),
    keyHash: hashSecret(ctx.config.secretKey, key),
    expiresAt: null,
  });
  return { row, key };
}

/**
 * The API key that `serve --bootstrap-admin` printed before, when `file` still holds an ACTIVE,
 * unexpired key of this user; otherwise a new key named `name`, saved to `file` (mode 0600, beside
 * the server secret; the directory is made if missing) after the user's earlier keys of that name are revoked. So restarts print
 * one key that stays valid instead of piling up keys.
 *
 * @returns the plaintext key and whether it was reused
 */
export async function reuseOrIssueApiKey(
  ctx: Pick<AppContext, 'config' | 'db'>,
  userId: string,
  name: string,
  file: string,
): Promise<{ key: string; reused: boolean }> {
  let saved: { user_id?: string; key?: string } = {};
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as typeof saved;
  } catch {
    // none saved yet, or unreadable: issue a new one
  }
  if (saved.user_id === userId && saved.key && isWellFormedApiKey(saved.key)) {
    const row = await repo.findApiKeyByHash(ctx.db, hashSecret(ctx.config.secretKey, saved.key));
    if (row?.userId === userId && row.status === 'ACTIVE' && (!row.expiresAt || row.expiresAt > new Date())) {
      return { key: saved.key, reused: true };
    }
  }
  for (const old of await repo.listApiKeysOfUser(ctx.db, userId)) {
    if (old.name === name) await repo.revokeApiKey(ctx.db, old.id);
  }
  const { key } = await issueApiKeyForUser(ctx, userId, name);
  // With SERVICE_DATABASE_URL and SERVICE_SECRET_KEY set nothing else makes the data directory.
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify({ user_id: userId, key }), { mode: 0o600 });
  return { key, reused: false };
}
