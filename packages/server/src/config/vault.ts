import { z } from 'zod';
import { commaList, section } from './env.js';

const base64Key = z
  .string()
  .trim()
  .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64');

/** Settings of the secrets vault (docs/security.md). */
export interface VaultSettings {
  /** base64 of the current master key; undefined = use (or create) `<dataDir>/vault.key`. */
  masterKey: string | undefined;
  /** base64 of older master keys, for decryption only. */
  previousKeys: string[];
}

/**
 * - `SERVICE_VAULT_MASTER_KEY`: the current master key, 32 random bytes in base64
 *   (`openssl rand -base64 32`). Unset: a key generated once into `<dataDir>/vault.key` (0600).
 * - `SERVICE_VAULT_MASTER_KEYS`: earlier master keys, comma-separated base64, kept for
 *   decryption until `service-server vault rotate` has re-wrapped every data key.
 */
export const vaultSection = section(
  z.object({
    SERVICE_VAULT_MASTER_KEY: base64Key.optional(),
    SERVICE_VAULT_MASTER_KEYS: z
      .string()
      .optional()
      .transform((v) => commaList(v ?? ''))
      .pipe(z.array(base64Key)),
  }),
  (e): VaultSettings => ({
    masterKey: e.SERVICE_VAULT_MASTER_KEY,
    previousKeys: e.SERVICE_VAULT_MASTER_KEYS,
  }),
);
