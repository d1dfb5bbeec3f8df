// @vitest-environment jsdom
/**
 * The system administration page's Users card: every user of the platform by default
 * (`GET /api/v1/users?platform=true`), so a SYSTEM_ADMIN finds and restores a deleted user of an
 * organization they do not belong to; the active organization's members on demand; an email search.
 */
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAdminSearch } from '../../../src/lib/list-search';
import { AdminPage } from '../../../src/pages/Admin';
import { pageOf, uuid } from '../support/answers';
import { renderPage } from '../support/render';

/** The page's route as routes.tsx declares it. */
const adminRoute = (root: AnyRoute) =>
  createRoute({
    getParentRoute: () => root,
    path: '/admin',
    validateSearch: parseAdminSearch,
    component: AdminPage,
  });

const ORG = uuid(1);
const FOREIGN = uuid(2);

/** A user as `GET /api/v1/users` answers it. */
const user = (n: number, email: string, organizationId: string, deletedAt: string | null = null) => ({
  id: uuid(100 + n),
  email,
  name: null,
  is_system_admin: false,
  default_organization_id: null,
  roles: [{ organization_id: organizationId, role: 'MEMBER' }],
  created_at: '2026-11-01T00:00:00.000Z',
  deleted_at: deletedAt,
});

const asked = (requests: URL[]) =>
  requests.filter((u) => u.pathname === '/api/v1/users').map((u) => Object.fromEntries(u.searchParams));

afterEach(cleanup);

describe('the Users card of the system administration page', () => {
  it('lists every user of the platform, restores a deleted user of a foreign organization, and searches by email', async () => {
    const member = user(1, 'ann@acme.example', ORG);
    let foreign = user(2, 'bob@foreign.example', FOREIGN, '2026-11-20T00:00:00.000Z');
    const restored: string[] = [];
    const { requests } = await renderPage(adminRoute, '/admin', {
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
      'GET /api/v1/organizations': () => pageOf([]),
      'GET /api/v1/users': (u) => {
        const everyone = u.searchParams.get('platform') === 'true' ? [member, foreign] : [member];
        const q = u.searchParams.get('q') ?? '';
        return pageOf(everyone.filter((x) => x.email.includes(q)));
      },
      [`POST /api/v1/users/${foreign.id}/restore`]: () => {
        restored.push(foreign.id);
        foreign = { ...foreign, deleted_at: null };
        return { body: foreign };
      },
    });

    // The platform's users by default, the foreign organization's deleted one with Restore.
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(screen.getByTestId('users-scope').textContent).toContain('Every user of the platform');
    const row = (await within(table).findByText('bob@foreign.example')).closest('tr') as HTMLElement;
    expect(asked(requests).at(-1)).toMatchObject({ platform: 'true', deleted: 'include' });
    fireEvent.click(within(row).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(restored).toEqual([foreign.id]));
    await waitFor(() =>
      expect(
        within(screen.getByText('bob@foreign.example').closest('tr') as HTMLElement).queryByRole('button', {
          name: 'Restore',
        }),
      ).toBeNull(),
    );

    // The email search is the server's.
    fireEvent.change(screen.getByLabelText('Email contains'), { target: { value: 'ann@' } });
    await waitFor(() => expect(asked(requests).at(-1)).toMatchObject({ platform: 'true', q: 'ann@' }));
    await waitFor(() => expect(screen.queryByText('bob@foreign.example')).toBeNull());
    expect(screen.getByText('ann@acme.example')).toBeTruthy();

    // The active organization's members only, as GET /users answers them without `platform`.
    fireEvent.change(screen.getByLabelText('Email contains'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Members of the active organization' }));
    await waitFor(() =>
      expect(asked(requests).at(-1)).toEqual({ deleted: 'include', page: '0', size: '25' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('users-scope').textContent).toContain('The members of Acme Procurement'),
    );
    expect(screen.queryByText('bob@foreign.example')).toBeNull();
  }, 30_000);
});
