import type { AppContext } from '../context.js';
import { type DeliveryRow, listPluginDeliveries } from '../events/records.js';
import { type AttemptRow, attemptsOf } from '../webhooks/records.js';

/** One run of a plugin's event handlers: the delivery of an event to the plugin, with its attempts. */
export interface PluginHandlerRun {
  /** The delivery: `status` PENDING (retry due), SUCCEEDED or FAILED; `eventId`, `eventType`, `pluginVersion`. */
  delivery: DeliveryRow;
  /** Its attempts oldest first: `responseBody` holds the handler result JSON, `logs` the plugin's log lines. */
  attempts: AttemptRow[];
}

/** A page of handler runs and the total count of matching runs. */
export interface PluginHandlerRunPage {
  rows: PluginHandlerRun[];
  total: number;
}

/**
 * The runs of a plugin's `@on_event` handlers in the organization (deliveries whose target is
 * the plugin, see event-handlers.ts), newest first by default, with their attempts. No
 * principal and no check that the plugin exists: the caller (plugins/service) authorizes.
 *
 * @param p page, size, sort and optional filters by delivery `status` and `eventType`
 */
export async function listPluginHandlerRuns(
  ctx: Pick<AppContext, 'db'>,
  organizationId: string,
  pluginId: string,
  p: Parameters<typeof listPluginDeliveries>[3],
): Promise<PluginHandlerRunPage> {
  const { rows, total } = await listPluginDeliveries(ctx.db, organizationId, pluginId, p);
  const attempts = await attemptsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => ({ delivery: r, attempts: attempts.get(r.id) ?? [] })), total };
}
