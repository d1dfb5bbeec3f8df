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

const score = (n: number, value: number, flagged: boolean, currency = 'EUR') => ({
  document_id: uuid(100 + n),
  filename: `invoice-${n}.pdf`,
  score: value,
  group: { currency },
  benchmark_value: currency === 'EUR' ? 2618.9125 : 90,
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

  it('shows every group on one axis, or the one group a person chooses', async () => {
    const twoCurrencies = {
      ...benchmark,
      values: [
        { group: { currency: 'USD' }, value: 90, documents: 1, flagged: 0 },
        { group: { currency: 'EUR' }, value: 2618.9125, documents: 3, flagged: 0 },
      ],
    };
    await renderPage(benchmarksRoute, '/benchmarks', {
      'GET /api/benchmarks': () => listOf([twoCurrencies]),
      [`GET /api/benchmarks/${uuid(1)}/scores`]: () => ({
        body: {
          run,
          data: [
            score(1, 2000, false),
            score(2, 3000, false),
            score(3, 2856, false),
            score(4, 90, false, 'USD'),
          ],
          meta: { total: 4, page: 1, per_page: 1000 },
        },
      }),
      [`GET /api/benchmarks/${uuid(1)}/runs`]: () => listOf([run]),
    });
    // Every group first, each with its value marked; a group's own distribution on request.
    expect((await screen.findByRole('img', { name: /distribution/ })).getAttribute('aria-label')).toBe(
      'invoice_total_vs_average: distribution of 4 document scores, benchmark value 90.0, 2,619',
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Group' }));
    fireEvent.click(await screen.findByRole('option', { name: 'EUR (3)', hidden: true }));
    expect(screen.getByRole('img', { name: /distribution/ }).getAttribute('aria-label')).toBe(
      'invoice_total_vs_average, EUR: distribution of 3 document scores, benchmark value 2,619',
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Group' }));
    fireEvent.click(await screen.findByRole('option', { name: 'USD (1)', hidden: true }));
    expect(screen.getByRole('img', { name: /distribution/ }).getAttribute('aria-label')).toBe(
      'invoice_total_vs_average, USD: distribution of 1 document score, benchmark value 90.0',
    );
  });
});

describe('the counts of a benchmark', () => {
  it('say "1 document" of a run and of the scores of one document', async () => {
    const one = { ...run, documents: 1, scored: 1, flagged: 0 };
    await renderPage(benchmarksRoute, '/benchmarks', {
      'GET /api/benchmarks': () => listOf([{ ...benchmark, latest_run: one }]),
      [`GET /api/benchmarks/${uuid(1)}/scores`]: () => ({
        body: { run: one, data: [score(1, 23.5, false)], meta: { total: 1, page: 1, per_page: 1000 } },
      }),
      [`GET /api/benchmarks/${uuid(1)}/runs`]: () => listOf([one]),
    });
    expect(await screen.findByText(/^1 document, 1 scored, 0 flagged/)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Every score' }));
    expect(await screen.findByText('1 document scored')).toBeTruthy();
  });
});
