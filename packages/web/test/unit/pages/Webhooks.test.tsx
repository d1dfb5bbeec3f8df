// @vitest-environment jsdom
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pickEventTypes } from '../../../src/components/WebhookForm';
import { WebhooksPage } from '../../../src/pages/Webhooks';
import { pageOf, problem, uuid } from '../support/answers';
import { renderPage } from '../support/render';

/** The page's route as routes.tsx declares it. */
const webhooksRoute = (root: AnyRoute) =>
  createRoute({ getParentRoute: () => root, path: '/webhooks', component: WebhooksPage });

/** An endpoint (docs/webhooks.md). */
const endpoint = (n: number, over: Record<string, unknown> = {}) => ({
  id: uuid(n),
  url: `https://hooks.example.com/${n}`,
  event_types: ['*'],
  description: null as string | null,
  enabled: true,
  disabled_reason: null as string | null,
  disabled_at: null as string | null,
  failing_since: null as string | null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

/** A delivery with one attempt. */
const delivery = (n: number, status: string) => ({
  id: uuid(300 + n),
  event_type: 'document.received',
  status,
  attempt_count: 1,
  attempts: [{ response_status: status === 'FAILED' ? 500 : 200, error: null, duration_ms: 12 }],
  created_at: '2026-11-01T00:00:00.000Z',
});

/** The card of endpoint `n`, once the list has loaded. */
const card = async (n: number) => within(await screen.findByTestId(`webhook-${uuid(n)}`));

/**
 * Mantine's dropdowns (the picker's options, a confirmation) hide themselves when their trigger
 * has no on-screen box, and jsdom lays nothing out: they are found through the trigger's
 * `aria-controls`, and what is in them with `hidden: true`.
 */
const shown = { hidden: true } as const;

/** The popup (listbox, dialog) that `trigger` has opened. */
async function popupOf(trigger: HTMLElement) {
  return within(
    await waitFor(() => {
      const popup = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
      if (!popup) throw new Error(`${trigger.outerHTML} opened nothing`);
      return popup;
    }),
  );
}

/** Picks `name` in the event-type picker of `scope`. */
async function pick(scope: ReturnType<typeof within>, name: string) {
  const picker = scope.getByLabelText('Event types');
  fireEvent.click(picker);
  const options = await popupOf(picker);
  fireEvent.click(
    options.getByRole('option', { name: new RegExp(`^${name.replace('.', '\\.')}`), ...shown }),
  );
}

/** Presses `action` in `scope`, then `reply` in the dialog it opens. */
async function answer(scope: ReturnType<typeof within>, action: string, reply: string) {
  const button = scope.getByRole('button', { name: action });
  fireEvent.click(button);
  fireEvent.click((await popupOf(button)).getByRole('button', { name: reply, ...shown }));
}

afterEach(cleanup);

describe('the webhooks page', () => {
  it('lists the endpoints with their state and latest deliveries, as it asked for them', async () => {
    const { requests } = await renderPage(webhooksRoute, '/webhooks', {
      'GET /api/v1/webhooks': () =>
        pageOf([
          endpoint(1, {
            description: 'ERP',
            event_types: ['contract.created', 'alert.created'],
            failing_since: '2026-11-02T00:00:00.000Z',
          }),
          endpoint(2, {
            enabled: false,
            disabled_reason: 'too many failures',
            disabled_at: '2026-11-03T00:00:00.000Z',
          }),
        ]),
      [`GET /api/v1/webhooks/${uuid(1)}/deliveries`]: () => pageOf([delivery(1, 'SUCCEEDED')], 20),
      [`GET /api/v1/webhooks/${uuid(2)}/deliveries`]: () =>
        pageOf(
          [
            {
              ...delivery(2, 'FAILED'),
              attempts: [
                {
                  response_status: 302,
                  error: 'redirect to https://elsewhere.example/ not followed',
                  duration_ms: 30,
                },
              ],
            },
          ],
          20,
        ),
    });
    const first = await card(1);
    expect(first.getByRole('heading', { name: 'https://hooks.example.com/1' })).toBeTruthy();
    expect(first.getByTestId('webhook-description').textContent).toBe('ERP');
    expect(first.getByText('events: contract.created, alert.created')).toBeTruthy();
    expect(first.getByText('failing')).toBeTruthy();
    expect(first.getByTestId('webhook-failing').textContent).toContain('failed since');
    const deliveries = await first.findByRole('table', { name: 'Deliveries' });
    expect(within(deliveries).getByText('SUCCEEDED')).toBeTruthy();
    expect(deliveries.textContent).toContain('last: 200 in 12 ms');
    const second = await card(2);
    expect(second.getByText('events: all (*)')).toBeTruthy();
    expect(second.getByTestId('webhook-disabled').textContent).toContain('too many failures');
    // A status alone ("302") would not say why the attempt failed: the recorded reason shows beside it.
    const failed = await second.findByRole('table', { name: 'Deliveries' });
    expect(failed.textContent).toContain(
      'last: 302: redirect to https://elsewhere.example/ not followed in 30 ms',
    );
    expect(second.getByRole('button', { name: 'Enable' })).toBeTruthy();
    // A disabled endpoint's retry would be refused (409) until it is enabled again.
    expect((await second.findByRole('button', { name: 'Retry' })).hasAttribute('disabled')).toBe(true);
    const asked = (path: string) =>
      Object.fromEntries(requests.find((u) => u.pathname === path)?.searchParams ?? []);
    expect(asked('/api/v1/webhooks')).toEqual({ page: '0', size: '25' });
    expect(asked(`/api/v1/webhooks/${uuid(1)}/deliveries`)).toEqual({ page: '0', size: '20' });
  });

  it('adds an endpoint for every event by default, shows its secret once and refreshes the list', async () => {
    let endpoints: ReturnType<typeof endpoint>[] = [];
    const bodies: unknown[] = [];
    await renderPage(
      webhooksRoute,
      '/webhooks',
      {
        'GET /api/v1/webhooks': () => pageOf(endpoints),
        [`GET /api/v1/webhooks/${uuid(1)}/deliveries`]: () => pageOf([], 20),
        'POST /api/v1/webhooks': () => {
          endpoints = [endpoint(1)];
          return { status: 201, body: { ...endpoint(1), secret: 'whsec_0123456789' } };
        },
      },
      (body) => bodies.push(body),
    );
    expect((await screen.findByTestId('empty')).textContent).toBe('No webhook endpoints.');
    const input = screen.getByLabelText(/Endpoint URL/) as HTMLInputElement;
    fireEvent.change(input, { target: { value: ' https://hooks.example.com/1 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect((await screen.findByTestId('webhook-secret-value')).textContent).toBe('whsec_0123456789');
    expect(await card(1)).toBeTruthy();
    expect(bodies).toEqual([{ url: 'https://hooks.example.com/1', event_types: ['*'] }]);
    await waitFor(() => expect(input.value).toBe(''));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the secret' }));
    await waitFor(() => expect(screen.queryByText('whsec_0123456789')).toBeNull());
  });

  it('adds an endpoint for two chosen event types with a description', async () => {
    const bodies: unknown[] = [];
    await renderPage(
      webhooksRoute,
      '/webhooks',
      {
        'GET /api/v1/webhooks': () => pageOf([]),
        'POST /api/v1/webhooks': () => ({ status: 201, body: { ...endpoint(1), secret: 'whsec_x' } }),
      },
      (body) => bodies.push(body),
    );
    await screen.findByTestId('empty');
    const form = within(screen.getByRole('form', { name: 'Add an endpoint' }));
    fireEvent.change(form.getByLabelText(/Endpoint URL/), {
      target: { value: 'https://erp.example.com/in' },
    });
    // Picking a type replaces "all events", which the API takes only on its own.
    await pick(form, 'contract.created');
    await pick(form, 'alert.created');
    fireEvent.change(form.getByLabelText('Description'), { target: { value: ' ERP sync ' } });
    fireEvent.click(form.getByRole('button', { name: 'Add endpoint' }));
    await screen.findByTestId('webhook-secret');
    expect(bodies).toEqual([
      {
        url: 'https://erp.example.com/in',
        event_types: ['contract.created', 'alert.created'],
        description: 'ERP sync',
      },
    ]);
  });

  it('keeps "*" alone in the picker: choosing it replaces the types, a type replaces it', () => {
    expect(pickEventTypes(['*'], ['*', 'document.received'])).toEqual(['document.received']);
    expect(pickEventTypes(['document.received'], ['document.received', '*'])).toEqual(['*']);
    expect(pickEventTypes(['document.received'], ['document.received', 'alert.created'])).toEqual([
      'document.received',
      'alert.created',
    ]);
    expect(pickEventTypes(['*'], [])).toEqual([]);
  });

  it('changes the event types of an endpoint, sending only them', async () => {
    let current = endpoint(1, { event_types: ['document.received'], description: 'DMS' });
    const bodies: unknown[] = [];
    const { requests } = await renderPage(
      webhooksRoute,
      '/webhooks',
      {
        'GET /api/v1/webhooks': () => pageOf([current]),
        [`GET /api/v1/webhooks/${uuid(1)}/deliveries`]: () => pageOf([], 20),
        [`PATCH /api/v1/webhooks/${uuid(1)}`]: () => {
          current = { ...current, event_types: ['document.received', 'document.failed'] };
          return { body: current };
        },
      },
      (body) => bodies.push(body),
    );
    const c = await card(1);
    fireEvent.click(c.getByRole('button', { name: 'Edit' }));
    const form = within(c.getByRole('form', { name: `Change ${current.url}` }));
    expect((form.getByLabelText('Description') as HTMLInputElement).value).toBe('DMS');
    await pick(form, 'document.failed');
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(c.getByText('events: document.received, document.failed')).toBeTruthy());
    expect(bodies).toEqual([{ event_types: ['document.received', 'document.failed'] }]);
    expect(c.queryByRole('form')).toBeNull();
    expect(requests.filter((u) => u.pathname === '/api/v1/webhooks')).toHaveLength(2);
  });

  it('disables an endpoint and enables it again', async () => {
    let current = endpoint(1);
    const bodies: unknown[] = [];
    await renderPage(
      webhooksRoute,
      '/webhooks',
      {
        'GET /api/v1/webhooks': () => pageOf([current]),
        [`GET /api/v1/webhooks/${uuid(1)}/deliveries`]: () => pageOf([], 20),
        [`PATCH /api/v1/webhooks/${uuid(1)}`]: () => {
          const enabled = (bodies.at(-1) as { enabled: boolean }).enabled;
          current = { ...current, enabled, disabled_reason: enabled ? null : 'disabled by a user' };
          return { body: current };
        },
      },
      (body) => bodies.push(body),
    );
    const c = await card(1);
    fireEvent.click(c.getByRole('button', { name: 'Disable' }));
    expect((await c.findByTestId('webhook-disabled')).textContent).toContain('disabled by a user');
    fireEvent.click(c.getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(c.queryByTestId('webhook-disabled')).toBeNull());
    expect(bodies).toEqual([{ enabled: false }, { enabled: true }]);
  });

  it('deletes an endpoint only after the confirmation', async () => {
    let endpoints = [endpoint(1)];
    let deletes = 0;
    await renderPage(webhooksRoute, '/webhooks', {
      'GET /api/v1/webhooks': () => pageOf(endpoints),
      [`GET /api/v1/webhooks/${uuid(1)}/deliveries`]: () => pageOf([], 20),
      [`DELETE /api/v1/webhooks/${uuid(1)}`]: () => {
        deletes += 1;
        endpoints = [];
        return { status: 204, body: null };
      },
    });
    const c = await card(1);
    await answer(c, 'Delete', 'Cancel');
    await waitFor(() => expect(screen.queryByRole('dialog', shown)).toBeNull());
    expect(deletes).toBe(0);
    await answer(c, 'Delete', 'Delete endpoint');
    expect(await screen.findByText('No webhook endpoints.')).toBeTruthy();
    expect(deletes).toBe(1);
  });

  it('rotates the signing secret and shows the new one once', async () => {
    let rotations = 0;
    const { requests } = await renderPage(webhooksRoute, '/webhooks', {
      'GET /api/v1/webhooks': () => pageOf([endpoint(1)]),
      [`GET /api/v1/webhooks/${uuid(1)}/deliveries`]: () => pageOf([], 20),
      [`POST /api/v1/webhooks/${uuid(1)}/rotate-secret`]: () => {
        rotations += 1;
        return { body: { ...endpoint(1), secret: 'whsec_rotated' } };
      },
    });
    const c = await card(1);
    await answer(c, 'Rotate secret', 'Rotate');
    expect((await c.findByTestId('webhook-secret-value')).textContent).toBe('whsec_rotated');
    expect(rotations).toBe(1);
    // The list is read again and never carries the secret; dismissed, it is gone for good.
    await waitFor(() => expect(requests.filter((u) => u.pathname === '/api/v1/webhooks')).toHaveLength(2));
    expect(screen.getAllByText('whsec_rotated')).toHaveLength(1);
    fireEvent.click(c.getByRole('button', { name: 'Dismiss the secret' }));
    await waitFor(() => expect(screen.queryByText('whsec_rotated')).toBeNull());
  });

  it("shows the API's detail and the invalid field when an endpoint is refused", async () => {
    await renderPage(webhooksRoute, '/webhooks', {
      'GET /api/v1/webhooks': () => pageOf([]),
      'POST /api/v1/webhooks': () =>
        problem(400, 'Invalid webhook', [{ field: 'body.url', message: 'must be an https URL' }]),
    });
    await screen.findByTestId('empty');
    fireEvent.change(screen.getByLabelText(/Endpoint URL/), { target: { value: 'http://insecure.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid webhook');
    expect(alert.textContent).toContain('body.url: must be an https URL');
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it("shows a member the API's 403 instead of the endpoints", async () => {
    await renderPage(webhooksRoute, '/webhooks', {
      'GET /api/v1/webhooks': () => problem(403, 'OWNER or ADMIN role required'),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('OWNER or ADMIN role required');
  });
});
