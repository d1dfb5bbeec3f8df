/**
 * Benchmarks (`/api/benchmarks`, docs/benchmarks.md): the query keys, the hooks that read the
 * benchmarks, a benchmark's per-document scores and its kept runs, and the one that starts a run
 * (which refreshes the benchmarks: their latest run and values).
 */
import type { Schema, ServiceClient } from '@service/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from './problem';
import { useSession } from './session';

export type Benchmark = Schema<'Benchmark'>;
export type BenchmarkRun = Schema<'BenchmarkRun'>;
export type BenchmarkScore = Schema<'BenchmarkScore'>;

/** The page reads at most this many benchmarks, and this many scores of each. */
export const BENCHMARKS_LIMIT = 100;
export const SCORES_LIMIT = 1000;

/** Key of an organization's benchmarks. */
export const benchmarksKey = (organizationId: string | null) => ['benchmarks', organizationId] as const;
/** Key of a benchmark's scores as of its `computed_at` (a new computation is a new key). */
export const benchmarkScoresKey = (organizationId: string | null, b: Benchmark) =>
  ['benchmark-scores', organizationId, b.id, b.computed_at] as const;
/** Key of a benchmark's runs as of its latest run. */
export const benchmarkRunsKey = (organizationId: string | null, b: Benchmark) =>
  ['benchmark-runs', organizationId, b.id, b.latest_run?.id] as const;

/** The organization's first {@link BENCHMARKS_LIMIT} benchmarks with their latest run and values. */
export function useBenchmarks() {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: benchmarksKey(organizationId),
    queryFn: async () =>
      unwrap(await api.GET('/api/benchmarks', { params: { query: { per_page: BENCHMARKS_LIMIT } } })).data,
  });
}

/** The query of a benchmark's first {@link SCORES_LIMIT} scores (shared by its views). */
function scoresQuery(api: ServiceClient, organizationId: string | null, b: Benchmark) {
  return queryOptions({
    queryKey: benchmarkScoresKey(organizationId, b),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/benchmarks/{id}/scores', {
          params: { path: { id: b.id }, query: { per_page: SCORES_LIMIT } },
        }),
      ).data,
  });
}

/** The benchmark's per-document scores of its latest successful run. */
export function useBenchmarkScores(b: Benchmark) {
  const { api, organizationId } = useSession();
  return useQuery(scoresQuery(api, organizationId, b));
}

/** The flagged ones among {@link useBenchmarkScores}: the same cached answer, seen through a filter. */
export function useFlaggedScores(b: Benchmark) {
  const { api, organizationId } = useSession();
  return useQuery({
    ...scoresQuery(api, organizationId, b),
    select: (list) => list.filter((s) => s.flagged),
  });
}

/** The benchmark's kept runs, newest first. */
export function useBenchmarkRuns(b: Benchmark) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: benchmarkRunsKey(organizationId, b),
    queryFn: async () =>
      unwrap(await api.GET('/api/benchmarks/{id}/runs', { params: { path: { id: b.id } } })).data,
  });
}

/** Starts a run of benchmark `id` now. The error is the API's problem (409 while one runs). */
export function useRunBenchmark(id: string) {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/benchmarks/{id}/runs', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: benchmarksKey(organizationId) }),
  });
}
