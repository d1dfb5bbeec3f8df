import type { AppContext } from '../context.js';
import { claimDueDeliveries, type DeliveryRow } from '../events/records.js';
import { runPluginHandler } from '../plugins/event-handlers.js';
import { attemptWebhookDelivery } from '../webhooks/delivery.js';
import { ENABLED_ENDPOINT_IDS } from '../webhooks/records.js';
import { webhookSettings } from '../webhooks/settings.js';
import { dispatchEvents } from './event-dispatcher.js';

const DISPATCH_BATCH = 100;

/**
 * Starts the event worker of this process: a loop that (1) dispatches undispatched outbox events
 * into deliveries and (2) leases due deliveries (`SELECT … FOR UPDATE SKIP LOCKED`) and attempts
 * them — webhook POSTs and plugin event handlers — with at most SERVICE_WEBHOOK_CONCURRENCY in
 * flight. It polls every SERVICE_WEBHOOK_POLL_MS and runs again at once when an attempt ends.
 * Every state lives in the database, so any number of processes (`serve`, `service-server worker`)
 * can run it, and a restart loses nothing: an attempt cut short is retried when its lease expires.
 *
 * @returns a stop function that stops polling and waits for the attempts in flight
 */
export function startEventWorker(ctx: AppContext): () => Promise<void> {
  // A loop of every worker process rather than a queue schedule: the work is claimed row by row
  // with database leases, so any number of processes share it, and it reacts within a poll.
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let again = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  };

  const launch = (delivery: DeliveryRow) => {
    const attempt = (
      delivery.pluginId ? runPluginHandler(ctx, delivery) : attemptWebhookDelivery(ctx, delivery)
    )
      .catch((err: unknown) => ctx.log.error({ err, deliveryId: delivery.id }, 'delivery attempt failed'))
      .finally(() => {
        inFlight.delete(attempt);
        schedule(0);
      });
    inFlight.add(attempt);
  };

  const work = async () => {
    try {
      while (!stopped && (await dispatchEvents(ctx, DISPATCH_BATCH)) === DISPATCH_BATCH) {
        // a full batch: more events may be waiting
      }
      const settings = webhookSettings(ctx);
      const free = settings.concurrency - inFlight.size;
      if (!stopped && free > 0) {
        const lease = Math.max(settings.timeoutSeconds, ctx.config.pluginLimits.timeoutSeconds) + 60;
        for (const delivery of await claimDueDeliveries(ctx.db, free, lease, ENABLED_ENDPOINT_IDS)) {
          if (stopped) break;
          launch(delivery);
        }
      }
    } catch (err) {
      if (!stopped) ctx.log.error({ err }, 'event worker loop failed');
    }
  };

  const tick = async () => {
    if (stopped) return;
    if (current) {
      again = true;
      return;
    }
    current = work();
    await current;
    current = undefined;
    const now = again;
    again = false;
    schedule(now ? 0 : webhookSettings(ctx).pollMs);
  };

  schedule(0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
    await Promise.allSettled([...inFlight]);
  };
}
