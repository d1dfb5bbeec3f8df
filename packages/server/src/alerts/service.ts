import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import { calendarOf } from '../contracts/service.js';
import type { Executor } from '../db/client.js';
import type { AlertStatus } from '../db/schema-contracts.js';
import { renewalClause } from '../documents/service.js';
import { emitEvent } from '../events/outbox.js';
import type { BenchmarkDocumentFlagged, ContractRenewalDue } from '../events/reactions.js';
import { badRequest, conflict, notFound } from '../http/problem.js';
import * as repo from './repository.js';
import { daysBetween, renewalAlertTitle, toAlertDto } from './schemas.js';

export { alertArchiveTables } from './archive.js';
export type { AlertRow } from './repository.js';

/** Which status may follow which (PUT /api/alerts/:id); staying in a status is always allowed. */
export const ALERT_TRANSITIONS: Record<AlertStatus, readonly AlertStatus[]> = {
  OPEN: ['ACKNOWLEDGED', 'SNOOZED', 'RESOLVED', 'DISMISSED'],
  ACKNOWLEDGED: ['OPEN', 'SNOOZED', 'RESOLVED', 'DISMISSED'],
  SNOOZED: ['OPEN', 'ACKNOWLEDGED', 'RESOLVED', 'DISMISSED'],
  RESOLVED: ['OPEN'],
  DISMISSED: ['OPEN'],
};

/**
 * Raises the renewal alert of a contract that is due today, in the publisher's transaction: the
 * reaction to `contract.renewal_due` (jobs/reactions.ts; docs/contracts.md "Alerts"). With `d` =
 * days from `today` to the notice deadline
 * (0 ≤ d), the thresholds crossed are those of `alertDays` with `d ≤ t`; the alert is raised
 * for the smallest crossed threshold only (a contract found 5 days before its deadline gets the
 * 7-day alert, not also the 30- and 90-day ones). Once per contract, notice deadline and
 * threshold (unique `dedupe_key`), so scans are idempotent. A new alert emits `alert.created`
 * and `contract.renewal_upcoming` in the same transaction. Contracts EXPIRED or TERMINATED, or
 * whose notice deadline has passed, raise nothing.
 *
 * @returns true when an alert was raised
 */
export async function raiseRenewalAlert(
  tx: Executor,
  { contract, today, alertDays }: ContractRenewalDue,
): Promise<boolean> {
  if (contract.status === 'EXPIRED' || contract.status === 'TERMINATED') return false;
  if (!contract.noticeDeadline || !contract.renewalDate) return false;
  const daysLeft = daysBetween(today, contract.noticeDeadline);
  if (daysLeft < 0) return false;
  const crossed = [...new Set(alertDays)].filter((t) => Number.isInteger(t) && t >= 0 && daysLeft <= t);
  if (crossed.length === 0) return false;
  const threshold = Math.min(...crossed);
  // The clause the renewal was computed from, so the alert can show it (docs/contracts.md "Alerts").
  const clause = contract.documentId
    ? await renewalClause(tx, contract.organizationId, contract.documentId)
    : null;
  const alert = await repo.insertAlertIfNew(tx, {
    organizationId: contract.organizationId,
    kind: 'contract.renewal_upcoming',
    dedupeKey: `renewal:${contract.id}:${contract.noticeDeadline}:${threshold}`,
    // The count of today; the API recounts it whenever the alert is read (toAlertDto).
    title: renewalAlertTitle(contract.vendor, contract.type, contract.noticeDeadline, today),
    contractId: contract.id,
    documentId: null,
    thresholdDays: threshold,
    dueDate: contract.noticeDeadline,
    data: {
      contract_id: contract.id,
      vendor: contract.vendor,
      type: contract.type,
      renewal_date: contract.renewalDate,
      notice_deadline: contract.noticeDeadline,
      days_left: daysLeft,
      threshold_days: threshold,
      auto_renew: contract.autoRenew,
      clause,
    },
  });
  if (!alert) return false;
  await emitEvent(tx, {
    organizationId: contract.organizationId,
    type: 'alert.created',
    data: { alert: toAlertDto(alert) },
  });
  await emitEvent(tx, {
    organizationId: contract.organizationId,
    type: 'contract.renewal_upcoming',
    data: { ...alert.data, alert_id: alert.id },
  });
  return true;
}

/** A measure as people read it: thousands grouped, at most two decimals (18310.63 → "18,310.63"). */
const measure = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * The title of a benchmark flag's alert: the document, the benchmark, its score against the
 * benchmark value in the benchmark's unit, and the group it was compared within, e.g.
 * `invoice.pdf: invoice_total_vs_average 18,310.63 against 2,618.91 currency units (currency EUR)`.
 */
export function benchmarkAlertTitle(
  v: Pick<
    BenchmarkDocumentFlagged,
    'filename' | 'benchmark' | 'score' | 'benchmarkValue' | 'metricUnit' | 'group'
  >,
): string {
  const unit = v.metricUnit ? ` ${v.metricUnit}` : '';
  const group = Object.entries(v.group)
    .map(([k, value]) => `${k} ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
  return `${v.filename}: ${v.benchmark} ${measure.format(v.score)} against ${measure.format(v.benchmarkValue)}${unit}${group ? ` (${group})` : ''}`;
}

/**
 * Raises the alert of a benchmark flag (the reaction to `benchmark.document_flagged`,
 * jobs/reactions.ts), once per benchmark plugin and document (a document
 * flagged again by later runs does not raise a second one). A new alert emits `alert.created`
 * and `benchmark.flagged` in the caller's transaction.
 *
 * @returns true when an alert was raised, false when it existed
 */
export async function raiseBenchmarkAlert(tx: Executor, v: BenchmarkDocumentFlagged): Promise<boolean> {
  const data = {
    benchmark: v.benchmark,
    plugin_id: v.pluginId,
    version: v.pluginVersion,
    run_id: v.runId,
    document_id: v.documentId,
    score: v.score,
    benchmark_value: v.benchmarkValue,
    metric_unit: v.metricUnit,
    group: v.group,
  };
  const alert = await repo.insertAlertIfNew(tx, {
    organizationId: v.organizationId,
    kind: 'benchmark.flagged',
    dedupeKey: `benchmark:${v.pluginId}:${v.documentId}`,
    title: benchmarkAlertTitle(v),
    contractId: null,
    documentId: v.documentId,
    thresholdDays: null,
    dueDate: null,
    data,
  });
  if (!alert) return false;
  await emitEvent(tx, {
    organizationId: v.organizationId,
    type: 'alert.created',
    data: { alert: toAlertDto(alert) },
  });
  await emitEvent(tx, {
    organizationId: v.organizationId,
    type: 'benchmark.flagged',
    data: { ...data, alert_id: alert.id },
  });
  return true;
}

/**
 * A page (0-based window) of the active organization's alerts (any member), newest first or by
 * due date (`sort`, `order`; repository `listAlerts`).
 */
export async function listAlerts(
  ctx: Pick<AppContext, 'db'>,
  tenant: Tenant,
  p: Parameters<typeof repo.listAlerts>[2],
  now: Date = new Date(),
) {
  const [page, today] = await Promise.all([
    repo.listAlerts(ctx.db, tenant.organizationId, p),
    alertsToday(ctx, tenant.organizationId, now),
  ]);
  return { ...page, today };
}

/**
 * The organization's date (`YYYY-MM-DD`, in its time zone) from which the alerts read now count
 * the days to their notice deadlines ({@link toAlertDto}).
 */
export async function alertsToday(
  ctx: Pick<AppContext, 'db'>,
  organizationId: string,
  now: Date = new Date(),
): Promise<string> {
  return (await calendarOf(ctx.db, organizationId, now)).today;
}

/**
 * Changes an alert's status, snooze time or note (OWNER or ADMIN), and emits `alert.updated`
 * in the same transaction when something changed.
 *
 * @throws HttpProblem 400 for SNOOZED without a future `snoozed_until`, or `snoozed_until` with
 *   another status; 403 for a MEMBER; 404 when not in the organization; 409 for a transition
 *   {@link ALERT_TRANSITIONS} does not allow
 */
export async function updateAlert(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
  body: {
    status?: AlertStatus | undefined;
    snoozed_until?: string | null | undefined;
    note?: string | null | undefined;
  },
  now: Date = new Date(),
) {
  requireRole(principal, tenant.role, ['OWNER', 'ADMIN']);
  return ctx.db.transaction(async (tx) => {
    const current = await repo.findAlertForUpdate(tx, tenant.organizationId, id);
    if (!current) throw notFound('Alert');
    const next = body.status ?? current.status;
    if (next !== current.status && !ALERT_TRANSITIONS[current.status].includes(next)) {
      throw conflict(`An alert cannot go from ${current.status} to ${next}`);
    }
    const patch: Parameters<typeof repo.updateAlert>[2] = {};
    if (next === 'SNOOZED') {
      // Re-sending SNOOZED without a time keeps the current one (still checked against now).
      let until: Date | null = null;
      if (body.snoozed_until) until = new Date(body.snoozed_until);
      else if (body.snoozed_until === undefined && current.status === 'SNOOZED') until = current.snoozedUntil;
      if (!until || until.getTime() <= now.getTime()) {
        throw badRequest('status SNOOZED requires snoozed_until in the future', {
          errors: [{ field: 'body.snoozed_until', message: 'required with SNOOZED; must be in the future' }],
        });
      }
      patch.snoozedUntil = until;
    } else {
      if (body.snoozed_until) {
        throw badRequest('snoozed_until is only allowed with status SNOOZED', {
          errors: [{ field: 'body.snoozed_until', message: 'only with status SNOOZED' }],
        });
      }
      patch.snoozedUntil = null;
    }
    patch.status = next;
    if (body.note !== undefined) patch.note = body.note;
    const changed =
      patch.status !== current.status ||
      (patch.snoozedUntil?.getTime() ?? null) !== (current.snoozedUntil?.getTime() ?? null) ||
      (patch.note !== undefined && patch.note !== current.note);
    if (!changed) return current;
    const row = await repo.updateAlert(tx, current.id, patch);
    const today = await alertsToday({ db: tx }, tenant.organizationId, now);
    await emitEvent(tx, {
      organizationId: tenant.organizationId,
      type: 'alert.updated',
      data: { alert: toAlertDto(row, today), previous_status: current.status, by: principal.user.id },
    });
    return row;
  });
}

/**
 * Reopens SNOOZED alerts whose time has come (status OPEN, snoozed_until cleared), emitting
 * `alert.updated` for each in the same transaction. Safe to run from several processes at once.
 *
 * @returns how many alerts were reopened
 */
export async function reopenSnoozed(ctx: Pick<AppContext, 'db'>, now: Date = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await ctx.db.transaction(async (tx) => {
      const due = await repo.dueSnoozedForUpdate(tx, now, 500);
      const todays = new Map<string, string>();
      for (const a of due) {
        const row = await repo.updateAlert(tx, a.id, { status: 'OPEN', snoozedUntil: null });
        let today = todays.get(a.organizationId);
        if (!today) {
          today = await alertsToday({ db: tx }, a.organizationId, now);
          todays.set(a.organizationId, today);
        }
        await emitEvent(tx, {
          organizationId: a.organizationId,
          type: 'alert.updated',
          data: { alert: toAlertDto(row, today), previous_status: 'SNOOZED', reason: 'snooze_expired' },
        });
      }
      return due.length;
    });
    total += n;
    if (n < 500) return total;
  }
}
