/**
 * The vault: credentials of source connections, envelope-encrypted (see `crypto.ts`) in the
 * `vault_secrets` table. Plaintext exists only in memory while a sync or a token exchange uses it;
 * it is never returned by the API, logged, put in an event or in an error message.
 */
import { and, count, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { vaultSecrets } from '../db/schema.js';
import { newId } from '../ids.js';
import {
  type Keyring,
  loadKeyring,
  open,
  rewrap,
  type SealedSecret,
  type SecretBinding,
  seal,
} from './crypto.js';

export { VaultError } from './crypto.js';

/** What a secret is for. */
export type SecretPurpose = 'credentials' | 'oauth_tokens';

/** What the vault uses of the context: its settings, and the database for the reads and the rotation. */
type VaultContext = Pick<AppContext, 'config' | 'db'>;

const keyrings = new WeakMap<Pick<AppContext, 'config'>, Keyring>();

/** The keyring of a context, built once from `ctx.config.vault` and `<dataDir>/vault.key`. */
export function keyringOf(ctx: Pick<AppContext, 'config'>): Keyring {
  let ring = keyrings.get(ctx);
  if (!ring) {
    ring = loadKeyring(ctx.config.vault, ctx.config.dataDir);
    keyrings.set(ctx, ring);
  }
  return ring;
}

/**
 * Stores (replacing) the secret `purpose` of a connection.
 *
 * @param value any JSON value, e.g. `{api_key: "…"}` or OAuth tokens
 */
export async function putSecret(
  ctx: Pick<AppContext, 'config'>,
  db: Executor,
  binding: SecretBinding & { purpose: SecretPurpose },
  value: unknown,
): Promise<void> {
  const sealed = seal(keyringOf(ctx), value, binding);
  await db
    .insert(vaultSecrets)
    .values({
      id: newId(),
      organizationId: binding.organizationId,
      connectionId: binding.connectionId,
      purpose: binding.purpose,
      ...sealed,
    })
    .onConflictDoUpdate({
      target: [vaultSecrets.connectionId, vaultSecrets.purpose],
      set: { ...sealed, updatedAt: new Date() },
    });
}

/**
 * Reads and decrypts the secret `purpose` of a connection, or undefined when there is none.
 *
 * @throws VaultError when it cannot be decrypted (unknown master key, tampering)
 */
export async function getSecret(
  ctx: VaultContext,
  binding: SecretBinding & { purpose: SecretPurpose },
): Promise<unknown> {
  const [row] = await ctx.db
    .select()
    .from(vaultSecrets)
    .where(
      and(
        eq(vaultSecrets.organizationId, binding.organizationId),
        eq(vaultSecrets.connectionId, binding.connectionId),
        eq(vaultSecrets.purpose, binding.purpose),
      ),
    );
  if (!row) return undefined;
  return open(keyringOf(ctx), row, binding);
}

/** Deletes every secret of a connection. @returns how many were deleted */
export async function deleteSecrets(db: Executor, connectionId: string): Promise<number> {
  const rows = await db
    .delete(vaultSecrets)
    .where(eq(vaultSecrets.connectionId, connectionId))
    .returning({ id: vaultSecrets.id });
  return rows.length;
}

/** Result of a rotation. */
export interface RotationReport {
  current_key_id: string;
  rewrapped: number;
  already_current: number;
  failed: { id: string; key_id: string; error: string }[];
}

/**
 * Re-wraps every data key that is not under the current master key (`service-server vault
 * rotate`). Rows are updated one at a time, each only if its key id has not changed meanwhile,
 * so servers keep reading during the rotation (they know the old keys too). The ciphertexts are
 * not touched. After it reports no failures the old keys can be removed from the settings.
 * `onProgress(done, total)` follows the rows handled.
 */
export async function rotateVault(
  ctx: VaultContext,
  batchSize = 200,
  onProgress?: (done: number, total: number) => void,
): Promise<RotationReport> {
  const ring = keyringOf(ctx);
  const [{ total } = { total: 0 }] = await ctx.db
    .select({ total: count() })
    .from(vaultSecrets)
    .where(ne(vaultSecrets.keyId, ring.currentId));
  let done = 0;
  const report: RotationReport = {
    current_key_id: ring.currentId,
    rewrapped: 0,
    already_current: 0,
    failed: [],
  };
  const failedIds = new Set<string>();
  for (;;) {
    const rows = await ctx.db
      .select()
      .from(vaultSecrets)
      .where(ne(vaultSecrets.keyId, ring.currentId))
      .limit(batchSize + failedIds.size);
    const todo = rows.filter((r) => !failedIds.has(r.id));
    if (todo.length === 0) break;
    for (const row of todo) {
      const binding = {
        organizationId: row.organizationId,
        connectionId: row.connectionId,
        purpose: row.purpose,
      };
      try {
        const next = rewrap(ring, row as SealedSecret, binding);
        await ctx.db
          .update(vaultSecrets)
          .set({ ...next, updatedAt: new Date() })
          .where(and(eq(vaultSecrets.id, row.id), eq(vaultSecrets.keyId, row.keyId)));
        report.rewrapped += 1;
      } catch (err) {
        failedIds.add(row.id);
        report.failed.push({ id: row.id, key_id: row.keyId, error: (err as Error).message });
      }
      onProgress?.(++done, Math.max(total, done));
    }
  }
  const all = await ctx.db.select({ keyId: vaultSecrets.keyId }).from(vaultSecrets);
  report.already_current = all.filter((r) => r.keyId === ring.currentId).length - report.rewrapped;
  return report;
}
