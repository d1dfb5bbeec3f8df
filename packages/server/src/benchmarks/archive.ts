import { type ArchiveTable, archiveTable, BY_ORGANIZATION } from '../db/archive-table.js';
import { benchmarkGroupValues, benchmarkRuns, benchmarkScores } from '../db/schema.js';

/**
 * The benchmarks' tables in the organization archive (docs/export.md), by manifest record type;
 * exports/ orders them among the other domains' tables.
 */
export const benchmarkArchiveTables = {
  benchmark_run: archiveTable(benchmarkRuns, {
    type: 'benchmark_run',
    scope: BY_ORGANIZATION,
    hasId: true,
    remap: ['pluginId'],
  }),
  benchmark_group_value: archiveTable(benchmarkGroupValues, {
    type: 'benchmark_group_value',
    scope: { parentType: 'benchmark_run', parentColumn: 'runId' },
    hasId: false,
    remap: ['runId'],
  }),
  benchmark_score: archiveTable(benchmarkScores, {
    type: 'benchmark_score',
    scope: { parentType: 'benchmark_run', parentColumn: 'runId' },
    hasId: false,
    remap: ['runId', 'documentId'],
  }),
} satisfies Record<string, ArchiveTable>;
