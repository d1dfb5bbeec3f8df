import type { AppContext } from '../context.js';
import { PluginError } from '../engine/runtime-protocol.js';
import { envelopeOf } from '../events/outbox.js';
import { type DeliveryRow, type EventRow, findEvent, finishAttempt } from '../events/records.js';
import { pluginServices } from '../llm/service.js';
import * as deliveries from '../webhooks/records.js';
import { scheduledDelaySeconds } from '../webhooks/sender.js';
import { webhookSettings } from '../webhooks/settings.js';
import { pluginVersionForHandler } from './service.js';

/** Characters of handler results and of log output kept per run. */
const RESULT_LIMIT = 2048;
const LOG_LIMIT = 8192;

/**
 * Whether an `on_event` pattern of the SDK matches an event type: `"*"`, the exact type, or a
 * prefix pattern such as `"contract.*"` (sdk/python/src/service_sdk/plugins.py `_event_matches`).
 */
export function handlerPatternMatches(pattern: string, eventType: string): boolean {
  if (pattern === '*' || pattern === eventType) return true;
  return pattern.endsWith('.*') && eventType.startsWith(pattern.slice(0, -1));
}

/** True when a plugin manifest's `event_handlers` declares a handler for the event type. */
export function manifestHandles(manifest: Record<string, unknown>, eventType: string): boolean {
  const handlers = manifest.event_handlers;
  if (!handlers || typeof handlers !== 'object') return false;
  return Object.values(handlers as Record<string, unknown>).some(
    (types) =>
      Array.isArray(types) && types.some((t) => typeof t === 'string' && handlerPatternMatches(t, eventType)),
  );
}

/**
 * Runs the event handlers of one plugin for one event (a delivery whose target is a plugin):
 * `handle_event` with `{event: envelope}` in the organization's isolated runtime pool
 * (DESIGN.md §5; docs/plugin-runtime.md), which calls every `@on_event` method matching the type.
 * The run is recorded as a delivery attempt: the result (`{"handled": [methods]}`) as the
 * response body, the plugin's log lines in `logs`, a failure in `error`. Failures are retried on
 * SERVICE_WEBHOOK_HANDLER_RETRY_SCHEDULE; a plugin disabled or deleted meanwhile fails at once.
 */
export async function runPluginHandler(
  ctx: Pick<AppContext, 'config' | 'db' | 'llm' | 'log' | 'plugins'>,
  delivery: DeliveryRow,
): Promise<void> {
  if (!delivery.pluginId || delivery.pluginVersion === null)
    throw new Error(`delivery ${delivery.id} has no plugin`);
  const found = await pluginVersionForHandler(ctx, delivery.pluginId, delivery.pluginVersion);
  const event = await findEvent(ctx.db, delivery.eventId);
  if (!event) return;
  const at = new Date();
  const started = performance.now();
  const run: HandlerRun =
    !found || found.plugin.deletedAt || !found.plugin.enabled
      ? {
          result: null,
          error: 'the plugin was disabled or deleted before its handler ran',
          retryable: false,
          logs: [],
        }
      : await callHandlers(ctx, found, event);
  const status = await recordRun(ctx, delivery, run, at, Math.round(performance.now() - started));
  if (run.error) {
    ctx.log.warn(
      { pluginId: delivery.pluginId, eventId: event.id, status },
      `plugin event handler failed: ${run.error}`,
    );
  }
}

/** What one run of a plugin's handlers gave: the result JSON or an error, and the plugin's log lines. */
interface HandlerRun {
  result: string | null;
  error: string | null;
  /** False when a retry cannot help (the plugin is gone). */
  retryable: boolean;
  logs: string[];
}

/** Calls `handle_event` of the plugin version for the event, collecting up to LOG_LIMIT of log output. */
async function callHandlers(
  ctx: Pick<AppContext, 'db' | 'llm' | 'plugins'>,
  { plugin, version }: NonNullable<Awaited<ReturnType<typeof pluginVersionForHandler>>>,
  event: EventRow,
): Promise<HandlerRun> {
  const logs: string[] = [];
  let logSize = 0;
  try {
    const value = await ctx.plugins.call(
      event.organizationId,
      { id: `${plugin.id}@${version.version}`, source: version.code, className: plugin.className },
      'handle_event',
      { event: envelopeOf(event) },
      {
        services: pluginServices(ctx.db, ctx.llm, event.organizationId, null),
        log: (level, message) => {
          if (logSize >= LOG_LIMIT) return;
          const line = `${level}: ${message}`;
          logs.push(line);
          logSize += line.length + 1;
        },
      },
    );
    return {
      result: JSON.stringify(value ?? null).slice(0, RESULT_LIMIT),
      error: null,
      retryable: true,
      logs,
    };
  } catch (err) {
    const error = err instanceof PluginError ? `${err.errorType}: ${err.message}` : (err as Error).message;
    return { result: null, error, retryable: true, logs };
  }
}

/**
 * Records a run as an attempt of the delivery and moves the delivery on: SUCCEEDED, PENDING with
 * the next retry of SERVICE_WEBHOOK_HANDLER_RETRY_SCHEDULE, or FAILED when none is left.
 *
 * @returns the delivery's new status
 */
async function recordRun(
  ctx: Pick<AppContext, 'config' | 'db'>,
  delivery: DeliveryRow,
  run: HandlerRun,
  at: Date,
  durationMs: number,
) {
  const settings = webhookSettings(ctx);
  const attemptsInSchedule = delivery.attemptCount + 1 - delivery.scheduleStart;
  const delay =
    run.error && run.retryable
      ? scheduledDelaySeconds(settings.handlerRetrySchedule, attemptsInSchedule, settings.retryJitter)
      : undefined;
  const status = !run.error ? 'SUCCEEDED' : delay === undefined ? 'FAILED' : 'PENDING';
  await ctx.db.transaction(async (tx) => {
    await deliveries.insertAttempt(tx, {
      deliveryId: delivery.id,
      attemptedAt: at,
      responseStatus: null,
      responseBody: run.result,
      error: run.error?.slice(0, RESULT_LIMIT) ?? null,
      logs: run.logs.length ? run.logs.join('\n').slice(0, LOG_LIMIT).replaceAll('\u0000', '') : null,
      durationMs,
    });
    await finishAttempt(tx, delivery.id, {
      status,
      nextAttemptAt: delay === undefined ? null : new Date(Date.now() + delay * 1000),
      attemptedAt: at,
    });
  });
  return status;
}
