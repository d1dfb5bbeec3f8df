import { describe, expect, it } from 'vitest';
import { documentFrequencies } from '../../src/pipeline/corpus-statistics.js';

describe('documentFrequencies (metadata.corpus_statistics)', () => {
  it('counts in how many documents each lower-cased word occurs', () => {
    const stats = documentFrequencies([
      'This Agreement, this day',
      'Invoice: agreement N° 7',
      'Zahlbar sofort',
    ]);
    expect(stats.documents).toBe(3);
    expect(stats.df).toMatchObject({ this: 1, agreement: 2, invoice: 1, n: 1, '7': 1, zahlbar: 1 });
  });

  it('keeps only the most frequent words', () => {
    const stats = documentFrequencies(['a b c', 'a b', 'a'], 2);
    expect(stats.df).toEqual({ a: 3, b: 2 });
  });
});
