/**
 * The renewal scan (docs/contracts.md "Alerts"): run by the workers on a schedule; idempotent.
 * A step list of the process layer: the contracts scan (whose `contract.renewal_due` facts raise
 * the alerts, jobs/reactions.ts), then the snoozed alerts whose time has come.
 */
import { reopenSnoozed } from '../alerts/service.js';
import type { AppContext } from '../context.js';
import { organizationsToScan, scanContracts } from '../contracts/service.js';

/** Advisory lock key: one scan at a time across processes. */
const SCAN_LOCK = 727_101;

/**
 * Refreshes every organization's contracts (dates rolled, statuses recomputed), raises the
 * renewal alerts due, and reopens SNOOZED alerts whose time has passed.
 *
 * @returns counts: contracts updated, alerts raised, alerts reopened
 */
export async function runRenewalScan(ctx: AppContext, now: Date = new Date()) {
  return ctx.database.withLock(SCAN_LOCK, async () => {
    let updated = 0;
    let raised = 0;
    for (const orgId of await organizationsToScan(ctx)) {
      try {
        const r = await scanContracts(ctx, orgId, now);
        updated += r.updated;
        raised += r.alerts;
      } catch (err) {
        ctx.log.error({ err, organizationId: orgId }, 'contract scan failed for an organization');
      }
    }
    const reopened = await reopenSnoozed(ctx, now);
    return { updated, raised, reopened };
  });
}
