// @vitest-environment jsdom
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SourcesPage } from '../../../src/pages/Sources';
import { pageOf, problem, uuid } from '../support/answers';
import { type Handlers, renderPage } from '../support/render';

/** The page's route as routes.tsx declares it. */
const sourcesRoute = (root: AnyRoute) =>
  createRoute({ getParentRoute: () => root, path: '/sources', component: SourcesPage });

/** A connection (docs/sources.md). */
const source = (n: number, status = 'ACTIVE') => ({
  id: uuid(n),
  name: `Drive ${n}`,
  provider: 'local-oauth',
  kind: 'OAUTH',
  status,
  auto_sync: true,
  sync_interval_minutes: 60,
  plugin_id: null,
  configs: {},
  last_synced_at: null,
  last_error: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

/** What the page reads on load: providers, connections, forwarding, and the plugins for the custom form. */
const base = (sources: () => unknown[], allowlist: () => unknown[] = () => []): Handlers => ({
  'GET /api/v1/sources/providers': () => ({
    body: [{ provider: 'local-oauth', name: 'Local OAuth', kind: 'OAUTH', scopes: [] }],
  }),
  'GET /api/v1/sources': () => pageOf(sources()),
  'GET /api/v1/sources/email-forwarding/address': () => ({
    body: { address: 'acme@in.example.com', enabled: true },
  }),
  'GET /api/v1/sources/email-forwarding/allowlist': () => ({ body: allowlist() }),
  'GET /api/v1/sources/email-forwarding/audit': () => pageOf([], 20),
  'GET /api/v1/plugins': () => pageOf([]),
});

afterEach(cleanup);

describe('the sources page', () => {
  it('shows providers, connections, the forwarding address and the custom form’s empty state', async () => {
    const { requests } = await renderPage(
      sourcesRoute,
      '/sources',
      base(() => [source(1)]),
    );
    const table = await screen.findByRole('table', { name: 'Sources' });
    expect(within(table).getByText('Drive 1')).toBeTruthy();
    expect(within(table).getByText('every 60 min')).toBeTruthy();
    expect(screen.getByText('Local OAuth')).toBeTruthy();
    expect(await screen.findByText('acme@in.example.com')).toBeTruthy();
    expect(await screen.findByText(/No SourcePlugin in this organization/)).toBeTruthy();
    const sourcesAsked = requests.find((u) => u.pathname === '/api/v1/sources');
    expect(Object.fromEntries(sourcesAsked?.searchParams ?? [])).toEqual({ page: '0', size: '100' });
  });

  it('syncs a connection and reads the connections again', async () => {
    let status = 'ACTIVE';
    const { requests } = await renderPage(sourcesRoute, '/sources', {
      ...base(() => [source(1, status)]),
      [`POST /api/v1/sources/${uuid(1)}/sync`]: () => {
        status = 'ERROR';
        return { status: 202, body: { id: uuid(1), status: 'SYNCING' } };
      },
    });
    const row = await screen.findByTestId(`source-${uuid(1)}`);
    fireEvent.click(within(row).getByRole('button', { name: 'Sync' }));
    await waitFor(() =>
      expect(within(screen.getByTestId(`source-${uuid(1)}`)).getByText('ERROR')).toBeTruthy(),
    );
    expect(requests.filter((u) => u.pathname === '/api/v1/sources')).toHaveLength(2);
  });

  it('allows a sender: sends the trimmed pattern, clears the input, reads the allowlist again', async () => {
    let allowed: unknown[] = [];
    const bodies: unknown[] = [];
    await renderPage(
      sourcesRoute,
      '/sources',
      {
        ...base(
          () => [],
          () => allowed,
        ),
        'POST /api/v1/sources/email-forwarding/allowlist': () => {
          allowed = [{ id: uuid(9), pattern: '*@acme.test', note: null }];
          return { status: 201, body: allowed[0] };
        },
      },
      (body) => bodies.push(body),
    );
    expect(await screen.findByText('No allowed senders: all forwarded mail is rejected.')).toBeTruthy();
    const input = screen.getByLabelText(/Sender or \*@domain/) as HTMLInputElement;
    fireEvent.change(input, { target: { value: ' *@acme.test ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    expect(await screen.findByText('*@acme.test')).toBeTruthy();
    expect(bodies).toEqual([{ pattern: '*@acme.test' }]);
    await waitFor(() => expect(input.value).toBe(''));
  });

  it('opens a connection’s activity and saved state', async () => {
    const { requests } = await renderPage(sourcesRoute, '/sources', {
      ...base(() => [source(1)]),
      [`GET /api/v1/sources/${uuid(1)}/activity`]: () =>
        pageOf(
          [
            {
              id: uuid(50),
              trigger: 'MANUAL',
              status: 'SUCCEEDED',
              started_at: '2026-11-01T00:00:00.000Z',
              ended_at: '2026-11-01T00:00:05.000Z',
              documents_created: 3,
              documents_skipped: 1,
              documents_failed: 0,
              documents_ignored: 7,
              error: null,
            },
          ],
          10,
        ),
      [`GET /api/v1/sources/${uuid(1)}/state`]: () => ({
        body: { state: { cursor: 'page-7' }, updated_at: '2026-11-01T00:00:05.000Z' },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Activity' }));
    const details = await screen.findByTestId(`source-details-${uuid(1)}`);
    const runs = await within(details).findByRole('table', { name: 'Sync activity of Drive 1' });
    expect(within(runs).getByText('SUCCEEDED')).toBeTruthy();
    // The files the connection's ignore patterns skipped have their own column.
    const headers = within(runs)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    const cells = within(runs)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[headers.indexOf('Ignored')]).toBe('7');
    expect((await within(details).findByText(/"cursor": "page-7"/)).textContent).toContain('page-7');
    const activity = requests.find((u) => u.pathname.endsWith('/activity'));
    expect(Object.fromEntries(activity?.searchParams ?? [])).toEqual({ page: '0', size: '10' });
  });

  it("shows the API's detail when a sync is refused", async () => {
    await renderPage(sourcesRoute, '/sources', {
      ...base(() => [source(1)]),
      [`POST /api/v1/sources/${uuid(1)}/sync`]: () =>
        problem(409, 'A sync of this source is already running'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sync' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'A sync of this source is already running',
    );
  });
});
