import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../../src/db/schema.js';
import { setWebhookSettings } from '../../src/webhooks/settings.js';
import { signUp, type TestApp, type TestUser } from '../support/app.js';
import {
  closedPort,
  createWebhookApp,
  deliveryOf,
  emit,
  FAST_WEBHOOKS,
  Receiver,
  waitFor,
} from './helpers.js';

type Json = Record<string, unknown>;

describe('webhook delivery (Standard Webhooks, retries, disabling)', () => {
  let app: TestApp;
  let owner: TestUser;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    ({ app } = await createWebhookApp(FAST_WEBHOOKS));
  });
  // Each test has its own tenant, so endpoints of earlier tests do not receive its events.
  beforeEach(async () => {
    owner = await signUp(app);
  });
  afterEach(async () => {
    setWebhookSettings(app.ctx, FAST_WEBHOOKS);
    await Promise.all(receivers.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await app.close();
  });

  async function receiver(port = 0) {
    const r = await new Receiver().start(port);
    receivers.push(r);
    return r;
  }

  async function endpoint(url: string, eventTypes: string[] = ['*'], headers = owner.headers) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers,
      payload: { url, event_types: eventTypes },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; secret: string };
  }

  const deliveries = async (id: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/v1/webhooks/${id}/deliveries`, headers: owner.headers })
    ).json().content as Json[];

  it('signs every request, fails twice with 500 then succeeds: exactly 3 attempts logged', async () => {
    const r = await receiver();
    r.respond = (_req, n) => (n <= 2 ? { status: 500, body: `boom ${n}` } : { status: 200, body: 'thanks' });
    const ep = await endpoint(r.url, ['contract.renewal_upcoming']);
    r.secrets = [ep.secret];
    const event = await emit(app, owner.personalOrgId, 'contract.renewal_upcoming', {
      contract_id: 'c-1',
      days: 30,
    });
    const [d] = await waitFor(async () => {
      const rows = await deliveries(ep.id);
      return rows[0]?.status === 'SUCCEEDED' ? rows : undefined;
    }, 'the delivery to succeed');
    expect(r.requests).toHaveLength(3);
    for (const req of r.requests) {
      expect(req.verifyError).toBeUndefined();
      expect(req.verified).toEqual(event);
      expect(req.headers['webhook-id']).toBe(event.id);
      expect(req.headers['content-type']).toBe('application/json');
    }
    expect(d).toMatchObject({
      event_id: event.id,
      event_type: 'contract.renewal_upcoming',
      attempt_count: 3,
      webhook_id: ep.id,
    });
    expect(d?.next_attempt_at).toBeNull();
    const attempts = d?.attempts as Json[];
    expect(attempts.map((a) => a.response_status)).toEqual([500, 500, 200]);
    expect(attempts.map((a) => a.response_body)).toEqual(['boom 1', 'boom 2', 'thanks']);
    expect(attempts.every((a) => typeof a.duration_ms === 'number' && a.error === null)).toBe(true);
    // Retries follow the schedule (1 s ± 20 %).
    const gap = (r.requests[1]?.at ?? 0) - (r.requests[0]?.at ?? 0);
    expect(gap).toBeGreaterThanOrEqual(700);
    // Another event type is not sent to this endpoint.
    const other = await emit(app, owner.personalOrgId, 'document.received', {});
    await waitFor(
      async () =>
        (await app.ctx.db.query.events.findFirst({ where: (e, { eq: q }) => q(e.id, other.id) }))
          ?.dispatchedAt,
      'dispatch',
    );
    expect(await deliveryOf(app, other.id)).toEqual([]);
  });

  it('truncates response bodies to 2 KB in the log', async () => {
    const r = await receiver();
    r.respond = () => ({ status: 200, body: 'x'.repeat(10_000) });
    const ep = await endpoint(r.url);
    r.secrets = [ep.secret];
    const event = await emit(app, owner.personalOrgId, 'alert.created', { alert_id: 'a' });
    const [d] = await waitFor(async () => {
      const rows = await deliveryOf(app, event.id);
      return rows[0]?.status === 'SUCCEEDED' ? rows : undefined;
    }, 'success');
    expect(d?.attempts[0]?.responseBody).toHaveLength(2048);
  });

  it('disables the endpoint at once on 410 Gone', async () => {
    const r = await receiver();
    r.respond = () => ({ status: 410, body: 'gone' });
    const ep = await endpoint(r.url);
    r.secrets = [ep.secret];
    const event = await emit(app, owner.personalOrgId, 'alert.created', {});
    const got = await waitFor(async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/webhooks/${ep.id}`,
        headers: owner.headers,
      });
      return res.json().enabled === false ? res.json() : undefined;
    }, 'the endpoint to be disabled');
    expect(got.disabled_reason).toMatch(/410 Gone/);
    expect(got.disabled_at).not.toBeNull();
    const [d] = await deliveryOf(app, event.id);
    expect(d).toMatchObject({ status: 'FAILED', attemptCount: 1 });
    expect(r.requests).toHaveLength(1);
    // New events are no longer delivered to it; a retry is refused until it is enabled again.
    const later = await emit(app, owner.personalOrgId, 'alert.created', {});
    await new Promise((res) => setTimeout(res, 300));
    expect(await deliveryOf(app, later.id)).toEqual([]);
    const retry = await app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${ep.id}/deliveries/${d?.id}/retry`,
      headers: owner.headers,
    });
    expect(retry.statusCode).toBe(409);
  });

  it('honours Retry-After on 503 and 429 (seconds and HTTP date)', async () => {
    const r = await receiver();
    r.respond = (_req, n) =>
      n === 1
        ? { status: 503, headers: { 'retry-after': '2' } }
        : n === 2
          ? { status: 429, headers: { 'retry-after': new Date(Date.now() + 3000).toUTCString() } }
          : { status: 204 };
    const ep = await endpoint(r.url);
    r.secrets = [ep.secret];
    const event = await emit(app, owner.personalOrgId, 'benchmark.flagged', {});
    await waitFor(
      async () => (await deliveryOf(app, event.id))[0]?.status === 'SUCCEEDED',
      'success',
      30_000,
    );
    const [a, b, c] = r.requests;
    expect((b?.at ?? 0) - (a?.at ?? 0)).toBeGreaterThanOrEqual(2000);
    // An HTTP date has one-second resolution: about 2 s of the 3 s asked for remain (schedule: 1 s ± 20 %).
    expect((c?.at ?? 0) - (b?.at ?? 0)).toBeGreaterThanOrEqual(1900);
  });

  it('keeps retrying while the receiver is down and delivers once it is up', async () => {
    setWebhookSettings(app.ctx, { ...FAST_WEBHOOKS, SERVICE_WEBHOOK_RETRY_SCHEDULE: '0,1,1,1,1,1,1,1' });
    const port = await closedPort();
    const ep = await endpoint(`http://127.0.0.1:${port}/hook`);
    const event = await emit(app, owner.personalOrgId, 'source.sync_completed', { source_id: 's' });
    await waitFor(
      async () => ((await deliveryOf(app, event.id))[0]?.attemptCount ?? 0) >= 2,
      'two failed attempts',
    );
    const [before] = await deliveryOf(app, event.id);
    expect(before?.status).toBe('PENDING');
    expect(before?.attempts[0]?.error).toMatch(/ECONNREFUSED/);
    expect(before?.attempts[0]?.responseStatus).toBeNull();
    const r = await receiver(port);
    r.secrets = [ep.secret];
    await waitFor(async () => (await deliveryOf(app, event.id))[0]?.status === 'SUCCEEDED', 'success');
    expect(r.requests).toHaveLength(1);
    expect(r.requests[0]?.verified).toEqual(event);
  });

  it('retries by hand: 202, then a fresh attempt', async () => {
    setWebhookSettings(app.ctx, { ...FAST_WEBHOOKS, SERVICE_WEBHOOK_RETRY_SCHEDULE: '0' });
    const r = await receiver();
    let up = false;
    r.respond = () => (up ? { status: 200 } : { status: 500 });
    const ep = await endpoint(r.url);
    r.secrets = [ep.secret];
    const event = await emit(app, owner.personalOrgId, 'contract.updated', {});
    const [failed] = await waitFor(async () => {
      const rows = await deliveryOf(app, event.id);
      return rows[0]?.status === 'FAILED' ? rows : undefined;
    }, 'the delivery to fail');
    up = true;
    const retry = await app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${ep.id}/deliveries/${failed?.id}/retry`,
      headers: owner.headers,
    });
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toMatchObject({ id: failed?.id, status: 'PENDING' });
    const [done] = await waitFor(async () => {
      const rows = await deliveryOf(app, event.id);
      return rows[0]?.status === 'SUCCEEDED' ? rows : undefined;
    }, 'the retried delivery to succeed');
    expect(done?.attempts.map((a) => a.responseStatus)).toEqual([500, 200]);
    const unknown = await app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${ep.id}/deliveries/0190f0a0-0000-7000-8000-000000000000/retry`,
      headers: owner.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('disables an endpoint after N consecutive failed deliveries, and after failing for the configured period', async () => {
    setWebhookSettings(app.ctx, {
      ...FAST_WEBHOOKS,
      SERVICE_WEBHOOK_RETRY_SCHEDULE: '0',
      SERVICE_WEBHOOK_DISABLE_AFTER_FAILURES: '2',
    });
    const r = await receiver();
    r.respond = () => ({ status: 500 });
    const ep = await endpoint(r.url);
    await emit(app, owner.personalOrgId, 'alert.updated', {});
    await emit(app, owner.personalOrgId, 'alert.updated', {});
    const row = await waitFor(async () => {
      const [e] = await app.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
      return e && !e.enabled ? e : undefined;
    }, 'count-based disabling');
    expect(row.disabledReason).toBe('2 consecutive deliveries failed after all retries');

    setWebhookSettings(app.ctx, {
      ...FAST_WEBHOOKS,
      SERVICE_WEBHOOK_RETRY_SCHEDULE: '0,1.5',
      SERVICE_WEBHOOK_RETRY_JITTER: '0',
      SERVICE_WEBHOOK_DISABLE_AFTER_FAILURES: '0',
      SERVICE_WEBHOOK_DISABLE_AFTER_SECONDS: '1',
    });
    const ep2 = await endpoint(r.url);
    const event = await emit(app, owner.personalOrgId, 'alert.updated', {});
    const row2 = await waitFor(async () => {
      const [e] = await app.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep2.id));
      return e && !e.enabled ? e : undefined;
    }, 'period-based disabling');
    expect(row2.disabledReason).toMatch(/^every attempt failed for 1 s/);
    const [d] = await deliveryOf(app, event.id);
    expect(d).toMatchObject({ status: 'FAILED', attemptCount: 2 });
    // Enabling again clears the record.
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/v1/webhooks/${ep2.id}`,
      headers: owner.headers,
      payload: { enabled: true },
    });
    expect(res.json()).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  });

  it('signs with the new and the previous secret during a rotation', async () => {
    const r = await receiver();
    const ep = await endpoint(r.url);
    const rotated = (
      await app.inject({
        method: 'POST',
        url: `/api/v1/webhooks/${ep.id}/rotate-secret`,
        headers: owner.headers,
      })
    ).json() as { secret: string };
    const event = await emit(app, owner.personalOrgId, 'document.classified', {});
    await waitFor(async () => r.requests.length === 1, 'the request');
    const req = r.requests[0];
    expect(String(req?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    r.secrets = [rotated.secret];
    const { Webhook } = await import('standardwebhooks');
    const headers = Object.fromEntries(Object.entries(req?.headers ?? {}).map(([k, v]) => [k, String(v)]));
    expect(new Webhook(rotated.secret).verify(req?.body ?? '', headers)).toEqual(event);
    expect(new Webhook(ep.secret).verify(req?.body ?? '', headers)).toEqual(event);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(req?.body ?? '', headers),
    ).toThrow();
  });

  it('refuses at send time a target that is no longer allowed (no request is made)', async () => {
    const r = await receiver();
    const ep = await endpoint(r.url);
    setWebhookSettings(app.ctx, {
      ...FAST_WEBHOOKS,
      SERVICE_WEBHOOK_ALLOW_PRIVATE: 'false',
      SERVICE_WEBHOOK_RETRY_SCHEDULE: '0',
    });
    const event = await emit(app, owner.personalOrgId, 'document.failed', {});
    const [d] = await waitFor(async () => {
      const rows = await deliveryOf(app, event.id);
      return rows[0]?.status === 'FAILED' ? rows : undefined;
    }, 'the refused delivery');
    expect(d?.attempts[0]?.error).toMatch(/^refused: 127\.0\.0\.1 is a loopback address/);
    expect(r.requests).toHaveLength(0);
    expect(ep.id).toBeDefined();
  });

  it('refuses at send time a host name that resolves to loopback', async () => {
    const r = await receiver();
    const ep = await endpoint(`http://localhost:${r.port}/hook`);
    setWebhookSettings(app.ctx, {
      ...FAST_WEBHOOKS,
      SERVICE_WEBHOOK_ALLOW_PRIVATE: 'false',
      SERVICE_WEBHOOK_RETRY_SCHEDULE: '0',
    });
    const event = await emit(app, owner.personalOrgId, 'document.failed', {});
    const [d] = await waitFor(async () => {
      const rows = await deliveryOf(app, event.id);
      return rows[0]?.status === 'FAILED' ? rows : undefined;
    }, 'the refused delivery');
    expect(d?.attempts[0]?.error).toMatch(/^refused: localhost resolves to .*loopback/);
    expect(r.requests).toHaveLength(0);
    expect(ep.id).toBeDefined();
  });
});
