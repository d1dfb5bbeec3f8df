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
    expect(bodies).toEqual([{ name: 'laptop' }]);
    await waitFor(() => expect(name.value).toBe(''));
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
