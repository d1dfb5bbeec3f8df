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

/** `GET /sources/coverage` for `[id, total, by_status]` of each connection. */
const coverage = (rows: [string, number, Record<string, number>][]) => ({
  organization_id: uuid(1),
  total: rows.reduce((a, [, n]) => a + n, 0),
  by_status: { RECEIVED: 0, PROCESSING: 0, PROCESSED: 0, FAILED: 0 },
  without_source: 0,
  sources: rows.map(([id, total, by]) => ({
    source_id: id,
    name: 'x',
    kind: 'OAUTH',
    total,
    by_status: { RECEIVED: 0, PROCESSING: 0, PROCESSED: 0, FAILED: 0, ...by },
    last_synced_at: null,
  })),
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
    expect(Object.fromEntries(sourcesAsked?.searchParams ?? [])).toEqual({ page: '0', size: '50' });
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
          allowed = [{ id: uuid(9), pattern: '@acme.test', note: null }];
          return { status: 201, body: allowed[0] };
        },
      },
      (body) => bodies.push(body),
    );
    expect(await screen.findByText('No allowed senders: all forwarded mail is rejected.')).toBeTruthy();
    const input = screen.getByLabelText(/Sender address or @domain/) as HTMLInputElement;
    fireEvent.change(input, { target: { value: ' @acme.test ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    expect(await screen.findByText('@acme.test')).toBeTruthy();
    expect(bodies).toEqual([{ pattern: '@acme.test' }]);
    await waitFor(() => expect(input.value).toBe(''));
  });

  it('asks for "@domain", the form the API matches, not "*@domain"', async () => {
    await renderPage(
      sourcesRoute,
      '/sources',
      base(() => []),
    );
    const input = await screen.findByLabelText(/Sender address or @domain/);
    expect(input.getAttribute('placeholder')).toBe('alice@example.com or @example.com');
    expect(screen.queryByText(/\*@domain/)).toBeNull();
  });

  it('removes an allowed sender and reads the allowlist again', async () => {
    let allowed: unknown[] = [
      { id: uuid(9), pattern: '@acme.test', note: null },
      { id: uuid(10), pattern: 'bob@globex.test', note: 'supplier' },
    ];
    const { requests } = await renderPage(sourcesRoute, '/sources', {
      ...base(
        () => [],
        () => allowed,
      ),
      [`DELETE /api/v1/sources/email-forwarding/allowlist/${uuid(9)}`]: () => {
        const [removed, ...rest] = allowed;
        allowed = rest;
        return { body: removed };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove @acme.test' }));
    await waitFor(() => expect(screen.queryByText('@acme.test')).toBeNull());
    expect(screen.getByText('bob@globex.test')).toBeTruthy();
    expect(requests.filter((u) => u.pathname === '/api/v1/sources/email-forwarding/allowlist')).toHaveLength(
      2,
    );
  });

  it('pages the connections: the total and a pager past one page', async () => {
    const all = Array.from({ length: 60 }, (_, i) => source(i + 1));
    const { requests } = await renderPage(sourcesRoute, '/sources', {
      ...base(() => []),
      'GET /api/v1/sources': (url) => {
        const page = Number(url.searchParams.get('page'));
        const size = Number(url.searchParams.get('size'));
        return {
          body: {
            content: all.slice(page * size, (page + 1) * size),
            page: {
              number: page,
              size,
              total_elements: all.length,
              total_pages: Math.ceil(all.length / size),
            },
          },
        };
      },
    });
    const table = await screen.findByRole('table', { name: 'Sources' });
    expect(within(table).getByText('Drive 50')).toBeTruthy();
    expect(within(table).queryByText('Drive 51')).toBeNull();
    expect(screen.getByTestId('connections-total').textContent).toBe('60 connections');
    const pager = screen.getByRole('navigation', { name: 'Pages of connections' });
    fireEvent.click(within(pager).getByRole('button', { name: '2' }));
    expect(await within(table).findByText('Drive 51')).toBeTruthy();
    const asked = requests.filter((u) => u.pathname === '/api/v1/sources').at(-1);
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({ page: '1', size: '50' });
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

  it('counts each connection’s documents and links them to the Documents page filtered by it', async () => {
    const manual = { ...source(2), name: 'Manual upload', provider: 'manual_upload', kind: 'MANUAL_UPLOAD' };
    await renderPage(sourcesRoute, '/sources', {
      ...base(() => [source(1), manual]),
      'GET /api/v1/sources/coverage': () => ({
        body: coverage([
          [uuid(1), 0, {}],
          [uuid(2), 3, { PROCESSED: 2, FAILED: 1 }],
        ]),
      }),
    });
    const link = await screen.findByRole('link', { name: 'Documents of Manual upload' });
    expect(link.textContent).toBe('3');
    expect(link.getAttribute('href')).toBe(`/documents?source_id=${uuid(2)}`);
    expect(screen.getByRole('link', { name: 'Documents of Drive 1' }).textContent).toBe('0');
    // The manual-upload connection does not sync: Details, not Activity (nor a sync run asked for).
    const row = screen.getByTestId(`source-${uuid(2)}`);
    expect(within(row).queryByRole('button', { name: 'Sync' })).toBeNull();
    expect(within(row).queryByText('off')).toBeNull(); // no auto-sync to speak of
    fireEvent.click(within(row).getByRole('button', { name: 'Details' }));
    const details = await screen.findByTestId(`source-details-${uuid(2)}`);
    expect(details.textContent).toContain(
      '3 documents (2 processed, 1 failed) uploaded through this connection.',
    );
    const shown = within(details).getByRole('link', { name: 'Show them on the Documents page' });
    expect(shown.getAttribute('href')).toBe(`/documents?source_id=${uuid(2)}`);
    expect(within(details).getByRole('link', { name: 'Documents page' }).getAttribute('href')).toBe(
      '/documents',
    );
    expect(details.textContent).toContain(uuid(2));
  });

  it('says how many documents no connection lists, and only when there are some', async () => {
    await renderPage(sourcesRoute, '/sources', {
      ...base(() => [source(1)]),
      'GET /api/v1/sources/coverage': () => ({
        body: { ...coverage([[uuid(1), 2, {}]]), without_source: 5 },
      }),
    });
    const note = await screen.findByTestId('without-source');
    expect(note.textContent).toContain('5 documents have no source');
    expect(note.textContent).toContain('Uploading the same file again through a connection files it there.');
    cleanup();
    await renderPage(sourcesRoute, '/sources', {
      ...base(() => [source(1)]),
      'GET /api/v1/sources/coverage': () => ({ body: coverage([[uuid(1), 2, {}]]) }),
    });
    await screen.findByRole('link', { name: 'Documents of Drive 1' });
    expect(screen.queryByTestId('without-source')).toBeNull();
  });

  it('says where to upload after "Add" on Manual upload, and lists the connection', async () => {
    let added = false;
    const manual = { ...source(2), name: 'Manual upload', provider: 'manual_upload', kind: 'MANUAL_UPLOAD' };
    const { requests } = await renderPage(sourcesRoute, '/sources', {
      ...base(() => (added ? [manual] : [])),
      'GET /api/v1/sources/providers': () => ({
        body: [{ provider: 'manual_upload', name: 'Manual upload', kind: 'MANUAL_UPLOAD', scopes: [] }],
      }),
      'POST /api/v1/sources/connect/manual-upload': () => {
        added = true;
        return { body: manual };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const said = await screen.findByTestId('manual-upload-added');
    expect(said.textContent).toContain('Manual upload is ready');
    expect(within(said).getByRole('link', { name: 'Documents page' }).getAttribute('href')).toBe(
      '/documents',
    );
    expect(await screen.findByTestId(`source-${uuid(2)}`)).toBeTruthy();
    expect(requests.filter((u) => u.pathname === '/api/v1/sources/coverage').length).toBeGreaterThan(1);
  });

  it('shows a DISABLED e-mail forwarding connection grey, with the reason', async () => {
    const forwarding = {
      ...source(3),
      name: 'Email forwarding',
      provider: 'email_forwarding',
      kind: 'EMAIL_FORWARDING',
      status: 'DISABLED',
    };
    await renderPage(
      sourcesRoute,
      '/sources',
      base(() => [forwarding]),
    );
    const row = await screen.findByTestId(`source-${uuid(3)}`);
    expect(within(row).getByText('DISABLED')).toBeTruthy();
    expect(within(row).getByText('e-mail forwarding is off in the organization settings')).toBeTruthy();
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

/** The signed-in user, `role` in the session's organization (`uuid(1)`, as render.tsx signs in). */
const signedInAs = (role: 'OWNER' | 'ADMIN' | 'MEMBER'): Handlers => ({
  'GET /api/v1/users/me': () => ({
    body: {
      id: uuid(70),
      email: 'ada@acme.test',
      name: 'Ada',
      is_system_admin: false,
      default_organization_id: uuid(1),
      roles: [{ organization_id: uuid(1), role }],
    },
  }),
  'GET /api/v1/users/me/organizations': () => ({
    body: [
      {
        organization_id: uuid(1),
        user_id: uuid(70),
        role,
        created_at: '2026-11-01T00:00:00.000Z',
        organization: { id: uuid(1), name: 'Acme', slug: 'acme' },
      },
    ],
  }),
});

/** A connection whose configs hold a plugin's own key beside its ignore settings, with no sync yet. */
const withConfigs = (configs: Record<string, unknown>): Handlers => ({
  ...base(() => [{ ...source(1), kind: 'CUSTOM', configs }]),
  [`GET /api/v1/sources/${uuid(1)}/activity`]: () => pageOf([], 10),
  [`GET /api/v1/sources/${uuid(1)}/state`]: () => ({
    body: { state: {}, updated_at: '2026-11-01T00:00:05.000Z' },
  }),
});

/** Opens the connection's details and answers its "Ignored files" form. */
async function openIgnoredFiles() {
  fireEvent.click(await screen.findByRole('button', { name: 'Activity' }));
  return screen.findByRole('form', { name: 'Ignored files of Drive 1' });
}

describe('the ignored files of a connection', () => {
  it('saves the patterns, one a line, merged into the connection’s other configs', async () => {
    let configs: Record<string, unknown> = { folder: '/inbox', ignore_patterns: ['README.md'] };
    const bodies: unknown[] = [];
    const { requests } = await renderPage(
      sourcesRoute,
      '/sources',
      {
        ...withConfigs(configs),
        ...signedInAs('ADMIN'),
        'GET /api/v1/sources': () => pageOf([{ ...source(1), kind: 'CUSTOM', configs }]),
        [`PATCH /api/v1/sources/${uuid(1)}`]: () => ({ body: { ...source(1), kind: 'CUSTOM', configs } }),
      },
      (body) => {
        bodies.push(body);
        configs = (body as { configs: Record<string, unknown> }).configs;
      },
    );
    const form = await openIgnoredFiles();
    const patterns = within(form).getByLabelText(/Patterns, one per line/) as HTMLTextAreaElement;
    expect(patterns.value).toBe('README.md');
    const junk = within(form).getByLabelText(/Skip operating-system junk/) as HTMLInputElement;
    // No ignore_defaults in the configs: the default, true.
    expect(junk.checked).toBe(true);
    expect(within(form).getByText(/Applies to later syncs; documents already created stay/)).toBeTruthy();
    fireEvent.change(patterns, { target: { value: 'README.md\n\n  drafts/** \n' } });
    fireEvent.click(junk);
    fireEvent.click(await within(form).findByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Saved')).toBeTruthy();
    expect(bodies).toEqual([
      { configs: { folder: '/inbox', ignore_patterns: ['README.md', 'drafts/**'], ignore_defaults: false } },
    ]);
    expect(patterns.value).toBe('README.md\ndrafts/**');
    await waitFor(() => expect(requests.filter((u) => u.pathname === '/api/v1/sources')).toHaveLength(2));
  });

  it('leaves ignore_patterns out when every line is cleared, as the API refuses an empty list', async () => {
    const bodies: unknown[] = [];
    await renderPage(
      sourcesRoute,
      '/sources',
      {
        ...withConfigs({ folder: '/inbox', ignore_patterns: ['README.md'], ignore_defaults: false }),
        ...signedInAs('OWNER'),
        [`PATCH /api/v1/sources/${uuid(1)}`]: () => ({ body: source(1) }),
      },
      (body) => bodies.push(body),
    );
    const form = await openIgnoredFiles();
    expect((within(form).getByLabelText(/Skip operating-system junk/) as HTMLInputElement).checked).toBe(
      false,
    );
    fireEvent.change(within(form).getByLabelText(/Patterns, one per line/), { target: { value: ' \n' } });
    fireEvent.click(await within(form).findByRole('button', { name: 'Save' }));
    await within(form).findByText('Saved');
    expect(bodies).toEqual([{ configs: { folder: '/inbox', ignore_defaults: false } }]);
  });

  it('shows a refused pattern’s message next to the patterns', async () => {
    await renderPage(sourcesRoute, '/sources', {
      ...withConfigs({}),
      ...signedInAs('ADMIN'),
      [`PATCH /api/v1/sources/${uuid(1)}`]: () =>
        problem(400, 'body.configs.ignore_patterns.1: negated patterns are not supported', [
          {
            field: 'body.configs.ignore_patterns.1',
            message: 'negated patterns (a leading "!") are not supported',
          },
        ]),
    });
    const form = await openIgnoredFiles();
    const patterns = within(form).getByLabelText(/Patterns, one per line/);
    fireEvent.change(patterns, { target: { value: 'README.md\n\n!drafts/keep.pdf' } });
    fireEvent.click(await within(form).findByRole('button', { name: 'Save' }));
    // The API's index 1 is the third line: the message names the pattern, not a line number.
    expect(
      await within(form).findByText('!drafts/keep.pdf: negated patterns (a leading "!") are not supported'),
    ).toBeTruthy();
    expect(patterns.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('shows a member the settings without a way to change them', async () => {
    await renderPage(sourcesRoute, '/sources', {
      ...withConfigs({ ignore_patterns: ['*.tmp'] }),
      ...signedInAs('MEMBER'),
    });
    const form = await openIgnoredFiles();
    expect(await within(form).findByText(/Only an owner or admin of the organization/)).toBeTruthy();
    const patterns = within(form).getByLabelText(/Patterns, one per line/) as HTMLTextAreaElement;
    expect(patterns.value).toBe('*.tmp');
    expect(patterns.readOnly).toBe(true);
    expect((within(form).getByLabelText(/Skip operating-system junk/) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
