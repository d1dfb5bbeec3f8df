import { randomBytes } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../src/app-context.js';
import type { AppContext } from '../../src/context.js';
import { sourceConnections, vaultSecrets } from '../../src/db/schema.js';
import { newId } from '../../src/ids.js';
import { keyIdOf, loadKeyring, open, rewrap, seal, VaultError } from '../../src/vault/crypto.js';
import { deleteSecrets, getSecret, keyringOf, putSecret, rotateVault } from '../../src/vault/service.js';
import { createTestApp, signUp, type TestApp } from '../support/app.js';

const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('base64');
const binding = { organizationId: newId(), connectionId: newId(), purpose: 'credentials' };
const secret = { api_key: 'sk_live_very_secret_value_123' };

describe('vault envelope encryption (NIST SP 800-38D AES-256-GCM)', () => {
  const ring = loadKeyring({ masterKey: keyA, previousKeys: [] }, '/nonexistent');

  it('round-trips a JSON secret and never stores the plaintext', () => {
    const sealed = seal(ring, secret, binding);
    expect(sealed.keyId).toBe(keyIdOf(Buffer.from(keyA, 'base64')));
    expect(sealed.keyId).toMatch(/^[0-9a-f]{8}$/);
    expect(JSON.stringify(sealed)).not.toContain('very_secret');
    expect(open(ring, sealed, binding)).toEqual(secret);
    // A fresh data key and IV per secret.
    const again = seal(ring, secret, binding);
    expect(again.ciphertext).not.toBe(sealed.ciphertext);
    expect(again.wrappedKey).not.toBe(sealed.wrappedKey);
  });

  it('refuses a record bound to another organization, connection or purpose', () => {
    const sealed = seal(ring, secret, binding);
    for (const other of [
      { ...binding, organizationId: newId() },
      { ...binding, connectionId: newId() },
      { ...binding, purpose: 'oauth_tokens' },
    ]) {
      expect(() => open(ring, sealed, other)).toThrow(VaultError);
    }
  });

  it('refuses tampered ciphertext, tag or wrapped key, without leaking the plaintext', () => {
    const sealed = seal(ring, secret, binding);
    const flip = (b64: string) => {
      const b = Buffer.from(b64, 'base64');
      b[0] = (b[0] ?? 0) ^ 1;
      return b.toString('base64');
    };
    for (const bad of [
      { ...sealed, ciphertext: flip(sealed.ciphertext) },
      { ...sealed, authTag: flip(sealed.authTag) },
      { ...sealed, wrappedKey: flip(sealed.wrappedKey) },
      { ...sealed, iv: flip(sealed.iv) },
    ]) {
      let message = '';
      try {
        open(ring, bad, binding);
      } catch (err) {
        message = (err as Error).message;
        expect(err).toBeInstanceOf(VaultError);
      }
      expect(message).not.toBe('');
      expect(message).not.toContain('secret_value');
    }
  });

  it('re-wraps a data key under a new master key; old records need the old key until then', () => {
    const sealed = seal(ring, secret, binding);
    const rotated = loadKeyring({ masterKey: keyB, previousKeys: [keyA] }, '/nonexistent');
    expect(open(rotated, sealed, binding)).toEqual(secret);
    const next = { ...sealed, ...rewrap(rotated, sealed, binding) };
    expect(next.keyId).toBe(keyIdOf(Buffer.from(keyB, 'base64')));
    expect(next.ciphertext).toBe(sealed.ciphertext);
    const onlyB = loadKeyring({ masterKey: keyB, previousKeys: [] }, '/nonexistent');
    expect(open(onlyB, next, binding)).toEqual(secret);
    expect(() => open(onlyB, sealed, binding)).toThrow(/master key [0-9a-f]{8} is not configured/);
  });

  it('generates <dataDir>/vault.key (0600) when no master key is configured, and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vault-'));
    const first = loadKeyring({ masterKey: undefined, previousKeys: [] }, dir);
    expect(statSync(path.join(dir, 'vault.key')).mode & 0o777).toBe(0o600);
    const second = loadKeyring({ masterKey: undefined, previousKeys: [] }, dir);
    expect(second.currentId).toBe(first.currentId);
  });
});

describe('vault storage and rotation (database)', () => {
  let app: TestApp;
  let ctxA: AppContext;
  const extra: AppContext[] = [];
  let orgId: string;
  const connections: string[] = [];

  /** A second context over the same database with the vault settings of `env`. */
  async function contextWith(env: { key: string; keys?: string }) {
    const vault = { masterKey: env.key, previousKeys: env.keys ? env.keys.split(',') : [] };
    const ctx = await createContext(
      { ...app.ctx.config, vault },
      {
        database: app.ctx.database,
        migrate: false,
        log: app.ctx.log,
      },
    );
    keyringOf(ctx);
    extra.push(ctx);
    return ctx;
  }

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_VAULT_MASTER_KEY: keyA }));
    ctxA = app.ctx;
    const owner = await signUp(app);
    orgId = owner.personalOrgId;
    for (let i = 0; i < 3; i += 1) {
      const id = newId();
      await app.ctx.db
        .insert(sourceConnections)
        .values({ id, organizationId: orgId, name: `c${i}`, provider: 'test', kind: 'CUSTOM' });
      connections.push(id);
      await putSecret(
        ctxA,
        ctxA.db,
        { organizationId: orgId, connectionId: id, purpose: 'credentials' },
        { api_key: `secret-${i}` },
      );
    }
  });
  afterAll(async () => {
    for (const c of extra) await c.plugins.close();
    await app.close();
  });

  it('stores ciphertext only and reads it back for the right organization', async () => {
    const rows = await ctxA.db.select().from(vaultSecrets).where(eq(vaultSecrets.organizationId, orgId));
    expect(rows).toHaveLength(3);
    expect(JSON.stringify(rows)).not.toContain('secret-');
    const id = connections[0] ?? '';
    expect(
      await getSecret(ctxA, { organizationId: orgId, connectionId: id, purpose: 'credentials' }),
    ).toEqual({
      api_key: 'secret-0',
    });
    // Asking with another organization finds nothing (rows are scoped).
    expect(
      await getSecret(ctxA, { organizationId: newId(), connectionId: id, purpose: 'credentials' }),
    ).toBeUndefined();
  });

  it('refuses a row whose binding was altered in the database', async () => {
    const id = connections[2] ?? '';
    const other = connections[1] ?? '';
    const [row] = await ctxA.db.select().from(vaultSecrets).where(eq(vaultSecrets.connectionId, id));
    // Copy connection 2's sealed secret onto connection 1's row: authentication must fail.
    await ctxA.db
      .update(vaultSecrets)
      .set({ wrappedKey: row?.wrappedKey, iv: row?.iv, ciphertext: row?.ciphertext, authTag: row?.authTag })
      .where(eq(vaultSecrets.connectionId, other));
    await expect(
      getSecret(ctxA, { organizationId: orgId, connectionId: other, purpose: 'credentials' }),
    ).rejects.toThrow(VaultError);
    await putSecret(
      ctxA,
      ctxA.db,
      { organizationId: orgId, connectionId: other, purpose: 'credentials' },
      { api_key: 'secret-1' },
    );
  });

  it('rotates every data key to the new master key while old and new keys both read', async () => {
    const ctxB = await contextWith({ key: keyB, keys: keyA });
    const read = (ctx: AppContext, i: number) =>
      getSecret(ctx, { organizationId: orgId, connectionId: connections[i] ?? '', purpose: 'credentials' });
    expect(await read(ctxB, 0)).toEqual({ api_key: 'secret-0' });
    const report = await rotateVault(ctxB);
    expect(report.current_key_id).toBe(keyIdOf(Buffer.from(keyB, 'base64')));
    const rows0 = await ctxA.db.select().from(vaultSecrets).where(eq(vaultSecrets.organizationId, orgId));
    const mine = new Set(rows0.map((r) => r.id));
    // Other test files share the database with secrets under their own keys: only ours count here.
    expect(report.failed.filter((f) => mine.has(f.id))).toEqual([]);
    expect(report.rewrapped).toBeGreaterThanOrEqual(3);
    const rows = await ctxA.db.select().from(vaultSecrets).where(eq(vaultSecrets.organizationId, orgId));
    expect(new Set(rows.map((r) => r.keyId))).toEqual(new Set([report.current_key_id]));
    // A server configured with only the new key reads everything; one with only the old key no longer does.
    const onlyB = await contextWith({ key: keyB });
    for (let i = 0; i < 3; i += 1) expect(await read(onlyB, i)).toEqual({ api_key: `secret-${i}` });
    await expect(read(ctxA, 0)).rejects.toThrow(/is not configured/);
    const again = await rotateVault(onlyB);
    expect(again.failed.filter((f) => mine.has(f.id))).toEqual([]);
  });

  it('deletes the secrets of a connection', async () => {
    const id = connections[0] ?? '';
    expect(await deleteSecrets(ctxA.db, id)).toBe(1);
    expect(await deleteSecrets(ctxA.db, id)).toBe(0);
  });
});
