import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDeliveries } from '../../src/db/schema.js';
import { signUp, type TestApp, type TestUser } from '../support/app.js';
import { createWebhookApp, deliveryOf, emit, FAST_WEBHOOKS, waitFor } from '../webhooks/helpers.js';

/** A classifier (any plugin type may handle events) with handlers written against the SDK. */
const PLUGIN = `from typing import Any

from service_sdk import ClassificationPlugin, Document, logger, on_event


class RenewalWatcher(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        return None

    @on_event("contract.renewal_upcoming")
    async def on_renewal(self, event: dict[str, Any]) -> None:
        logger.info("renewal upcoming for %s in %s days", event["data"]["contract_id"], event["data"]["days"])

    @on_event("alert.*")
    async def on_alert(self, event: dict[str, Any]) -> None:
        raise ValueError("alert handler is broken")
`;

describe('plugin event handlers (spec §6)', () => {
  let app: TestApp;
  let owner: TestUser;
  let pluginId: string;

  beforeAll(async () => {
    ({ app } = await createWebhookApp(FAST_WEBHOOKS));
    owner = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/plugins',
      headers: owner.headers,
      payload: { name: 'renewal-watcher', code: PLUGIN },
    });
    expect(res.statusCode, res.body).toBe(201);
    pluginId = res.json().id;
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  it('runs the declared handler in the isolated runtime and records the run with its logs', async () => {
    const event = await emit(app, owner.personalOrgId, 'contract.renewal_upcoming', {
      contract_id: 'c-42',
      days: 30,
    });
    const [run] = await waitFor(
      async () => {
        const rows = await deliveryOf(app, event.id);
        return rows[0]?.status === 'SUCCEEDED' ? rows : undefined;
      },
      'the handler run',
      45_000,
    );
    expect(run).toMatchObject({ pluginId, pluginVersion: 1, endpointId: null, attemptCount: 1 });
    expect(JSON.parse(run?.attempts[0]?.responseBody ?? 'null')).toEqual({ handled: ['on_renewal'] });
    expect(run?.attempts[0]?.logs).toContain('renewal upcoming for c-42 in 30 days');
    expect(run?.attempts[0]?.error).toBeNull();
  }, 60_000);

  it('retries a failing handler on the handler schedule and records the error', async () => {
    const event = await emit(app, owner.personalOrgId, 'alert.created', {});
    const [run] = await waitFor(
      async () => {
        const rows = await deliveryOf(app, event.id);
        return rows[0]?.status === 'FAILED' ? rows : undefined;
      },
      'the failed handler run',
      45_000,
    );
    expect(run?.attempts).toHaveLength(2);
    expect(run?.attempts[0]?.error).toMatch(/alert handler is broken/);
  }, 60_000);

  it('makes no run for event types without a handler, nor for a disabled plugin', async () => {
    const unhandled = await emit(app, owner.personalOrgId, 'document.received', {});
    await waitFor(
      async () =>
        (await app.ctx.db.query.events.findFirst({ where: (e, { eq: q }) => q(e.id, unhandled.id) }))
          ?.dispatchedAt,
      'dispatch',
    );
    expect(await deliveryOf(app, unhandled.id)).toEqual([]);

    const off = await app.inject({
      method: 'PATCH',
      url: `/api/v1/plugins/${pluginId}`,
      headers: owner.headers,
      payload: { enabled: false },
    });
    expect(off.statusCode).toBe(200);
    const skipped = await emit(app, owner.personalOrgId, 'contract.renewal_upcoming', {
      contract_id: 'x',
      days: 1,
    });
    await waitFor(
      async () =>
        (await app.ctx.db.query.events.findFirst({ where: (e, { eq: q }) => q(e.id, skipped.id) }))
          ?.dispatchedAt,
      'dispatch',
    );
    const runs = await app.ctx.db
      .select()
      .from(eventDeliveries)
      .where(and(eq(eventDeliveries.eventId, skipped.id), isNotNull(eventDeliveries.pluginId)));
    expect(runs).toEqual([]);
  });
});
