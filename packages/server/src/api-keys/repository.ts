import { and, desc, eq } from 'drizzle-orm';
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
