import http from 'node:http';
import https from 'node:https';
import { PluginError, type ServiceHandler } from '../engine/runtime-protocol.js';
import {
  AddressRefusedError,
  addressRange,
  guardedLookup,
  hostOf,
  isPublicAddress,
} from './address-policy.js';

/**
 * The host-side egress of plugin runtimes: plugins run without network (docs/security.md), so a
 * SourcePlugin's `http_request` (service_sdk.services) travels to the host as a service request
 * and is made here, under an allowlist of host names and the SSRF guard of webhook delivery
 * (address-policy.ts: public unicast addresses only, checked at connect time so DNS
 * rebinding cannot slip in). Redirects are not followed: the plugin sees the 3xx and its
 * `location`, and a follow-up request is checked again.
 */

/** What egress allows, from the settings (SERVICE_PLUGIN_EGRESS_*). */
export interface EgressPolicy {
  /** Host names a plugin may reach: exact (`api.example.com`) or a suffix (`*.example.com`). Empty: none. */
  allow: string[];
  /** Reach private, loopback, link-local… addresses too (SSRF guard off; for tests and closed networks). */
  allowPrivate: boolean;
  /** Limit of one exchange, response body included. */
  timeoutMs: number;
  /** Largest request or response body, in bytes. */
  maxBodyBytes: number;
}

export const DEFAULT_EGRESS: Omit<EgressPolicy, 'allow' | 'allowPrivate'> = {
  timeoutMs: 30_000,
  maxBodyBytes: 10 * 1024 * 1024,
};

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Headers the host sets itself (or that would let the plugin steer the connection). */
const DROPPED_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'upgrade',
  'proxy-authorization',
]);

/** The answer of `http_request` on the wire: `body` is base64. */
export interface EgressResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Whether `host` (lower-case, no port) is on the allowlist: an exact entry or a `*.suffix` entry. */
export function hostAllowed(host: string, allow: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return allow.some((entry) =>
    entry.startsWith('*.') ? h.endsWith(entry.slice(1)) && h.length > entry.length - 1 : h === entry,
  );
}

function refused(message: string): PluginError {
  return new PluginError('EgressRefused', message);
}

/**
 * Makes one HTTP(S) request for a plugin.
 *
 * @param args `{method, url, headers?, body? (base64), timeout_seconds?}` as service_sdk sends them
 * @returns status, response headers (lower-case, repeated ones joined by ", ") and the base64 body
 * @throws PluginError `InvalidArguments` (bad method, URL or body), `EgressRefused` (not http(s),
 *   host not allowlisted, or a non-public address), `EgressFailed` (network error, time-out,
 *   body over {@link EgressPolicy.maxBodyBytes})
 */
export async function egressRequest(
  policy: EgressPolicy,
  args: Record<string, unknown>,
): Promise<EgressResponse> {
  return send(policy, requestOf(policy, args));
}

/** A plugin's request, checked against the policy. */
interface EgressCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: Buffer | undefined;
  timeoutMs: number;
}

/**
 * Checks the arguments of `http_request` against the policy (method, URL, allowlist, literal
 * addresses, body size) and builds the request: hop-by-hop and forbidden headers dropped, the
 * time-out at most the policy's.
 *
 * @throws PluginError `InvalidArguments` or `EgressRefused` as {@link egressRequest} says
 */
function requestOf(policy: EgressPolicy, args: Record<string, unknown>): EgressCall {
  const method = String(args.method ?? 'GET').toUpperCase();
  if (!METHODS.has(method)) throw new PluginError('InvalidArguments', `unsupported HTTP method ${method}`);
  let url: URL;
  try {
    url = new URL(String(args.url ?? ''));
  } catch {
    throw new PluginError('InvalidArguments', 'url must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw refused(`only http and https URLs are allowed, not ${url.protocol}`);
  const host = hostOf(url);
  if (!hostAllowed(host, policy.allow))
    throw refused(
      `${host} is not on the egress allowlist (SERVICE_PLUGIN_EGRESS_ALLOW${policy.allow.length ? `: ${policy.allow.join(', ')}` : ' is empty'})`,
    );
  // An address literal never reaches the guarded lookup: judge it here.
  if (!policy.allowPrivate && addressRange(host) !== undefined && !isPublicAddress(host))
    throw refused(`${host} is a ${addressRange(host)} address; plugins may only reach public addresses`);
  const body = typeof args.body === 'string' ? Buffer.from(args.body, 'base64') : undefined;
  if (body && body.length > policy.maxBodyBytes)
    throw new PluginError('InvalidArguments', `the request body is over ${policy.maxBodyBytes} bytes`);
  const headers: Record<string, string> = {};
  if (args.headers && typeof args.headers === 'object')
    for (const [k, v] of Object.entries(args.headers as Record<string, unknown>))
      if (!DROPPED_HEADERS.has(k.toLowerCase()) && typeof v === 'string') headers[k] = v;
  if (body) headers['content-length'] = String(body.length);
  const asked = Number(args.timeout_seconds);
  const timeoutMs =
    Number.isFinite(asked) && asked > 0 ? Math.min(asked * 1000, policy.timeoutMs) : policy.timeoutMs;
  return { method, url, headers, body, timeoutMs };
}

/**
 * Sends a checked request through the guarded lookup (host names resolving to non-public
 * addresses are refused at connect time) and reads the answer up to the policy's body limit.
 *
 * @throws PluginError `EgressRefused` or `EgressFailed`
 */
function send(
  policy: EgressPolicy,
  { method, url, headers, body, timeoutMs }: EgressCall,
): Promise<EgressResponse> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<EgressResponse>((resolve, reject) => {
    let settled = false;
    const fail = (err: PluginError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(err);
    };
    const req = transport.request(url, {
      method,
      agent: false,
      lookup: guardedLookup(policy.allowPrivate),
      headers,
    });
    const timer = setTimeout(
      () => fail(new PluginError('EgressFailed', `no answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    req.on('error', (err: Error & { code?: string }) =>
      fail(
        err instanceof AddressRefusedError
          ? refused(`${err.message.replace('webhooks may', 'plugins may')}`)
          : new PluginError('EgressFailed', err.code ? `${err.code}: ${err.message}` : err.message),
      ),
    );
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > policy.maxBodyBytes)
          fail(new PluginError('EgressFailed', `the response body is over ${policy.maxBodyBytes} bytes`));
        else chunks.push(chunk);
      });
      res.on('error', (err) => fail(new PluginError('EgressFailed', err.message)));
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers))
          if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
        resolve({
          status: res.statusCode ?? 0,
          headers: out,
          body: Buffer.concat(chunks).toString('base64'),
        });
      });
    });
    req.end(body);
  });
}

/**
 * A service handler that answers `http_request` under `policy` and passes every other service to
 * `next` (e.g. the LLM services), for the calls of a SourcePlugin.
 */
export function egressServices(policy: EgressPolicy, next?: ServiceHandler): ServiceHandler {
  return async (service, args) => {
    if (service === 'http_request') return egressRequest(policy, args);
    if (next) return next(service, args);
    throw new PluginError('UnknownService', `unknown service ${service}`);
  };
}
