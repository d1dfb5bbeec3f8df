import { raiseBenchmarkAlert } from '../alerts/service.js';
import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import type { plugins, pluginVersions } from '../db/schema.js';
import { emitEvent } from '../events/outbox.js';
import { notFound } from '../http/problem.js';
import { type BenchDocument, resolveField } from './fields.js';
import { equalityKey, joinRule, MATCH_TYPES, type MatchCondition } from './join.js';
import * as repo from './repository.js';

/** Documents per `score_batch` call. */
export const SCORE_BATCH = 200;
/** At most this many related documents per rule in a document's `aggregations` (first by ingestion). */
export const MAX_AGGREGATION = 100;
/** Finished runs kept per benchmark (older ones and their scores are deleted). */
export const RUNS_KEPT = 10;
/** A RUNNING run older than this is considered abandoned. */
const STALE_RUN_MS = 60 * 60 * 1000;

type PluginRow = typeof plugins.$inferSelect;
type PluginVersionRow = typeof pluginVersions.$inferSelect;

/** A benchmark's MATCH_RULE as its manifest describes it (SDK MatchRule.to_dict). */
export interface MatchRuleSpec {
  name: string;
  left_group: string[];
  right_group: string[];
  conditions: MatchCondition[];
}

/** The class attributes of a benchmark (manifest `attributes`, docs/plugin-runtime.md `load`). */
export interface BenchmarkSpec {
  name: string;
  targetLabels: string[];
  metricUnit: string | null;
  groupBy: string[];
  matchRules: MatchRuleSpec[];
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** Reads the benchmark attributes of a plugin version's manifest; malformed rules are dropped. */
export function benchmarkSpecOf(
  plugin: Pick<PluginRow, 'name'>,
  manifest: Record<string, unknown>,
): BenchmarkSpec {
  const a = (manifest.attributes ?? {}) as Record<string, unknown>;
  const rules: MatchRuleSpec[] = [];
  for (const raw of Array.isArray(a.match_rules) ? a.match_rules : []) {
    const r = raw as Record<string, unknown>;
    if (typeof r?.name !== 'string') continue;
    const conditions = (Array.isArray(r.conditions) ? r.conditions : [])
      .map((c) => c as Record<string, unknown>)
      .filter(
        (c) =>
          typeof c.left_field === 'string' &&
          typeof c.right_field === 'string' &&
          (MATCH_TYPES as readonly unknown[]).includes(c.match_type ?? '=='),
      )
      .map((c) => ({
        left_field: c.left_field as string,
        right_field: c.right_field as string,
        match_type: (c.match_type ?? '==') as MatchCondition['match_type'],
      }));
    rules.push({
      name: r.name,
      left_group: strings(r.left_group),
      right_group: strings(r.right_group),
      conditions,
    });
  }
  return {
    name: typeof a.name === 'string' && a.name ? a.name : plugin.name,
    targetLabels: strings(a.target_labels),
    metricUnit: typeof a.metric_unit === 'string' ? a.metric_unit : null,
    groupBy: strings(a.group_by),
    matchRules: rules,
  };
}

const hasAny = (labels: readonly string[], wanted: readonly string[]) =>
  labels.some((l) => wanted.includes(l));

/**
 * Computes `aggregations` of the target documents: for each rule, the right-group documents
 * joined to each target in the rule's left group ({@link joinRule}; a document never matches
 * itself; at most {@link MAX_AGGREGATION} per rule). Returns, per target index, rule name → the
 * indices into `pool` of its related documents.
 */
export function aggregationsOf(
  targets: readonly BenchDocument[],
  pool: readonly BenchDocument[],
  rules: readonly MatchRuleSpec[],
): Map<string, number[]>[] {
  const out = targets.map(() => new Map<string, number[]>());
  for (const rule of rules) {
    const leftIdx: number[] = [];
    targets.forEach((d, i) => {
      if (rule.left_group.length === 0 || hasAny(d.labels, rule.left_group)) leftIdx.push(i);
    });
    const rightIdx: number[] = [];
    pool.forEach((d, i) => {
      if (hasAny(d.labels, rule.right_group)) rightIdx.push(i);
    });
    const left = leftIdx.map((i) => targets[i] as BenchDocument);
    const right = rightIdx.map((i) => pool[i] as BenchDocument);
    const matches = joinRule(left, right, rule.conditions, resolveField, resolveField, {
      maxPerLeft: MAX_AGGREGATION,
      exclude: (li, ri) => (left[li] as BenchDocument).id === (right[ri] as BenchDocument).id,
    });
    matches.forEach((m, li) => {
      (out[leftIdx[li] as number] as Map<string, number[]>).set(
        rule.name,
        m.map((ri) => rightIdx[ri] as number),
      );
    });
    for (const i of targets.keys()) {
      const agg = out[i] as Map<string, number[]>;
      if (!agg.has(rule.name)) agg.set(rule.name, []);
    }
  }
  return out;
}

/** The group of a document: `{field: value}` for each group_by field, and its canonical key. */
export function groupOf(doc: BenchDocument, groupBy: readonly string[]) {
  const values: Record<string, unknown> = {};
  const keys: (string | null)[] = [];
  for (const f of groupBy) {
    const v = resolveField(doc, f);
    values[f] = v ?? null;
    keys.push(equalityKey(v) ?? null);
  }
  return { values, key: JSON.stringify(keys) };
}

function toBenchDocument(r: Awaited<ReturnType<typeof repo.extractedDocuments>>[number]): BenchDocument {
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
  };
}

/** Summary of a finished run. */
export type RunOutcome =
  | { status: 'SKIPPED'; reason: string }
  | { status: 'SUCCEEDED' | 'FAILED'; run: repo.BenchmarkRunRow };

/**
 * Runs one benchmark over one organization (docs/benchmarks.md "How the runner works"):
 * select the extracted documents with a target label (and those of the rules' right groups),
 * join MATCH_RULES into `aggregations`, `score_batch` in batches of {@link SCORE_BATCH} (None
 * skipped), group by `group_by`, `compute` each non-empty group, `compare` each scored document
 * with its group's value, then persist the run, group values and scores in one transaction with
 * a `benchmark.computed` event, and a `benchmark.flagged` event and alert for each newly flagged
 * document. Only one run of a benchmark runs at a time (others answer SKIPPED).
 *
 * A plugin error fails the run (status FAILED with the error) and is not thrown.
 */
export async function runBenchmark(
  ctx: AppContext,
  plugin: PluginRow,
  version: PluginVersionRow,
  trigger: string,
): Promise<RunOutcome> {
  const orgId = plugin.organizationId;
  const spec = benchmarkSpecOf(plugin, version.manifest);
  await repo.failStaleRuns(ctx.db, plugin.id, new Date(Date.now() - STALE_RUN_MS));
  const run = await repo.startRun(ctx.db, {
    organizationId: orgId,
    pluginId: plugin.id,
    pluginVersion: version.version,
    name: spec.name,
    metricUnit: spec.metricUnit,
    trigger,
  });
  if (!run) return { status: 'SKIPPED', reason: 'another run of this benchmark is in progress' };
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - t);
    t = now;
  };
  const code = { id: `${plugin.id}@${version.version}`, source: version.code, className: plugin.className };
  const configs = version.configs;
  const call = (method: string, args: Record<string, unknown>) =>
    ctx.plugins.call(orgId, code, method, { ...args, configs });
  let documentsCount = 0;
  try {
    const labels = [...new Set([...spec.targetLabels, ...spec.matchRules.flatMap((r) => r.right_group)])];
    const pool = (await repo.extractedDocuments(ctx.db, orgId, labels)).map(toBenchDocument);
    const targets = pool.filter((d) => hasAny(d.labels, spec.targetLabels));
    documentsCount = targets.length;
    lap('select');
    const aggs = aggregationsOf(targets, pool, spec.matchRules);
    lap('join');

    // score, in batches
    const scored: { doc: BenchDocument; score: number }[] = [];
    for (let i = 0; i < targets.length; i += SCORE_BATCH) {
      const batch = targets.slice(i, i + SCORE_BATCH).map((doc, k) => {
        const agg: Record<string, BenchDocument[]> = {};
        for (const [rule, idx] of aggs[i + k] as Map<string, number[]>)
          agg[rule] = idx.map((j) => pool[j] as BenchDocument);
        return { ...doc, aggregations: agg };
      });
      const scores = (await call('score_batch', { documents: batch })) as (number | null)[];
      if (!Array.isArray(scores) || scores.length !== batch.length)
        throw new Error(
          `score_batch returned ${Array.isArray(scores) ? scores.length : typeof scores} values for ${batch.length} documents`,
        );
      scores.forEach((s, k) => {
        if (typeof s === 'number' && Number.isFinite(s))
          scored.push({ doc: targets[i + k] as BenchDocument, score: s });
      });
    }
    lap('score');

    // group and compute
    const groups = new Map<
      string,
      { values: Record<string, unknown>; members: { doc: BenchDocument; score: number }[]; value?: number }
    >();
    const keyOf = new Map<string, string>();
    for (const s of scored) {
      const g = groupOf(s.doc, spec.groupBy);
      keyOf.set(s.doc.id, g.key);
      const entry = groups.get(g.key);
      if (entry) entry.members.push(s);
      else groups.set(g.key, { values: g.values, members: [s] });
    }
    for (const g of groups.values()) {
      g.value = Number(
        await call('compute', { results: g.members.map((m) => ({ document: m.doc, score: m.score })) }),
      );
    }
    lap('compute');

    // compare
    const flags = new Map<string, boolean>();
    for (const s of scored) {
      const g = groups.get(keyOf.get(s.doc.id) as string);
      flags.set(
        s.doc.id,
        (await call('compare', { document_score: s.score, benchmark_score: g?.value as number })) === true,
      );
    }
    lap('compare');

    const flagged = [...flags.values()].filter(Boolean).length;
    const finished = await ctx.db.transaction(async (tx) => {
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
      for (const s of scored) {
        if (!flags.get(s.doc.id)) continue;
        const g = groups.get(keyOf.get(s.doc.id) as string);
        await raiseBenchmarkAlert(tx, {
          organizationId: orgId,
          pluginId: plugin.id,
          pluginVersion: version.version,
          benchmark: spec.name,
          runId: run.id,
          documentId: s.doc.id,
          filename: s.doc.filename,
          score: s.score,
          benchmarkValue: g?.value as number,
          metricUnit: spec.metricUnit,
          group: g?.values ?? {},
        });
      }
      lap('persist');
      const row = await repo.finishRun(tx, run.id, {
        status: 'SUCCEEDED',
        documentsCount,
        scoredCount: scored.length,
        flaggedCount: flagged,
        timings,
      });
      await emitEvent(tx, {
        organizationId: orgId,
        type: 'benchmark.computed',
        data: {
          run_id: run.id,
          benchmark: spec.name,
          plugin_id: plugin.id,
          version: version.version,
          metric_unit: spec.metricUnit,
          documents: documentsCount,
          scored: scored.length,
          flagged,
          groups: [...groups.values()].slice(0, 100).map((g) => ({
            group: g.values,
            value: g.value,
            documents: g.members.length,
          })),
        },
      });
      return row;
    });
    await repo.pruneRuns(ctx.db, plugin.id, RUNS_KEPT);
    return { status: 'SUCCEEDED', run: finished };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.warn({ err, pluginId: plugin.id, runId: run.id }, 'benchmark run failed');
    const row = await repo.finishRun(ctx.db, run.id, {
      status: 'FAILED',
      error: message.slice(0, 4000),
      documentsCount,
      timings,
    });
    return { status: 'FAILED', run: row };
  }
}

/** Runs every live benchmark of an organization, one after the other. */
export async function runOrganizationBenchmarks(ctx: AppContext, organizationId: string, trigger: string) {
  const out: RunOutcome[] = [];
  for (const { plugin, version } of await repo.benchmarkPlugins(ctx.db, organizationId)) {
    out.push(await runBenchmark(ctx, plugin, version, trigger));
  }
  return out;
}

/** Ids of the organization's live, enabled benchmarks. */
export async function benchmarkIdsOf(ctx: AppContext, organizationId: string): Promise<string[]> {
  return (await repo.benchmarkPlugins(ctx.db, organizationId)).map(({ plugin }) => plugin.id);
}

/**
 * Runs one benchmark of an organization with its current version.
 *
 * @returns the run's outcome, or undefined when `pluginId` is no longer a live benchmark of it
 */
export async function runOrganizationBenchmark(
  ctx: AppContext,
  organizationId: string,
  pluginId: string,
  trigger: string,
): Promise<RunOutcome | undefined> {
  const found = (await repo.benchmarkPlugins(ctx.db, organizationId)).find((b) => b.plugin.id === pluginId);
  return found ? runBenchmark(ctx, found.plugin, found.version, trigger) : undefined;
}

/**
 * Runs the benchmarks whose latest run started more than `everyMs` ago (or never ran), in every
 * organization: the scheduled pass.
 */
export async function runDueBenchmarks(ctx: AppContext, everyMs: number): Promise<number> {
  let runs = 0;
  for (const orgId of await repo.organizationsWithBenchmarks(ctx.db)) {
    for (const { plugin, version } of await repo.benchmarkPlugins(ctx.db, orgId)) {
      const last = await repo.lastRunOf(ctx.db, plugin.id);
      if (last && Date.now() - last.startedAt.getTime() < everyMs) continue;
      await runBenchmark(ctx, plugin, version, 'schedule');
      runs += 1;
    }
  }
  return runs;
}

/**
 * Runs a benchmark of the active organization now (OWNER or ADMIN).
 *
 * @throws HttpProblem 403 for a MEMBER; 404 when the plugin is not a live benchmark of the organization
 */
export async function runBenchmarkNow(
  ctx: AppContext,
  principal: Principal,
  tenant: Tenant,
  pluginId: string,
) {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  const found = (await repo.benchmarkPlugins(ctx.db, tenant.organizationId)).find(
    (p) => p.plugin.id === pluginId,
  );
  if (!found) throw notFound('Benchmark');
  return runBenchmark(ctx, found.plugin, found.version, 'manual');
}

/** The organization's benchmarks with their latest run and the group values of the latest successful one. */
export async function listBenchmarks(ctx: AppContext, tenant: Tenant) {
  const orgId = tenant.organizationId;
  const list = await repo.benchmarkPlugins(ctx.db, orgId);
  const latest = new Map((await repo.latestRuns(ctx.db, orgId)).map((r) => [r.pluginId, r]));
  const succeeded = new Map((await repo.latestSucceededRuns(ctx.db, orgId)).map((r) => [r.pluginId, r]));
  const values = await repo.groupValuesOf(
    ctx.db,
    [...succeeded.values()].map((r) => r.id),
  );
  const byRun = new Map<string, repo.GroupValueRow[]>();
  for (const v of values) byRun.set(v.runId, [...(byRun.get(v.runId) ?? []), v]);
  return list.map(({ plugin, version }) => {
    const ok = succeeded.get(plugin.id);
    return {
      plugin,
      version,
      spec: benchmarkSpecOf(plugin, version.manifest),
      latestRun: latest.get(plugin.id) ?? null,
      computedRun: ok ?? null,
      groups: ok ? (byRun.get(ok.id) ?? []) : [],
    };
  });
}

/** One benchmark score of a document, as the document DTO shows it (`benchmark_scores`). */
export interface DocumentBenchmarkScore {
  benchmark: string;
  plugin_id: string;
  version: number;
  metric_unit: string | null;
  score: number;
  group: Record<string, unknown>;
  benchmark_value: number;
  flagged: boolean;
  run_id: string;
  computed_at: string | null;
}

/**
 * The scores of a document in the latest successful run of each benchmark of its organization:
 * `[{benchmark, version, score, group, benchmark_value, flagged, …}]`, by benchmark name. For
 * the document DTO's `benchmark_scores` (`toDocumentDto(row, await benchmarkScoresOf(ctx, row.id))`).
 */
export async function benchmarkScoresOf(
  ctx: AppContext,
  documentId: string,
): Promise<DocumentBenchmarkScore[]> {
  const rows = await repo.scoresOfDocument(ctx.db, documentId);
  return rows.map((r) => ({
    benchmark: r.run.name,
    plugin_id: r.run.pluginId,
    version: r.run.pluginVersion,
    metric_unit: r.run.metricUnit,
    score: r.score.score,
    group: r.group ?? {},
    benchmark_value: r.score.benchmarkValue,
    flagged: r.score.flagged,
    run_id: r.run.id,
    computed_at: r.run.finishedAt?.toISOString() ?? null,
  }));
}
