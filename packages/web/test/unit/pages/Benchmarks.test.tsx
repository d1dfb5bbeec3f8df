// @vitest-environment jsdom
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BenchmarksPage } from '../../../src/pages/Benchmarks';
import { listOf, uuid } from '../support/answers';
import { renderPage } from '../support/render';

/** The page's route as routes.tsx declares it. */
const benchmarksRoute = (root: AnyRoute) =>
  createRoute({ getParentRoute: () => root, path: '/benchmarks', component: BenchmarksPage });

const run = {
  id: uuid(20),
  version: 1,
  status: 'SUCCEEDED',
  trigger: 'manual',
  documents: 10,
  scored: 2,
  flagged: 1,
  error: null,
  timings: {},
  started_at: '2026-11-01T00:00:00.000Z',
  finished_at: '2026-11-01T00:00:01.000Z',
};

/** An average of invoice totals, as the demo's invoice_total_benchmark computes it. */
const benchmark = {
  id: uuid(1),
  name: 'invoice_total_vs_average',
  plugin_name: 'invoice_total_benchmark',
  version: 1,
  metric_unit: 'currency units',
  target_labels: ['Invoice'],
  group_by: ['currency'],
  match_rules: [],
  latest_run: run,
  computed_at: '2026-11-01T00:00:01.000Z',
  computed_version: 1,
  values: [{ group: { currency: 'EUR' }, value: 2618.9125, documents: 8, flagged: 1 }],
};

const score = (n: number, value: number, flagged: boolean) => ({
  document_id: uuid(100 + n),
  filename: `invoice-${n}.pdf`,
  score: value,
  group: { currency: 'EUR' },
  benchmark_value: 2618.9125,
  flagged,
});

afterEach(cleanup);

describe('the benchmarks page', () => {
  it('rounds values and scores to two decimals', async () => {
    await renderPage(benchmarksRoute, '/benchmarks', {
      'GET /api/benchmarks': () => listOf([benchmark]),
      [`GET /api/benchmarks/${uuid(1)}/scores`]: () => ({
        body: {
          run,
          data: [score(1, 18310.6349, true), score(2, 23.5, false)],
          meta: { total: 2, page: 1, per_page: 1000 },
        },
      }),
      [`GET /api/benchmarks/${uuid(1)}/runs`]: () => listOf([run]),
    });
    const values = await screen.findByRole('table', { name: 'invoice_total_vs_average values' });
    expect(within(values).getByText('2,618.91')).toBeTruthy();
    expect(within(values).queryByText('2,618.9125')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Every score' }));
    const scores = await screen.findByRole('table', { name: 'invoice_total_vs_average scores' });
    expect(within(scores).getByText('18,310.63')).toBeTruthy();
    expect(within(scores).getByText('23.5')).toBeTruthy();
    expect(within(scores).getAllByText('2,618.91')).toHaveLength(2);
  });
});
