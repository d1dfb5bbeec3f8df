/**
 * The status a connection reads as (docs/sources.md "Status"): the stored one, except that the
 * organization's EMAIL_FORWARDING connection reads DISABLED while the organization's setting
 * `email_forwarding_enabled` is off (mail to the address is refused then). It is computed when a
 * connection is read, from the setting itself, and never stored, so no change of the setting can
 * leave it behind. The list computes the same rule in SQL (repository.ts `shownStatusSql`), so its
 * `status` filter and sort agree with what it answers.
 */
import type { AppContext } from '../context.js';
import { getSettingsOf } from '../organizations/settings.js';
import type { ConnectionRow, ConnectionStatus } from './repository.js';

/** Whether the organization's e-mail forwarding is on (off when it has no settings row). */
export async function forwardingEnabled(ctx: Pick<AppContext, 'db'>, organizationId: string) {
  return (await getSettingsOf(ctx.db, organizationId))?.emailForwardingEnabled ?? false;
}

/** `row`'s status as read, given whether the organization's forwarding is on. */
export function shownStatus(
  row: Pick<ConnectionRow, 'kind' | 'status'>,
  forwarding: boolean,
): ConnectionStatus {
  return row.kind === 'EMAIL_FORWARDING' && !forwarding ? 'DISABLED' : row.status;
}

/** `row` with the status it reads as (the setting is read only for an EMAIL_FORWARDING row). */
export async function withShownStatus(
  ctx: Pick<AppContext, 'db'>,
  row: ConnectionRow,
): Promise<ConnectionRow> {
  if (row.kind !== 'EMAIL_FORWARDING') return row;
  return { ...row, status: shownStatus(row, await forwardingEnabled(ctx, row.organizationId)) };
}
