import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { consoleSessions } from '../db/schema.js';

export type ConsoleSessionRow = typeof consoleSessions.$inferSelect;

/** Stores a new console session (only the token's HMAC). */
export async function insertConsoleSession(db: Executor, row: typeof consoleSessions.$inferInsert) {
  const [created] = await db.insert(consoleSessions).values(row).returning();
  if (!created) throw new Error('console session not inserted');
  return created;
}

/**
 * The console session with `tokenHash` (over `console_sessions_token_hash_key`), or undefined.
 * Expiry, revocation, its user and its API key are the caller's to check.
 */
export async function findConsoleSession(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(consoleSessions).where(eq(consoleSessions.tokenHash, tokenHash));
  return row;
}

/** Moves a session's idle expiry to `expiresAt`. */
export async function extendConsoleSession(db: Executor, id: string, expiresAt: Date): Promise<void> {
  await db.update(consoleSessions).set({ expiresAt }).where(eq(consoleSessions.id, id));
}

/** Marks a session revoked at `at` (sign-out); a revoked session stays revoked. */
export async function revokeConsoleSession(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(consoleSessions)
    .set({ revokedAt: at })
    .where(and(eq(consoleSessions.id, id), isNull(consoleSessions.revokedAt)));
}

/** Deletes a user's sessions that ended before `before` (expired at their latest end, or revoked). */
export async function deleteEndedConsoleSessions(db: Executor, userId: string, before: Date): Promise<void> {
  await db
    .delete(consoleSessions)
    .where(
      and(
        eq(consoleSessions.userId, userId),
        or(
          lt(consoleSessions.revokedAt, before),
          lt(consoleSessions.expiresAt, before),
          lt(consoleSessions.maxExpiresAt, before),
        ),
      ),
    );
}
