import { z } from 'zod';
import { dataPageMeta } from '../http/pagination.js';
import { iso, uuid } from '../http/schemas.js';
import type { BenchmarkRunRow, GroupValueRow } from './repository.js';
import type { listBenchmarkScores, listBenchmarks } from './service.js';

export const benchmarkRunDto = z
  .object({
    id: uuid,
    version: z.number().int().describe('plugin version the run used'),
    status: z.enum(['RUNNING', 'SUCCEEDED', 'FAILED']),
    trigger: z.string().describe('schedule, extraction or manual'),
    documents: z.number().int().describe('documents with a target label'),
    scored: z.number().int().describe('documents score() did not skip'),
    flagged: z.number().int(),
    error: z.string().nullable(),
    timings: z.record(z.string(), z.number()).describe('milliseconds per phase'),
    started_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'BenchmarkRun' });

export function toRunDto(r: BenchmarkRunRow): z.infer<typeof benchmarkRunDto> {
  return {
    id: r.id,
    version: r.pluginVersion,
    status: r.status,
    trigger: r.trigger,
    documents: r.documentsCount,
    scored: r.scoredCount,
    flagged: r.flaggedCount,
    error: r.error,
    timings: r.timings,
    started_at: r.startedAt.toISOString(),
    finished_at: iso(r.finishedAt),
  };
}

const groupValueDto = z.object({
  group: z.record(z.string(), z.unknown()).describe('{group_by field: value}; {} without group_by'),
  value: z.number().describe('compute() of the group'),
  documents: z.number().int(),
  flagged: z.number().int(),
});

const toGroupDto = (g: GroupValueRow) => ({
  group: g.groupValues,
  value: g.value,
  documents: g.documentsCount,
  flagged: g.flaggedCount,
});

export const benchmarkDto = z
  .object({
    id: uuid.describe('the benchmark plugin id'),
    name: z.string().describe('the benchmark class attribute name'),
    plugin_name: z.string(),
    version: z.number().int().describe('current plugin version'),
    metric_unit: z.string().nullable(),
    target_labels: z.array(z.string()),
    group_by: z.array(z.string()),
    match_rules: z.array(
      z.object({
        name: z.string(),
        left_group: z.array(z.string()),
        right_group: z.array(z.string()),
        conditions: z.array(
          z.object({ left_field: z.string(), right_field: z.string(), match_type: z.string() }),
        ),
      }),
    ),
    latest_run: benchmarkRunDto.nullable(),
    computed_at: z.string().nullable().describe('end of the latest successful run, whose values follow'),
    computed_version: z.number().int().nullable(),
    values: z.array(groupValueDto).describe('latest value per group'),
  })
  .meta({ id: 'Benchmark' });

export function toBenchmarkDto(
  b: Awaited<ReturnType<typeof listBenchmarks>>[number],
): z.infer<typeof benchmarkDto> {
  return {
    id: b.plugin.id,
    name: b.spec.name,
    plugin_name: b.plugin.name,
    version: b.version.version,
    metric_unit: b.spec.metricUnit,
    target_labels: b.spec.targetLabels,
    group_by: b.spec.groupBy,
    match_rules: b.spec.matchRules,
    latest_run: b.latestRun ? toRunDto(b.latestRun) : null,
    computed_at: iso(b.computedRun?.finishedAt),
    computed_version: b.computedRun?.pluginVersion ?? null,
    values: b.groups.map(toGroupDto),
  };
}

export const benchmarkListDto = z
  .object({
    data: z.array(benchmarkDto),
    meta: dataPageMeta,
  })
  .meta({ id: 'BenchmarkList' });

const listMeta = dataPageMeta;

export const benchmarkRunListDto = z
  .object({ data: z.array(benchmarkRunDto), meta: listMeta })
  .meta({ id: 'BenchmarkRunList' });

export const benchmarkScoreDto = z
  .object({
    document_id: uuid,
    filename: z.string(),
    score: z.number().describe("score() of the document, in the benchmark's metric_unit"),
    group: z.record(z.string(), z.unknown()).describe('{group_by field: value} of the document'),
    benchmark_value: z.number().describe("compute() of the document's group"),
    flagged: z.boolean(),
  })
  .meta({ id: 'BenchmarkScore' });

export const benchmarkScoreListDto = z
  .object({
    run: benchmarkRunDto.nullable().describe('the latest successful run the scores come from'),
    data: z.array(benchmarkScoreDto).describe('highest score first'),
    meta: listMeta,
  })
  .meta({ id: 'BenchmarkScoreList' });

export function toScoreDto(r: Awaited<ReturnType<typeof listBenchmarkScores>>['rows'][number]) {
  return {
    document_id: r.score.documentId,
    filename: r.filename,
    score: r.score.score,
    group: r.group ?? {},
    benchmark_value: r.score.benchmarkValue,
    flagged: r.score.flagged,
  };
}
