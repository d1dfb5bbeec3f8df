import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../src/db/schema.js';
import { emitEvent } from '../../src/events/outbox.js';
import { dispatchEvents } from '../../src/jobs/event-dispatcher.js';
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
});
