/**
 * OAuth-connected sources: the provider registry, the authorization-code flow with PKCE
 * (RFC 6749 §4.1, RFC 7636 S256), token refresh (RFC 6749 §6) and the providers' file listings.
 *
 * A provider is enabled when `SERVICE_OAUTH_<PROVIDER>_CLIENT_ID` and `_CLIENT_SECRET` are set
 * (GOOGLE_DRIVE, MICROSOFT_ONEDRIVE, DROPBOX). The generic provider (`generic`) is configured
 * entirely by settings (`SERVICE_OAUTH_GENERIC_AUTHORIZATION_URL`, `_TOKEN_URL`, `_API_BASE`,
 * `_SCOPES`, `_NAME`) and speaks a small files API: `GET {api}/files?cursor=` →
 * `{files: [{id, name, folder?, mime_type?}], next_cursor, has_more}` and
 * `GET {api}/files/{id}/content`.
 *
 * The `state` is single-use, valid 10 minutes, stored as its SHA-256, and bound to the
 * organization and user that started the flow; it is the only credential of the public callback.
 * Tokens go to the vault (purpose `oauth_tokens`), never to the API, logs or events.
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { recordAudit } from '../audit/service.js';
import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import { emitEvent } from '../events/outbox.js';
import { badRequest } from '../http/problem.js';
import { enforceCountQuota, getQuotasOf } from '../organizations/quotas.js';
import { getSecret, putSecret } from '../vault/service.js';
import type { ConnectionRow } from './repository.js';
import * as repo from './repository.js';
import { getConnection, lockAndCheckQuota, WRITE_ROLES } from './service.js';
import type { GenericOAuthProvider, OAuthSettings } from './settings.js';
import type { ItemHandler } from './sync.js';

const STATE_TTL_MS = 10 * 60_000;

/** A file a provider lists. */
interface RemoteFile {
  id: string;
  name: string;
  folder: string | null;
  mime?: string | undefined;
  download: () => Promise<Buffer>;
}

/** One page of a listing: its files and the cursor of the next page. */
interface ListPage {
  files: RemoteFile[];
  nextCursor: string | null;
  /** The cursor to save once this page is done when there is no next page (a delta link). */
  resumeCursor?: string | null;
}

type ApiFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** A provider definition: endpoints, scopes and how to list and download files. */
export interface ProviderDef {
  id: string;
  name: string;
  authorizationUrl: string;
  tokenUrl: string;
  scopes: string[];
  extraAuthParams: Record<string, string>;
  clientId: string;
  clientSecret: string;
  list: (api: ApiFetch, cursor: string | null) => Promise<ListPage>;
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new ProviderHttpError(res.status, `${what} answered HTTP ${res.status}`);
  return (await res.json()) as T;
}

async function bytes(res: Response, what: string): Promise<Buffer> {
  if (!res.ok) throw new ProviderHttpError(res.status, `${what} answered HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** An HTTP failure of a provider API; a 401 means the access token is no longer accepted. */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const GOOGLE_EXPORTS: Record<string, string> = {
  'application/vnd.google-apps.document':
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.google-apps.spreadsheet': 'application/pdf',
  'application/vnd.google-apps.presentation': 'application/pdf',
};

/** Google Drive v3 (files.list, files.get alt=media, files.export for native documents). */
function googleDrive(clientId: string, clientSecret: string): ProviderDef {
  const base = 'https://www.googleapis.com/drive/v3';
  return {
    id: 'google_drive',
    name: 'Google Drive',
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    scopes: ['https://www.googleapis.com/auth/drive.readonly'],
    extraAuthParams: { access_type: 'offline', prompt: 'consent' },
    clientId,
    clientSecret,
    list: async (api, cursor) => {
      const q = new URLSearchParams({
        pageSize: '100',
        q: "trashed = false and mimeType != 'application/vnd.google-apps.folder'",
        fields: 'nextPageToken, files(id, name, mimeType, parents)',
        orderBy: 'createdTime',
      });
      if (cursor) q.set('pageToken', cursor);
      const page = await json<{
        nextPageToken?: string;
        files: { id: string; name: string; mimeType: string }[];
      }>(await api(`${base}/files?${q}`), 'Google Drive files.list');
      return {
        nextCursor: page.nextPageToken ?? null,
        files: page.files.map((f) => {
          const exportAs = GOOGLE_EXPORTS[f.mimeType];
          return {
            id: f.id,
            name: exportAs?.includes('wordprocessing')
              ? `${f.name}.docx`
              : exportAs
                ? `${f.name}.pdf`
                : f.name,
            folder: null,
            mime: exportAs ?? f.mimeType,
            download: async () =>
              bytes(
                await api(
                  exportAs
                    ? `${base}/files/${encodeURIComponent(f.id)}/export?mimeType=${encodeURIComponent(exportAs)}`
                    : `${base}/files/${encodeURIComponent(f.id)}?alt=media`,
                ),
                'Google Drive download',
              ),
          };
        }),
      };
    },
  };
}

/** Microsoft Graph OneDrive / SharePoint drive (driveItem delta, /content). */
function microsoftOneDrive(clientId: string, clientSecret: string): ProviderDef {
  return {
    id: 'microsoft_onedrive',
    name: 'Microsoft OneDrive / SharePoint',
    authorizationUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    scopes: ['offline_access', 'Files.Read.All', 'Sites.Read.All'],
    extraAuthParams: {},
    clientId,
    clientSecret,
    list: async (api, cursor) => {
      const url = cursor ?? 'https://graph.microsoft.com/v1.0/me/drive/root/delta';
      const page = await json<{
        value: {
          id: string;
          name: string;
          file?: { mimeType?: string };
          deleted?: unknown;
          parentReference?: { path?: string };
        }[];
        '@odata.nextLink'?: string;
        '@odata.deltaLink'?: string;
      }>(await api(url), 'Microsoft Graph delta');
      return {
        nextCursor: page['@odata.nextLink'] ?? null,
        resumeCursor: page['@odata.deltaLink'] ?? null,
        files: page.value
          .filter((i) => i.file && !i.deleted)
          .map((i) => ({
            id: i.id,
            name: i.name,
            folder: i.parentReference?.path?.replace(/^\/drive\/root:?/, '') || '/',
            mime: i.file?.mimeType,
            download: async () =>
              bytes(
                await api(
                  `https://graph.microsoft.com/v1.0/me/drive/items/${encodeURIComponent(i.id)}/content`,
                ),
                'Microsoft Graph download',
              ),
          })),
      };
    },
  };
}

/** Dropbox API v2 (files/list_folder recursive, list_folder/continue, files/download). */
function dropbox(clientId: string, clientSecret: string): ProviderDef {
  return {
    id: 'dropbox',
    name: 'Dropbox',
    authorizationUrl: 'https://www.dropbox.com/oauth2/authorize',
    tokenUrl: 'https://api.dropboxapi.com/oauth2/token',
    scopes: ['files.metadata.read', 'files.content.read'],
    extraAuthParams: { token_access_type: 'offline' },
    clientId,
    clientSecret,
    list: async (api, cursor) => {
      const res = cursor
        ? await api('https://api.dropboxapi.com/2/files/list_folder/continue', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ cursor }),
          })
        : await api('https://api.dropboxapi.com/2/files/list_folder', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ path: '', recursive: true, limit: 500 }),
          });
      const page = await json<{
        entries: { '.tag': string; id: string; name: string; path_display?: string }[];
        cursor: string;
        has_more: boolean;
      }>(res, 'Dropbox list_folder');
      return {
        nextCursor: page.has_more ? page.cursor : null,
        resumeCursor: page.cursor,
        files: page.entries
          .filter((e) => e['.tag'] === 'file')
          .map((e) => ({
            id: e.id,
            name: e.name,
            folder: e.path_display ? path.posix.dirname(e.path_display) : null,
            download: async () =>
              bytes(
                await api('https://content.dropboxapi.com/2/files/download', {
                  method: 'POST',
                  headers: { 'Dropbox-API-Arg': JSON.stringify({ path: e.id }) },
                }),
                'Dropbox download',
              ),
          })),
      };
    },
  };
}

/** The generic provider, configured by settings (used by tests and simple file APIs). */
function generic(def: GenericOAuthProvider): ProviderDef {
  return fileApiProvider({ id: 'generic', ...def });
}

/**
 * A provider speaking the small files API of the module comment (`GET {apiBase}/files?cursor=`,
 * `GET {apiBase}/files/{id}/content`): the generic provider and the local development provider.
 */
export function fileApiProvider(def: {
  id: string;
  name: string;
  authorizationUrl: string;
  tokenUrl: string;
  apiBase: string;
  scopes: string[];
  clientId: string;
  clientSecret: string;
}): ProviderDef {
  const { apiBase, ...rest } = def;
  return {
    ...rest,
    extraAuthParams: {},
    list: async (api, cursor) => {
      const page = await json<{
        files: { id: string; name: string; folder?: string | null; mime_type?: string }[];
        next_cursor?: string | null;
        has_more?: boolean;
      }>(
        await api(`${apiBase}/files${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`),
        'file API listing',
      );
      return {
        nextCursor: page.has_more ? (page.next_cursor ?? null) : null,
        resumeCursor: page.next_cursor ?? null,
        files: page.files.map((f) => ({
          id: f.id,
          name: f.name,
          folder: f.folder ?? null,
          mime: f.mime_type,
          download: async () =>
            bytes(await api(`${apiBase}/files/${encodeURIComponent(f.id)}/content`), 'file API download'),
        })),
      };
    },
  };
}

/** Providers a running process adds itself (the local development provider, src/sources/dev-provider.ts). */
const processProviders = new Map<string, ProviderDef>();

/** Enables a provider started by this process until the returned function is called. */
export function registerProvider(def: ProviderDef): () => void {
  processProviders.set(def.id, def);
  return () => {
    if (processProviders.get(def.id) === def) processProviders.delete(def.id);
  };
}

/** The enabled OAuth providers: those this process started, and those of the settings (`config.oauth`). */
export function enabledProviders(settings: OAuthSettings): ProviderDef[] {
  const out: ProviderDef[] = [...processProviders.values()];
  const { googleDrive: g, microsoftOneDrive: m, dropbox: d, generic: x } = settings;
  if (g) out.push(googleDrive(g.clientId, g.clientSecret));
  if (m) out.push(microsoftOneDrive(m.clientId, m.clientSecret));
  if (d) out.push(dropbox(d.clientId, d.clientSecret));
  if (x) out.push(generic(x));
  return out;
}

/** GET /sources/providers: every enabled provider, and the built-in kinds. */
export function listProviders(ctx: AppContext) {
  return [
    ...enabledProviders(ctx.config.oauth).map((p) => ({
      provider: p.id,
      name: p.name,
      kind: 'OAUTH' as const,
      scopes: p.scopes,
    })),
    { provider: 'manual_upload', name: 'Manual upload', kind: 'MANUAL_UPLOAD' as const, scopes: [] },
    { provider: 'email_forwarding', name: 'Email forwarding', kind: 'EMAIL_FORWARDING' as const, scopes: [] },
  ];
}

function providerOrThrow(ctx: AppContext, id: string, field: string): ProviderDef {
  const providers = enabledProviders(ctx.config.oauth);
  const p = providers.find((x) => x.id === id);
  if (!p) {
    const enabled = providers.map((x) => x.id);
    const message = `unsupported or disabled provider; enabled: ${enabled.length ? enabled.join(', ') : 'none'}`;
    throw badRequest(`Invalid request: ${field}: ${message}`, { errors: [{ field, message }] });
  }
  return p;
}

const b64url = (b: Buffer) => b.toString('base64url');
const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

function callbackUrl(ctx: AppContext): string {
  return `${ctx.config.publicUrl}/api/v1/sources/connect/callback`;
}

/**
 * Checks a client's `redirect_uri`: a path on this service, or an absolute URL on the public
 * origin or one of `SERVICE_OAUTH_REDIRECT_ORIGINS` (comma-separated) — no open redirects.
 */
function checkRedirect(ctx: AppContext, uri: string | undefined): string | null {
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
  ctx: AppContext,
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
  ctx: AppContext,
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
  ctx: AppContext,
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

/** Stored tokens (vault purpose `oauth_tokens`). */
interface Tokens {
  access_token: string;
  refresh_token?: string | undefined;
  token_type?: string | undefined;
  scope?: string | undefined;
  /** epoch milliseconds */
  expires_at?: number | undefined;
}

/** A token endpoint refusal (RFC 6749 §5.2); `invalid_grant` means the grant is dead. */
class TokenError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`the token endpoint refused the request (HTTP ${status}, ${code})`);
  }
}

async function tokenRequest(provider: ProviderDef, params: Record<string, string>): Promise<Tokens> {
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
  ctx: AppContext,
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
    if (pending.redirectUri)
      return {
        redirect: withQuery(pending.redirectUri, { status: 'error', error: reason }),
        connection: null,
      };
    throw badRequest(`The authorization was not granted: ${reason}`);
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
    if (pending.redirectUri)
      return {
        redirect: withQuery(pending.redirectUri, { status: 'error', error: reason }),
        connection: null,
      };
    throw badRequest(`The authorization code was refused: ${reason}`);
  }
  const connection = await ctx.db.transaction(async (tx) => {
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
  return {
    redirect: pending.redirectUri
      ? withQuery(pending.redirectUri, { status: 'connected', source_id: connection.id })
      : null,
    connection,
  };
}

/** Moves a connection to REQUIRES_REAUTHORIZATION and emits `source.requires_reauthorization`. */
async function requireReauthorization(ctx: AppContext, conn: ConnectionRow, reason: string) {
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
function apiClient(ctx: AppContext, conn: ConnectionRow, provider: ProviderDef, initial: Tokens) {
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

/**
 * Runs an OAuth connection's listing: pages from the saved cursor, downloads each file not yet
 * done on the current page and hands it to `handle` with the state that covers it.
 *
 * @returns `REQUIRES_REAUTHORIZATION` when the provider refused the refresh token (the connection
 *   is moved there and the event emitted), else `OK`
 */
export async function runOAuthFetch(
  ctx: AppContext,
  conn: ConnectionRow,
  signal: AbortSignal,
  handle: ItemHandler,
): Promise<'OK' | 'REQUIRES_REAUTHORIZATION'> {
  const provider = providerOrThrow(ctx, conn.provider, 'provider');
  const tokens = (await getSecret(ctx, {
    organizationId: conn.organizationId,
    connectionId: conn.id,
    purpose: 'oauth_tokens',
  })) as Tokens | undefined;
  if (!tokens) {
    await requireReauthorization(ctx, conn, 'no stored authorization');
    return 'REQUIRES_REAUTHORIZATION';
  }
  const api = apiClient(ctx, conn, provider, tokens);
  const fresh = await repo.findConnectionById(ctx.db, conn.id);
  const saved = (fresh?.state ?? {}) as { cursor?: string | null; done?: string[] };
  let cursor = saved.cursor ?? null;
  let done = new Set(saved.done ?? []);
  try {
    for (;;) {
      if (signal.aborted) return 'OK';
      const page = await provider.list(api, cursor);
      for (const file of page.files) {
        if (signal.aborted) return 'OK';
        if (done.has(file.id)) continue;
        const data = await file.download();
        done.add(file.id);
        await handle(
          {
            bytes: data,
            filename: file.name,
            mime: file.mime,
            metadata: {
              provider: provider.id,
              remote_id: file.id,
              ...(file.folder ? { folder: file.folder } : {}),
            },
          },
          { cursor, done: [...done] },
        );
      }
      const next = page.nextCursor ?? page.resumeCursor ?? cursor;
      if (next !== cursor || page.nextCursor === null) {
        // The page is finished: the next run starts after it.
        cursor = next;
        done = new Set();
        const saved = await repo.saveState(ctx.db, conn.id, { cursor, done: [] });
        if (!saved) return 'OK';
      }
      if (!page.nextCursor) return 'OK';
    }
  } catch (err) {
    if (
      err instanceof TokenError &&
      (err.code === 'invalid_grant' || err.status === 401 || err.code === 'no_refresh_token')
    ) {
      await requireReauthorization(ctx, conn, `authorization refused by ${provider.name} (${err.code})`);
      return 'REQUIRES_REAUTHORIZATION';
    }
    throw err;
  }
}
