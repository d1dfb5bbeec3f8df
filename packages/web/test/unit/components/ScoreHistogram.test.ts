import { describe, expect, it } from 'vitest';
import { histogram, markers } from '../../../src/components/ScoreHistogram';

describe('the score histogram of a benchmark', () => {
  it('puts √n equal-width bins over the scores, flagged ones counted apart', () => {
    const scores = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((score) => ({ score, flagged: score === 9 }));
    const bins = histogram(scores);
    expect(bins.map((b) => [b.documents, b.flagged])).toEqual([
      [3, 0],
      [3, 0],
      [3, 1],
    ]);
    expect(bins[0]).toMatchObject({ from: 1, to: 1 + 8 / 3 });
  });

  it('spreads one repeated score over a tenth of its value, so that the axis reads', () => {
    const [bin] = histogram([{ score: 2_000_000, flagged: false }]);
    expect(bin).toMatchObject({ from: 1_900_000, to: 2_100_000, documents: 1 });
    expect(histogram([{ score: 0, flagged: false }])[0]).toMatchObject({ from: -0.5, to: 0.5 });
  });

  it('marks groups of the same benchmark value with one line named by all of them, by value', () => {
    expect(
      markers([
        { group: 'Supply', value: 3652.5 },
        { group: 'Consulting', value: 365.25 },
        { group: 'Hosting', value: 365.25 },
        { group: 'Development', value: 730.5 },
      ]),
    ).toEqual([
      { value: 365.25, groups: ['Consulting', 'Hosting'] },
      { value: 730.5, groups: ['Development'] },
      { value: 3652.5, groups: ['Supply'] },
    ]);
  });
});
