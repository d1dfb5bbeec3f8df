// @vitest-environment jsdom
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SNOOZE_MS } from '../../../src/api/alerts';
import { parseAlertsSearch } from '../../../src/lib/contracts-search';
import { AlertsPage } from '../../../src/pages/Alerts';
import { listOf, problem, uuid } from '../support/answers';
import { renderPage } from '../support/render';

/** The page's route as routes.tsx declares it. */
const alertsRoute = (root: AnyRoute) =>
  createRoute({
    getParentRoute: () => root,
    path: '/alerts',
    validateSearch: parseAlertsSearch,
    component: AlertsPage,
  });

/** A renewal alert as the API answers it (docs/contracts.md "Alerts"), with its clause. */
const renewal = (n: number, over: Record<string, unknown> = {}) => ({
  id: uuid(n),
  kind: 'contract.renewal_upcoming',
  status: 'OPEN',
  title: `Acme ${n} renews on 2027-01-31`,
  contract_id: uuid(100 + n),
  document_id: uuid(200 + n),
  threshold_days: 30,
  due_date: '2026-12-31',
  data: {
    clause: {
      document_id: uuid(200 + n),
      filename: `acme-${n}.pdf`,
      renewal_term: { page: 4, text: 'renews for successive one-year terms' },
      notice_period: null,
    },
  },
  snoozed_until: null,
  note: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

afterEach(cleanup);

describe('the alerts page', () => {
  it('shows the open alerts with the clause they were computed from, and asks for page 1 of OPEN', async () => {
    const { requests } = await renderPage(alertsRoute, '/alerts', {
      'GET /api/alerts': () => listOf([renewal(1)], 1),
    });
    expect(await screen.findByText('Acme 1 renews on 2027-01-31')).toBeTruthy();
    const clause = screen.getByTestId('renewal-clause');
    expect(clause.textContent).toContain('renews for successive one-year terms');
    expect(clause.textContent).toContain('Renewal, page 4');
    expect(clause.textContent).toContain('Notice: no clause recorded for this value');
    expect(within(clause).getByRole('link', { name: 'acme-1.pdf' }).getAttribute('href')).toBe(
      `/documents/${uuid(201)}`,
    );
    expect(screen.getByTestId('alerts-total').textContent).toBe('1 alert');
    expect(Object.fromEntries(requests.at(-1)?.searchParams ?? [])).toEqual({
      status: 'OPEN',
      page: '1',
      per_page: '25',
    });
  });

  it('asks the server for the status, kind and page of its address', async () => {
    const { requests } = await renderPage(
      alertsRoute,
      '/alerts?status=SNOOZED&kind=benchmark.flagged&page=3',
      {
        'GET /api/alerts': () => listOf([], 60, 3),
      },
    );
    await screen.findByTestId('empty');
    expect(screen.getByTestId('empty').textContent).toBe('No snoozed alerts.');
    expect(Object.fromEntries(requests.at(-1)?.searchParams ?? [])).toEqual({
      status: 'SNOOZED',
      kind: 'benchmark.flagged',
      page: '3',
      per_page: '25',
    });
  });

  it('puts a chosen status in the address and starts again at page 1', async () => {
    const { router, requests } = await renderPage(alertsRoute, '/alerts?page=2', {
      'GET /api/alerts': () => listOf([renewal(1)], 30, 2),
    });
    await screen.findByText('Acme 1 renews on 2027-01-31');
    fireEvent.click(screen.getByText('ACKNOWLEDGED'));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'ACKNOWLEDGED' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('status')).toBe('ACKNOWLEDGED'));
    expect(requests.at(-1)?.searchParams.get('page')).toBe('1');
  });

  it('acknowledges an alert with one PUT and shows the refreshed list', async () => {
    let open = [renewal(1), renewal(2)];
    const bodies: unknown[] = [];
    const { requests } = await renderPage(
      alertsRoute,
      '/alerts',
      {
        'GET /api/alerts': () => listOf(open),
        [`PUT /api/alerts/${uuid(1)}`]: () => {
          open = [renewal(2)];
          return { body: renewal(1, { status: 'ACKNOWLEDGED' }) };
        },
      },
      (body) => bodies.push(body),
    );
    await screen.findByText('Acme 1 renews on 2027-01-31');
    fireEvent.click(screen.getAllByRole('button', { name: 'Acknowledge' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByText('Acme 1 renews on 2027-01-31')).toBeNull());
    expect(screen.getByText('Acme 2 renews on 2027-01-31')).toBeTruthy();
    expect(bodies).toEqual([{ status: 'ACKNOWLEDGED' }]);
    expect(requests.filter((u) => u.pathname === '/api/alerts')).toHaveLength(2);
  });

  it('snoozes an alert for seven days', async () => {
    const bodies: { status?: string; snoozed_until?: string }[] = [];
    await renderPage(
      alertsRoute,
      '/alerts',
      {
        'GET /api/alerts': () => listOf([renewal(1)]),
        [`PUT /api/alerts/${uuid(1)}`]: () => ({ body: renewal(1, { status: 'SNOOZED' }) }),
      },
      (body) => bodies.push(body as (typeof bodies)[number]),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Snooze 7 days' }));
    const clicked = Date.now();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.status).toBe('SNOOZED');
    // A week from the click (the body is built within the same test, well under a minute later).
    const ahead = Date.parse(bodies[0]?.snoozed_until ?? '') - clicked;
    expect(Math.abs(ahead - SNOOZE_MS)).toBeLessThan(60_000);
  });

  it("shows the API's detail when a change is refused, and when the list cannot be read", async () => {
    await renderPage(alertsRoute, '/alerts', {
      'GET /api/alerts': () => listOf([renewal(1)]),
      [`PUT /api/alerts/${uuid(1)}`]: () => problem(409, 'The alert was resolved meanwhile'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Acknowledge' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The alert was resolved meanwhile');
    cleanup();
    await renderPage(alertsRoute, '/alerts', {
      'GET /api/alerts': () => problem(400, 'per_page must be at most 100'),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('per_page must be at most 100');
  });

  it('shows the last page when the page of its address is past the end', async () => {
    const { router } = await renderPage(alertsRoute, '/alerts?page=4', {
      'GET /api/alerts': (u) =>
        u.searchParams.get('page') === '2' ? listOf([renewal(26)], 26, 2) : listOf([], 26, 4),
    });
    expect(await screen.findByText('Acme 26 renews on 2027-01-31')).toBeTruthy();
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(screen.queryByText('No open alerts.')).toBeNull();
  });

  it('says until when a snoozed alert sleeps, and acknowledges it before it comes back', async () => {
    const until = '2026-12-09T13:00:00.000Z';
    const bodies: unknown[] = [];
    await renderPage(
      alertsRoute,
      '/alerts?status=SNOOZED',
      {
        'GET /api/alerts': () => listOf([renewal(1, { status: 'SNOOZED', snoozed_until: until })]),
        [`PUT /api/alerts/${uuid(1)}`]: () => ({ body: renewal(1, { status: 'ACKNOWLEDGED' }) }),
      },
      (body) => bodies.push(body),
    );
    expect((await screen.findByTestId('snoozed-until')).textContent).toBe(
      `snoozed until ${new Date(until).toLocaleString()}`,
    );
    expect(screen.queryByRole('button', { name: 'Snooze 7 days' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(bodies).toEqual([{ status: 'ACKNOWLEDGED' }]));
  });
});

describe('the buttons of an alert', () => {
  it('come after its text, in the same column, whatever the alert (not beside some and below others)', async () => {
    await renderPage(alertsRoute, '/alerts', {
      'GET /api/alerts': () =>
        listOf(
          [
            renewal(1),
            {
              ...renewal(2),
              kind: 'benchmark.flagged',
              due_date: null,
              data: {},
              title: 'invoice-7.pdf: a long title',
            },
          ],
          2,
        ),
    });
    await screen.findByText('Acme 1 renews on 2027-01-31');
    const rows = screen.getAllByTestId('alert-row');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      // A vertical stack whose last part holds the buttons.
      expect(row.className).toContain('mantine-Stack-root');
      const actions = row.lastElementChild as HTMLElement;
      expect(within(actions).getByRole('button', { name: 'Acknowledge' })).toBeTruthy();
      expect(within(actions).getByRole('button', { name: 'Snooze 7 days' })).toBeTruthy();
    }
  });
});
