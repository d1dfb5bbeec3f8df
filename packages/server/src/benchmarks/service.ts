import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import type { PageWindow } from '../db/paging.js';
import { documentFilenames } from '../documents/service.js';
import { notFound } from '../http/problem.js';
import { benchmarkPluginIds, benchmarkPlugins, organizationsWithBenchmarks } from '../plugins/records.js';
import * as repo from './repository.js';
import { type RunOutcome, runBenchmark } from './runner.js';
import { benchmarkSpecOf } from './spec.js';

export { benchmarkArchiveTables } from './archive.js';
export { RUNS_KEPT, type RunOutcome, runBenchmark, SCORE_BATCH } from './runner.js';
export {
  aggregationsOf,
  type BenchmarkSpec,
  benchmarkSpecOf,
  groupOf,
  MAX_AGGREGATION,
  type MatchRuleSpec,
} from './spec.js';

/** Runs every live benchmark of an organization, one after the other. */
export async function runOrganizationBenchmarks(ctx: AppContext, organizationId: string, trigger: string) {
  const out: RunOutcome[] = [];
  for (const { plugin, version } of await benchmarkPlugins(ctx.db, organizationId)) {
    out.push(await runBenchmark(ctx, plugin, version, trigger));
  }
  return out;
}

/** Ids of the organization's live, enabled benchmarks. */
export async function benchmarkIdsOf(ctx: Pick<AppContext, 'db'>, organizationId: string): Promise<string[]> {
  return benchmarkPluginIds(ctx.db, organizationId);
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
  const found = (await benchmarkPlugins(ctx.db, organizationId)).find((b) => b.plugin.id === pluginId);
  return found ? runBenchmark(ctx, found.plugin, found.version, trigger) : undefined;
}

/**
 * Runs the benchmarks whose latest run started more than `everyMs` ago (or never ran), in every
 * organization: the scheduled pass.
 */
export async function runDueBenchmarks(ctx: AppContext, everyMs: number): Promise<number> {
  let runs = 0;
  for (const orgId of await organizationsWithBenchmarks(ctx.db)) {
    for (const { plugin, version } of await benchmarkPlugins(ctx.db, orgId)) {
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
  const found = (await benchmarkPlugins(ctx.db, tenant.organizationId)).find((p) => p.plugin.id === pluginId);
  if (!found) throw notFound('Benchmark');
  return runBenchmark(ctx, found.plugin, found.version, 'manual');
}

/** The organization's benchmarks with their latest run and the group values of the latest successful one. */
export async function listBenchmarks(ctx: Pick<AppContext, 'db'>, tenant: Tenant) {
  const orgId = tenant.organizationId;
  const list = await benchmarkPlugins(ctx.db, orgId);
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
 * the document DTO's `benchmark_scores` (app.ts hands it to documents/routes.ts).
 */
export async function benchmarkScoresOf(
  ctx: Pick<AppContext, 'db'>,
  document: { id: string; organizationId: string },
): Promise<DocumentBenchmarkScore[]> {
  const rows = await repo.scoresOfDocument(ctx.db, document.organizationId, document.id);
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

/** A benchmark plugin of the tenant, or 404. */
async function benchmarkOf(ctx: Pick<AppContext, 'db'>, tenant: Tenant, pluginId: string) {
  const found = (await benchmarkPlugins(ctx.db, tenant.organizationId)).find((p) => p.plugin.id === pluginId);
  if (!found) throw notFound('Benchmark');
  return found;
}

/** The kept runs of a benchmark (the newest RUNS_KEPT), newest first. @throws 404 for another tenant's */
export async function listBenchmarkRuns(ctx: Pick<AppContext, 'db'>, tenant: Tenant, pluginId: string) {
  await benchmarkOf(ctx, tenant, pluginId);
  return repo.runsOf(ctx.db, tenant.organizationId, pluginId);
}

/**
 * The per-document scores of a benchmark's latest successful run, highest first, with each
 * document's group and the group's benchmark value: the data of a score distribution.
 * `run` is null (and the list empty) before the first successful run.
 *
 * @throws HttpProblem 404 for a benchmark that is not the tenant's
 */
export async function listBenchmarkScores(
  ctx: Pick<AppContext, 'db'>,
  tenant: Tenant,
  pluginId: string,
  p: PageWindow & { flagged?: boolean | undefined },
) {
  await benchmarkOf(ctx, tenant, pluginId);
  const run = (await repo.latestSucceededRuns(ctx.db, tenant.organizationId)).find(
    (r) => r.pluginId === pluginId,
  );
  if (!run) return { run: null, rows: [], total: 0 };
  const { rows, total } = await repo.scoresOfRun(ctx.db, run.id, p);
  // Filenames from the documents' owner (a score cascades with its document; one deleted since
  // the page was read is left out, as the former join did).
  const ids = rows.map((r) => r.score.documentId);
  const filenames = new Map(
    (await documentFilenames(ctx.db, tenant.organizationId, ids)).map((d) => [d.id, d.filename]),
  );
  return {
    run,
    rows: rows.flatMap((r) => {
      const filename = filenames.get(r.score.documentId);
      return filename === undefined ? [] : [{ ...r, filename }];
    }),
    total,
  };
}
