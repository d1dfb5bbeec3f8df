/**
 * The local OAuth development provider: a real OAuth 2.0 authorization server (RFC 6749
 * authorization code with RFC 7636 PKCE and refresh tokens, @node-oauth/oauth2-server) and a file
 * API over a folder of this machine, so connect → callback → sync → reconnect can be tried without
 * registering an app with Google, Microsoft or Dropbox. It listens on 127.0.0.1 only, approves
 * every authorization request as one local user (there is no login page), and keeps its tokens in
 * memory: after a restart the service's refresh is refused and the connection asks to reconnect,
 * as with a real provider whose user revoked the app.
 *
 * The files API is the generic provider's (src/sources/oauth.ts): `GET /api/files?cursor=` →
 * `{files: [{id, name, folder, mime_type}], next_cursor, has_more}` (pages of 50, sorted by path),
 * `GET /api/files/{id}/content`. Ids are the base64url of the path relative to the folder.
 * `POST /revoke` forgets every token, as a user removing the app at a real provider does.
 *
 * Enabled by SERVICE_OAUTH_DEV_PROVIDER (on by default under `serve --demo`); never for production.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import OAuth2Server from '@node-oauth/oauth2-server';
import { fileApiProvider, type ProviderDef } from './oauth.js';

export const DEV_PROVIDER_ID = 'local_dev';
const PAGE_SIZE = 50;
const CALLBACK_PATH = '/api/v1/sources/connect/callback';

const MIME_BY_EXTENSION: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.md': 'text/markdown',
  '.txt': 'text/plain',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.eml': 'message/rfc822',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.json': 'application/json',
  '.csv': 'text/csv',
  '.xml': 'application/xml',
};

export interface DevProvider {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The provider definition the service registers (id `local_dev`). */
  provider: ProviderDef;
  /** Number of files the API serves. */
  files: number;
  /** Forgets every token (as a restart does): the next refresh is refused. */
  revokeAll(): void;
  close(): Promise<void>;
}

interface LocalFile {
  id: string;
  name: string;
  folder: string;
  absolute: string;
  mime: string;
}

/** Every regular file under `root` (hidden entries skipped), sorted by relative path. */
async function listFiles(root: string): Promise<LocalFile[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => {
      const absolute = path.join(e.parentPath, e.name);
      const relative = path.relative(root, absolute);
      const dir = path.dirname(relative);
      return {
        id: Buffer.from(relative).toString('base64url'),
        name: e.name,
        folder: dir === '.' ? '/' : `/${dir.split(path.sep).join('/')}`,
        absolute,
        mime: MIME_BY_EXTENSION[path.extname(e.name).toLowerCase()] ?? 'application/octet-stream',
      };
    })
    .filter((f) => !f.absolute.split(path.sep).some((part) => part.startsWith('.')))
    .sort((a, b) => (a.absolute < b.absolute ? -1 : 1));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A redirect URI of the service's callback endpoint; nothing else is accepted. */
function isServiceCallback(uri: string): boolean {
  try {
    const u = new URL(uri);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.pathname === CALLBACK_PATH && !u.search;
  } catch {
    return false;
  }
}

type Rec = Record<string, unknown>;

/** What the provider's OAuth model and request handler share, for one start. */
interface DevProviderState {
  files: LocalFile[];
  byId: Map<string, LocalFile>;
  clientId: string;
  clientSecret: string;
  /** Authorization codes, access tokens and refresh tokens issued, by their value. */
  codes: Map<string, Rec>;
  access: Map<string, Rec>;
  refresh: Map<string, Rec>;
  /** The redirect URIs seen at /authorize (each a service callback). */
  redirectUris: Set<string>;
}

/**
 * Starts the development provider on 127.0.0.1:`port` (0 = a free port) serving `filesDir`.
 *
 * @throws when `filesDir` cannot be read or the port is taken
 */
export async function startDevProvider(opts: { filesDir: string; port: number }): Promise<DevProvider> {
  const files = await listFiles(opts.filesDir);
  const state: DevProviderState = {
    files,
    byId: new Map(files.map((f) => [f.id, f])),
    clientId: 'local-dev-client',
    // A fresh secret per start: the client is this process, which learns it here.
    clientSecret: randomBytes(24).toString('base64url'),
    codes: new Map(),
    access: new Map(),
    refresh: new Map(),
    redirectUris: new Set(),
  };
  const { access, refresh, clientId, clientSecret } = state;
  const oauth = new OAuth2Server({ model: oauthModel(state) as never, allowEmptyState: false });

  const server: Server = createServer((req, res) => {
    handleRequest(state, oauth, req, res).catch((err: { code?: number; name?: string; message?: string }) => {
      if (res.headersSent) return res.destroy();
      res.writeHead(err.code && err.code >= 400 && err.code < 600 ? err.code : 500, {
        'content-type': 'application/json',
      });
      res.end(JSON.stringify({ error: err.name ?? 'server_error', error_description: err.message }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    files: files.length,
    provider: fileApiProvider({
      id: DEV_PROVIDER_ID,
      name: `Local development provider (${path.basename(opts.filesDir)})`,
      authorizationUrl: `${url}/authorize`,
      tokenUrl: `${url}/token`,
      apiBase: `${url}/api`,
      scopes: ['files.read'],
      clientId,
      clientSecret,
    }),
    revokeAll: () => {
      access.clear();
      refresh.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The oauth2-server model over `state`: one client, one user, tokens kept in memory. */
function oauthModel(state: DevProviderState) {
  const { clientId, clientSecret, codes, access, refresh, redirectUris } = state;
  const grants = ['authorization_code', 'refresh_token'];
  return {
    getClient: async (id: string, secret: string | null) =>
      id === clientId && (secret === null || secret === clientSecret)
        ? { id: clientId, grants, redirectUris: [...redirectUris] }
        : false,
    saveAuthorizationCode: async (code: Rec, client: Rec, u: Rec) => {
      const stored = { ...code, client, user: u };
      codes.set(String(code.authorizationCode), stored);
      return stored;
    },
    getAuthorizationCode: async (code: string) => codes.get(code) ?? false,
    revokeAuthorizationCode: async (code: Rec) => codes.delete(String(code.authorizationCode)),
    saveToken: async (token: Rec, client: Rec, u: Rec) => {
      const stored = { ...token, client, user: u };
      access.set(String(token.accessToken), stored);
      if (token.refreshToken) refresh.set(String(token.refreshToken), stored);
      return stored;
    },
    getAccessToken: async (token: string) => access.get(token) ?? false,
    getRefreshToken: async (token: string) => refresh.get(token) ?? false,
    revokeToken: async (token: Rec) => refresh.delete(String(token.refreshToken)),
    validateScope: async (_u: Rec, _c: Rec, scope?: string[]) => scope ?? ['files.read'],
    verifyScope: async () => true,
  };
}

/** The oauth2-server request of `req` with its parsed query and body. */
const oauthRequest = (req: IncomingMessage, query: Rec, body: Rec = {}) =>
  new OAuth2Server.Request({ method: req.method, headers: req.headers, query, body } as never);

/** The one user who authorizes every request. */
const DEV_USER = { id: 'local-user' };

/** Answers one request: /authorize, /revoke, /token, then the file API for a valid access token. */
async function handleRequest(
  state: DevProviderState,
  oauth: OAuth2Server,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const query = Object.fromEntries(url.searchParams);
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/authorize' && req.method === 'GET') {
    const redirectUri = String(query.redirect_uri ?? '');
    if (!isServiceCallback(redirectUri)) {
      return send(400, {
        error: 'invalid_request',
        error_description: `redirect_uri must be the service's ${CALLBACK_PATH}`,
      });
    }
    state.redirectUris.add(redirectUri);
    const ores = new OAuth2Server.Response({} as never);
    await oauth.authorize(oauthRequest(req, query), ores, {
      authenticateHandler: { handle: () => DEV_USER },
    } as never);
    res.writeHead(302, { location: String(ores.headers?.location) });
    return void res.end();
  }
  // What a user's "remove this app" at a real provider does: every token dies, so the
  // service's next refresh is refused and the connection asks to reconnect (for trying
  // reconnect from the console; the provider listens on 127.0.0.1 only).
  if (url.pathname === '/revoke' && req.method === 'POST') {
    state.access.clear();
    state.refresh.clear();
    res.writeHead(204);
    return void res.end();
  }
  if (url.pathname === '/token' && req.method === 'POST') {
    const body = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const ores = new OAuth2Server.Response({} as never);
    await oauth.token(oauthRequest(req, query, body), ores);
    return send(200, ores.body);
  }
  try {
    await oauth.authenticate(oauthRequest(req, query), new OAuth2Server.Response({} as never));
  } catch {
    return send(401, { error: 'invalid_token' });
  }
  if (url.pathname === '/api/files' && req.method === 'GET') {
    const { files } = state;
    const start = Math.max(0, Number.parseInt(String(query.cursor ?? '0'), 10) || 0);
    const page = files.slice(start, start + PAGE_SIZE);
    const next = start + page.length;
    return send(200, {
      files: page.map((f) => ({ id: f.id, name: f.name, folder: f.folder, mime_type: f.mime })),
      next_cursor: String(next),
      has_more: next < files.length,
    });
  }
  const m = /^\/api\/files\/([^/]+)\/content$/.exec(url.pathname);
  const file = m?.[1] ? state.byId.get(m[1]) : undefined;
  if (file && req.method === 'GET') {
    const content = await readFile(file.absolute);
    res.writeHead(200, {
      'content-type': file.mime,
      etag: `"${createHash('sha256').update(content).digest('hex').slice(0, 32)}"`,
    });
    return void res.end(content);
  }
  return send(404, { error: 'not_found' });
}
