import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are credentials (invitation and OAuth tokens, codes, keys). */
const SECRET_PARAM = /token|secret|password|^code$|^key$|^api_key$/i;
/** Path segments after `/invitations/` that are routes, not tokens. */
const INVITATION_ROUTES =
  /^(?:me|organization)$|^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The request URL as the access log may show it: the invitation token of `/invitations/{token}`
 * (the page and `GET /api/v1/invitations/{token}`) and the values of credential-like query
 * parameters (`token`, `access_token`, `code`, …) are replaced by `[REDACTED]`. Invitation ids
 * (UUIDs) and the `me` / `organization` routes are kept.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const redactedPath = path.replace(/(\/invitations\/)([^/]+)/, (all, prefix: string, segment: string) =>
    INVITATION_ROUTES.test(segment) ? all : `${prefix}[REDACTED]`,
  );
  if (q < 0) return redactedPath;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeName(eq < 0 ? pair : pair.slice(0, eq));
      return eq >= 0 && SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[REDACTED]` : pair;
    })
    .join('&');
  return `${redactedPath}?${query}`;
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * pino serializer of `req` for Fastify's access log: Fastify's default fields with the URL
 * passed through {@link redactUrl}, so tokens never reach the log.
 */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
