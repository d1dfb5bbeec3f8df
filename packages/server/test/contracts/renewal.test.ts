import { describe, expect, it } from 'vitest';
import {
  annualValueOf,
  isContractPath,
  isOwnParty,
  readExtraction,
  vendorOf,
} from '../../src/contracts/derive.js';
import { addMonths, computeRenewal, parseDuration, todayIn } from '../../src/contracts/renewal.js';
import type { DurationValue } from '../../src/db/schema-contracts.js';

const d = (value: number, unit: DurationValue['unit']): DurationValue => ({ value, unit });
const ALERTS = [90, 30, 7];

describe('computeRenewal (docs/contracts.md "Computations")', () => {
  const cases: {
    name: string;
    effective?: string;
    expiration?: string;
    term?: DurationValue;
    renewal?: DurationValue;
    notice?: DurationValue;
    noticeDays?: number;
    autoRenew?: boolean;
    today: string;
    renewalDate: string | null;
    deadline: string | null;
    status: 'ACTIVE' | 'EXPIRING' | 'EXPIRED';
  }[] = [
    {
      name: 'stated expiration, far away',
      expiration: '2030-06-30',
      today: '2026-01-01',
      renewalDate: '2030-06-30',
      deadline: '2030-06-30',
      status: 'ACTIVE',
    },
    {
      name: 'expiration wins over effective + term',
      effective: '2025-01-01',
      term: d(1, 'year'),
      expiration: '2027-03-31',
      today: '2026-01-01',
      renewalDate: '2027-03-31',
      deadline: '2027-03-31',
      status: 'ACTIVE',
    },
    {
      name: 'effective + 2 years',
      effective: '2025-03-15',
      term: d(2, 'year'),
      today: '2026-01-01',
      renewalDate: '2027-03-15',
      deadline: '2027-03-15',
      status: 'ACTIVE',
    },
    {
      name: 'effective + 18 months, month-end clamp',
      effective: '2025-08-31',
      term: d(18, 'month'),
      today: '2026-01-01',
      renewalDate: '2027-02-28',
      deadline: '2027-02-28',
      status: 'ACTIVE',
    },
    {
      name: 'effective + 90 days',
      effective: '2026-01-01',
      term: d(90, 'day'),
      today: '2026-01-01',
      renewalDate: '2026-04-01',
      deadline: '2026-04-01',
      status: 'EXPIRING',
    },
    {
      name: 'notice period 90 days',
      expiration: '2026-12-31',
      notice: d(90, 'day'),
      today: '2026-01-01',
      renewalDate: '2026-12-31',
      deadline: '2026-10-02',
      status: 'ACTIVE',
    },
    {
      name: 'notice period 3 months → EXPIRING within 90 days of deadline',
      expiration: '2026-06-30',
      notice: d(3, 'month'),
      today: '2026-01-15',
      renewalDate: '2026-06-30',
      deadline: '2026-03-30',
      status: 'EXPIRING',
    },
    {
      name: 'notice deadline passed, renewal ahead: EXPIRING',
      expiration: '2026-02-28',
      notice: d(60, 'day'),
      today: '2026-02-01',
      renewalDate: '2026-02-28',
      deadline: '2025-12-30',
      status: 'EXPIRING',
    },
    {
      name: 'past, no auto-renewal: EXPIRED',
      expiration: '2025-12-31',
      today: '2026-01-01',
      renewalDate: '2025-12-31',
      deadline: '2025-12-31',
      status: 'EXPIRED',
    },
    {
      name: 'ends today: not yet expired',
      expiration: '2026-01-01',
      today: '2026-01-01',
      renewalDate: '2026-01-01',
      deadline: '2026-01-01',
      status: 'EXPIRING',
    },
    {
      name: 'auto-renewing 1 year, rolled forward past today',
      effective: '2020-05-01',
      term: d(1, 'year'),
      renewal: d(1, 'year'),
      today: '2026-01-10',
      renewalDate: '2026-05-01',
      deadline: '2026-05-01',
      status: 'ACTIVE',
    },
    {
      name: 'auto-renewing monthly from Jan 31 keeps month ends',
      expiration: '2025-01-31',
      renewal: d(1, 'month'),
      today: '2025-04-15',
      renewalDate: '2025-04-30',
      deadline: '2025-04-30',
      status: 'EXPIRING',
    },
    {
      name: 'auto-renewing with notice 30 days',
      expiration: '2024-09-30',
      renewal: d(1, 'year'),
      notice: d(30, 'day'),
      today: '2026-01-01',
      renewalDate: '2026-09-30',
      deadline: '2026-08-31',
      status: 'ACTIVE',
    },
    {
      name: 'auto_renew without term rolls yearly (manual)',
      expiration: '2024-03-01',
      autoRenew: true,
      noticeDays: 10,
      today: '2026-01-01',
      renewalDate: '2026-03-01',
      deadline: '2026-02-19',
      status: 'EXPIRING',
    },
    {
      name: 'no dates: unknown, ACTIVE',
      today: '2026-01-01',
      renewalDate: null,
      deadline: null,
      status: 'ACTIVE',
    },
    {
      name: 'term without effective date: unknown',
      term: d(1, 'year'),
      today: '2026-01-01',
      renewalDate: null,
      deadline: null,
      status: 'ACTIVE',
    },
    {
      name: 'weeks',
      effective: '2026-01-01',
      term: d(6, 'week'),
      today: '2025-06-01',
      renewalDate: '2026-02-12',
      deadline: '2026-02-12',
      status: 'ACTIVE',
    },
  ];
  it.each(cases)('$name', (c) => {
    const r = computeRenewal({
      effectiveDate: c.effective ?? null,
      expirationDate: c.expiration ?? null,
      term: c.term ?? null,
      renewalTerm: c.renewal ?? null,
      autoRenew: c.autoRenew ?? false,
      noticePeriod: c.notice ?? null,
      noticePeriodDays: c.noticeDays ?? null,
      today: c.today,
      alertDays: ALERTS,
    });
    expect({ renewalDate: r.renewalDate, deadline: r.noticeDeadline, status: r.status }).toEqual({
      renewalDate: c.renewalDate,
      deadline: c.deadline,
      status: c.status,
    });
  });

  it('adds months with end-of-month clamping and parses durations', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(parseDuration({ value: 90, unit: 'day', iso: 'P90D' })).toEqual({ value: 90, unit: 'day' });
    expect(parseDuration({ value: 2, unit: 'Years' })).toEqual({ value: 2, unit: 'year' });
    expect(parseDuration('P6M')).toEqual({ value: 6, unit: 'month' });
    expect(parseDuration({ value: 0, unit: 'day' })).toBeUndefined();
    expect(parseDuration('soon')).toBeUndefined();
  });

  it('reads a date beyond the year 9999 as unknown instead of failing', () => {
    // effective + term past 9999-12-31: no renewal date, so no deadline, and nothing throws.
    expect(
      computeRenewal({
        effectiveDate: '9999-06-30',
        expirationDate: null,
        term: d(1, 'year'),
        renewalTerm: null,
        noticePeriod: null,
        today: '2026-01-01',
        alertDays: ALERTS,
      }),
    ).toMatchObject({ termEnd: null, renewalDate: null, noticeDeadline: null, status: 'ACTIVE' });
    // A notice period reaching before the year 1: the deadline is unknown, the end date stands.
    expect(
      computeRenewal({
        effectiveDate: null,
        expirationDate: '0500-03-31',
        term: null,
        renewalTerm: null,
        noticePeriod: d(999, 'year'),
        noticePeriodDays: null,
        today: '2026-01-01',
        alertDays: ALERTS,
      }),
    ).toMatchObject({ renewalDate: '0500-03-31', noticeDeadline: null, status: 'EXPIRED' });
    expect(() => addMonths('9999-12-31', 1)).toThrow(RangeError);
  });

  it('reads no duration longer than 1000 years', () => {
    expect(parseDuration({ value: 1e308, unit: 'year' })).toBeUndefined();
    expect(parseDuration('P1001Y')).toBeUndefined();
    expect(parseDuration({ value: 1000, unit: 'year' })).toEqual({ value: 1000, unit: 'year' });
    expect(parseDuration('P366000D')).toEqual({ value: 366_000, unit: 'day' });
  });

  it('uses the organization time zone for today', () => {
    const now = new Date('2026-01-01T02:00:00Z');
    expect(todayIn('UTC', now)).toBe('2026-01-01');
    expect(todayIn('America/Los_Angeles', now)).toBe('2025-12-31');
    expect(todayIn('Not/AZone', now)).toBe('2026-01-01');
  });
});

describe('contract fields from an extraction', () => {
  const us = [
    { kind: 'LEGAL_NAME', value: 'Acme Corporation' },
    { kind: 'DOMAIN', value: 'globex.com' },
  ];
  it('recognizes contract label paths by the root label', () => {
    expect(isContractPath(['Contract', 'Supply'])).toBe(true);
    expect(isContractPath(['Contracts'])).toBe(true);
    expect(isContractPath(['contract - legacy', 'X'])).toBe(true);
    expect(isContractPath(['Contractor invoices'])).toBe(false);
    expect(isContractPath(['Invoice'])).toBe(false);
    expect(isContractPath([])).toBe(false);
  });
  it('picks the vendor: counterparty, else the first party that is not us', () => {
    expect(vendorOf({ counterparty: 'Initech LLC', parties: ['Acme Corp', 'X'] }, us)).toBe('Initech LLC');
    expect(vendorOf({ parties: ['ACME CORPORATION, Inc.', 'Initech LLC'] }, us)).toBe('Initech LLC');
    expect(vendorOf({ parties: ['Globex Ltd', 'Umbrella plc'] }, us)).toBe('Umbrella plc');
    expect(vendorOf({ parties: ['Acme Corp'] }, us)).toBe('Acme Corp');
    expect(vendorOf({}, us)).toBe('Unknown vendor');
    expect(isOwnParty('The Acme Corporation', us)).toBe(true);
    expect(isOwnParty('Acmes Industries', us)).toBe(false);
  });
  it('computes the annual value from the contract value and term', () => {
    const money = { amount: 300000, currency: 'USD' };
    expect(annualValueOf(money, null, null)).toBe(300000);
    expect(annualValueOf(money, { value: 3, unit: 'year' }, 'total contract value of')).toBe(100000);
    expect(annualValueOf(money, { value: 3, unit: 'year' }, 'an annual fee of')).toBe(300000);
    expect(annualValueOf(money, { value: 6, unit: 'month' }, null)).toBe(300000);
    expect(annualValueOf('n/a', null, null)).toBeNull();
  });
  it('reads all fields and ignores malformed ones', () => {
    const c = readExtraction(
      {
        counterparty: 'Initech LLC',
        effective_date: '2025-02-30',
        agreement_date: '2025-01-15',
        expiration_date: 42,
        term: { value: 2, unit: 'year', iso: 'P2Y' },
        renewal_term: 'whatever',
        notice_period: { value: 60, unit: 'day' },
        contract_value: { amount: 1000, currency: 'eur' },
      },
      ['Contract', 'Service'],
      us,
    );
    expect(c).toEqual({
      vendor: 'Initech LLC',
      type: 'Service',
      effectiveDate: '2025-01-15',
      expirationDate: null,
      term: { value: 2, unit: 'year' },
      renewalTerm: null,
      noticePeriod: { value: 60, unit: 'day' },
      annualValue: 500,
      currency: 'EUR',
    });
  });
});
