import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { extractedDocuments } from '../documents/service.js';
import { emitEvent } from '../events/outbox.js';
import { publish } from '../events/reactions.js';
import type { PluginRow, PluginVersionRow } from '../plugins/records.js';
import type { BenchDocument } from './fields.js';
import * as repo from './repository.js';
import { aggregationsOf, type BenchmarkSpec, benchmarkSpecOf, groupOf, hasAny } from './spec.js';

/** Documents per `score_batch` call. */
export const SCORE_BATCH = 200;
/** Finished runs kept per benchmark (older ones and their scores are deleted). */
export const RUNS_KEPT = 10;
/** A RUNNING run older than this is considered abandoned. */
const STALE_RUN_MS = 60 * 60 * 1000;

/** Summary of a finished run. */
export type RunOutcome =
  | { status: 'SKIPPED'; reason: string }
  | { status: 'SUCCEEDED' | 'FAILED'; run: repo.BenchmarkRunRow };

/** One run in progress: what it runs, how to call the plugin, and the time each step took (ms). */
interface Run {
  ctx: AppContext;
  plugin: PluginRow;
  version: PluginVersionRow;
  spec: BenchmarkSpec;
  id: string;
  call: (method: string, args: Record<string, unknown>) => Promise<unknown>;
  timings: Record<string, number>;
  /** Records the time since the previous lap as step `name`. */
  lap: (name: string) => void;
  /** Target documents selected so far (reported by a failed run too). */
  documentsCount: number;
}

interface Scored {
  doc: BenchDocument;
  score: number;
}

interface Group {
  values: Record<string, unknown>;
  members: Scored[];
  value?: number;
}

/** What a run computed, before it is saved. */
interface RunResult {
  scored: Scored[];
  groups: Map<string, Group>;
  /** Document id → its group's key. */
  keyOf: Map<string, string>;
  /** Document id → whether `compare` flagged it. */
  flags: Map<string, boolean>;
}

/**
 * Runs one benchmark over one organization (docs/benchmarks.md "How the runner works"):
 * select the extracted documents with a target label (and those of the rules' right groups),
 * join MATCH_RULES into `aggregations`, `score_batch` in batches of {@link SCORE_BATCH} (None
 * skipped), group by `group_by`, `compute` each non-empty group, `compare` each scored document
 * with its group's value, then persist the run, group values and scores in one transaction with
 * a `benchmark.computed` event, publishing `benchmark.document_flagged` for each flagged document
 * (its reaction raises the alert and `benchmark.flagged` once per document). Only one run of a benchmark runs at a time (others answer SKIPPED).
 *
 * A plugin error fails the run (status FAILED with the error) and is not thrown.
 */
export async function runBenchmark(
  ctx: AppContext,
  plugin: PluginRow,
  version: PluginVersionRow,
  trigger: string,
): Promise<RunOutcome> {
  const spec = benchmarkSpecOf(plugin, version.manifest);
  await repo.failStaleRuns(ctx.db, plugin.id, new Date(Date.now() - STALE_RUN_MS));
  const started = await repo.startRun(ctx.db, {
    organizationId: plugin.organizationId,
    pluginId: plugin.id,
    pluginVersion: version.version,
    name: spec.name,
    metricUnit: spec.metricUnit,
    trigger,
  });
  if (!started) return { status: 'SKIPPED', reason: 'another run of this benchmark is in progress' };
  const run = newRun(ctx, plugin, version, spec, started.id);
  try {
    const result = await compute(run);
    const finished = await ctx.db.transaction((tx) => save(tx, run, result));
    await repo.pruneRuns(ctx.db, plugin.id, RUNS_KEPT);
    return { status: 'SUCCEEDED', run: finished };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.warn({ err, pluginId: plugin.id, runId: run.id }, 'benchmark run failed');
    const row = await repo.finishRun(ctx.db, run.id, {
      status: 'FAILED',
      error: message.slice(0, 4000),
      documentsCount: run.documentsCount,
      timings: run.timings,
    });
    return { status: 'FAILED', run: row };
  }
}

function newRun(
  ctx: AppContext,
  plugin: PluginRow,
  version: PluginVersionRow,
  spec: BenchmarkSpec,
  id: string,
): Run {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const code = { id: `${plugin.id}@${version.version}`, source: version.code, className: plugin.className };
  return {
    ctx,
    plugin,
    version,
    spec,
    id,
    call: (method, args) =>
      ctx.plugins.call(plugin.organizationId, code, method, { ...args, configs: version.configs }),
    timings,
    lap: (name) => {
      const now = performance.now();
      timings[name] = Math.round(now - t);
      t = now;
    },
    documentsCount: 0,
  };
}

/** The plugin's part of a run: select, join, score, group and compute, compare. */
async function compute(run: Run): Promise<RunResult> {
  const { spec } = run;
  const labels = [...new Set([...spec.targetLabels, ...spec.matchRules.flatMap((r) => r.right_group)])];
  const pool = (await extractedDocuments(run.ctx.db, run.plugin.organizationId, labels)).map(toBenchDocument);
  const targets = pool.filter((d) => hasAny(d.labels, spec.targetLabels));
  run.documentsCount = targets.length;
  run.lap('select');
  const aggs = aggregationsOf(targets, pool, spec.matchRules);
  run.lap('join');
  const scored = await scoreAll(run, targets, pool, aggs);
  run.lap('score');
  const { groups, keyOf } = groupScores(scored, spec.groupBy);
  for (const g of groups.values()) {
    g.value = Number(
      await run.call('compute', { results: g.members.map((m) => ({ document: m.doc, score: m.score })) }),
    );
  }
  run.lap('compute');
  const flags = new Map<string, boolean>();
  for (const s of scored) {
    const g = groups.get(keyOf.get(s.doc.id) as string);
    const verdict = await run.call('compare', {
      document_score: s.score,
      benchmark_score: g?.value as number,
    });
    flags.set(s.doc.id, verdict === true);
  }
  run.lap('compare');
  return { scored, groups, keyOf, flags };
}

/**
 * Scores the targets with `score_batch` in batches of {@link SCORE_BATCH}, each document with its
 * `aggregations`; documents scored None (or not finite) are left out.
 *
 * @throws Error when the plugin answers a batch with the wrong number of values
 */
async function scoreAll(
  run: Run,
  targets: BenchDocument[],
  pool: BenchDocument[],
  aggs: Map<string, number[]>[],
): Promise<Scored[]> {
  const scored: Scored[] = [];
  for (let i = 0; i < targets.length; i += SCORE_BATCH) {
    const batch = targets.slice(i, i + SCORE_BATCH).map((doc, k) => {
      const agg: Record<string, BenchDocument[]> = {};
      for (const [rule, idx] of aggs[i + k] as Map<string, number[]>)
        agg[rule] = idx.map((j) => pool[j] as BenchDocument);
      return { ...doc, aggregations: agg };
    });
    const scores = (await run.call('score_batch', { documents: batch })) as (number | null)[];
    if (!Array.isArray(scores) || scores.length !== batch.length)
      throw new Error(
        `score_batch returned ${Array.isArray(scores) ? scores.length : typeof scores} values for ${batch.length} documents`,
      );
    scores.forEach((s, k) => {
      if (typeof s === 'number' && Number.isFinite(s))
        scored.push({ doc: targets[i + k] as BenchDocument, score: s });
    });
  }
  return scored;
}

/** Groups the scored documents by their `group_by` values. */
function groupScores(scored: Scored[], groupBy: readonly string[]) {
  const groups = new Map<string, Group>();
  const keyOf = new Map<string, string>();
  for (const s of scored) {
    const g = groupOf(s.doc, groupBy);
    keyOf.set(s.doc.id, g.key);
    const entry = groups.get(g.key);
    if (entry) entry.members.push(s);
    else groups.set(g.key, { values: g.values, members: [s] });
  }
  return { groups, keyOf };
}

/**
 * Saves a computed run in `tx`: group values, scores, `benchmark.document_flagged` per flagged
 * document, the finished run row and the `benchmark.computed` event.
 */
async function save(tx: Executor, run: Run, result: RunResult): Promise<repo.BenchmarkRunRow> {
  const { scored, groups, keyOf, flags } = result;
  await repo.insertGroupValues(
    tx,
    [...groups].map(([key, g]) => ({
      runId: run.id,
      groupKey: key,
      groupValues: g.values,
      value: g.value as number,
      documentsCount: g.members.length,
      flaggedCount: g.members.filter((m) => flags.get(m.doc.id)).length,
    })),
  );
  await repo.insertScores(
    tx,
    scored.map((s) => {
      const key = keyOf.get(s.doc.id) as string;
      return {
        runId: run.id,
        documentId: s.doc.id,
        groupKey: key,
        score: s.score,
        benchmarkValue: groups.get(key)?.value as number,
        flagged: flags.get(s.doc.id) === true,
      };
    }),
  );
  await publishFlags(tx, run, result);
  run.lap('persist');
  const flagged = [...flags.values()].filter(Boolean).length;
  const row = await repo.finishRun(tx, run.id, {
    status: 'SUCCEEDED',
    documentsCount: run.documentsCount,
    scoredCount: scored.length,
    flaggedCount: flagged,
    timings: run.timings,
  });
  await emitComputed(tx, run, result, flagged);
  return row;
}

/**
 * Publishes `benchmark.document_flagged` for each flagged document: its alert (and the alert's
 * `benchmark.flagged` event) is raised by the reaction (jobs/reactions.ts) in `tx`.
 */
async function publishFlags(tx: Executor, run: Run, { scored, groups, keyOf, flags }: RunResult) {
  for (const s of scored) {
    if (!flags.get(s.doc.id)) continue;
    const g = groups.get(keyOf.get(s.doc.id) as string);
    await publish(run.ctx.reactions, tx, {
      type: 'benchmark.document_flagged',
      organizationId: run.plugin.organizationId,
      pluginId: run.plugin.id,
      pluginVersion: run.version.version,
      benchmark: run.spec.name,
      runId: run.id,
      documentId: s.doc.id,
      filename: s.doc.filename,
      score: s.score,
      benchmarkValue: g?.value as number,
      metricUnit: run.spec.metricUnit,
      group: g?.values ?? {},
    });
  }
}

/** The `benchmark.computed` event of a finished run (at most 100 groups). */
async function emitComputed(tx: Executor, run: Run, { scored, groups }: RunResult, flagged: number) {
  await emitEvent(tx, {
    organizationId: run.plugin.organizationId,
    type: 'benchmark.computed',
    data: {
      run_id: run.id,
      benchmark: run.spec.name,
      plugin_id: run.plugin.id,
      version: run.version.version,
      metric_unit: run.spec.metricUnit,
      documents: run.documentsCount,
      scored: scored.length,
      flagged,
      groups: [...groups.values()].slice(0, 100).map((g) => ({
        group: g.values,
        value: g.value,
        documents: g.members.length,
      })),
    },
  });
}

function toBenchDocument(r: Awaited<ReturnType<typeof extractedDocuments>>[number]): BenchDocument {
  return {
    id: r.id,
    filename: r.filename,
    mime_type: r.mimeType,
    labels: r.labels,
    metadata: r.metadata,
    source_id: r.sourceId,
    organization_id: r.organizationId,
    created_at: r.createdAt.toISOString(),
    size_bytes: r.sizeBytes,
    sha256: r.sha256,
    fields: r.data ?? {},
    document_type: typeof r.documentType === 'string' ? r.documentType : null,
  };
}
