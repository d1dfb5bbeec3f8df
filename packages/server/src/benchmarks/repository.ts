import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { type PageWindow, pageOf } from '../db/paging.js';
import { benchmarkGroupValues, benchmarkRuns, benchmarkScores } from '../db/schema.js';
import { newId } from '../ids.js';

export type BenchmarkRunRow = typeof benchmarkRuns.$inferSelect;
export type GroupValueRow = typeof benchmarkGroupValues.$inferSelect;
export type ScoreRow = typeof benchmarkScores.$inferSelect;

/** Marks RUNNING runs started before `before` as FAILED (their process died). */
export async function failStaleRuns(db: Executor, pluginId: string, before: Date) {
  await db
    .update(benchmarkRuns)
    .set({ status: 'FAILED', error: 'abandoned (the process running it stopped)', finishedAt: new Date() })
    .where(
      and(
        eq(benchmarkRuns.pluginId, pluginId),
        eq(benchmarkRuns.status, 'RUNNING'),
        lt(benchmarkRuns.startedAt, before),
      ),
    );
}

/** Starts a run; undefined when another run of the same benchmark is RUNNING (unique index). */
export async function startRun(
  db: Executor,
  v: {
    organizationId: string;
    pluginId: string;
    pluginVersion: number;
    name: string;
    metricUnit: string | null;
    trigger: string;
  },
) {
  const [row] = await db
    .insert(benchmarkRuns)
    .values({ ...v, id: newId(), status: 'RUNNING' })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function finishRun(
  db: Executor,
  id: string,
  patch: Partial<
    Pick<BenchmarkRunRow, 'status' | 'documentsCount' | 'scoredCount' | 'flaggedCount' | 'error' | 'timings'>
  >,
) {
  const [row] = await db
    .update(benchmarkRuns)
    .set({ ...patch, finishedAt: new Date() })
    .where(eq(benchmarkRuns.id, id))
    .returning();
  if (!row) throw new Error(`benchmark run ${id} vanished`);
  return row;
}

const CHUNK = 1000;

export async function insertGroupValues(db: Executor, rows: (typeof benchmarkGroupValues.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += CHUNK)
    await db.insert(benchmarkGroupValues).values(rows.slice(i, i + CHUNK));
}

export async function insertScores(db: Executor, rows: (typeof benchmarkScores.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += CHUNK)
    await db.insert(benchmarkScores).values(rows.slice(i, i + CHUNK));
}

/** The latest SUCCEEDED run of each benchmark plugin of the organization. */
export async function latestSucceededRuns(db: Executor, organizationId: string): Promise<BenchmarkRunRow[]> {
  return db
    .selectDistinctOn([benchmarkRuns.pluginId])
    .from(benchmarkRuns)
    .where(and(eq(benchmarkRuns.organizationId, organizationId), eq(benchmarkRuns.status, 'SUCCEEDED')))
    .orderBy(benchmarkRuns.pluginId, desc(benchmarkRuns.startedAt));
}

/** The latest run (any status) of each benchmark plugin of the organization. */
export async function latestRuns(db: Executor, organizationId: string): Promise<BenchmarkRunRow[]> {
  return db
    .selectDistinctOn([benchmarkRuns.pluginId])
    .from(benchmarkRuns)
    .where(eq(benchmarkRuns.organizationId, organizationId))
    .orderBy(benchmarkRuns.pluginId, desc(benchmarkRuns.startedAt));
}

export async function groupValuesOf(db: Executor, runIds: string[]) {
  if (runIds.length === 0) return [];
  return db
    .select()
    .from(benchmarkGroupValues)
    .where(inArray(benchmarkGroupValues.runId, runIds))
    .orderBy(benchmarkGroupValues.runId, benchmarkGroupValues.groupKey);
}

/** The document's scores in the latest SUCCEEDED run of each benchmark of its organization. */
export async function scoresOfDocument(db: Executor, organizationId: string, documentId: string) {
  const latest = db
    .selectDistinctOn([benchmarkRuns.pluginId], { id: benchmarkRuns.id })
    .from(benchmarkRuns)
    .where(and(eq(benchmarkRuns.organizationId, organizationId), eq(benchmarkRuns.status, 'SUCCEEDED')))
    .orderBy(benchmarkRuns.pluginId, desc(benchmarkRuns.startedAt));
  return db
    .select({ run: benchmarkRuns, score: benchmarkScores, group: benchmarkGroupValues.groupValues })
    .from(benchmarkScores)
    .innerJoin(benchmarkRuns, eq(benchmarkRuns.id, benchmarkScores.runId))
    .leftJoin(
      benchmarkGroupValues,
      and(
        eq(benchmarkGroupValues.runId, benchmarkScores.runId),
        eq(benchmarkGroupValues.groupKey, benchmarkScores.groupKey),
      ),
    )
    .where(and(eq(benchmarkScores.documentId, documentId), inArray(benchmarkScores.runId, latest)))
    .orderBy(benchmarkRuns.name);
}

/** The runs of a benchmark plugin, newest first (at most RUNS_KEPT are kept). */
export async function runsOf(db: Executor, organizationId: string, pluginId: string) {
  return db
    .select()
    .from(benchmarkRuns)
    .where(and(eq(benchmarkRuns.organizationId, organizationId), eq(benchmarkRuns.pluginId, pluginId)))
    .orderBy(desc(benchmarkRuns.startedAt));
}

/**
 * A page of the per-document scores of a run with each score's group values, highest score
 * first; `flagged` keeps only the flagged (true) or unflagged (false) ones.
 */
export async function scoresOfRun(
  db: Executor,
  runId: string,
  p: PageWindow & { flagged?: boolean | undefined },
) {
  const where = and(
    eq(benchmarkScores.runId, runId),
    p.flagged === undefined ? undefined : eq(benchmarkScores.flagged, p.flagged),
  );
  const rows = db
    .select({
      score: benchmarkScores,
      group: benchmarkGroupValues.groupValues,
    })
    .from(benchmarkScores)
    .leftJoin(
      benchmarkGroupValues,
      and(
        eq(benchmarkGroupValues.runId, benchmarkScores.runId),
        eq(benchmarkGroupValues.groupKey, benchmarkScores.groupKey),
      ),
    )
    .where(where)
    .orderBy(desc(benchmarkScores.score), benchmarkScores.documentId)
    .$dynamic();
  return pageOf(rows, db.select({ n: count() }).from(benchmarkScores).where(where), p);
}

/** The newest run of a benchmark plugin. */
export async function lastRunOf(db: Executor, pluginId: string) {
  const [row] = await db
    .select()
    .from(benchmarkRuns)
    .where(eq(benchmarkRuns.pluginId, pluginId))
    .orderBy(desc(benchmarkRuns.startedAt))
    .limit(1);
  return row;
}

/** Deletes all but the newest `keep` finished runs of a benchmark plugin (their rows cascade). */
export async function pruneRuns(db: Executor, pluginId: string, keep: number) {
  await db.execute(sql`
    delete from ${benchmarkRuns}
    where ${benchmarkRuns.pluginId} = ${pluginId} and ${benchmarkRuns.status} <> 'RUNNING'
      and ${benchmarkRuns.id} not in (
        select id from ${benchmarkRuns}
        where ${benchmarkRuns.pluginId} = ${pluginId} and ${benchmarkRuns.status} <> 'RUNNING'
        order by ${benchmarkRuns.startedAt} desc limit ${keep})`);
}
