import { and, asc, countDistinct, desc, eq, max, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { pageOf, sortOrder } from '../db/paging.js';
import { prompts } from '../db/schema.js';

export type PromptRow = typeof prompts.$inferSelect;

/** One prompt in the list: its latest version and when that version was stored. */
export interface PromptSummaryRow {
  promptId: string;
  version: number;
  updatedAt: Date;
}

/**
 * Serialises writers of one prompt until the end of the transaction, so that two concurrent PUTs
 * do not both compute the same next version.
 */
export async function lockPrompt(tx: Executor, organizationId: string, promptId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`prompts:${organizationId}:${promptId}`}, 0))`,
  );
}

/** The latest version of a prompt of the organization. */
export async function findLatest(db: Executor, organizationId: string, promptId: string) {
  const [row] = await db
    .select()
    .from(prompts)
    .where(and(eq(prompts.organizationId, organizationId), eq(prompts.promptId, promptId)))
    .orderBy(desc(prompts.version))
    .limit(1);
  return row;
}

/** One version of a prompt of the organization. */
export async function findVersion(db: Executor, organizationId: string, promptId: string, version: number) {
  const [row] = await db
    .select()
    .from(prompts)
    .where(
      and(
        eq(prompts.organizationId, organizationId),
        eq(prompts.promptId, promptId),
        eq(prompts.version, version),
      ),
    );
  return row;
}

export async function insertVersion(
  db: Executor,
  v: { organizationId: string; promptId: string; version: number; text: string },
) {
  const [row] = await db.insert(prompts).values(v).returning();
  if (!row) throw new Error('insert prompts returned nothing');
  return row;
}

/** Versions of a prompt, newest first, without their text. */
export async function listVersions(db: Executor, organizationId: string, promptId: string) {
  return db
    .select({ promptId: prompts.promptId, version: prompts.version, createdAt: prompts.createdAt })
    .from(prompts)
    .where(and(eq(prompts.organizationId, organizationId), eq(prompts.promptId, promptId)))
    .orderBy(desc(prompts.version));
}

/** Deletes every version of a prompt. @returns how many versions were deleted */
export async function deletePrompt(db: Executor, organizationId: string, promptId: string) {
  const rows = await db
    .delete(prompts)
    .where(and(eq(prompts.organizationId, organizationId), eq(prompts.promptId, promptId)))
    .returning({ version: prompts.version });
  return rows.length;
}

const latestVersion = max(prompts.version);
// Versions are written one at a time under lockPrompt, so the newest version is also the newest row.
const updatedAt = max(prompts.createdAt);
const promptSort = { prompt_id: prompts.promptId, updated_at: updatedAt } as const;

/** A page of the organization's prompts, each with its latest version number. */
export async function listPrompts(
  db: Executor,
  organizationId: string,
  p: { page: number; size: number; field: keyof typeof promptSort; direction: 'asc' | 'desc' },
): Promise<{ rows: PromptSummaryRow[]; total: number }> {
  const where = eq(prompts.organizationId, organizationId);
  const column = promptSort[p.field];
  const { rows, total } = await pageOf(
    db
      .select({ promptId: prompts.promptId, version: latestVersion, updatedAt })
      .from(prompts)
      .where(where)
      .groupBy(prompts.promptId)
      .orderBy(...sortOrder(column, p.direction, asc(prompts.promptId)))
      .$dynamic(),
    db
      .select({ n: countDistinct(prompts.promptId) })
      .from(prompts)
      .where(where),
    p,
  );
  return {
    rows: rows.map((r) => ({
      promptId: r.promptId,
      version: Number(r.version),
      updatedAt: r.updatedAt ?? new Date(0),
    })),
    total,
  };
}
