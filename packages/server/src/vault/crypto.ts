/**
 * Envelope encryption for the vault (NIST SP 800-38D, AES-256-GCM, `node:crypto`).
 *
 * Each secret gets a fresh random 256-bit data key. The secret's JSON is encrypted under the data
 * key with a 96-bit random IV and associated data that binds the ciphertext to its organization,
 * connection and purpose, so a row copied to another tenant or connection fails authentication.
 * The data key itself is encrypted ("wrapped") under a master key with AES-256-GCM too; rows
 * carry the master key's id (first 8 hex digits of its SHA-256) so that several master keys can
 * be configured during a rotation and data keys re-wrapped one row at a time.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { VaultSettings } from './settings.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** A failure to decrypt or encrypt; its message never contains key material or plaintext. */
export class VaultError extends Error {
  override name = 'VaultError';
}

/** The master keys: `current` encrypts, all of them (by id) decrypt. */
export interface Keyring {
  currentId: string;
  keys: Map<string, Buffer>;
}

/** Identifier of a master key: the first 8 hex digits of its SHA-256. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** The stored form of one secret; binary fields base64. */
export interface SealedSecret {
  keyId: string;
  wrappedKey: string;
  iv: string;
  ciphertext: string;
  authTag: string;
}

/** Where a secret belongs; bound into the GCM associated data. */
export interface SecretBinding {
  organizationId: string;
  connectionId: string;
  purpose: string;
}

function dataAad(b: SecretBinding): Buffer {
  return Buffer.from(`vault:v1:data:${b.organizationId}:${b.connectionId}:${b.purpose}`, 'utf8');
}

function wrapAad(b: SecretBinding, keyId: string): Buffer {
  return Buffer.from(`vault:v1:wrap:${keyId}:${b.organizationId}:${b.connectionId}:${b.purpose}`, 'utf8');
}

function gcmEncrypt(key: Buffer, plaintext: Buffer, aad: Buffer) {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cipher.getAuthTag() };
}

function gcmDecrypt(key: Buffer, iv: Buffer, ciphertext: Buffer, tag: Buffer, aad: Buffer): Buffer {
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new VaultError('malformed vault record');
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch {
    throw new VaultError('the vault record failed authentication (wrong key, tampered, or bound elsewhere)');
  }
}

function wrap(keyring: Keyring, dataKey: Buffer, b: SecretBinding): { keyId: string; wrappedKey: string } {
  const master = keyring.keys.get(keyring.currentId);
  if (!master) throw new VaultError('the current master key is missing from the keyring');
  const { iv, ciphertext, tag } = gcmEncrypt(master, dataKey, wrapAad(b, keyring.currentId));
  return { keyId: keyring.currentId, wrappedKey: Buffer.concat([iv, ciphertext, tag]).toString('base64') };
}

function unwrap(
  keyring: Keyring,
  sealed: Pick<SealedSecret, 'keyId' | 'wrappedKey'>,
  b: SecretBinding,
): Buffer {
  const master = keyring.keys.get(sealed.keyId);
  if (!master) {
    throw new VaultError(
      `master key ${sealed.keyId} is not configured (add it to SERVICE_VAULT_MASTER_KEYS, then run vault rotate)`,
    );
  }
  const raw = Buffer.from(sealed.wrappedKey, 'base64');
  if (raw.length !== IV_BYTES + KEY_BYTES + TAG_BYTES) throw new VaultError('malformed wrapped key');
  return gcmDecrypt(
    master,
    raw.subarray(0, IV_BYTES),
    raw.subarray(IV_BYTES, IV_BYTES + KEY_BYTES),
    raw.subarray(IV_BYTES + KEY_BYTES),
    wrapAad(b, sealed.keyId),
  );
}

/** Encrypts a JSON value under a fresh data key wrapped by the current master key. */
export function seal(keyring: Keyring, value: unknown, b: SecretBinding): SealedSecret {
  const dataKey = randomBytes(KEY_BYTES);
  try {
    const { iv, ciphertext, tag } = gcmEncrypt(
      dataKey,
      Buffer.from(JSON.stringify(value), 'utf8'),
      dataAad(b),
    );
    return {
      ...wrap(keyring, dataKey, b),
      iv: iv.toString('base64'),
      ciphertext: ciphertext.toString('base64'),
      authTag: tag.toString('base64'),
    };
  } finally {
    dataKey.fill(0);
  }
}

/**
 * Decrypts a sealed secret bound to `b`.
 *
 * @throws VaultError when the master key is unknown, or authentication fails (tampered
 *   ciphertext, wrong organization/connection/purpose, wrong key)
 */
export function open(keyring: Keyring, sealed: SealedSecret, b: SecretBinding): unknown {
  const dataKey = unwrap(keyring, sealed, b);
  try {
    const plain = gcmDecrypt(
      dataKey,
      Buffer.from(sealed.iv, 'base64'),
      Buffer.from(sealed.ciphertext, 'base64'),
      Buffer.from(sealed.authTag, 'base64'),
      dataAad(b),
    );
    return JSON.parse(plain.toString('utf8')) as unknown;
  } finally {
    dataKey.fill(0);
  }
}

/** Re-wraps the data key of `sealed` under the current master key; the ciphertext is unchanged. */
export function rewrap(
  keyring: Keyring,
  sealed: SealedSecret,
  b: SecretBinding,
): Pick<SealedSecret, 'keyId' | 'wrappedKey'> {
  const dataKey = unwrap(keyring, sealed, b);
  try {
    return wrap(keyring, dataKey, b);
  } finally {
    dataKey.fill(0);
  }
}

/**
 * Builds the keyring from settings. Without `SERVICE_VAULT_MASTER_KEY` the current key is read
 * from `<dataDir>/vault.key` (base64), generated there (mode 0600) on first use.
 */
export function loadKeyring(settings: VaultSettings, dataDir: string): Keyring {
  let current: Buffer;
  if (settings.masterKey) current = Buffer.from(settings.masterKey, 'base64');
  else {
    const file = path.join(dataDir, 'vault.key');
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      try {
        writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
        chmodSync(file, 0o600);
      } catch (err) {
        // Another process created it first: use theirs.
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    current = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (current.length !== KEY_BYTES) throw new VaultError(`${file} does not hold 32 bytes of base64`);
  }
  const keys = new Map<string, Buffer>();
  for (const k of settings.previousKeys) {
    const key = Buffer.from(k, 'base64');
    keys.set(keyIdOf(key), key);
  }
  const currentId = keyIdOf(current);
  keys.set(currentId, current);
  return { currentId, keys };
}
