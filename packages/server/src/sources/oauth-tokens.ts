/**
 * OAuth tokens of a connection (RFC 6749 §6): the token endpoint call, the API client that adds
 * the bearer token and refreshes it, and the move to REQUIRES_REAUTHORIZATION when the provider
 * refuses. Tokens go to the vault (purpose `oauth_tokens`), never to the API, logs or events.
 */
import type { AppContext } from '../context.js';
import { emitEvent } from '../events/outbox.js';
import { putSecret } from '../vault/service.js';
import type { ApiFetch, ProviderDef } from './oauth-providers.js';
import type { ConnectionRow } from './repository.js';
import * as repo from './repository.js';

/** Stored tokens (vault purpose `oauth_tokens`). */
export interface Tokens {
  access_token: string;
  refresh_token?: string | undefined;
  token_type?: string | undefined;
  scope?: string | undefined;
  /** epoch milliseconds */
  expires_at?: number | undefined;
}

/** A token endpoint refusal (RFC 6749 §5.2); `invalid_grant` means the grant is dead. */
export class TokenError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`the token endpoint refused the request (HTTP ${status}, ${code})`);
  }
}

export async function tokenRequest(provider: ProviderDef, params: Record<string, string>): Promise<Tokens> {
  const res = await fetch(provider.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      ...params,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    }),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof body.access_token !== 'string') {
    throw new TokenError(res.status, typeof body.error === 'string' ? body.error : 'invalid_response');
  }
  return {
    access_token: body.access_token,
    refresh_token: typeof body.refresh_token === 'string' ? body.refresh_token : params.refresh_token,
    token_type: typeof body.token_type === 'string' ? body.token_type : 'Bearer',
    scope: typeof body.scope === 'string' ? body.scope : undefined,
    expires_at: typeof body.expires_in === 'number' ? Date.now() + body.expires_in * 1000 : undefined,
  };
}

/** Moves a connection to REQUIRES_REAUTHORIZATION and emits `source.requires_reauthorization`. */
export async function requireReauthorization(
  ctx: Pick<AppContext, 'db'>,
  conn: ConnectionRow,
  reason: string,
) {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.updateConnection(tx, conn.id, {
      status: 'REQUIRES_REAUTHORIZATION',
      lastError: reason,
    });
    if (!row) return;
    await emitEvent(tx, {
      organizationId: conn.organizationId,
      type: 'source.requires_reauthorization',
      data: { source_id: conn.id, provider: conn.provider, reason },
    });
  });
}

/**
 * An API client for one connection: adds the bearer token, refreshes it shortly before it
 * expires (or once after a 401) and saves the new tokens in the vault.
 */
export function apiClient(
  ctx: Pick<AppContext, 'config' | 'db'>,
  conn: ConnectionRow,
  provider: ProviderDef,
  initial: Tokens,
) {
  let tokens = initial;
  const binding = {
    organizationId: conn.organizationId,
    connectionId: conn.id,
    purpose: 'oauth_tokens' as const,
  };
  const refresh = async () => {
    if (!tokens.refresh_token) throw new TokenError(401, 'no_refresh_token');
    tokens = await tokenRequest(provider, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    await putSecret(ctx, ctx.db, binding, tokens);
  };
  const api: ApiFetch = async (url, init = {}) => {
    if (tokens.expires_at !== undefined && tokens.expires_at - 60_000 < Date.now()) await refresh();
    const call = () =>
      fetch(url, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          authorization: `Bearer ${tokens.access_token}`,
        },
      });
    let res = await call();
    if (res.status === 401) {
      await res.body?.cancel();
      await refresh();
      res = await call();
      if (res.status === 401) throw new TokenError(401, 'access_token_rejected');
    }
    return res;
  };
  return api;
}
