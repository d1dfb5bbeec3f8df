// @vitest-environment jsdom
/**
 * The Plugins page: the organization's plugins a page at a time on the server (the page in the
 * address, lib/list-search.ts), the chosen plugin's versions under column headings; and the
 * custom-source form's plugin choice, which reads every page of the plugins.
 */
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parsePageSearch } from '../../../src/lib/list-search';
import { CustomSourceForm } from '../../../src/pages/CustomSource';
import { PluginsPage } from '../../../src/pages/Plugins';
import { uuid } from '../support/answers';
import { type Answer, type Handlers, renderPage } from '../support/render';

/** The page's route as routes.tsx declares it. */
const pluginsRoute = (root: AnyRoute) =>
  createRoute({
    getParentRoute: () => root,
    path: '/plugins',
    validateSearch: parsePageSearch,
    component: PluginsPage,
  });

/** The active organization of the test session (support/render.tsx). */
const ORG = '00000000-0000-4000-8000-000000000001';

const plugin = (n: number, type = 'CLASSIFICATION') => ({
  id: uuid(n),
  name: `plugin-${String(n).padStart(3, '0')}`,
  description: null,
  type,
  version: 2,
  status: 'ENABLED',
  attributes: type === 'SOURCE' ? { source_type: `source-${n}` } : {},
  configurable_parameters: [],
  configs: {},
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

/** Page `page` (0-based, as asked in `u`) of `rows` of the type asked, as the API answers it. */
function paged(rows: ReturnType<typeof plugin>[], u: URL): Answer {
  const type = u.searchParams.get('type');
  const matching = rows.filter((p) => !type || p.type === type);
  const number = Number(u.searchParams.get('page') ?? 0);
  const size = Number(u.searchParams.get('size') ?? 20);
  return {
    body: {
      content: matching.slice(number * size, (number + 1) * size),
      page: {
        number,
        size,
        total_elements: matching.length,
        total_pages: Math.ceil(matching.length / size),
      },
    },
  };
}

/** The signed-in user, `role` of the organization (the plugins are an OWNER's or ADMIN's). */
const signedIn = (role: 'OWNER' | 'MEMBER'): Handlers => ({
  'GET /api/v1/users/me': () => ({ body: { id: uuid(9), email: 'ann@example.com', is_system_admin: false } }),
  'GET /api/v1/users/me/organizations': () => ({
    body: [{ organization_id: ORG, user_id: uuid(9), role, created_at: '2026-11-01T00:00:00.000Z' }],
  }),
});

/** What the page reads besides the plugins: the settings that say which plugin is used where. */
const reads = (rows: ReturnType<typeof plugin>[], over: Handlers = {}): Handlers => ({
  ...signedIn('OWNER'),
  'GET /api/v1/plugins': (u) => paged(rows, u),
  [`GET /api/v1/organizations/${ORG}/settings/summary`]: () => ({
    body: {
      classification_plugin_id: uuid(27),
      extraction_plugin_id: null,
      classification_plugin: {
        id: uuid(27),
        name: 'plugin-27',
        version: 1,
        status: 'ENABLED',
        quarantined: false,
      },
      extraction_plugin: null,
      renewal_alert_days: [30],
      timezone: 'UTC',
      email_forwarding_enabled: false,
      email_forwarding_sender_policy: 'ALLOWLIST_AND_DMARC',
    },
  }),
  ...over,
});

/** The query of the last request to `path`. */
const lastAsked = (requests: URL[], path: string) =>
  Object.fromEntries(requests.filter((u) => u.pathname === path).at(-1)?.searchParams ?? []);

const pageButton = (n: number) =>
  within(screen.getByRole('navigation', { name: 'Pages of plugins' })).getByRole('button', {
    name: String(n),
  });

/** A page of 25 rows takes jsdom a few seconds on a busy machine. */
const SLOW = 30_000;

/** CodeMirror measures text with ranges, which jsdom does not lay out. */
function polyfillRanges() {
  const none = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] });
  Range.prototype.getClientRects ??= none as unknown as () => DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
}

/** The table of plugins shown. */
const pluginsTable = async () => within(await screen.findByRole('table', { name: 'Plugins' }));

afterEach(cleanup);

describe('the plugins page', () => {
  polyfillRanges();

  it(
    'lists the plugins 25 at a time with their total, the page in the address',
    async () => {
      const rows = Array.from({ length: 130 }, (_, i) => plugin(i + 1));
      const { requests, router } = await renderPage(pluginsRoute, '/plugins', reads(rows));
      const table = await pluginsTable();
      expect(table.getByText('plugin-001')).toBeTruthy();
      // A heading row and 25 plugins.
      expect(table.getAllByRole('row')).toHaveLength(26);
      expect(screen.getByTestId('plugins-total').textContent).toBe('130 plugins');
      expect(lastAsked(requests, '/api/v1/plugins')).toEqual({ page: '0', size: '25' });

      fireEvent.click(pageButton(6));
      await waitFor(() => expect(router.state.location.search).toEqual({ page: 6 }));
      // Plugin 126 to 130: past the 100 the page used to stop at.
      await waitFor(async () => expect((await pluginsTable()).getByText('plugin-130')).toBeTruthy());
      expect(lastAsked(requests, '/api/v1/plugins')).toEqual({ page: '5', size: '25' });
      expect((await pluginsTable()).getAllByRole('row')).toHaveLength(6);
      expect((await pluginsTable()).queryByText('plugin-001')).toBeNull();
      // The used-by column still finds the setting that uses a plugin of another page.
      fireEvent.click(pageButton(2));
      const used = await waitFor(async () => (await pluginsTable()).getByText('plugin-027').closest('tr'));
      expect(within(used as HTMLElement).getByText('classification_plugin_id')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'opens the page of its address, and goes to the last page when it lies past the end',
    async () => {
      const rows = Array.from({ length: 30 }, (_, i) => plugin(i + 1));
      const { requests, router } = await renderPage(pluginsRoute, '/plugins?page=4', reads(rows));
      await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
      await waitFor(async () => expect((await pluginsTable()).getByText('plugin-030')).toBeTruthy());
      expect(lastAsked(requests, '/api/v1/plugins')).toEqual({ page: '1', size: '25' });
    },
    SLOW,
  );

  it('heads the columns of a plugin’s versions', async () => {
    const rows = [plugin(1)];
    await renderPage(
      pluginsRoute,
      '/plugins',
      reads(rows, {
        [`GET /api/v1/plugins/${uuid(1)}`]: () => ({ body: { ...plugin(1), code: 'print("hi")\n' } }),
        [`GET /api/v1/plugins/${uuid(1)}/versions`]: () => ({
          body: [
            { version: 2, sha256: 'b'.repeat(64), created_at: '2026-11-02T00:00:00.000Z' },
            { version: 1, sha256: 'a'.repeat(64), created_at: '2026-11-01T00:00:00.000Z' },
          ],
        }),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'plugin-001' }));
    const versions = await screen.findByRole('table', { name: 'Versions' });
    expect(
      within(versions)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Version', 'Code (SHA-256)', 'Submitted']);
    expect(within(versions).getAllByRole('row')).toHaveLength(3);
    expect(within(versions).getByText('bbbbbbbbbbbb')).toBeTruthy();
  });
});

describe('the custom-source form', () => {
  const formRoute = (root: AnyRoute) =>
    createRoute({ getParentRoute: () => root, path: '/sources', component: CustomSourceForm });

  it('shows a member the plugins the settings choose, by name, and no list or editor', async () => {
    const { requests } = await renderPage(pluginsRoute, '/plugins', {
      ...reads([plugin(27)]),
      ...signedIn('MEMBER'),
      'GET /api/v1/plugins': () => ({ status: 403, body: { title: 'Forbidden', status: 403 } }),
    });
    const card = within(await screen.findByTestId('plugins-in-use'));
    expect(await card.findByText('Classification: plugin-27, version 1')).toBeTruthy();
    expect(card.getByText('Extraction: the built-in extractor')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit plugin' })).toBeNull();
    expect(requests.filter((u) => u.pathname === '/api/v1/plugins')).toHaveLength(0);
  });

  it('offers a SourcePlugin that lies past the first 100 plugins', async () => {
    // 120 classifiers sort before the one SourcePlugin, plugin-150.
    const rows = [...Array.from({ length: 120 }, (_, i) => plugin(i + 1)), plugin(150, 'SOURCE')];
    const { requests } = await renderPage(formRoute, '/sources', {
      'GET /api/v1/plugins': (u) => paged(rows, u),
    });
    const select = await screen.findByRole('combobox', { name: 'Source plugin' });
    fireEvent.click(select);
    const options = within(
      await waitFor(() => {
        const popup = document.getElementById(select.getAttribute('aria-controls') ?? '');
        if (!popup) throw new Error('no options');
        return popup;
      }),
    );
    expect(options.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual([
      'plugin-150 (source-150)',
    ]);
    // It asks for SourcePlugins only: one short page holds them all.
    const asked = requests.filter((u) => u.pathname === '/api/v1/plugins');
    expect(asked.map((u) => u.searchParams.get('type'))).toEqual(['SOURCE']);
  });
});
