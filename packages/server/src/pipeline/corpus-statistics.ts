/**
 * Document-frequency statistics of an organization's own documents, passed to classification
 * plugins as `document.metadata.corpus_statistics` (`{documents: n, df: {word: count}}`) so that
 * words common to most of the organization's documents weigh little (the built-in classifier's
 * corpus weight, plugins/README.md). Computed over the first characters of the most recent
 * documents and cached per organization for a few minutes.
 */
import type { AppContext } from '../context.js';
import { recentExcerpts } from '../documents/service.js';

/** Documents sampled, characters read from each, and how long a computed table is reused. */
const SAMPLE = 500;
const EXCERPT = 3000;
const TTL_MS = 10 * 60_000;
/** A young organization's table is recomputed sooner: its corpus is still growing fast. */
const YOUNG_TTL_MS = 30_000;
const YOUNG = 50;
/** Only the most frequent words travel (rare words keep the full weight anyway). */
const MAX_WORDS = 5000;

export interface CorpusStatistics {
  documents: number;
  df: Record<string, number>;
}

const cache = new Map<string, { at: number; stats: CorpusStatistics }>();

/** Lower-case word tokens (Unicode letters and digits), as the classifier tokenizes. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * `{documents, df}` over `texts`: the number of texts each lower-cased word occurs in, for the
 * `maxWords` most frequent words.
 */
export function documentFrequencies(texts: readonly string[], maxWords = MAX_WORDS): CorpusStatistics {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of new Set(text.toLowerCase().match(WORD) ?? []))
      counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, maxWords);
  return { documents: texts.length, df: Object.fromEntries(top) };
}

/** The organization's statistics, recomputed when older than ten minutes (30 s below 50 documents). */
export async function corpusStatistics(ctx: AppContext, organizationId: string): Promise<CorpusStatistics> {
  const hit = cache.get(organizationId);
  if (hit && Date.now() - hit.at < (hit.stats.documents < YOUNG ? YOUNG_TTL_MS : TTL_MS)) return hit.stats;
  const stats = documentFrequencies(await recentExcerpts(ctx.db, organizationId, SAMPLE, EXCERPT));
  cache.set(organizationId, { at: Date.now(), stats });
  return stats;
}
