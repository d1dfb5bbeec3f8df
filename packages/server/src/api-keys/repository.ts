import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { apiKeys } from '../db/schema.js';
import { newId } from '../ids.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(
  db: Executor,
  v: {
    userId: string;
    organizationId: string | null;
    name: string;
    prefix: string;
    keyHash: string;
    expiresAt: Date | null;
  },
) {
  const [row] = await db
    .insert(apiKeys)
    .values({ id: newId(), ...v })
    .returning();
  if (!row) throw new Error('insert api_keys returned nothing');
  return row;
}

/** The key with this HMAC, whatever its status (the caller checks status and expiry). */
export async function findApiKeyByHash(db: Executor, keyHash: string) {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash));
  return row;
}

/** The key with this id, whatever its status, or undefined. */
export async function findApiKeyById(db: Executor, id: string) {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row;
}

/**
 * Sets `last_used_at` of many keys in one statement; a stored time that is already later wins.
 * `uses` maps key id to time of use.
 */
export async function recordApiKeyUses(db: Executor, uses: ReadonlyMap<string, Date>): Promise<void> {
  if (uses.size === 0) return;
  const ids = [...uses.keys()];
  const times = [...uses.values()].map((t) => t.toISOString());
  await db.execute(sql`
    update api_keys a set last_used_at = v.t
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(times)}::timestamptz[]) as v(id, t)
    where a.id = v.id and (a.last_used_at is null or a.last_used_at < v.t)`);
}

export async function findApiKeyOfUser(db: Executor, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
  return row;
}

export async function listApiKeysOfUser(db: Executor, userId: string) {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
}

export async function revokeApiKey(db: Executor, id: string) {
  const [row] = await db
    .update(apiKeys)
    .set({ status: 'REVOKED', revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.status, 'ACTIVE')))
    .returning();
  return row;
}
