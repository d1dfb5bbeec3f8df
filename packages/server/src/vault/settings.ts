import { z } from 'zod';

const base64Key = z
  .string()
  .trim()
  .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64');

/**
 * Vault settings, from the SERVICE_* environment:
 *
 * - `SERVICE_VAULT_MASTER_KEY`: the current master key, 32 random bytes in base64
 *   (`openssl rand -base64 32`). Unset: a key generated once into `<dataDir>/vault.key` (0600).
 * - `SERVICE_VAULT_MASTER_KEYS`: earlier master keys, comma-separated base64, kept for
 *   decryption until `service-server vault rotate` has re-wrapped every data key.
 */
const vaultEnvSchema = z.object({
  SERVICE_VAULT_MASTER_KEY: base64Key.optional(),
  SERVICE_VAULT_MASTER_KEYS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(base64Key)),
});

export interface VaultSettings {
  /** base64 of the current master key; undefined = use (or create) `<dataDir>/vault.key`. */
  masterKey: string | undefined;
  /** base64 of older master keys, for decryption only. */
  previousKeys: string[];
}

/**
 * Reads the vault settings from `env` (default: `process.env`, read at call time).
 *
 * @throws Error naming the variable when a key is not 32 bytes of base64
 */
export function loadVaultSettings(env: NodeJS.ProcessEnv = process.env): VaultSettings {
  const parsed = vaultEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid vault setting ${String(issue?.path[0] ?? '')}: ${issue?.message ?? 'invalid'}`);
  }
  return {
    masterKey: parsed.data.SERVICE_VAULT_MASTER_KEY,
    previousKeys: parsed.data.SERVICE_VAULT_MASTER_KEYS,
  };
}
