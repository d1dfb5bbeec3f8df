import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Endpoint signing secrets: `whsec_` + base64 of 32 random bytes, the Standard Webhooks secret
 * format (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md,
 * "Symmetric signatures": 24–64 bytes). Secrets must be readable to sign, so they are stored
 * encrypted with AES-256-GCM under a key derived by HKDF-SHA-256 (RFC 5869) from the service
 * secret key: `v1.<iv>.<tag>.<ciphertext>` (base64url parts).
 */

/** A new signing secret, `whsec_<base64>`. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function keyOf(serviceSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serviceSecret, 'webhook-secrets', 'aes-256-gcm v1', 32));
}

/** Encrypts a secret for storage. */
export function sealSecret(serviceSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serviceSecret), iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/**
 * Decrypts a stored secret.
 *
 * @throws Error when the value is malformed or was sealed under another service secret key
 */
export function openSecret(serviceSecret: string, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('malformed sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serviceSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
