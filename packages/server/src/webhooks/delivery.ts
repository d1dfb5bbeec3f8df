import type { AppContext } from '../context.js';
import { envelopeOf } from '../events/outbox.js';
import { type DeliveryRow, type DeliveryStatus, findEvent, finishAttempt } from '../events/records.js';
import * as repo from './repository.js';
import {
  type AttemptResult,
  parseRetryAfter,
  postWebhook,
  scheduledDelaySeconds,
  signatureHeaders,
} from './sender.js';
import { disableEndpoint, signingSecrets } from './service.js';
import { type WebhookSettings, webhookSettings } from './settings.js';

/**
 * What an attempt's outcome means for the delivery: success on 2xx; 410 Gone disables the
 * endpoint (Standard Webhooks: "the endpoint no longer exists"); otherwise the next attempt per
 * the retry schedule with jitter, where a Retry-After header (RFC 9110 §10.2.3) on 429 or 503
 * replaces the scheduled delay (bounded by SERVICE_WEBHOOK_RETRY_AFTER_MAX_SECONDS); no delay
 * left in the schedule means the delivery has failed.
 *
 * @param attemptsInSchedule attempts made since the schedule began, this one included
 */
export function outcomeOf(
  result: AttemptResult,
  attemptsInSchedule: number,
  settings: WebhookSettings,
  now: Date,
  random: () => number = Math.random,
): { status: DeliveryStatus; nextAttemptAt: Date | null; gone: boolean } {
  const code = result.status;
  if (code !== undefined && code >= 200 && code < 300)
    return { status: 'SUCCEEDED', nextAttemptAt: null, gone: false };
  if (code === 410) return { status: 'FAILED', nextAttemptAt: null, gone: true };
  let delay = scheduledDelaySeconds(settings.retrySchedule, attemptsInSchedule, settings.retryJitter, random);
  if (delay === undefined) return { status: 'FAILED', nextAttemptAt: null, gone: false };
  if (code === 429 || code === 503) {
    const asked = parseRetryAfter(result.retryAfter, now);
    if (asked !== undefined) delay = Math.min(asked, settings.retryAfterMaxSeconds);
  }
  return { status: 'PENDING', nextAttemptAt: new Date(now.getTime() + delay * 1000), gone: false };
}

function describeSeconds(s: number): string {
  if (s >= 86_400 && s % 3600 === 0) return `${+(s / 86_400).toFixed(2)} days`;
  if (s >= 3600) return `${+(s / 3600).toFixed(2)} hours`;
  return `${s} s`;
}

/**
 * Why an endpoint whose delivery failed is to be disabled, from its health after the failure:
 * SERVICE_WEBHOOK_DISABLE_AFTER_FAILURES consecutive failed deliveries, or every attempt failed
 * for SERVICE_WEBHOOK_DISABLE_AFTER_SECONDS; undefined while neither holds (0 turns a rule off).
 */
function disableReason(
  health: { consecutiveFailures: number; failingSince: Date | null } | undefined,
  settings: WebhookSettings,
  now: Date,
): string | undefined {
  if (!health) return undefined;
  if (settings.disableAfterFailures > 0 && health.consecutiveFailures >= settings.disableAfterFailures)
    return `${health.consecutiveFailures} consecutive deliveries failed after all retries`;
  if (
    health.failingSince &&
    settings.disableAfterSeconds > 0 &&
    now.getTime() - health.failingSince.getTime() >= settings.disableAfterSeconds * 1000
  )
    return `every attempt failed for ${describeSeconds(settings.disableAfterSeconds)} (since ${health.failingSince.toISOString()})`;
  return undefined;
}

/**
 * Makes one attempt of a leased webhook delivery: signs the event envelope, POSTs it, and records
 * the attempt, the delivery's new state and the endpoint's health in one transaction. Disables the
 * endpoint on 410 Gone, after SERVICE_WEBHOOK_DISABLE_AFTER_FAILURES consecutive failed
 * deliveries, or when every attempt has failed for SERVICE_WEBHOOK_DISABLE_AFTER_SECONDS.
 */
export async function attemptWebhookDelivery(
  ctx: Pick<AppContext, 'config' | 'db' | 'log'>,
  delivery: DeliveryRow,
): Promise<void> {
  const settings = webhookSettings(ctx);
  if (!delivery.endpointId) throw new Error(`delivery ${delivery.id} has no endpoint`);
  const endpoint = await repo.findEndpointById(ctx.db, delivery.endpointId);
  const event = await findEvent(ctx.db, delivery.eventId);
  // Deleted or disabled meanwhile: deleting cascaded, disabling failed the pending deliveries.
  if (!endpoint?.enabled || !event) return;
  const payload = JSON.stringify(envelopeOf(event));
  const at = new Date();
  const result = await postWebhook({
    url: endpoint.url,
    payload,
    headers: signatureHeaders(event.id, at, payload, signingSecrets(ctx, endpoint, at)),
    timeoutMs: settings.timeoutSeconds * 1000,
    allowPrivate: settings.allowPrivate,
  });
  const now = new Date();
  const attemptsInSchedule = delivery.attemptCount + 1 - delivery.scheduleStart;
  const outcome = outcomeOf(result, attemptsInSchedule, settings, now);
  let disabledReason: string | undefined;
  await ctx.db.transaction(async (tx) => {
    await repo.insertAttempt(tx, {
      deliveryId: delivery.id,
      attemptedAt: at,
      responseStatus: result.status ?? null,
      responseBody: result.body ?? null,
      error: result.error ?? null,
      durationMs: result.durationMs,
    });
    const row = await finishAttempt(tx, delivery.id, {
      status: outcome.status,
      nextAttemptAt: outcome.nextAttemptAt,
      attemptedAt: at,
    });
    if (!row) return;
    if (outcome.status === 'SUCCEEDED') {
      await repo.markEndpointHealthy(tx, endpoint.id);
      return;
    }
    const health = await repo.markEndpointFailure(tx, endpoint.id, outcome.status === 'FAILED', at);
    disabledReason = outcome.gone
      ? `the endpoint answered 410 Gone at ${at.toISOString()}`
      : disableReason(health, settings, now);
    if (disabledReason) await disableEndpoint(tx, endpoint.id, disabledReason);
  });
  if (disabledReason) {
    ctx.log.warn(
      { webhookId: endpoint.id, organizationId: endpoint.organizationId },
      `webhook disabled: ${disabledReason}`,
    );
  }
}
