import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDeliveries, events, webhookEndpoints } from '../../src/db/schema.js';
import { emitEvent } from '../../src/events/outbox.js';
import { claimDueDeliveries } from '../../src/events/records.js';
import { dispatchEvents } from '../../src/jobs/event-dispatcher.js';
import { ENABLED_ENDPOINT_IDS } from '../../src/webhooks/records.js';
import { signUp, type TestApp, type TestUser } from '../support/app.js';
import { createWebhookApp, deliveryOf, FAST_WEBHOOKS } from '../webhooks/helpers.js';

describe('transactional outbox and dispatch', () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    // No workers: the test drives the dispatcher itself.
    ({ app } = await createWebhookApp({ ...FAST_WEBHOOKS, SERVICE_WORKERS: '0' }));
    [alice, bob] = await Promise.all([signUp(app), signUp(app)]);
  });
  afterAll(async () => {
    await app.close();
  });

  const hook = async (user: TestUser, eventTypes: string[], enabled = true) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: user.headers,
      payload: { url: 'http://127.0.0.1:9/hook', event_types: eventTypes },
    });
    const { id } = res.json() as { id: string };
    if (!enabled) {
      await app.inject({
        method: 'PATCH',
        url: `/api/v1/webhooks/${id}`,
        headers: user.headers,
        payload: { enabled: false },
      });
    }
    return id;
  };

  it('writes an event only when its transaction commits', async () => {
    let id = '';
    await expect(
      app.ctx.db.transaction(async (tx) => {
        id = (
          await emitEvent(tx, { organizationId: alice.personalOrgId, type: 'contract.created', data: {} })
        ).id;
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await app.ctx.db.select().from(events).where(eq(events.id, id))).toEqual([]);
  });

  it('fans out to the matching enabled endpoints of the event’s organization, once', async () => {
    const all = await hook(alice, ['*']);
    const renewals = await hook(alice, ['contract.renewal_upcoming']);
    await hook(alice, ['contract.created']);
    await hook(alice, ['*'], false);
    await hook(bob, ['*']);
    const event = await app.ctx.db.transaction((tx) =>
      emitEvent(tx, {
        organizationId: alice.personalOrgId,
        type: 'contract.renewal_upcoming',
        data: { days: 7 },
      }),
    );
    while ((await dispatchEvents(app.ctx)) > 0) {
      // drain the outbox
    }
    const rows = await deliveryOf(app, event.id);
    expect(rows.map((r) => r.endpointId).sort()).toEqual([all, renewals].sort());
    expect(rows.every((r) => r.status === 'PENDING' && r.attemptCount === 0)).toBe(true);
    const [stored] = await app.ctx.db.select().from(events).where(eq(events.id, event.id));
    expect(stored?.dispatchedAt).not.toBeNull();
    expect(await dispatchEvents(app.ctx)).toBe(0);
    expect(await deliveryOf(app, event.id)).toHaveLength(2);
  });

  it('claims a due webhook delivery only while its endpoint is enabled', async () => {
    const endpoint = await hook(bob, ['contract.created']);
    const event = await app.ctx.db.transaction((tx) =>
      emitEvent(tx, { organizationId: bob.personalOrgId, type: 'contract.created', data: {} }),
    );
    while ((await dispatchEvents(app.ctx)) > 0) {
      // drain the outbox
    }
    const [delivery] = (await deliveryOf(app, event.id)).filter((r) => r.endpointId === endpoint);
    expect(delivery?.status).toBe('PENDING');
    await app.ctx.db
      .update(eventDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(eventDeliveries.endpointId, endpoint));
    // Disabled after the fan-out (its pending deliveries not yet failed): the claim passes it by.
    const setEnabled = (enabled: boolean) =>
      app.ctx.db.update(webhookEndpoints).set({ enabled }).where(eq(webhookEndpoints.id, endpoint));
    await setEnabled(false);
    const claimedIds = async () =>
      (await claimDueDeliveries(app.ctx.db, 100, 1, ENABLED_ENDPOINT_IDS)).map((d) => d.id);
    expect(await claimedIds()).not.toContain(delivery?.id);
    await setEnabled(true);
    expect(await claimedIds()).toContain(delivery?.id);
  });
});
