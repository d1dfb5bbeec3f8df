// @vitest-environment jsdom
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrganizationPage } from '../../../src/pages/Organization';
import { pageOf, problem, uuid } from '../support/answers';
import { type Answer, type Handlers, renderPage } from '../support/render';

/** The page's route as routes.tsx declares it. */
const organizationRoute = (root: AnyRoute) =>
  createRoute({ getParentRoute: () => root, path: '/organization', component: OrganizationPage });

/** The active organization of the test session (support/render.tsx). */
const ORG = '00000000-0000-4000-8000-000000000001';
const BASE = `/api/v1/organizations/${ORG}`;

/** The settings an organization starts with (docs/contracts.md, docs/sources.md). */
const SETTINGS = {
  classification_plugin_id: null as string | null,
  extraction_plugin_id: null as string | null,
  renewal_alert_days: [90, 30, 7],
  timezone: 'UTC',
  email_forwarding_enabled: false,
  email_forwarding_sender_policy: 'ALLOWLIST_AND_DMARC',
  classification_plugin: null as null | {
    id: string;
    name: string;
    version: number;
    status: string;
    quarantined: boolean;
  },
  extraction_plugin: null as null | {
    id: string;
    name: string;
    version: number;
    status: string;
    quarantined: boolean;
  },
};

const plugin = (n: number, name: string, type: string, status = 'ENABLED') => ({
  id: uuid(n),
  name,
  type,
  status,
  version: 1,
});

const identity = (n: number, kind: string, value: string, primary = false) => ({
  id: uuid(100 + n),
  organization_id: ORG,
  kind,
  value,
  primary,
  created_at: '2026-11-01T00:00:00.000Z',
});

/** Everything the page reads, the signed-in user being `role` of the organization. */
function reads(role: 'OWNER' | 'MEMBER', over: Handlers = {}): Handlers {
  return {
    'GET /api/v1/users/me': () => ({
      body: { id: uuid(9), email: 'ann@example.com', is_system_admin: false },
    }),
    'GET /api/v1/users/me/organizations': () => ({
      body: [
        {
          organization_id: ORG,
          user_id: uuid(9),
          role,
          created_at: '2026-11-01T00:00:00.000Z',
          organization: { id: ORG, name: 'Acme Procurement' },
        },
      ],
    }),
    [`GET ${BASE}/members`]: () => pageOf([]),
    [`GET /api/v1/invitations/organization/${ORG}`]: () => pageOf([]),
    [`GET ${BASE}/quotas`]: () => ({
      body: {
        max_documents_per_month: 5000,
        max_storage_bytes: null,
        max_sources: null,
        max_plugins: null,
        max_members: null,
        api_requests_per_minute: null,
        usage: { documents_this_month: 1234, storage_bytes: 5_566_541, sources: 2, plugins: 1, members: 3 },
      },
    }),
    [`GET ${BASE}/settings/summary`]: () => ({ body: SETTINGS }),
    [`GET ${BASE}/tree`]: () => ({
      body: { id: ORG, name: 'Acme Procurement', slug: 'acme', kind: 'TEAM', children: [] },
    }),
    [`GET ${BASE}/identities`]: () => ({ body: [identity(1, 'LEGAL_NAME', 'Acme Procurement GmbH', true)] }),
    'GET /api/v1/plugins': () =>
      pageOf([
        plugin(20, 'contract-extractor', 'EXTRACTION'),
        plugin(21, 'old-extractor', 'EXTRACTION', 'DISABLED'),
        plugin(22, 'tagger', 'CLASSIFICATION'),
      ]),
    ...over,
  };
}

/** The settings editor, once the page knows the user may use it. */
const editor = async () => within(await screen.findByRole('form', { name: 'Organization settings' }));

/**
 * Adds `day` to the alert days as a user does: typed, then Enter. The input is focused first:
 * Mantine ignores a change to an input that does not have the focus (autofill, extensions).
 */
function addDay(form: ReturnType<typeof within>, day: string) {
  const input = form.getByLabelText(/Renewal alerts/);
  act(() => input.focus());
  fireEvent.change(input, { target: { value: day } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

/**
 * The options of the select `label` of `form`, opened. Mantine's dropdowns hide themselves when
 * their trigger has no on-screen box, and jsdom lays nothing out: the options are found through
 * the trigger's `aria-controls`, with `hidden: true` (as the webhooks test does).
 */
async function optionsOf(form: ReturnType<typeof within>, label: string) {
  const select = form.getByRole('combobox', { name: label });
  fireEvent.click(select);
  return within(
    await waitFor(() => {
      const popup = document.getElementById(select.getAttribute('aria-controls') ?? '');
      if (!popup) throw new Error(`${label} opened nothing`);
      return popup;
    }),
  );
}

/** Chooses `option` in the select `label` of `form`. */
async function choose(form: ReturnType<typeof within>, label: string, option: string) {
  fireEvent.click((await optionsOf(form, label)).getByRole('option', { name: option, hidden: true }));
}

const sent = (requests: URL[], path: string) => requests.filter((u) => u.pathname === path);

afterEach(cleanup);

describe('the organization page', () => {
  it('saves only the settings that changed and shows what was stored', async () => {
    let settings = { ...SETTINGS };
    const bodies: unknown[] = [];
    await renderPage(
      organizationRoute,
      '/organization',
      reads('OWNER', {
        [`GET ${BASE}/settings/summary`]: () => ({ body: settings }),
        [`PUT ${BASE}/settings`]: () => {
          const body = bodies.at(-1) as Partial<typeof SETTINGS>;
          settings = { ...settings, ...body };
          return { body: settings };
        },
      }),
      (body) => bodies.push(body),
    );
    const form = await editor();
    // Nothing changed yet: there is nothing to save.
    expect(form.getByRole('button', { name: 'Save settings' }).hasAttribute('disabled')).toBe(true);
    addDay(form, '14');
    fireEvent.click(form.getByRole('checkbox', { name: /Accept documents forwarded by e-mail/ }));
    fireEvent.click(form.getByRole('radio', { name: 'Allowlist only' }));
    expect(form.getByText(/without checking their signature: for senders that do not sign/)).toBeTruthy();
    // Only enabled extraction plugins are offered: the API refuses a disabled one or another type.
    const extraction = await optionsOf(form, 'Extraction plugin');
    expect(extraction.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual([
      'built-in',
      'contract-extractor',
    ]);
    fireEvent.click(extraction.getByRole('option', { name: 'contract-extractor', hidden: true }));
    fireEvent.click(form.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Saved');
    expect(bodies).toEqual([
      {
        extraction_plugin_id: uuid(20),
        renewal_alert_days: [90, 30, 14, 7],
        email_forwarding_enabled: true,
        email_forwarding_sender_policy: 'ALLOWLIST_ONLY',
      },
    ]);
    // The form now holds what was stored, so there is nothing left to save.
    const saved = await editor();
    expect(saved.getByRole('button', { name: 'Save settings' }).hasAttribute('disabled')).toBe(true);
    expect((saved.getByRole('combobox', { name: 'Extraction plugin' }) as HTMLInputElement).value).toBe(
      'contract-extractor',
    );
  });

  it('refuses an alert day the API would refuse, before sending anything', async () => {
    const { requests } = await renderPage(organizationRoute, '/organization', reads('OWNER'));
    const form = await editor();
    addDay(form, '0');
    addDay(form, '4000');
    expect(form.getByText('Not a whole number of days from 1 to 3650: 4000, 0')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Save settings' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // The settings were read once and nothing was sent.
    expect(sent(requests, `${BASE}/settings/summary`)).toHaveLength(1);
    expect(sent(requests, `${BASE}/settings`)).toHaveLength(0);
  });

  it("shows the API's problem and the field it names when the settings are refused", async () => {
    const bodies: unknown[] = [];
    await renderPage(
      organizationRoute,
      '/organization',
      reads('OWNER', {
        [`PUT ${BASE}/settings`]: (): Answer =>
          problem(400, 'body.timezone: must be an IANA time zone such as Europe/Berlin', [
            { field: 'body.timezone', message: 'must be an IANA time zone such as Europe/Berlin' },
          ]),
      }),
      (body) => bodies.push(body),
    );
    const form = await editor();
    await choose(form, 'Time zone', 'Europe/Berlin');
    fireEvent.click(form.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'body.timezone: must be an IANA time zone such as Europe/Berlin',
    );
    expect(bodies).toEqual([{ timezone: 'Europe/Berlin' }]);
    expect(form.getByRole('combobox', { name: 'Time zone' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('adds an identity with its kind and value and lists it', async () => {
    let identities = [identity(1, 'LEGAL_NAME', 'Acme Procurement GmbH', true)];
    const bodies: unknown[] = [];
    await renderPage(
      organizationRoute,
      '/organization',
      reads('OWNER', {
        [`GET ${BASE}/identities`]: () => ({ body: identities }),
        [`POST ${BASE}/identities`]: () => {
          identities = [...identities, identity(2, 'DOMAIN', 'acme.com')];
          return { body: identities[1] };
        },
      }),
      (body) => bodies.push(body),
    );
    const form = within(await screen.findByRole('form', { name: 'Add an identity' }));
    fireEvent.change(form.getByLabelText('Kind'), { target: { value: 'DOMAIN' } });
    const value = form.getByLabelText(/Value/) as HTMLInputElement;
    expect(value.placeholder).toBe('acme.com');
    fireEvent.change(value, { target: { value: ' acme.com ' } });
    fireEvent.click(form.getByRole('button', { name: 'Add identity' }));
    const row = within(await screen.findByTestId('identity-acme.com'));
    expect(row.getByText('Domain')).toBeTruthy();
    expect(bodies).toEqual([{ kind: 'DOMAIN', value: 'acme.com' }]);
    await waitFor(() => expect(value.value).toBe(''));
  });

  it('deletes an identity only after a second click that names it, and marks one primary', async () => {
    let identities = [
      identity(1, 'LEGAL_NAME', 'Acme Procurement GmbH', true),
      identity(2, 'DOMAIN', 'acme.com'),
    ];
    const { requests } = await renderPage(
      organizationRoute,
      '/organization',
      reads('OWNER', {
        [`GET ${BASE}/identities`]: () => ({ body: identities }),
        [`POST ${BASE}/identities/${uuid(102)}/primary`]: () => {
          identities = identities.map((i) => ({ ...i, primary: i.id === uuid(102) }));
          return { body: identities[1] };
        },
        [`DELETE ${BASE}/identities/${uuid(102)}`]: () => {
          const gone = identities[1];
          identities = identities.slice(0, 1);
          return { body: gone };
        },
      }),
    );
    const row = within(await screen.findByTestId('identity-acme.com'));
    fireEvent.click(await row.findByRole('button', { name: 'Make primary' }));
    await waitFor(() => expect(row.getByText('primary')).toBeTruthy());
    expect(within(screen.getByTestId('identity-Acme Procurement GmbH')).queryByText('primary')).toBeNull();
    fireEvent.click(row.getByRole('button', { name: 'Delete' }));
    fireEvent.click(row.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(row.getByRole('button', { name: 'Delete' }));
    expect(requests.some((u) => u.pathname === `${BASE}/identities/${uuid(102)}`)).toBe(false);
    fireEvent.click(row.getByRole('button', { name: 'Delete “acme.com”?' }));
    await waitFor(() => expect(screen.queryByTestId('identity-acme.com')).toBeNull());
    expect(sent(requests, `${BASE}/identities/${uuid(102)}`)).toHaveLength(1);
  });

  it('lets the OWNER make another member the owner after a second click, and only the OWNER', async () => {
    const member = (n: number, email: string, role: string) => ({
      organization_id: ORG,
      user_id: uuid(n),
      role,
      created_at: '2026-11-01T00:00:00.000Z',
      user: { id: uuid(n), email },
    });
    let members = [member(9, 'ann@example.com', 'OWNER'), member(10, 'bob@example.com', 'MEMBER')];
    let myRole = 'OWNER';
    const bodies: unknown[] = [];
    const { requests } = await renderPage(
      organizationRoute,
      '/organization',
      {
        ...reads('OWNER', {
          [`GET ${BASE}/members`]: () => pageOf(members, 25),
          [`POST ${BASE}/members/transfer-ownership`]: () => {
            members = [member(9, 'ann@example.com', 'ADMIN'), member(10, 'bob@example.com', 'OWNER')];
            myRole = 'ADMIN';
            return { body: members[1] };
          },
        }),
        'GET /api/v1/users/me/organizations': () => ({
          body: [
            { organization_id: ORG, user_id: uuid(9), role: myRole, created_at: '2026-11-01T00:00:00.000Z' },
          ],
        }),
      },
      (body) => bodies.push(body),
    );
    const row = within((await screen.findByText('bob@example.com')).closest('tr') as HTMLElement);
    fireEvent.click(await row.findByRole('button', { name: 'Make owner' }));
    expect(sent(requests, `${BASE}/members/transfer-ownership`)).toHaveLength(0);
    fireEvent.click(row.getByRole('button', { name: 'Make owner “bob@example.com”?' }));
    // Bob is the OWNER now, Ann an ADMIN who is offered no transfer any more.
    await waitFor(() => expect(screen.getByText('OWNER')).toBeTruthy());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Make owner' })).toBeNull());
    expect(bodies).toEqual([{ new_owner_id: uuid(10) }]);
    const annRow = within(screen.getByText('ann@example.com').closest('tr') as HTMLElement);
    expect(annRow.getByRole('combobox', { name: 'Role of ann@example.com' })).toBeTruthy();
  });

  it('removes a member only after a second click that names them', async () => {
    let members = [
      {
        organization_id: ORG,
        user_id: uuid(9),
        role: 'OWNER',
        created_at: '2026-11-01T00:00:00.000Z',
        user: { id: uuid(9), email: 'ann@example.com' },
      },
      {
        organization_id: ORG,
        user_id: uuid(10),
        role: 'MEMBER',
        created_at: '2026-11-01T00:00:00.000Z',
        user: { id: uuid(10), email: 'bob@example.com' },
      },
    ];
    const { requests } = await renderPage(
      organizationRoute,
      '/organization',
      reads('OWNER', {
        [`GET ${BASE}/members`]: () => pageOf(members, 25),
        [`DELETE ${BASE}/members/${uuid(10)}`]: () => {
          members = members.slice(0, 1);
          return { status: 204, body: null };
        },
      }),
    );
    const row = within((await screen.findByText('bob@example.com')).closest('tr') as HTMLElement);
    // The owner cannot be removed.
    const owner = within(screen.getByText('ann@example.com').closest('tr') as HTMLElement);
    expect(owner.queryByRole('button', { name: /Remove/ })).toBeNull();
    fireEvent.click(row.getByRole('button', { name: 'Remove' }));
    fireEvent.click(row.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(row.getByRole('button', { name: 'Remove' }));
    expect(sent(requests, `${BASE}/members/${uuid(10)}`)).toHaveLength(0);
    fireEvent.click(row.getByRole('button', { name: 'Remove “bob@example.com”?' }));
    await waitFor(() => expect(screen.queryByText('bob@example.com')).toBeNull());
    expect(sent(requests, `${BASE}/members/${uuid(10)}`)).toHaveLength(1);
  });

  it('offers the first plugins of a type in each select and asks the API for the others by name (q)', async () => {
    // 130 extraction plugins (more than the 100 a select reads) and two classifiers.
    const all = [
      ...Array.from({ length: 130 }, (_, i) =>
        plugin(1000 + i, `extractor-${String(i + 1).padStart(3, '0')}`, 'EXTRACTION'),
      ),
      plugin(22, 'tagger', 'CLASSIFICATION'),
      plugin(23, 'sorter', 'CLASSIFICATION'),
    ];
    const { requests } = await renderPage(
      organizationRoute,
      '/organization',
      reads('OWNER', {
        'GET /api/v1/plugins': (u) => {
          const type = u.searchParams.get('type');
          const q = u.searchParams.get('q')?.toLowerCase();
          const rows = all.filter(
            (p) => (!type || p.type === type) && (!q || p.name.toLowerCase().includes(q)),
          );
          const size = Number(u.searchParams.get('size') ?? 20);
          const page = {
            number: 0,
            size,
            total_elements: rows.length,
            total_pages: Math.ceil(rows.length / size),
          };
          return { body: { content: rows.slice(0, size), page } };
        },
      }),
    );
    const form = await editor();
    const extraction = await optionsOf(form, 'Extraction plugin');
    await waitFor(() => expect(extraction.getAllByRole('option', { hidden: true })).toHaveLength(101));
    expect(form.getByText('Type part of a name to find the others')).toBeTruthy();
    expect(extraction.queryByRole('option', { name: 'tagger', hidden: true })).toBeNull();
    // Typing asks the API for the names holding the text, the 101st plugin among them.
    const input = form.getByRole('combobox', { name: 'Extraction plugin' });
    act(() => input.focus());
    fireEvent.change(input, { target: { value: 'R-130' } });
    await waitFor(() =>
      expect(extraction.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual([
        'extractor-130',
      ]),
    );
    const classification = await optionsOf(form, 'Classification plugin');
    expect(classification.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual([
      'built-in',
      'tagger',
      'sorter',
    ]);
    // Each select asks for its own type only, one page of 100, and the search with `q`.
    const asked = sent(requests, '/api/v1/plugins').map((u) => Object.fromEntries(u.searchParams));
    expect(asked).toEqual(
      expect.arrayContaining([
        { type: 'EXTRACTION', page: '0', size: '100' },
        { type: 'EXTRACTION', q: 'R-130', page: '0', size: '100' },
        { type: 'CLASSIFICATION', page: '0', size: '100' },
      ]),
    );
    expect(asked.every((q) => q.page === '0')).toBe(true);
  });

  it('shows storage as a size with the bytes in its title, and counts as they are', async () => {
    await renderPage(organizationRoute, '/organization', reads('OWNER'));
    const storage = await screen.findByTestId('quota-storage_bytes');
    expect(storage.textContent).toBe('Storage: 5.3 MB / unlimited');
    expect(storage.getAttribute('title')).toBe('5,566,541 bytes / unlimited');
    expect(screen.getByTestId('quota-documents_this_month').textContent).toBe(
      'Documents this month: 1,234 / 5,000',
    );
  });

  it('gives a member the settings to read and no editor, and the identities without controls', async () => {
    const { requests } = await renderPage(
      organizationRoute,
      '/organization',
      reads('MEMBER', {
        [`GET ${BASE}/settings/summary`]: () => ({
          body: {
            ...SETTINGS,
            classification_plugin_id: uuid(22),
            classification_plugin: {
              id: uuid(22),
              name: 'tagger',
              version: 3,
              status: 'ENABLED',
              quarantined: false,
            },
            extraction_plugin_id: uuid(21),
            extraction_plugin: {
              id: uuid(21),
              name: 'old-extractor',
              version: 1,
              status: 'DISABLED',
              quarantined: true,
            },
          },
        }),
        // A member may not list the plugins (they hold code): the settings name them.
        'GET /api/v1/plugins': () => ({ status: 403, body: { title: 'Forbidden', status: 403 } }),
      }),
    );
    expect(await screen.findByText('Renewal alerts: 90, 30, 7 days before the notice deadline')).toBeTruthy();
    expect(screen.getByText('Classification plugin: tagger, version 3')).toBeTruthy();
    expect(
      screen.getByText('Extraction plugin: old-extractor (disabled) (quarantined), version 1'),
    ).toBeTruthy();
    expect(sent(requests, '/api/v1/plugins')).toHaveLength(0);
    expect(screen.getByText('Time zone: UTC')).toBeTruthy();
    expect(await screen.findByTestId('identity-Acme Procurement GmbH')).toBeTruthy();
    // The editor would appear once the memberships are read: wait for them, then look.
    await waitFor(() => expect(sent(requests, '/api/v1/users/me/organizations')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('form', { name: 'Organization settings' })).toBeNull();
    // The members, invitations and quotas are an OWNER's or ADMIN's: not asked for, not offered.
    expect(screen.getByTestId('managed-by-admins').textContent).toContain(
      'An owner or admin of this organization',
    );
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
    for (const path of [`${BASE}/members`, `/api/v1/invitations/organization/${ORG}`, `${BASE}/quotas`])
      expect(sent(requests, path)).toHaveLength(0);
    expect(screen.queryByRole('form', { name: 'Add an identity' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
  });
});

describe('the half-width members and invitations cards', () => {
  it('show each row’s actions under its email, in a table that needs no sideways scroll', async () => {
    const long = 'maria.gonzalez-fernandez@procurement-example.com';
    await renderPage(
      organizationRoute,
      '/organization',
      reads('OWNER', {
        [`GET ${BASE}/members`]: () =>
          pageOf([
            {
              organization_id: ORG,
              user_id: uuid(10),
              role: 'MEMBER',
              created_at: '2026-11-01T00:00:00.000Z',
              user: { id: uuid(10), email: long },
            },
          ]),
        [`GET /api/v1/invitations/organization/${ORG}`]: () =>
          pageOf([
            {
              id: uuid(30),
              email: long,
              organization_id: ORG,
              role: 'ADMIN',
              status: 'PENDING',
              expires_at: '2026-12-09T00:00:00.000Z',
              created_at: '2026-12-02T00:00:00.000Z',
            },
          ]),
      }),
    );
    const members = await screen.findByRole('table', { name: 'Members' });
    const memberCell = within(within(members).getByText(long).closest('td') as HTMLElement);
    // Offered once the page knows the user is the OWNER (a second read): a loaded run may take longer.
    expect(await memberCell.findByRole('button', { name: 'Make owner' }, { timeout: 4000 })).toBeTruthy();
    expect(memberCell.getByRole('button', { name: 'Remove' })).toBeTruthy();
    const invitations = await screen.findByRole('table', { name: 'Invitations' }, { timeout: 4000 });
    const invitationCell = within(within(invitations).getByText(long).closest('td') as HTMLElement);
    expect(invitationCell.getByRole('button', { name: 'Revoke' })).toBeTruthy();
    expect(invitationCell.getByRole('button', { name: 'Resend' })).toBeTruthy();
    expect(invitationCell.getByText(/^ADMIN · expires/)).toBeTruthy();
    // Mantine's scroll container gave the tables a 520 px minimum in a card half as wide.
    for (const table of [members, invitations])
      expect(table.closest('.mantine-Table-scrollContainer, .mantine-ScrollArea-root')).toBeNull();
  });
});
