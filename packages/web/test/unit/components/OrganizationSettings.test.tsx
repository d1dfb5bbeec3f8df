// @vitest-environment jsdom
/**
 * The settings form when the stored settings change under it (another admin's save, found by a
 * later read): it follows them while nothing is edited, and keeps a person's unsaved edits
 * otherwise, saying what changed elsewhere and offering to load it.
 */
import { focusManager } from '@tanstack/react-query';
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { draftOf, rebase } from '../../../src/components/OrganizationSettings';
import { parseOrganizationSearch } from '../../../src/lib/list-search';
import { OrganizationPage } from '../../../src/pages/Organization';
import { pageOf, uuid } from '../support/answers';
import { type Handlers, renderPage } from '../support/render';

/** The page's route as routes.tsx declares it. */
const organizationRoute = (root: AnyRoute) =>
  createRoute({
    getParentRoute: () => root,
    path: '/organization',
    validateSearch: parseOrganizationSearch,
    component: OrganizationPage,
  });

/** The active organization of the test session (support/render.tsx). */
const ORG = '00000000-0000-4000-8000-000000000001';
const BASE = `/api/v1/organizations/${ORG}`;

type Settings = {
  classification_plugin_id: string | null;
  extraction_plugin_id: string | null;
  renewal_alert_days: number[];
  timezone: string;
  email_forwarding_enabled: boolean;
  email_forwarding_sender_policy: 'ALLOWLIST_AND_DMARC' | 'ALLOWLIST_ONLY';
  classification_plugin: null;
  extraction_plugin: null;
};

const SETTINGS: Settings = {
  classification_plugin_id: null,
  extraction_plugin_id: null,
  renewal_alert_days: [90, 30, 7],
  timezone: 'UTC',
  email_forwarding_enabled: false,
  email_forwarding_sender_policy: 'ALLOWLIST_AND_DMARC',
  classification_plugin: null,
  extraction_plugin: null,
};

/**
 * What the page reads, the signed-in user an OWNER, the stored settings being `stored()` at each
 * read, and `PUT …/settings` merging the body into them.
 */
function reads(stored: { value: Settings }, bodies: unknown[]): Handlers {
  return {
    'GET /api/v1/users/me': () => ({
      body: { id: uuid(9), email: 'ann@example.com', is_system_admin: false },
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
    [`GET ${BASE}/members`]: () => pageOf([]),
    [`GET /api/v1/invitations/organization/${ORG}`]: () => pageOf([]),
    [`GET ${BASE}/settings/summary`]: () => ({ body: stored.value }),
    [`PUT ${BASE}/settings`]: () => {
      stored.value = { ...stored.value, ...(bodies.at(-1) as Partial<Settings>) };
      return { body: stored.value };
    },
    'GET /api/v1/plugins': () => pageOf([]),
  };
}

/** The settings editor, once the page knows the user may use it. */
const editor = async () => within(await screen.findByRole('form', { name: 'Organization settings' }));
/** The settings editor as it is now (found again each time: nothing may hold on to an old one). */
const form = () => within(screen.getByRole('form', { name: 'Organization settings' }));

/** Adds `day` to the alert days as a user does: focused, typed, then Enter. */
function addDay(day: string) {
  const input = form().getByLabelText(/Renewal alerts/);
  act(() => input.focus());
  fireEvent.change(input, { target: { value: day } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

/** The alert days the form shows, as its tags read. */
const daysShown = () =>
  Array.from(
    (
      form()
        .getByLabelText(/Renewal alerts/)
        .closest('.mantine-TagsInput-root') ?? document
    ).querySelectorAll('.mantine-Pill-label'),
  ).map((p) => p.textContent);

const timezoneShown = () => (form().getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement).value;

/** The person comes back to the tab: TanStack Query reads the stored settings again. */
function refocus() {
  act(() => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });
}

afterEach(() => {
  cleanup();
  focusManager.setFocused(undefined);
});

describe('the settings form when the stored settings change', () => {
  it('keeps unsaved edits, says what changed elsewhere, and saves only the edits', async () => {
    const stored = { value: { ...SETTINGS } };
    const bodies: unknown[] = [];
    await renderPage(organizationRoute, '/organization', reads(stored, bodies), (b) => bodies.push(b));
    await editor();
    addDay('14');
    expect(daysShown()).toEqual(['90', '30', '14', '7']);
    // Another admin changes the time zone and turns forwarding on; the page reads them again.
    stored.value = { ...stored.value, timezone: 'Europe/Berlin', email_forwarding_enabled: true };
    refocus();
    const notice = await screen.findByTestId('settings-changed-elsewhere');
    expect(notice.textContent).toContain('Someone else changed the time zone and e-mail forwarding');
    expect(notice.textContent).not.toContain('yours win');
    // The edit stays; what was not edited shows the stored values.
    expect(daysShown()).toEqual(['90', '30', '14', '7']);
    expect(timezoneShown()).toBe('Europe/Berlin');
    expect(
      (form().getByRole('checkbox', { name: /Accept documents forwarded by e-mail/ }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    // Save sends the edit alone, so the other admin's changes stand.
    fireEvent.click(form().getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Saved');
    expect(bodies).toEqual([{ renewal_alert_days: [90, 30, 14, 7] }]);
    expect(stored.value).toEqual({
      ...SETTINGS,
      renewal_alert_days: [90, 30, 14, 7],
      timezone: 'Europe/Berlin',
      email_forwarding_enabled: true,
    });
    await waitFor(() => expect(screen.queryByTestId('settings-changed-elsewhere')).toBeNull());
    expect(form().getByRole('button', { name: 'Save settings' }).hasAttribute('disabled')).toBe(true);
  }, 30_000);

  it('loads the new values when asked, discarding the edits', async () => {
    const stored = { value: { ...SETTINGS } };
    const bodies: unknown[] = [];
    await renderPage(organizationRoute, '/organization', reads(stored, bodies), (b) => bodies.push(b));
    await editor();
    addDay('14');
    // Another admin sets other alert days: the same setting the person edits.
    stored.value = { ...stored.value, renewal_alert_days: [60] };
    refocus();
    const notice = within(await screen.findByTestId('settings-changed-elsewhere'));
    expect(notice.getByText(/Someone else changed the renewal alerts/).textContent).toContain('yours win');
    expect(daysShown()).toEqual(['90', '30', '14', '7']);
    fireEvent.click(notice.getByRole('button', { name: /Load the new values/ }));
    await waitFor(() => expect(daysShown()).toEqual(['60']));
    expect(screen.queryByTestId('settings-changed-elsewhere')).toBeNull();
    expect(form().getByRole('button', { name: 'Save settings' }).hasAttribute('disabled')).toBe(true);
    expect(bodies).toEqual([]);
  }, 30_000);

  it('follows the stored settings while nothing is edited', async () => {
    const stored = { value: { ...SETTINGS } };
    await renderPage(organizationRoute, '/organization', reads(stored, []));
    await editor();
    stored.value = { ...stored.value, timezone: 'Asia/Tokyo', renewal_alert_days: [45] };
    refocus();
    await waitFor(() => expect(timezoneShown()).toBe('Asia/Tokyo'));
    expect(daysShown()).toEqual(['45']);
    expect(screen.queryByTestId('settings-changed-elsewhere')).toBeNull();
    expect(form().getByRole('button', { name: 'Save settings' }).hasAttribute('disabled')).toBe(true);
  }, 30_000);
});

describe('rebase', () => {
  it("keeps the edited fields, takes the others from the store, and tells another's change from one's own save", () => {
    const edited = { ...draftOf(SETTINGS), timezone: 'Europe/Paris', renewal_alert_days: ['14'] };
    const other = { ...SETTINGS, timezone: 'Europe/Berlin', email_forwarding_enabled: true };
    const r = rebase(edited, SETTINGS, other);
    expect(r.draft).toEqual({
      ...draftOf(other),
      timezone: 'Europe/Paris',
      renewal_alert_days: ['14'],
    });
    expect(r.elsewhere).toEqual(['timezone', 'email_forwarding_enabled']);
    // The store now holds what the person sent, and they typed on while it was saving: their own
    // save, not a change elsewhere, and the newer edit stays.
    const typedOn = { ...edited, timezone: 'Asia/Tokyo' };
    const saved = { ...SETTINGS, timezone: 'Europe/Paris' };
    expect(rebase(typedOn, SETTINGS, saved, { timezone: 'Europe/Paris' })).toEqual({
      draft: { ...draftOf(saved), timezone: 'Asia/Tokyo', renewal_alert_days: ['14'] },
      elsewhere: [],
    });
    expect(rebase(typedOn, SETTINGS, saved).elsewhere).toEqual(['timezone']);
  });
});
