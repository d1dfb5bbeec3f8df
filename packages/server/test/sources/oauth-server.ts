import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OAuth2Server from '@node-oauth/oauth2-server';

/** The test's own OAuth 2.0 authorization server (RFC 6749 + PKCE, @node-oauth/oauth2-server) and file API. */
export interface TestOAuthServer {
  url: string;
  clientId: string;
  clientSecret: string;
  /** grant_type counts seen at the token endpoint */
  grants: Record<string, number>;
  files: { id: string; name: string; folder: string; content: string }[];
  accessTokens: () => string[];
  /** Invalidates every access and refresh token (the user revoked the app). */
  revokeAll: () => void;
  close: () => Promise<void>;
}

type Rec = Record<string, unknown>;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Starts the server on a free port. `accessTokenLifetime` seconds is short so that the service
 * refreshes before expiry.
 */
export async function startOAuthServer(
  opts: { accessTokenLifetime?: number } = {},
): Promise<TestOAuthServer> {
  const codes = new Map<string, Rec>();
  const access = new Map<string, Rec>();
  const refresh = new Map<string, Rec>();
  const clientId = 'test-client';
  const clientSecret = 'test-client-secret';
  const user = { id: 'user-1' };
  let redirectUris: string[] = [];
  const client = () => ({ id: clientId, grants: ['authorization_code', 'refresh_token'], redirectUris });
  const model = {
    getClient: async (id: string, secret: string | null) =>
      id === clientId && (secret === null || secret === clientSecret) ? client() : false,
    saveAuthorizationCode: async (code: Rec, c: Rec, u: Rec) => {
      const stored = { ...code, client: c, user: u };
      codes.set(String(code.authorizationCode), stored);
      return stored;
    },
    getAuthorizationCode: async (code: string) => codes.get(code) ?? false,
    revokeAuthorizationCode: async (code: Rec) => codes.delete(String(code.authorizationCode)),
    saveToken: async (token: Rec, c: Rec, u: Rec) => {
      const stored = { ...token, client: c, user: u };
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
  const oauth = new OAuth2Server({
    model: model as never,
    accessTokenLifetime: opts.accessTokenLifetime ?? 3600,
    allowEmptyState: false,
  });
  const grants: Record<string, number> = {};
  const files = [
    { id: 'f1', name: 'msa.txt', folder: '/Contracts', content: `Master services agreement ${Date.now()}` },
    { id: 'f2', name: 'nda.txt', folder: '/Contracts', content: `Mutual NDA ${Date.now()}` },
    { id: 'f3', name: 'invoice.txt', folder: '/Finance', content: `Invoice 42 ${Date.now()}` },
  ];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const query = Object.fromEntries(url.searchParams);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      const oreq = (body: Rec = {}) =>
        new OAuth2Server.Request({ method: req.method, headers: req.headers, query, body } as never);
      try {
        if (url.pathname === '/authorize') {
          redirectUris = [String(query.redirect_uri)];
          const ores = new OAuth2Server.Response({} as never);
          await oauth.authorize(oreq(), ores, { authenticateHandler: { handle: () => user } } as never);
          res.writeHead(302, { location: String(ores.headers?.location) });
          return res.end();
        }
        if (url.pathname === '/token' && req.method === 'POST') {
          const body = Object.fromEntries(new URLSearchParams(await readBody(req)));
          grants[String(body.grant_type)] = (grants[String(body.grant_type)] ?? 0) + 1;
          const ores = new OAuth2Server.Response({} as never);
          try {
            await oauth.token(oreq(body), ores);
            return send(200, ores.body);
          } catch (err) {
            const e = err as { code?: number; name?: string; message?: string };
            return send(e.code ?? 400, { error: e.name ?? 'invalid_request', error_description: e.message });
          }
        }
        const ores = new OAuth2Server.Response({} as never);
        try {
          await oauth.authenticate(oreq(), ores);
        } catch {
          return send(401, { error: 'invalid_token' });
        }
        if (url.pathname === '/api/files') {
          // Pages of two; the cursor is the index of the next file.
          const start = Number(query.cursor ?? 0);
          const page = files.slice(start, start + 2);
          const next = start + page.length;
          return send(200, {
            files: page.map((f) => ({ id: f.id, name: f.name, folder: f.folder, mime_type: 'text/plain' })),
            next_cursor: String(next),
            has_more: next < files.length,
          });
        }
        const m = url.pathname.match(/^\/api\/files\/([^/]+)\/content$/);
        const file = m ? files.find((f) => f.id === m[1]) : undefined;
        if (file) {
          res.writeHead(200, { 'content-type': 'text/plain' });
          return res.end(file.content);
        }
        return send(404, { error: 'not_found' });
      } catch (err) {
        const e = err as { code?: number; name?: string; message?: string };
        return send(e.code ?? 500, { error: e.name ?? 'server_error', error_description: e.message });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clientId,
    clientSecret,
    grants,
    files,
    accessTokens: () => [...access.keys()],
    revokeAll: () => {
      access.clear();
      refresh.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
