import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * API key format: `dis_` + 32 base62 characters of entropy (≈190 bits) + 6 base62 characters
 * of CRC-32 checksum over the rest, like GitHub's token format: a scanner can recognise a key
 * by its prefix and reject a mistyped one by its checksum without a database look-up.
 */
export const API_KEY_PREFIX = 'dis_';
const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${BODY_LENGTH + CHECKSUM_LENGTH}}$`);

function base62(n: number, width: number): string {
  let out = '';
  let v = n;
  for (let i = 0; i < width; i++) {
    out = ALPHABET[v % 62] + out;
    v = Math.floor(v / 62);
  }
  return out;
}

function checksum(body: string): string {
  return base62(crc32(body), CHECKSUM_LENGTH);
}

/** Makes a new plaintext key. Rejection sampling keeps each character uniform over 62 symbols. */
export function generateApiKey(): string {
  let body = '';
  while (body.length < BODY_LENGTH) {
    for (const byte of randomBytes(BODY_LENGTH)) {
      if (byte < 248 && body.length < BODY_LENGTH) body += ALPHABET[byte % 62];
    }
  }
  const head = API_KEY_PREFIX + body;
  return head + checksum(head);
}

/** True when the string has the key shape (prefix, length, alphabet); the checksum is not checked. */
export function hasApiKeyShape(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** True when the string has the key shape and its checksum matches. */
export function isWellFormedApiKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const head = key.slice(0, key.length - CHECKSUM_LENGTH);
  const sum = key.slice(key.length - CHECKSUM_LENGTH);
  const expected = checksum(head);
  return timingSafeEqual(Buffer.from(sum), Buffer.from(expected));
}

/** The part of a key that is safe to show in listings: prefix plus the first 6 characters. */
export function displayPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + 6);
}

/** Keyed SHA-256 (HMAC, RFC 2104) of a secret token, hex; what the database stores. */
export function hashSecret(secretKey: string, token: string): string {
  return createHmac('sha256', secretKey).update(token).digest('hex');
}
