// @vitest-environment jsdom
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
  enabled: true,
  disabled_reason: null,
  created_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

/** A delivery with one attempt. */
const delivery = (n: number, status: string) => ({
  id: uuid(300 + n),
  event_type: 'document.processed',
  status,
  attempt_count: 1,
  attempts: [{ response_status: status === 'FAILED' ? 500 : 200, error: null, duration_ms: 12 }],
  created_at: '2026-11-01T00:00:00.000Z',
});

afterEach(cleanup);

describe('the webhooks page', () => {
  it('lists the endpoints with their latest deliveries, as it asked for them', async () => {
    const { requests } = await renderPage(webhooksRoute, '/webhooks', {
      'GET /api/v1/webhooks': () =>
        pageOf([endpoint(1), endpoint(2, { enabled: false, disabled_reason: 'too many failures' })]),
      [`GET /api/v1/webhooks/${uuid(1)}/deliveries`]: () => pageOf([delivery(1, 'SUCCEEDED')], 20),
      [`GET /api/v1/webhooks/${uuid(2)}/deliveries`]: () => pageOf([], 20),
    });
    expect(await screen.findByText('https://hooks.example.com/1')).toBeTruthy();
    expect(screen.getByText('disabled: too many failures')).toBeTruthy();
    const deliveries = await screen.findByRole('table', { name: 'Deliveries' });
    expect(within(deliveries).getByText('SUCCEEDED')).toBeTruthy();
    expect(deliveries.textContent).toContain('last: 200 in 12 ms');
    expect(await screen.findByText('No deliveries yet.')).toBeTruthy();
    const asked = (path: string) =>
      Object.fromEntries(requests.find((u) => u.pathname === path)?.searchParams ?? []);
    expect(asked('/api/v1/webhooks')).toEqual({ page: '0', size: '100' });
    expect(asked(`/api/v1/webhooks/${uuid(1)}/deliveries`)).toEqual({ page: '0', size: '20' });
  });

  it('adds an endpoint for every event, shows its secret once and refreshes the list', async () => {
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
    expect(await screen.findByText('whsec_0123456789')).toBeTruthy();
    expect(await screen.findByText('https://hooks.example.com/1')).toBeTruthy();
    expect(bodies).toEqual([{ url: 'https://hooks.example.com/1', event_types: ['*'] }]);
    await waitFor(() => expect(input.value).toBe(''));
  });

  it('retries a failed delivery and refreshes that endpoint’s deliveries', async () => {
    let status = 'FAILED';
    const { requests } = await renderPage(webhooksRoute, '/webhooks', {
      'GET /api/v1/webhooks': () => pageOf([endpoint(1)]),
      [`GET /api/v1/webhooks/${uuid(1)}/deliveries`]: () => pageOf([delivery(1, status)], 20),
      [`POST /api/v1/webhooks/${uuid(1)}/deliveries/${uuid(301)}/retry`]: () => {
        status = 'PENDING';
        return { status: 202, body: delivery(1, 'PENDING') };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('PENDING')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(requests.filter((u) => u.pathname.endsWith('/retry'))).toHaveLength(1);
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
  });
});
