import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header carrying the notification's Unix time in seconds. */
export const TIMESTAMP_HEADER = 'x-marketplace-timestamp';
/** Header carrying `v1=<hex HMAC-SHA256>`; several comma-separated signatures are allowed (key rotation). */
export const SIGNATURE_HEADER = 'x-marketplace-signature';

/**
 * The v1 signature of a provider notification: hex HMAC-SHA256 (RFC 2104, FIPS 180-4) keyed with
 * SERVICE_MARKETPLACE_WEBHOOK_SECRET over `<timestamp>.<raw body>`, the body exactly as sent.
 * Binding the timestamp into the MAC lets the receiver refuse replays outside the tolerance.
 */
export function signNotification(secret: string, timestamp: number, rawBody: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** Why a notification was refused. */
export type SignatureFailure = 'missing' | 'malformed_timestamp' | 'stale' | 'mismatch';

/**
 * Verifies a signed notification.
 *
 * @returns null when valid, else the reason of the refusal
 */
export function verifyNotification(opts: {
  secret: string;
  toleranceSeconds: number;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  now?: Date;
}): SignatureFailure | null {
  if (!opts.timestamp || !opts.signature) return 'missing';
  if (!/^\d{1,12}$/.test(opts.timestamp)) return 'malformed_timestamp';
  const ts = Number(opts.timestamp);
  const nowSeconds = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - ts) > opts.toleranceSeconds) return 'stale';
  const expected = Buffer.from(signNotification(opts.secret, ts, opts.rawBody));
  for (const candidate of opts.signature.split(',')) {
    const given = Buffer.from(candidate.trim());
    if (given.length === expected.length && timingSafeEqual(given, expected)) return null;
  }
  return 'mismatch';
}
