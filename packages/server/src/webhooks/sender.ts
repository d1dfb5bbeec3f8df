import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import {
  AddressRefusedError,
  addressRange,
  guardedLookup,
  hostOf,
  isPublicAddress,
} from '../egress/address-policy.js';

/** Bytes of a response body kept in the delivery log. */
export const RESPONSE_BODY_LIMIT = 2048;

export const USER_AGENT = 'DocumentIntelligenceService-Webhooks/1.0';

/**
 * The Standard Webhooks headers for one attempt: `webhook-id` (the event id, the same on every
 * retry so receivers can deduplicate), `webhook-timestamp` (Unix seconds of this attempt) and
 * `webhook-signature` (`v1,<base64 HMAC-SHA-256 of "id.timestamp.payload">`, made by the
 * `standardwebhooks` library). With several secrets (during a rotation) the signatures are
 * space-separated, as the spec allows, and a receiver accepts any that verifies.
 *
 * Source: Standard Webhooks specification, "Signature scheme"
 * (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md).
 */
export function signatureHeaders(
  msgId: string,
  at: Date,
  payload: string,
  secrets: string[],
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const signatures = secrets.map((s) => new Webhook(s).sign(msgId, at, payload));
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/** What one HTTP attempt produced. `status` is absent when no response arrived. */
export interface AttemptResult {
  status?: number;
  body?: string;
  retryAfter?: string;
  error?: string;
  durationMs: number;
  /** The request was refused by the SSRF guard and never sent. */
  refused?: boolean;
}

/**
 * POSTs `payload` to `url` with `headers`, without following redirects, reading at most
 * {@link RESPONSE_BODY_LIMIT} bytes of the answer. Never throws: network errors, time-outs and
 * SSRF refusals come back as `error`.
 *
 * @param opts.timeoutMs limit of the whole exchange, body included
 * @param opts.allowPrivate let the request reach non-public addresses
 */
export async function postWebhook(opts: {
  url: string;
  payload: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = targetOf(opts.url, opts.allowPrivate);
  if (!(url instanceof URL)) return url;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: elapsed() });
    };
    const req = transport.request(url, {
      method: 'POST',
      agent: false,
      lookup: guardedLookup(opts.allowPrivate),
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(opts.payload)),
        'user-agent': USER_AGENT,
        ...opts.headers,
      },
    });
    let answered: number | undefined;
    const timer = setTimeout(() => {
      req.destroy();
      // A status that arrived counts for nothing without the end of its body (the limit is for the
      // whole exchange), but saying it arrived tells the receiver's owner where it hangs.
      const after = answered === undefined ? '' : ` (status ${answered} arrived, its body did not end)`;
      finish({ error: `timed out after ${opts.timeoutMs / 1000} s${after}` });
    }, opts.timeoutMs);
    req.on('error', (err: Error & { code?: string }) => {
      if (err instanceof AddressRefusedError) finish({ error: `refused: ${err.message}`, refused: true });
      else finish({ error: err.code ? `${err.code}: ${err.message}` : err.message });
    });
    req.on('response', (res) => {
      answered = res.statusCode;
      readResponse(res, finish);
    });
    req.end(opts.payload);
  });
}

/**
 * The URL a webhook may be posted to, or the refusal: an invalid URL, or a literal address that
 * is not public (unless `allowPrivate`). Host names are checked when they resolve
 * (`guardedLookup`).
 */
function targetOf(raw: string, allowPrivate: boolean): URL | AttemptResult {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: 'invalid URL', durationMs: 0, refused: true };
  }
  const host = hostOf(url);
  if (!allowPrivate && addressRange(host) !== undefined && !isPublicAddress(host)) {
    return {
      error: `refused: ${host} is a ${addressRange(host)} address; webhooks may only reach public addresses`,
      durationMs: 0,
      refused: true,
    };
  }
  return url;
}

/**
 * Reads a response's status, Retry-After and the first RESPONSE_BODY_LIMIT bytes of its body
 * (NULs removed), then hands them to `finish` once and drops the rest.
 */
function readResponse(res: http.IncomingMessage, finish: (r: Omit<AttemptResult, 'durationMs'>) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  const done = () => {
    const body = Buffer.concat(chunks)
      .subarray(0, RESPONSE_BODY_LIMIT)
      .toString('utf8')
      .replaceAll('\u0000', '');
    const retryAfter = res.headers['retry-after'];
    const error = redirectError(res);
    finish({
      status: res.statusCode ?? 0,
      body,
      ...(retryAfter ? { retryAfter } : {}),
      ...(error ? { error } : {}),
    });
    res.destroy();
  };
  res.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= RESPONSE_BODY_LIMIT) done();
  });
  res.on('end', done);
  res.on('error', done);
  res.on('close', done);
}

/**
 * The explanation of a redirect, which is never followed (a redirect could lead a signed request
 * anywhere, past the SSRF policy): where it pointed, so the endpoint's URL can be set to it.
 * Stripe likewise counts any 3xx as a failure and asks for the final URL.
 */
function redirectError(res: http.IncomingMessage): string | undefined {
  const code = res.statusCode ?? 0;
  if (code < 300 || code >= 400) return undefined;
  const location = res.headers.location;
  const to = location ? ` to ${location.slice(0, 500)}` : '';
  return `redirect${to} not followed: set the webhook's URL to the final address`;
}

/**
 * Seconds to wait according to a Retry-After value (RFC 9110 §10.2.3): `delay-seconds` or an
 * HTTP-date, relative to `now`; undefined when the value is neither.
 */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, (at - now.getTime()) / 1000);
}

/**
 * The delay before attempt number `attempt` (0-based) of a schedule, with ±`jitter` applied
 * (Standard Webhooks recommends jitter so retries of many deliveries do not arrive in lockstep);
 * undefined when the schedule is exhausted.
 */
export function scheduledDelaySeconds(
  schedule: readonly number[],
  attempt: number,
  jitter: number,
  random: () => number = Math.random,
): number | undefined {
  const base = schedule[attempt];
  if (base === undefined) return undefined;
  return base * (1 + jitter * (2 * random() - 1));
}
