/**
 * The authorization-code flow with PKCE (RFC 6749 §4.1, RFC 7636 S256) that connects or
 * reconnects an OAuth source. The `state` is single-use, valid 10 minutes, stored as its SHA-256,
 * and bound to the organization and user that started the flow; it is the only credential of the
 * public callback.
 */
import { createHash, randomBytes } from 'node:crypto';
import { recordAudit } from '../audit/service.js';
import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../http/problem.js';
import { enforceCountQuota, getQuotasOf } from '../organizations/quotas.js';
import { putSecret } from '../vault/service.js';
import { getConnection, lockAndCheckQuota, WRITE_ROLES } from './connections.js';
import { type ProviderDef, providerOrThrow } from './oauth-providers.js';
import { TokenError, type Tokens, tokenRequest } from './oauth-tokens.js';
import type { ConnectionRow } from './repository.js';
import * as repo from './repository.js';

const STATE_TTL_MS = 10 * 60_000;

const b64url = (b: Buffer) => b.toString('base64url');
const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

function callbackUrl(ctx: Pick<AppContext, 'config'>): string {
  return `${ctx.config.publicUrl}/api/v1/sources/connect/callback`;
}

/**
 * Checks a client's `redirect_uri`: a path on this service, or an absolute URL on the public
 * origin or one of `SERVICE_OAUTH_REDIRECT_ORIGINS` (comma-separated) — no open redirects.
 */
function checkRedirect(ctx: Pick<AppContext, 'config'>, uri: string | undefined): string | null {
  if (!uri) return null;
  const allowed = new Set([new URL(ctx.config.publicUrl).origin, ...ctx.config.oauth.redirectOrigins]);
  if (!allowed.has(new URL(uri).origin)) {
    const message = `must be on ${[...allowed].join(' or ')} (SERVICE_OAUTH_REDIRECT_ORIGINS)`;
    throw badRequest(`Invalid request: body.redirect_uri: ${message}`, {
      errors: [{ field: 'body.redirect_uri', message }],
    });
  }
  return uri;
}

async function startFlow(
  ctx: Pick<AppContext, 'config' | 'db'>,
  principal: Principal,
  tenant: Tenant,
  provider: ProviderDef,
  opts: { name?: string | undefined; redirectUri: string | null; connectionId: string | null },
) {
  const state = b64url(randomBytes(32));
  const verifier = b64url(randomBytes(32));
  const challenge = b64url(createHash('sha256').update(verifier).digest());
  await repo.purgeOAuthStates(ctx.db, new Date(Date.now() - STATE_TTL_MS));
  await repo.insertOAuthState(ctx.db, {
    stateHash: sha256Hex(state),
    organizationId: tenant.organizationId,
    userId: principal.user.id,
    provider: provider.id,
    connectionId: opts.connectionId,
    name: opts.name ?? null,
    redirectUri: opts.redirectUri,
    codeVerifier: verifier,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const url = new URL(provider.authorizationUrl);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: callbackUrl(ctx),
    scope: provider.scopes.join(' '),
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...provider.extraAuthParams,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { authorization_url: url.toString(), state };
}

/**
 * POST /sources/connect/initiate (InitiateConnectionRequest): an authorization URL with a
 * single-use state and a PKCE S256 challenge.
 *
 * @throws HttpProblem 400 naming `body.provider` (unsupported or disabled) or `body.redirect_uri`;
 *   403 (role, or quota `max_sources`)
 */
export async function initiateConnection(
  ctx: Pick<AppContext, 'config' | 'db'>,
  principal: Principal,
  tenant: Tenant,
  body: { provider: string; name?: string | undefined; redirect_uri?: string | undefined },
) {
  requireRole(principal, tenant.role, WRITE_ROLES);
  const provider = providerOrThrow(ctx, body.provider, 'body.provider');
  const redirectUri = checkRedirect(ctx, body.redirect_uri);
  const quotas = await getQuotasOf(ctx.db, tenant.organizationId);
  enforceCountQuota(
    'max_sources',
    quotas?.maxSources,
    await repo.countCountedConnections(ctx.db, tenant.organizationId),
  );
  return startFlow(ctx, principal, tenant, provider, { name: body.name, redirectUri, connectionId: null });
}

/**
 * POST /sources/{id}/reconnect: a new authorization for the same provider; the callback updates
 * this connection and, when `redirect_uri` is given, sends the browser there (with `source_id`
 * and `status`), as after an initiation.
 *
 * @throws HttpProblem 400 unless the status is REQUIRES_REAUTHORIZATION (or the provider is no
 *   longer enabled), or for a `redirect_uri` off the allowed origins; 403, 404
 */
export async function reconnect(
  ctx: Pick<AppContext, 'config' | 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
  redirectUri?: string,
) {
  requireRole(principal, tenant.role, WRITE_ROLES);
  const redirect = checkRedirect(ctx, redirectUri);
  const row = await getConnection(ctx, tenant, id);
  if (row.status !== 'REQUIRES_REAUTHORIZATION') {
    throw badRequest(`The connection's status is ${row.status}, not REQUIRES_REAUTHORIZATION`);
  }
  const provider = providerOrThrow(ctx, row.provider, 'provider');
  return startFlow(ctx, principal, tenant, provider, { redirectUri: redirect, connectionId: row.id });
}

function withQuery(uri: string, params: Record<string, string>): string {
  const u = new URL(uri);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/**
 * GET /sources/connect/callback?code&state (public; the state authenticates): consumes the state,
 * exchanges the code with the PKCE verifier, stores the tokens in the vault and creates the
 * connection (or reactivates the reconnected one).
 *
 * @returns where to redirect the browser (`redirect_uri` of the initiation with `source_id` and
 *   `status`), or the connection when the initiation named none
 * @throws HttpProblem 400 for an unknown, used or expired state, or a refused code
 */
export async function completeConnection(
  ctx: Pick<AppContext, 'config' | 'db'>,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
): Promise<{ redirect: string | null; connection: ConnectionRow | null }> {
  if (!query.state)
    throw badRequest('Missing state', { errors: [{ field: 'query.state', message: 'required' }] });
  const pending = await repo.consumeOAuthState(ctx.db, sha256Hex(query.state), new Date());
  if (!pending) {
    throw badRequest('The state is unknown, already used or expired (it is valid 10 minutes, once)', {
      errors: [{ field: 'query.state', message: 'invalid or expired' }],
    });
  }
  if (query.error || !query.code) {
    const reason = (query.error ?? 'missing code').slice(0, 100);
    return refusedAnswer(pending, reason, `The authorization was not granted: ${reason}`);
  }
  const provider = providerOrThrow(ctx, pending.provider, 'provider');
  let tokens: Tokens;
  try {
    tokens = await tokenRequest(provider, {
      grant_type: 'authorization_code',
      code: query.code,
      redirect_uri: callbackUrl(ctx),
      code_verifier: pending.codeVerifier,
    });
  } catch (err) {
    const reason = err instanceof TokenError ? err.code : 'token endpoint unreachable';
    return refusedAnswer(pending, reason, `The authorization code was refused: ${reason}`);
  }
  const connection = await storeConnection(ctx, pending, provider, tokens);
  return {
    redirect: pending.redirectUri
      ? withQuery(pending.redirectUri, { status: 'connected', source_id: connection.id })
      : null,
    connection,
  };
}

type PendingState = NonNullable<Awaited<ReturnType<typeof repo.consumeOAuthState>>>;

/**
 * The answer to a callback whose authorization failed: a redirect to the initiation's
 * `redirect_uri` with `status=error` and the `reason`, when it named one.
 *
 * @throws HttpProblem 400 with `message` otherwise
 */
function refusedAnswer(pending: PendingState, reason: string, message: string) {
  if (!pending.redirectUri) throw badRequest(message);
  return { redirect: withQuery(pending.redirectUri, { status: 'error', error: reason }), connection: null };
}

/**
 * Creates the connection of a completed flow (after the `max_sources` check) or reactivates the
 * reconnected one, stores its tokens in the vault and audits `source.connect` /
 * `source.reconnect` as the user who started the flow, in one transaction.
 *
 * @throws HttpProblem 400 when the connection to reauthorize is gone; 403 over `max_sources`
 */
async function storeConnection(
  ctx: Pick<AppContext, 'config' | 'db'>,
  pending: PendingState,
  provider: ProviderDef,
  tokens: Tokens,
): Promise<ConnectionRow> {
  return ctx.db.transaction(async (tx) => {
    let row: ConnectionRow | undefined;
    if (pending.connectionId) {
      row = await repo.updateConnection(tx, pending.connectionId, { status: 'ACTIVE', lastError: null });
    } else {
      await lockAndCheckQuota(tx, pending.organizationId);
      row = await repo.insertConnection(tx, {
        organizationId: pending.organizationId,
        name: pending.name ?? provider.name,
        provider: provider.id,
        kind: 'OAUTH',
        status: 'ACTIVE',
        createdBy: pending.userId,
      });
    }
    if (!row) throw badRequest('The connection to reauthorize no longer exists');
    await putSecret(
      ctx,
      tx,
      { organizationId: row.organizationId, connectionId: row.id, purpose: 'oauth_tokens' },
      tokens,
    );
    // The provider's redirect carries no credential: the actor is the user who started the flow.
    await recordAudit(tx, {
      organizationId: row.organizationId,
      action: pending.connectionId ? 'source.reconnect' : 'source.connect',
      resourceType: 'source',
      resourceId: row.id,
      changes: { name: row.name, kind: row.kind, provider: row.provider, status: row.status },
      actor: { type: 'USER', userId: pending.userId },
    });
    return row;
  });
}
