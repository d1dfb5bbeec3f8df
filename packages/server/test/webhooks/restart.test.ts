import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type Database, migrateDatabase, pgliteDatabase } from '../../src/db/client.js';
import { claimDueDeliveries } from '../../src/events/repository.js';
import { dispatchEvents } from '../../src/jobs/event-dispatcher.js';
import { ENABLED_ENDPOINT_IDS } from '../../src/webhooks/records.js';
import { setWebhookSettings } from '../../src/webhooks/settings.js';
import { signUp, type TestApp } from '../support/app.js';
import { deliveryOf, emit, FAST_WEBHOOKS, Receiver, waitFor } from './helpers.js';

const databaseUrl = inject('databaseUrl');

/**
 * Apps that share one database, as a restarted server would: the run's PostgreSQL, or one
 * in-memory PGlite kept open across the apps (SERVICE_TEST_DB=pglite).
 */
async function sharedDatabaseApps() {
  let pglite: Database | undefined;
  if (!databaseUrl) {
    pglite = pgliteDatabase(await PGlite.create());
    await migrateDatabase(pglite);
  }
  const shared = pglite ? { ...pglite, close: async () => undefined } : undefined;
  return {
    async start(env: Record<string, string>): Promise<TestApp> {
      const config = loadConfig({
        SERVICE_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'service-test-')),
        SERVICE_SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
        SERVICE_PUBLIC_URL: 'http://service.test',
        SERVICE_LOG_LEVEL: 'silent',
        ...(databaseUrl ? { SERVICE_DATABASE_URL: databaseUrl } : {}),
        ...env,
      });
      const app = await buildApp(config, { logger: false, ...(shared ? { database: shared } : {}) });
      setWebhookSettings(app.ctx, env);
      await app.ready();
      return app;
    },
    close: async () => pglite?.close(),
  };
}

describe('events survive a worker restart and a receiver outage', () => {
  const receiver = new Receiver();
  let apps: Awaited<ReturnType<typeof sharedDatabaseApps>>;
  afterAll(async () => {
    await receiver.stop();
    await apps?.close();
  });

  it('sends a pending retry and an undispatched event after the workers restart', async () => {
    apps = await sharedDatabaseApps();
    await receiver.start();
    receiver.respond = (_req, n) => (n === 1 ? { status: 500 } : { status: 200 });
    const env = {
      ...FAST_WEBHOOKS,
      SERVICE_WEBHOOK_RETRY_SCHEDULE: '0,2',
      SERVICE_WEBHOOK_RETRY_JITTER: '0',
    };

    // 1. A server with workers makes the first attempt (500) and stops before the retry is due.
    const first = await apps.start(env);
    const owner = await signUp(first);
    const created = await first.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: owner.headers,
      payload: { url: receiver.url, event_types: ['*'] },
    });
    const { secret } = created.json() as { secret: string };
    receiver.secrets = [secret];
    const retried = await emit(first, owner.personalOrgId, 'contract.created', { contract_id: 'c-9' });
    await waitFor(
      async () => ((await deliveryOf(first, retried.id))[0]?.attemptCount ?? 0) === 1,
      'the first attempt',
    );
    await first.close();
    expect(receiver.requests).toHaveLength(1);

    // 2. While no worker runs, an event is committed: it waits in the outbox.
    const idle = await apps.start({ ...env, SERVICE_WORKERS: '0' });
    const waiting = await emit(idle, owner.personalOrgId, 'contract.renewal_upcoming', {
      contract_id: 'c-9',
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await deliveryOf(idle, waiting.id)).toEqual([]);
    const [pending] = await deliveryOf(idle, retried.id);
    expect(pending).toMatchObject({ status: 'PENDING', attemptCount: 1 });
    await idle.close();

    // 3. A restarted server delivers both.
    const second = await apps.start(env);
    try {
      await waitFor(async () => {
        const a = (await deliveryOf(second, retried.id))[0];
        const b = (await deliveryOf(second, waiting.id))[0];
        return a?.status === 'SUCCEEDED' && b?.status === 'SUCCEEDED';
      }, 'both deliveries to succeed');
    } finally {
      await second.close();
    }
    // The waiting event goes out at once; the retry when its (persisted) due time comes.
    const ids = receiver.requests.map((r) => r.headers['webhook-id']);
    expect(ids.filter((id) => id === retried.id)).toHaveLength(2);
    expect(ids.filter((id) => id === waiting.id)).toHaveLength(1);
    expect(receiver.requests.every((r) => r.verifyError === undefined)).toBe(true);
    expect(receiver.requests.find((r) => r.headers['webhook-id'] === waiting.id)?.verified).toEqual(waiting);
  });

  it('retries a delivery whose worker died mid-attempt once its lease expires', async () => {
    receiver.respond = () => ({ status: 200 });
    const env = { ...FAST_WEBHOOKS, SERVICE_WORKERS: '0' };
    const crashed = await apps.start(env);
    const owner = await signUp(crashed);
    const { secret } = (
      await crashed.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: owner.headers,
        payload: { url: receiver.url, event_types: ['*'] },
      })
    ).json() as { secret: string };
    receiver.secrets = [secret];
    const event = await emit(crashed, owner.personalOrgId, 'benchmark.computed', {});
    // What a worker does before it POSTs: dispatch, then lease the delivery (here for 1 s) — and die.
    await dispatchEvents(crashed.ctx);
    const leased = await claimDueDeliveries(crashed.ctx.db, 10, 1, ENABLED_ENDPOINT_IDS);
    expect(leased.map((d) => d.eventId)).toContain(event.id);
    await crashed.close();

    const before = receiver.requests.length;
    const next = await apps.start({ ...FAST_WEBHOOKS });
    try {
      const [done] = await waitFor(async () => {
        const rows = await deliveryOf(next, event.id);
        return rows[0]?.status === 'SUCCEEDED' ? rows : undefined;
      }, 'the delivery after the lease expired');
      expect(done?.attemptCount).toBe(1);
    } finally {
      await next.close();
    }
    expect(receiver.requests.slice(before).map((r) => r.headers['webhook-id'])).toEqual([event.id]);
  });
});
