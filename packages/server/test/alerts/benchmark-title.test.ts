/**
 * The title of a benchmark flag's alert (alerts/service.ts `benchmarkAlertTitle`), as the demo's
 * benchmarks raise them on real invoices and contracts: numbers as people read them, the unit, the
 * group the document was compared within.
 */
import { describe, expect, it } from 'vitest';
import { benchmarkAlertTitle } from '../../src/alerts/service.js';

describe('benchmarkAlertTitle', () => {
  it('groups thousands, keeps at most two decimals, and names the unit and the group', () => {
    expect(
      benchmarkAlertTitle({
        filename: 'EN16931_Betriebskostenabrechnung.pdf',
        benchmark: 'invoice_total_vs_average',
        score: 18310.63,
        benchmarkValue: 2618.9125,
        metricUnit: 'currency units',
        group: { currency: 'EUR' },
      }),
    ).toBe(
      'EN16931_Betriebskostenabrechnung.pdf: invoice_total_vs_average 18,310.63 against 2,618.91 currency units (currency EUR)',
    );
  });

  it('leaves out a unit and a group the benchmark does not have', () => {
    expect(
      benchmarkAlertTitle({
        filename: 'supply.pdf',
        benchmark: 'term_length_vs_peers',
        score: 3652.5,
        benchmarkValue: 1278.375,
        metricUnit: null,
        group: {},
      }),
    ).toBe('supply.pdf: term_length_vs_peers 3,652.5 against 1,278.38');
  });

  it('writes a group value that is not text as JSON', () => {
    expect(
      benchmarkAlertTitle({
        filename: 'a.pdf',
        benchmark: 'b',
        score: -1,
        benchmarkValue: 0,
        metricUnit: 'days',
        group: { year: 2026, labels: ['Contract', 'Supply'] },
      }),
    ).toBe('a.pdf: b -1 against 0 days (year 2026, labels ["Contract","Supply"])');
  });
});
