/**
 * Removing secrets from what the audit log stores. Two nets: a field whose name says it holds a
 * secret (key, token, password, credentials, webhook secret…) loses its value whatever it is; a
 * value that has the shape of a credential (our API keys, Standard Webhooks secrets, JWTs,
 * bearer headers, PEM private keys) is removed wherever it appears.
 */

/** What a removed value is replaced with: the entry still shows that the field changed. */
export const REDACTED = '[REDACTED]';

const SECRET_NAME =
  /(secret|token|password|passphrase|passwd|credential|authorization|cookie|api[_-]?key|private[_-]?key|client[_-]?key|signing[_-]?key|^key$|[_-]key$)/i;
/** Names that mention a secret but hold a reference or a time: `api_key_id`, `token_expires_at`. */
const REFERENCE_NAME = /(_id|_ids|Id|Ids|_at|At|_prefix|Prefix|_count|Count)$/;

const SECRET_VALUE = [
  /\bdis_[0-9A-Za-z]{20,}/, // API keys (src/auth/api-key-format.ts)
  /\bwhsec_[A-Za-z0-9+/=]{16,}/, // Standard Webhooks signing secrets
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/, // JWTs (RFC 7519 compact form)
  /\bBearer\s+\S{16,}/i,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
];

/** True when a field of this name holds a secret. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) && !REFERENCE_NAME.test(name);
}

/** True when a string has the shape of a credential. */
export function looksSecret(value: string): boolean {
  return SECRET_VALUE.some((re) => re.test(value));
}

/**
 * A copy of `value` without secrets: secret-named fields and credential-shaped strings become
 * `[REDACTED]`, at any depth. Depth beyond 8 and strings beyond 2000 characters are cut, so an
 * entry stays small.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    if (looksSecret(value)) return REDACTED;
    return value.length > 2000 ? `${value.slice(0, 2000)}…` : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (depth >= 8) return '[…]';
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = isSecretName(k) && v !== null && v !== undefined ? REDACTED : redact(v, depth + 1);
  }
  return out;
}
