import { z } from 'zod';
import { ALERT_KINDS, ALERT_STATUSES } from '../db/schema-contracts.js';
import { dataPageMeta, perPageQuery } from '../http/pagination.js';
import { iso, isoDateTime, uuid } from '../http/schemas.js';
import type { AlertRow } from './repository.js';

export const alertDto = z
  .object({
    id: uuid,
    kind: z.enum(ALERT_KINDS),
    status: z.enum(ALERT_STATUSES),
    title: z.string(),
    contract_id: uuid.nullable(),
    document_id: uuid.nullable(),
    threshold_days: z.number().int().nullable().describe('renewal alerts: days before the notice deadline'),
    due_date: z.string().nullable().describe('renewal alerts: the notice deadline (YYYY-MM-DD)'),
    data: z.record(z.string(), z.unknown()),
    snoozed_until: z.string().nullable(),
    note: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Alert' });
export type AlertDto = z.infer<typeof alertDto>;

/** Whole days from `a` to `b` (`YYYY-MM-DD`). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * The title of a renewal alert as of `today`: `<vendor> (<type>): notice deadline <date>` and
 * how far it is, "in 29 day(s)", "today" or "passed 3 day(s) ago", counted on the day it is read.
 */
export function renewalAlertTitle(
  vendor: string,
  type: string,
  noticeDeadline: string,
  today: string,
): string {
  const d = daysBetween(today, noticeDeadline);
  const when = d > 0 ? `in ${d} day(s)` : d === 0 ? 'today' : `passed ${-d} day(s) ago`;
  return `${vendor} (${type}): notice deadline ${noticeDeadline} ${when}`;
}

/**
 * The API's alert. With `today` (the organization's date), a renewal alert's title and
 * `data.days_left` count the days to its notice deadline from that day, not from the day the
 * alert was raised (the stored title says the count of that day).
 */
export function toAlertDto(a: AlertRow, today?: string): AlertDto {
  let title = a.title;
  let data = a.data;
  const { vendor, type } = a.data;
  if (
    today &&
    a.kind === 'contract.renewal_upcoming' &&
    a.dueDate &&
    typeof vendor === 'string' &&
    typeof type === 'string'
  ) {
    title = renewalAlertTitle(vendor, type, a.dueDate, today);
    data = { ...a.data, days_left: daysBetween(today, a.dueDate) };
  }
  return {
    id: a.id,
    kind: a.kind,
    status: a.status,
    title,
    contract_id: a.contractId,
    document_id: a.documentId,
    threshold_days: a.thresholdDays,
    due_date: a.dueDate,
    data,
    snoozed_until: iso(a.snoozedUntil),
    note: a.note,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

export const alertUpdateRequest = z
  .object({
    status: z.enum(ALERT_STATUSES).optional(),
    snoozed_until: isoDateTime
      .nullable()
      .optional()
      .describe('required with status SNOOZED; must be in the future'),
    note: z.string().max(2000).nullable().optional(),
  })
  .strict()
  .refine((v) => v.status !== undefined || v.note !== undefined || v.snoozed_until !== undefined, {
    message: 'give at least one of status, snoozed_until, note',
  })
  // The refinement as JSON Schema (the object is strict: its keys are those three).
  .meta({ id: 'AlertUpdateRequest', minProperties: 1 });

/** The orders of the alert list: newest first (default), or by due date (the notice deadline). */
export const ALERT_SORTS = ['created_at', 'due_date'] as const;

export const alertListQuery = perPageQuery().extend({
  status: z.enum(ALERT_STATUSES).optional(),
  kind: z.enum(ALERT_KINDS).optional(),
  sort: z
    .enum(ALERT_SORTS)
    .default('created_at')
    .describe('`due_date`: by the notice deadline a renewal alert is about; alerts without one come last'),
  order: z
    .enum(['asc', 'desc'])
    .optional()
    .describe('default: `desc` for `created_at` (newest first), `asc` for `due_date` (soonest first)'),
});

export const alertListDto = z
  .object({
    data: z.array(alertDto),
    meta: dataPageMeta,
  })
  .meta({ id: 'AlertList' });
