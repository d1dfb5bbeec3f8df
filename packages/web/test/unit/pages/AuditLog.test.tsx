// @vitest-environment jsdom
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAuditSearch } from '../../../src/lib/audit-search';
import { AuditLogPage } from '../../../src/pages/AuditLog';
import { renderPage } from '../support/render';

/** The page's route as routes.tsx declares it. */
const auditRoute = (root: AnyRoute) =>
  createRoute({
    getParentRoute: () => root,
    path: '/audit-log',
    validateSearch: parseAuditSearch,
    component: AuditLogPage,
  });

/** An entry as the API answers it (docs/audit.md). */
const entry = (i: number, over: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  organization_id: '00000000-0000-4000-8000-000000000001',
  actor: { type: 'USER', user_id: 'u1', email: 'ops@example.com', api_key_id: null, plugin_id: null },
  action: 'api_key.create',
  resource_type: 'api_key',
  resource_id: `key-${i}`,
  changes: { name: `key ${i}`, secret: '[REDACTED]' },
  ip_address: '203.0.113.7',
  user_agent: 'curl/8',
  request_id: `req-${i}`,
  in_transaction: true,
  created_at: '2026-11-29T10:00:00.000Z',
  ...over,
});

/** A page of `n` entries out of `total` (spec 2.2's Spring page envelope). */
const page = (n: number, total: number, number = 0, exact = true) => ({
  body: {
    content: Array.from({ length: n }, (_, i) => entry(number * 50 + i)),
    page: { number, size: 50, total_elements: total, total_pages: Math.ceil(total / 50), total_exact: exact },
  },
});

afterEach(cleanup);

describe('the audit log page', () => {
  it('shows a page of entries with who, what and the redacted changes, and the count', async () => {
    const { requests } = await renderPage(auditRoute, '/audit-log', {
      'GET /api/v1/audit-log': () => page(2, 2),
    });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getAllByText('ops@example.com')).toHaveLength(2);
    expect(within(table).queryByText(/API key/)).toBeNull();
    expect(within(table).getAllByText('api_key.create')).toHaveLength(2);
    expect(within(table).getAllByText(/"secret":"\[REDACTED\]"/, { selector: 'p' })).toHaveLength(2);
    expect(screen.getByTestId('entries-total').textContent).toBe('2 entries');
    const asked = requests.at(-1);
    expect(asked?.searchParams.get('page')).toBe('0');
    expect(asked?.searchParams.get('size')).toBe('50');
    expect(asked?.searchParams.get('sort')).toBe('created_at,desc');
  });

  it('asks the server for the filters and page of its address, and says when the total is a lower bound', async () => {
    const { requests } = await renderPage(
      auditRoute,
      '/audit-log?action=document.delete&resource_type=document&from=2026-11-01&to=2026-11-30&page=3',
      { 'GET /api/v1/audit-log': () => page(50, 1050, 2, false) },
    );
    await screen.findByRole('table', { name: 'Audit log' });
    const asked = requests.at(-1);
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({
      action: 'document.delete',
      resource_type: 'document',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
      page: '2',
      size: '50',
      sort: 'created_at,desc',
    });
    expect(screen.getByTestId('entries-total').textContent).toBe('1,050+ entries');
    expect(screen.getByRole('navigation', { name: 'Pages of the audit log' })).toBeTruthy();
  });

  it('puts the applied filters in the address and starts again at the first page', async () => {
    const { router, requests } = await renderPage(auditRoute, '/audit-log?page=2', {
      'GET /api/v1/audit-log': () => page(1, 1),
    });
    await screen.findByRole('table', { name: 'Audit log' });
    expect(screen.getByTestId('entries-total').textContent).toBe('1 entry');
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: ' member.invite ' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ action: 'member.invite', from: '2026-11-02' }),
    );
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('action')).toBe('member.invite'));
    expect(requests.at(-1)?.searchParams.get('page')).toBe('0');
  });

  it("shows the API's refusal for a member below ADMIN", async () => {
    await renderPage(auditRoute, '/audit-log', {
      'GET /api/v1/audit-log': () => ({
        status: 403,
        body: {
          type: 'about:blank',
          title: 'Forbidden',
          status: 403,
          detail: 'This needs the role OWNER or ADMIN',
        },
      }),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('This needs the role OWNER or ADMIN');
  });
});
