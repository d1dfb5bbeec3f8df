/**
 * Pure date rules of contracts (docs/contracts.md "Computations"): renewal date, notice deadline
 * and status. Dates are calendar dates as ISO text `YYYY-MM-DD`; arithmetic is on the proleptic
 * Gregorian calendar in UTC, with month/year steps clamped to the last day of shorter months
 * (2024-01-31 + 1 month = 2024-02-29), as `java.time.LocalDate.plusMonths` does.
 */
import type { ContractStatus, DurationValue } from '../db/schema-contracts.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a valid `YYYY-MM-DD` calendar date. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

function parts(iso: string): [number, number, number] {
  const m = ISO_DATE.exec(iso);
  if (!m) throw new RangeError(`not an ISO date: ${iso}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** Latest year of a date the arithmetic answers (the API's own date bound, http/schemas.ts). */
const MAX_YEAR = 9999;

/**
 * `d` as `YYYY-MM-DD`. A step that leaves years 1–9999 (an extracted or corrected duration of
 * 10^300 years, a date near 9999 plus a term) is no date a contract can have: it throws a
 * RangeError that {@link computeRenewal} reads as "unknown", instead of `toISOString`'s
 * "Invalid time value" or an expanded year such as `+010000-01-01` that compares wrongly as text.
 */
function fmt(d: Date): string {
  const year = d.getUTCFullYear();
  if (Number.isNaN(year) || year < 1 || year > MAX_YEAR)
    throw new RangeError('the date falls outside the years 1 to 9999');
  return d.toISOString().slice(0, 10);
}

/** `iso` plus `days` (may be negative). */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = parts(iso);
  return fmt(new Date(Date.UTC(y, m - 1, d + days)));
}

/** `iso` plus `months` (may be negative), clamped to the end of the target month. */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = parts(iso);
  const firstOfTarget = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  return fmt(
    new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth(), Math.min(d, lastDay))),
  );
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  const [ay, am, ad] = parts(a);
  const [by, bm, bd] = parts(b);
  return Math.round((Date.UTC(by, bm - 1, bd) - Date.UTC(ay, am - 1, ad)) / 86_400_000);
}

/** Longest duration {@link parseDuration} reads, in years: a longer term or notice period is a misreading. */
export const MAX_DURATION_YEARS = 1000;

const PER_YEAR = { day: 366, week: 53, month: 12, year: 1 } as const;

/** The duration when it is at most {@link MAX_DURATION_YEARS} long, else undefined. */
function bounded(d: DurationValue): DurationValue | undefined {
  return d.value / PER_YEAR[d.unit] <= MAX_DURATION_YEARS ? d : undefined;
}

/**
 * Reads an extracted duration: `{value, unit}` (unit day|week|month|year, plural or any case),
 * or an ISO 8601 duration string of one component (`P90D`, `P2Y`, `P6M`, `P3W`).
 * Returns undefined for anything else, a value that is not a positive finite number, or one
 * longer than {@link MAX_DURATION_YEARS} years.
 */
export function parseDuration(raw: unknown): DurationValue | undefined {
  if (typeof raw === 'string') {
    const m = /^P(\d+(?:\.\d+)?)([DWMY])$/i.exec(raw.trim());
    if (!m) return undefined;
    const unit = ({ D: 'day', W: 'week', M: 'month', Y: 'year' } as const)[
      (m[2] as string).toUpperCase() as 'D' | 'W' | 'M' | 'Y'
    ];
    return bounded({ value: Number(m[1]), unit });
  }
  if (!raw || typeof raw !== 'object') return undefined;
  const o = raw as { value?: unknown; unit?: unknown; iso?: unknown };
  const value = typeof o.value === 'string' ? Number(o.value) : o.value;
  const unit = typeof o.unit === 'string' ? o.unit.toLowerCase().replace(/s$/, '') : undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    return typeof o.iso === 'string' ? parseDuration(o.iso) : undefined;
  }
  if (unit !== 'day' && unit !== 'week' && unit !== 'month' && unit !== 'year') return undefined;
  return bounded({ value, unit });
}

/**
 * `iso` plus (sign × duration). Fractional months/years are applied as whole months after
 * rounding (1.5 years = 18 months); fractional days are rounded.
 */
export function addDuration(iso: string, d: DurationValue, sign: 1 | -1 = 1): string {
  switch (d.unit) {
    case 'day':
      return addDays(iso, sign * Math.round(d.value));
    case 'week':
      return addDays(iso, sign * Math.round(d.value * 7));
    case 'month':
      return addMonths(iso, sign * Math.round(d.value));
    case 'year':
      return addMonths(iso, sign * Math.round(d.value * 12));
  }
}

/** The duration in months when it is a whole number of months (or years), else undefined. */
export function durationMonths(d: DurationValue): number | undefined {
  if (d.unit === 'month') return d.value;
  if (d.unit === 'year') return d.value * 12;
  return undefined;
}

/** Inputs of {@link computeRenewal}; dates `YYYY-MM-DD` or null. */
export interface RenewalInput {
  effectiveDate: string | null;
  expirationDate: string | null;
  term: DurationValue | null;
  /** Present when the contract renews automatically for successive periods of this length. */
  renewalTerm: DurationValue | null;
  /** Auto-renewal without a known renewal term (manual records); rolls by one year. */
  autoRenew?: boolean;
  /** Notice period as a duration, or `noticePeriodDays`. */
  noticePeriod: DurationValue | null;
  noticePeriodDays?: number | null;
  /** Today in the organization's time zone. */
  today: string;
  /** The organization's renewal_alert_days (days before the notice deadline). */
  alertDays: readonly number[];
}

export interface RenewalResult {
  /** End of the initial term: expiration_date, else effective_date + term; null if unknown. */
  termEnd: string | null;
  /** The next end/renewal date on or after today for auto-renewing contracts; else termEnd. */
  renewalDate: string | null;
  /** renewal_date − notice period (= renewal_date without a notice period). */
  noticeDeadline: string | null;
  /** Notice period in days at this renewal date (renewal_date − notice_deadline). */
  noticePeriodDays: number | null;
  autoRenew: boolean;
  status: Exclude<ContractStatus, 'TERMINATED'>;
}

/** At most this many renewal periods are rolled (guards against a 1-day term from year 1900). */
const MAX_ROLLS = 10_000;

/**
 * Computes a contract's renewal date, notice deadline and status (docs/contracts.md):
 *
 * 1. term end = `expirationDate` if stated, else `effectiveDate + term`, else unknown.
 * 2. if the contract auto-renews (a renewal term, or `autoRenew` = one year) and the date is
 *    before today, it is rolled forward by the renewal term until it is today or later.
 * 3. notice deadline = renewal date − notice period (duration, else `noticePeriodDays`, else 0).
 * 4. status: EXPIRED when the renewal date is before today and the contract does not auto-renew;
 *    EXPIRING when the notice deadline is at most max(alertDays) days away (or already passed
 *    while the renewal date is not); else ACTIVE. An unknown renewal date is ACTIVE.
 */
export function computeRenewal(input: RenewalInput): RenewalResult {
  const { today } = input;
  let termEnd: string | null = null;
  if (input.expirationDate && isIsoDate(input.expirationDate)) termEnd = input.expirationDate;
  else if (input.effectiveDate && isIsoDate(input.effectiveDate) && input.term)
    termEnd = shifted(input.effectiveDate, input.term);
  const step: DurationValue | null =
    input.renewalTerm ?? (input.autoRenew ? { value: 1, unit: 'year' } : null);
  const autoRenew = step !== null;
  let renewalDate = termEnd;
  if (renewalDate && step) {
    const base = renewalDate;
    for (let n = 1; renewalDate !== null && renewalDate < today && n <= MAX_ROLLS; n++) {
      // Step from the base each time so month-end clamping does not drift (Jan 31 → Feb 29 → Mar 31).
      renewalDate = shifted(base, { value: step.value * n, unit: step.unit });
    }
  }
  let noticeDeadline: string | null = null;
  if (renewalDate) {
    const notice = input.noticePeriod ?? {
      value: Math.max(0, Math.round(input.noticePeriodDays ?? 0)),
      unit: 'day' as const,
    };
    noticeDeadline = shifted(renewalDate, notice, -1);
  }
  const noticePeriodDays =
    renewalDate && noticeDeadline
      ? daysBetween(noticeDeadline, renewalDate)
      : (input.noticePeriodDays ?? null);
  let status: RenewalResult['status'] = 'ACTIVE';
  if (renewalDate && renewalDate < today && !autoRenew) status = 'EXPIRED';
  else if (noticeDeadline && daysBetween(today, noticeDeadline) <= Math.max(0, ...input.alertDays))
    status = 'EXPIRING';
  return { termEnd, renewalDate, noticeDeadline, noticePeriodDays, autoRenew, status };
}

/** {@link addDuration}, or null when the result is outside the years 1–9999 (unknown). */
function shifted(iso: string, d: DurationValue, sign: 1 | -1 = 1): string | null {
  try {
    return addDuration(iso, d, sign);
  } catch (e) {
    if (e instanceof RangeError) return null;
    throw e;
  }
}

/** Today's date (`YYYY-MM-DD`) in an IANA time zone; UTC when the zone is unknown. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    // en-CA formats as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
