// @vitest-environment jsdom
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { yearAhead } from '../../../src/api/contracts';
import { parseContractsSearch } from '../../../src/lib/contracts-search';
import { ContractsPage } from '../../../src/pages/Contracts';
import { listOf, problem, uuid } from '../support/answers';
import { renderPage } from '../support/render';

/** The page's route as routes.tsx declares it. */
const contractsRoute = (root: AnyRoute) =>
  createRoute({
    getParentRoute: () => root,
    path: '/contracts',
    validateSearch: parseContractsSearch,
    component: ContractsPage,
  });

/** A contract as the API answers it (docs/contracts.md). */
const contract = (n: number, over: Record<string, unknown> = {}) => ({
  id: uuid(n),
  vendor: `Vendor ${n}`,
  type: 'Supply',
  renewal_date: '2027-03-01',
  annual_value: 12000,
  status: 'ACTIVE',
  currency: 'EUR',
  notice_period_days: 30,
  notice_deadline: '2027-01-30',
  auto_renew: true,
  effective_date: '2026-03-01',
  expiration_date: '2027-03-01',
  term: null,
  renewal_term: null,
  document_id: uuid(100 + n),
  origin: 'DOCUMENT',
  version: 1,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

/** Answers the table's request with `table` and the timeline's with `timeline`. */
const contracts = (table: () => ReturnType<typeof listOf>, timeline = listOf([])) => ({
  'GET /api/contracts': (u: URL) => (u.searchParams.has('renewal_before') ? timeline : table()),
});
const tableRequests = (requests: URL[]) =>
  requests.filter((u) => u.pathname === '/api/contracts' && !u.searchParams.has('renewal_before'));

afterEach(cleanup);

describe('the contracts page', () => {
  it('shows a page of contracts (undated ones with a dash) and asks for the default order', async () => {
    const { requests } = await renderPage(
      contractsRoute,
      '/contracts',
      contracts(() => listOf([contract(1), contract(2, { renewal_date: null, annual_value: null })], 2)),
    );
    const table = await screen.findByRole('table', { name: 'Contracts' });
    expect(within(table).getByRole('link', { name: 'Vendor 1' }).getAttribute('href')).toBe(
      `/documents/${uuid(101)}`,
    );
    const undated = within(table).getByText('Vendor 2').closest('tr') as HTMLElement;
    expect(within(undated).getAllByText('—')).toHaveLength(2);
    expect(within(table).getByText('12,000 EUR')).toBeTruthy();
    expect(screen.getByTestId('contracts-total').textContent).toBe('2 contracts');
    expect(Object.fromEntries(tableRequests(requests).at(-1)?.searchParams ?? [])).toEqual({
      sort: 'renewal_date',
      order: 'asc',
      page: '1',
      per_page: '25',
    });
  });

  it('reads the renewals of the coming year for the timeline, whatever the table shows', async () => {
    const { requests } = await renderPage(
      contractsRoute,
      '/contracts?status=EXPIRED&page=4',
      contracts(() => listOf([contract(1)], 80, 4), listOf([contract(3)], 140, 1, 100)),
    );
    expect(
      await screen.findByRole('img', { name: 'Renewals per month for the next 12 months' }),
    ).toBeTruthy();
    expect(screen.getByText('The first 1 of 140 renewals')).toBeTruthy();
    const timeline = requests.find((u) => u.searchParams.has('renewal_before'));
    expect(Object.fromEntries(timeline?.searchParams ?? [])).toEqual({
      renewal_before: yearAhead(),
      sort: 'renewal_date',
      per_page: '100',
    });
  });

  it('asks the server for the filters, sort and page of its address', async () => {
    const { requests } = await renderPage(
      contractsRoute,
      '/contracts?status=ACTIVE&vendor=acme&sort=annual_value&order=desc&page=2',
      contracts(() => listOf([contract(1)], 30, 2)),
    );
    await screen.findByRole('table', { name: 'Contracts' });
    expect(Object.fromEntries(tableRequests(requests).at(-1)?.searchParams ?? [])).toEqual({
      status: 'ACTIVE',
      vendor: 'acme',
      sort: 'annual_value',
      order: 'desc',
      page: '2',
      per_page: '25',
    });
    expect(screen.getByRole('navigation', { name: 'Pages of contracts' })).toBeTruthy();
    expect((screen.getByLabelText('Vendor') as HTMLInputElement).value).toBe('acme');
  });

  it('puts a header sort and a typed vendor in the address, starting again at page 1', async () => {
    const { router, requests } = await renderPage(
      contractsRoute,
      '/contracts?page=2',
      contracts(() => listOf([contract(1)], 30, 2)),
    );
    const table = await screen.findByRole('table', { name: 'Contracts' });
    // A column of numbers sorts from the largest first (TanStack Table's default for numbers).
    fireEvent.click(within(table).getByText('Annual value'));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ sort: 'annual_value', order: 'desc' }),
    );
    fireEvent.change(screen.getByLabelText('Vendor'), { target: { value: ' Globex ' } });
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ sort: 'annual_value', order: 'desc', vendor: 'Globex' }),
    );
    await waitFor(() => expect(tableRequests(requests).at(-1)?.searchParams.get('vendor')).toBe('Globex'));
    expect(tableRequests(requests).at(-1)?.searchParams.get('page')).toBe('1');
  });

  it('says when no contract matches the filters', async () => {
    await renderPage(
      contractsRoute,
      '/contracts?vendor=nobody',
      contracts(() => listOf([])),
    );
    expect((await screen.findByTestId('empty')).textContent).toBe('No contracts match: change the filters.');
  });

  it("shows the API's detail when the list cannot be read", async () => {
    await renderPage(
      contractsRoute,
      '/contracts',
      contracts(() => problem(400, 'vendor must be at most 200 characters')),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('vendor must be at most 200 characters');
  });

  it('shows the last page when the page of its address is past the end, keeping the filters', async () => {
    const { router } = await renderPage(
      contractsRoute,
      '/contracts?status=ACTIVE&page=9',
      contracts(() => listOf([], 26, 9)),
    );
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'ACTIVE', page: 2 }));
  });

  it('counts one contract in the singular', async () => {
    await renderPage(
      contractsRoute,
      '/contracts',
      contracts(() => listOf([contract(1)], 1)),
    );
    expect((await screen.findByTestId('contracts-total')).textContent).toBe('1 contract');
  });
});

describe('one contract of the address', () => {
  it('shows the contract a document links to above the table, and closes it', async () => {
    const detail = {
      ...contract(3, { term: { value: 1, unit: 'year' }, notice_period_days: 1, version: 2 }),
      history: [{ version: 2 }, { version: 1 }],
    };
    const { requests, router } = await renderPage(contractsRoute, `/contracts?contract=${uuid(3)}`, {
      ...contracts(() => listOf([contract(1), contract(2)], 2)),
      [`GET /api/contracts/${uuid(3)}`]: () => ({ body: detail }),
    });
    const shown = within(await screen.findByTestId('shown-contract'));
    expect(await shown.findByRole('heading', { name: 'Vendor 3' })).toBeTruthy();
    expect(shown.getByText('1 year')).toBeTruthy();
    expect(shown.getByText('1 day')).toBeTruthy();
    expect(shown.getByText('12,000 EUR')).toBeTruthy();
    expect(shown.getByText(/version 2 of 2/)).toBeTruthy();
    expect(shown.getByRole('link', { name: 'its document' }).getAttribute('href')).toBe(
      `/documents/${uuid(103)}`,
    );
    // The table is still there, asked for without the contract.
    await screen.findByText('Vendor 1');
    expect(tableRequests(requests).every((u) => !u.searchParams.has('contract'))).toBe(true);
    fireEvent.click(shown.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('shown-contract')).toBeNull());
    expect(router.state.location.search).toEqual({});
  });

  it('ignores a contract id that is not one', () => {
    expect(parseContractsSearch({ contract: 'nope' })).toEqual({});
    expect(parseContractsSearch({ contract: uuid(3).toUpperCase() })).toEqual({ contract: uuid(3) });
  });
});
