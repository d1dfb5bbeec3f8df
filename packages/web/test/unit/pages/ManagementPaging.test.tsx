// @vitest-environment jsdom
/**
 * The management lists a page at a time (lib/list-search.ts): webhooks, the organization's members
 * and invitations, the system administration's organizations and users (paged by the server), and
 * the API keys (answered whole by the API, paged by the console), each with its total and pager,
 * the page in the address.
 */
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  parseAdminSearch,
  parseOrganizationSearch,
  parsePageSearch,
  pastTheEnd,
} from '../../../src/lib/list-search';
import { AdminPage } from '../../../src/pages/Admin';
import { ApiKeysPage } from '../../../src/pages/ApiKeys';
import { OrganizationPage } from '../../../src/pages/Organization';
import { WebhooksPage } from '../../../src/pages/Webhooks';
import { pageOf, uuid } from '../support/answers';
import { type Answer, type Handlers, renderPage } from '../support/render';

/** The pages' routes as routes.tsx declares them. */
const route =
  (path: string, validateSearch: (raw: Record<string, unknown>) => object, component: () => unknown) =>
  (root: AnyRoute) =>
    createRoute({
      getParentRoute: () => root,
      path,
      validateSearch,
      component: component as () => null,
    });
const webhooksRoute = route('/webhooks', parsePageSearch, WebhooksPage);
const keysRoute = route('/api-keys', parsePageSearch, ApiKeysPage);
const organizationRoute = route('/organization', parseOrganizationSearch, OrganizationPage);
const adminRoute = route('/admin', parseAdminSearch, AdminPage);

const SIZE = 25;
/** A page of 25 endpoint cards, or two tables of 25 rows, takes jsdom a few seconds on a busy machine. */
const SLOW = 30_000;

/** Page `number` (0-based, as asked in `u`) of `rows`, `SIZE` at a time, as the API answers it. */
function paged(rows: unknown[], u: URL): Answer {
  const number = Number(u.searchParams.get('page') ?? 0);
  const size = Number(u.searchParams.get('size') ?? SIZE);
  return {
    body: {
      content: rows.slice(number * size, (number + 1) * size),
      page: { number, size, total_elements: rows.length, total_pages: Math.ceil(rows.length / size) },
    },
  };
}

/** The query of the last request to `path`. */
const lastAsked = (requests: URL[], path: string) =>
  Object.fromEntries(requests.filter((u) => u.pathname === path).at(-1)?.searchParams ?? []);

const endpoint = (n: number) => ({
  id: uuid(n),
  url: `https://hooks.example.com/${n}`,
  event_types: ['*'],
  description: null,
  enabled: true,
  disabled_reason: null,
  disabled_at: null,
  failing_since: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

/** No deliveries for endpoints 1…`n`. */
const noDeliveries = (n: number): Handlers =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => [
      `GET /api/v1/webhooks/${uuid(i + 1)}/deliveries`,
      () => pageOf([], 20),
    ]),
  );

/** The page buttons `label` and the button of page `n` in them. */
const pageButton = (label: string, n: number) =>
  within(screen.getByRole('navigation', { name: label })).getByRole('button', { name: String(n) });

afterEach(cleanup);

describe('the webhooks page, a page at a time', () => {
  it(
    'shows the total and the pager, and reads page 2 when it is clicked',
    async () => {
      const endpoints = Array.from({ length: 30 }, (_, i) => endpoint(i + 1));
      const { requests, router } = await renderPage(webhooksRoute, '/webhooks', {
        'GET /api/v1/webhooks': (u) => paged(endpoints, u),
        ...noDeliveries(30),
      });
      expect(await screen.findByTestId(`webhook-${uuid(1)}`)).toBeTruthy();
      expect(screen.getAllByTestId(/^webhook-0/)).toHaveLength(25);
      expect(screen.getByTestId('endpoints-total').textContent).toBe('30 endpoints');
      expect(lastAsked(requests, '/api/v1/webhooks')).toEqual({ page: '0', size: '25' });
      fireEvent.click(pageButton('Pages of webhook endpoints', 2));
      await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
      expect(await screen.findByTestId(`webhook-${uuid(26)}`)).toBeTruthy();
      expect(lastAsked(requests, '/api/v1/webhooks')).toEqual({ page: '1', size: '25' });
      expect(screen.getAllByTestId(/^webhook-0/)).toHaveLength(5);
      expect(screen.queryByTestId(`webhook-${uuid(1)}`)).toBeNull();
    },
    SLOW,
  );

  it(
    'opens the page of its address, and goes back a page when a delete empties the last one',
    async () => {
      let endpoints = Array.from({ length: 26 }, (_, i) => endpoint(i + 1));
      const { requests, router } = await renderPage(webhooksRoute, '/webhooks?page=2', {
        'GET /api/v1/webhooks': (u) => paged(endpoints, u),
        ...noDeliveries(26),
        [`DELETE /api/v1/webhooks/${uuid(26)}`]: () => {
          endpoints = endpoints.slice(0, 25);
          return { status: 204, body: null };
        },
      });
      const last = within(await screen.findByTestId(`webhook-${uuid(26)}`));
      expect(lastAsked(requests, '/api/v1/webhooks')).toEqual({ page: '1', size: '25' });
      const remove = last.getByRole('button', { name: 'Delete' });
      fireEvent.click(remove);
      const dialog = await waitFor(() => {
        const popup = document.getElementById(remove.getAttribute('aria-controls') ?? '');
        if (!popup) throw new Error('no confirmation');
        return within(popup);
      });
      fireEvent.click(dialog.getByRole('button', { name: 'Delete endpoint', hidden: true }));
      await waitFor(() => expect(router.state.location.search).toEqual({}));
      expect(await screen.findByTestId(`webhook-${uuid(1)}`)).toBeTruthy();
      expect(lastAsked(requests, '/api/v1/webhooks')).toEqual({ page: '0', size: '25' });
      expect(screen.getByTestId('endpoints-total').textContent).toBe('25 endpoints');
    },
    SLOW,
  );
});

/** The active organization of the test session (support/render.tsx). */
const ORG = '00000000-0000-4000-8000-000000000001';
/** The signed-in user, an ADMIN of the organization: its members, invitations and quotas are an OWNER's or ADMIN's. */
const AN_ADMIN: Handlers = {
  'GET /api/v1/users/me': () => ({ body: { id: uuid(9), email: 'ann@example.com', is_system_admin: false } }),
  'GET /api/v1/users/me/organizations': () => ({
    body: [{ organization_id: ORG, user_id: uuid(9), role: 'ADMIN', created_at: '2026-11-01T00:00:00.000Z' }],
  }),
};
const BASE = `/api/v1/organizations/${ORG}`;

const member = (n: number) => ({
  organization_id: ORG,
  user_id: uuid(1000 + n),
  role: 'MEMBER',
  created_at: '2026-11-01T00:00:00.000Z',
  user: { id: uuid(1000 + n), email: `member${n}@example.com` },
});

const invitation = (n: number) => ({
  id: uuid(2000 + n),
  email: `invitee${n}@example.com`,
  organization_id: ORG,
  role: 'MEMBER',
  status: 'PENDING',
  expires_at: '2026-12-01T00:00:00.000Z',
  created_at: '2026-11-01T00:00:00.000Z',
});

describe('the organization page, members and invitations a page at a time', () => {
  it(
    'pages the members and the invitations apart, each page in the address',
    async () => {
      const members = Array.from({ length: 60 }, (_, i) => member(i + 1));
      const invitations = Array.from({ length: 30 }, (_, i) => invitation(i + 1));
      const { requests, router } = await renderPage(organizationRoute, '/organization?invitations_page=2', {
        ...AN_ADMIN,
        [`GET ${BASE}/members`]: (u) => paged(members, u),
        [`GET /api/v1/invitations/organization/${ORG}`]: (u) => paged(invitations, u),
        [`GET ${BASE}/settings/summary`]: () => ({
          body: {
            classification_plugin_id: null,
            extraction_plugin_id: null,
            classification_plugin: null,
            extraction_plugin: null,
            renewal_alert_days: [30],
            timezone: 'UTC',
            email_forwarding_enabled: false,
            email_forwarding_sender_policy: 'ALLOWLIST_AND_DMARC',
          },
        }),
      });
      const membersTable = await screen.findByRole('table', { name: 'Members' });
      expect(within(membersTable).getByText('member1@example.com')).toBeTruthy();
      expect(screen.getByTestId('members-total').textContent).toBe('60 members');
      // The invitations open on page 2 of their address: invitations 26 to 30.
      const invitationsTable = await screen.findByRole('table', { name: 'Invitations' });
      expect(within(invitationsTable).getAllByRole('row')).toHaveLength(5);
      expect(within(invitationsTable).getByText('invitee26@example.com')).toBeTruthy();
      expect(screen.getByTestId('invitations-total').textContent).toBe('30 invitations');
      expect(lastAsked(requests, `/api/v1/invitations/organization/${ORG}`)).toEqual({
        page: '1',
        size: '25',
      });

      fireEvent.click(pageButton('Pages of members', 3));
      await waitFor(() =>
        expect(router.state.location.search).toEqual({ members_page: 3, invitations_page: 2 }),
      );
      await waitFor(() => expect(screen.getByText('member51@example.com')).toBeTruthy());
      expect(lastAsked(requests, `${BASE}/members`)).toEqual({ page: '2', size: '25' });
      expect(within(screen.getByRole('table', { name: 'Members' })).getAllByRole('row')).toHaveLength(10);

      fireEvent.click(pageButton('Pages of invitations', 1));
      await waitFor(() => expect(router.state.location.search).toEqual({ members_page: 3 }));
      await waitFor(() => expect(screen.getByText('invitee1@example.com')).toBeTruthy());
    },
    SLOW,
  );

  it(
    'refreshes every page of the invitations after one is revoked, and shows a new one on page 1',
    async () => {
      let invitations = Array.from({ length: 30 }, (_, i) => invitation(i + 1));
      const { requests, router } = await renderPage(organizationRoute, '/organization?invitations_page=2', {
        ...AN_ADMIN,
        [`GET ${BASE}/members`]: (u) => paged([member(1)], u),
        [`GET /api/v1/invitations/organization/${ORG}`]: (u) => paged(invitations, u),
        [`POST /api/v1/invitations/${uuid(2030)}/revoke`]: () => {
          invitations = invitations.map((i) => (i.id === uuid(2030) ? { ...i, status: 'REVOKED' } : i));
          return { body: {} };
        },
        'POST /api/v1/invitations': () => {
          invitations = [invitation(31), ...invitations];
          return { status: 201, body: invitation(31) };
        },
      });
      const row = (await screen.findByText('invitee30@example.com')).closest('tr') as HTMLElement;
      const asked = () =>
        requests.filter((u) => u.pathname === `/api/v1/invitations/organization/${ORG}`).length;
      const before = asked();
      fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
      await waitFor(() => expect(within(row).getByText('REVOKED')).toBeTruthy());
      expect(asked()).toBe(before + 1);

      fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'invitee31@example.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
      await waitFor(() => expect(router.state.location.search).toEqual({}));
      expect(await screen.findByText('invitee31@example.com')).toBeTruthy();
      expect(screen.getByTestId('invitations-total').textContent).toBe('31 invitations');
    },
    SLOW,
  );
});

const organization = (n: number, deleted = false) => ({
  id: uuid(3000 + n),
  name: `Org ${String(n).padStart(2, '0')}`,
  slug: `org-${n}`,
  kind: 'TEAM',
  parent_id: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  deleted_at: deleted ? '2026-11-02T00:00:00.000Z' : null,
});

const user = (n: number, deleted = false) => ({
  id: uuid(4000 + n),
  email: `user${n}@example.com`,
  name: null,
  is_system_admin: false,
  deleted_at: deleted ? '2026-11-20T00:00:00.000Z' : null,
});

describe('the system administration page, a page at a time', () => {
  it(
    'pages and sorts the organizations on the server, the users apart',
    async () => {
      const orgs = Array.from({ length: 40 }, (_, i) => organization(i + 1, i === 30));
      const users = Array.from({ length: 3 }, (_, i) => user(i + 1, i === 2));
      const { requests, router } = await renderPage(adminRoute, '/admin', {
        'GET /api/v1/users/me': () => ({
          body: { id: uuid(9), email: 'root@example.com', is_system_admin: true },
        }),
        'GET /api/v1/users/me/organizations': () => ({
          body: [
            {
              organization_id: ORG,
              user_id: uuid(9),
              role: 'OWNER',
              created_at: '2026-11-01T00:00:00.000Z',
              organization: { id: ORG, name: 'Acme Procurement' },
            },
          ],
        }),
        'GET /api/v1/organizations': (u) => paged(orgs, u),
        'GET /api/v1/users': (u) => paged(users, u),
      });
      const table = await screen.findByRole('table', { name: 'Organizations' });
      expect(within(table).getByText('Org 01')).toBeTruthy();
      expect(screen.getByTestId('organizations-total').textContent).toBe('40 organizations');
      expect(lastAsked(requests, '/api/v1/organizations')).toEqual({
        deleted: 'include',
        page: '0',
        size: '25',
        sort: 'created_at,desc',
      });
      // Three users: their total, and no page buttons; the users are the platform's (Admin.test.tsx).
      expect(await screen.findByTestId('users-total')).toHaveProperty('textContent', '3 users');
      expect(screen.getByTestId('users-scope').textContent).toContain('Every user of the platform');
      expect(screen.queryByRole('navigation', { name: 'Pages of users' })).toBeNull();
      // Deleted users are asked for too, so that they can be restored.
      const deletedUser = screen.getByText('user3@example.com').closest('tr') as HTMLElement;
      expect(within(deletedUser).getByRole('button', { name: 'Restore' })).toBeTruthy();

      fireEvent.click(pageButton('Pages of organizations', 2));
      await waitFor(() => expect(router.state.location.search).toEqual({ organizations_page: 2 }));
      await waitFor(() => expect(screen.getByText('Org 31')).toBeTruthy());
      expect(lastAsked(requests, '/api/v1/organizations')).toMatchObject({
        page: '1',
        sort: 'created_at,desc',
      });
      // The deleted one can be restored.
      const deleted = screen.getByText('Org 31').closest('tr') as HTMLElement;
      expect(within(deleted).getByRole('button', { name: 'Restore' })).toBeTruthy();

      // Sorting by name is the server's, over every page, and starts again at page 1.
      fireEvent.click(within(screen.getByRole('table', { name: 'Organizations' })).getByText(/^Name/));
      await waitFor(() => expect(router.state.location.search).toEqual({ organizations_sort: 'name,asc' }));
      await waitFor(() =>
        expect(lastAsked(requests, '/api/v1/organizations')).toEqual({
          deleted: 'include',
          page: '0',
          size: '25',
          sort: 'name,asc',
        }),
      );
      expect(lastAsked(requests, '/api/v1/users')).toEqual({
        deleted: 'include',
        platform: 'true',
        page: '0',
        size: '25',
      });
    },
    SLOW,
  );
});

const apiKey = (n: number) => ({
  id: uuid(5000 + n),
  name: `key-${n}`,
  prefix: `dis_${n}`,
  status: 'ACTIVE',
  organization_id: null,
  created_at: '2026-11-01T00:00:00.000Z',
  expires_at: null,
  last_used_at: null,
});

describe('the API keys page, a page at a time', () => {
  it('pages the whole list the API answers, without asking again', async () => {
    const keys = Array.from({ length: 30 }, (_, i) => apiKey(i + 1));
    const { requests, router } = await renderPage(keysRoute, '/api-keys', {
      'GET /api/v1/api-keys': () => ({ body: keys }),
    });
    expect(await screen.findByTestId('key-key-1')).toBeTruthy();
    expect(screen.getByTestId('key-key-25')).toBeTruthy();
    expect(screen.queryByTestId('key-key-26')).toBeNull();
    expect(screen.getByTestId('keys-total').textContent).toBe('30 keys');
    fireEvent.click(pageButton('Pages of API keys', 2));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    expect(await screen.findByTestId('key-key-26')).toBeTruthy();
    expect(screen.queryByTestId('key-key-1')).toBeNull();
    expect(requests.filter((u) => u.pathname === '/api/v1/api-keys')).toHaveLength(1);
  });

  it('shows a new key on page 1', async () => {
    let keys = Array.from({ length: 30 }, (_, i) => apiKey(i + 2));
    const { router } = await renderPage(keysRoute, '/api-keys?page=2', {
      'GET /api/v1/api-keys': () => ({ body: keys }),
      'POST /api/v1/api-keys': () => {
        keys = [apiKey(1), ...keys];
        return { status: 201, body: { ...apiKey(1), key: 'dis_plaintext' } };
      },
    });
    expect(await screen.findByTestId('key-key-27')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Name of a new key/), { target: { value: 'key-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByTestId('key-key-1')).toBeTruthy();
    expect(screen.getByTestId('keys-total').textContent).toBe('31 keys');
  });
});

describe('the page numbers of the address', () => {
  it('keeps pages above 1 and the known orders, and finds a page past the end', () => {
    expect(parsePageSearch({ page: '3' })).toEqual({ page: 3 });
    expect(parsePageSearch({ page: '1' })).toEqual({});
    expect(parseOrganizationSearch({ members_page: 2, invitations_page: 'x' })).toEqual({ members_page: 2 });
    expect(parseAdminSearch({ users_sort: 'email,desc', organizations_sort: 'slug,asc' })).toEqual({
      users_sort: 'email,desc',
    });
    expect(pastTheEnd(2, 25)).toBe(1);
    expect(pastTheEnd(2, 26)).toBeUndefined();
    expect(pastTheEnd(3, 0)).toBe(1);
  });
});
