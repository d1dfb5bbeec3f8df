// @vitest-environment jsdom
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiKeysPage } from '../../../src/pages/ApiKeys';
import { problem, uuid } from '../support/answers';
import { renderPage } from '../support/render';

/** The page's route as routes.tsx declares it. */
const keysRoute = (root: AnyRoute) =>
  createRoute({ getParentRoute: () => root, path: '/api-keys', component: ApiKeysPage });

/** A key as the API lists it (never its plaintext). */
const key = (n: number, name: string, status = 'ACTIVE') => ({
  id: uuid(n),
  name,
  prefix: `dis_${n}abc`,
  status,
  organization_id: null,
  created_at: '2026-11-01T00:00:00.000Z',
  expires_at: null,
  last_used_at: null,
});

/** The active organization of the test session (support/render.tsx). */
const ORG = '00000000-0000-4000-8000-000000000001';
const membership = {
  organization_id: ORG,
  user_id: uuid(9),
  role: 'OWNER',
  created_at: '2026-11-01T00:00:00.000Z',
  organization: { id: ORG, name: 'Acme Procurement' },
};

afterEach(cleanup);

describe('the API keys page', () => {
  it('creates a key, shows its plaintext once, clears the name and lists it', async () => {
    let keys = [key(1, 'ci')];
    const bodies: unknown[] = [];
    await renderPage(
      keysRoute,
      '/api-keys',
      {
        'GET /api/v1/api-keys': () => ({ body: keys }),
        'POST /api/v1/api-keys': () => {
          keys = [...keys, key(2, 'laptop')];
          return { status: 201, body: { ...key(2, 'laptop'), key: 'dis_plaintext0123456789' } };
        },
      },
      (body) => bodies.push(body),
    );
    expect(await screen.findByTestId('key-ci')).toBeTruthy();
    const name = screen.getByLabelText(/Name of a new key/) as HTMLInputElement;
    fireEvent.change(name, { target: { value: ' laptop ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByTestId('new-key-value')).textContent).toBe('dis_plaintext0123456789');
    expect(await screen.findByTestId('key-laptop')).toBeTruthy();
    // By default a key ends after 90 days and works in the active organization only.
    expect(bodies).toEqual([{ name: 'laptop', expires_at: expect.any(String), organization_id: ORG }]);
    const days = (Date.parse((bodies[0] as { expires_at: string }).expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    await waitFor(() => expect(name.value).toBe(''));
  });

  it('creates a key that never expires and works in every organization of the user', async () => {
    const bodies: unknown[] = [];
    await renderPage(
      keysRoute,
      '/api-keys',
      {
        'GET /api/v1/api-keys': () => ({ body: [] }),
        'GET /api/v1/users/me/organizations': () => ({ body: [membership] }),
        'POST /api/v1/api-keys': () => ({ status: 201, body: { ...key(2, 'ci'), key: 'dis_x' } }),
      },
      (body) => bodies.push(body),
    );
    await screen.findByTestId('empty');
    fireEvent.change(screen.getByLabelText(/Name of a new key/), { target: { value: 'ci' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Never' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Only in/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await screen.findByTestId('new-key-value');
    expect(bodies).toEqual([{ name: 'ci' }]);
  });

  it('lists where each key works, when it ends, and an active key past its end as expired', async () => {
    await renderPage(keysRoute, '/api-keys', {
      'GET /api/v1/api-keys': () => ({
        body: [
          { ...key(1, 'scoped'), organization_id: ORG, expires_at: '2999-01-01T00:00:00.000Z' },
          { ...key(2, 'old'), expires_at: '2020-01-01T00:00:00.000Z' },
        ],
      }),
      'GET /api/v1/users/me': () => ({
        body: { id: uuid(9), email: 'ann@example.com', is_system_admin: false },
      }),
      'GET /api/v1/users/me/organizations': () => ({ body: [membership] }),
    });
    const scoped = await screen.findByTestId('key-scoped');
    await waitFor(() => expect(within(scoped).getByText('Acme Procurement')).toBeTruthy());
    expect(within(scoped).getByText('ACTIVE')).toBeTruthy();
    const old = screen.getByTestId('key-old');
    expect(within(old).getByText('all your organizations')).toBeTruthy();
    expect(within(old).getByText('EXPIRED')).toBeTruthy();
  });

  it('revokes an active key and shows it revoked', async () => {
    let status = 'ACTIVE';
    const { requests } = await renderPage(keysRoute, '/api-keys', {
      'GET /api/v1/api-keys': () => ({ body: [key(1, 'ci', status)] }),
      [`DELETE /api/v1/api-keys/${uuid(1)}`]: () => {
        status = 'REVOKED';
        return { status: 204, body: null };
      },
    });
    const row = await screen.findByTestId('key-ci');
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    // Nothing is sent before the second click, which names the key; Cancel backs out.
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    expect(requests.some((u) => u.pathname === `/api/v1/api-keys/${uuid(1)}`)).toBe(false);
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke “ci”?' }));
    await waitFor(() => expect(within(screen.getByTestId('key-ci')).getByText('REVOKED')).toBeTruthy());
    expect(within(screen.getByTestId('key-ci')).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(requests.filter((u) => u.pathname === '/api/v1/api-keys')).toHaveLength(2);
  });

  it("shows the API's detail when a key is refused", async () => {
    await renderPage(keysRoute, '/api-keys', {
      'GET /api/v1/api-keys': () => ({ body: [] }),
      'POST /api/v1/api-keys': () =>
        problem(400, 'Invalid request', [{ field: 'body.name', message: 'must be at most 100 characters' }]),
    });
    await screen.findByTestId('empty');
    fireEvent.change(screen.getByLabelText(/Name of a new key/), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'body.name: must be at most 100 characters',
    );
  });
});
