import { describe, expect, it } from 'vitest';
import type { StoredExtraction } from '../../src/db/schema.js';
import { applyCorrections, carryCorrections, checkValue } from '../../src/pipeline/corrections.js';

const extraction = (data: Record<string, unknown>, llm: string[] = []): StoredExtraction => ({
  data,
  llm_fields: llm,
  document_type: 'contract',
  evidence: {},
  confidence: {},
  unsupported_fields: [],
  plugin: 'builtin:contract_extractor',
  corrections: {},
});
const alice = { userId: '0195f0a0-0000-7000-8000-000000000001', email: 'alice@example.com' };
const bob = { userId: '0195f0a0-0000-7000-8000-000000000002', email: 'bob@example.com' };

describe('checkValue: a corrected value must fit its field dtype', () => {
  it('accepts and normalizes values of every dtype', () => {
    expect(checkValue('string', '  Acme Corp ')).toEqual({ ok: true, value: 'Acme Corp' });
    expect(checkValue('number', 12.5)).toEqual({ ok: true, value: 12.5 });
    expect(checkValue('integer', 3)).toEqual({ ok: true, value: 3 });
    expect(checkValue('boolean', false)).toEqual({ ok: true, value: false });
    expect(checkValue('date', '2024-02-29')).toEqual({ ok: true, value: '2024-02-29' });
    expect(checkValue('money', { amount: 1200, currency: 'eur' })).toEqual({
      ok: true,
      value: { amount: 1200, currency: 'EUR' },
    });
    expect(checkValue('money', 99)).toEqual({ ok: true, value: { amount: 99, currency: null } });
    expect(checkValue('duration', { value: 2, unit: 'Years' })).toEqual({
      ok: true,
      value: { value: 2, unit: 'year', iso: 'P2Y' },
    });
    expect(checkValue('duration', 'P90D')).toEqual({
      ok: true,
      value: { value: 90, unit: 'day', iso: 'P90D' },
    });
    expect(checkValue('list[string]', ['Acme', ' ', 'Globex '])).toEqual({
      ok: true,
      value: ['Acme', 'Globex'],
    });
    expect(checkValue('date', null)).toEqual({ ok: true, value: null });
  });

  it('rejects values of the wrong type with what is expected', () => {
    const bad: [string, unknown][] = [
      ['string', 42],
      ['string', 'x'.repeat(10_001)],
      ['string', 'nul\u0000'],
      ['number', '12'],
      ['number', Number.NaN],
      ['integer', 1.5],
      ['boolean', 'yes'],
      ['date', '2023-02-29'],
      ['date', '31/12/2024'],
      ['money', { amount: '1200' }],
      ['money', { amount: 5, currency: 'euro' }],
      // Three letters, but no ISO 4217 code.
      ['money', { amount: 5, currency: 'XXZ' }],
      ['money', { amount: 5, currency: 'eud' }],
      ['duration', { value: -1, unit: 'day' }],
      ['duration', { value: 1, unit: 'fortnight' }],
      // Finite, but no term or notice period: its dates would leave the calendar.
      ['duration', { value: 1e308, unit: 'year' }],
      ['duration', 'P1001Y'],
      ['list[string]', 'Acme'],
      ['list[string]', [1, 2]],
      [undefined as unknown as string, { nested: true }],
    ];
    for (const [dtype, value] of bad) {
      const r = checkValue(dtype, value);
      expect(r.ok, `${dtype} ${JSON.stringify(value)}`).toBe(false);
    }
    expect(checkValue('date', 'soon')).toEqual({ ok: false, message: 'a calendar date YYYY-MM-DD' });
    expect(checkValue('money', { amount: 5, currency: 'XXZ' })).toEqual({
      ok: false,
      // Read after the review's "must be ": one sentence naming what a money value is.
      message: '{"amount": number, "currency": null or an ISO 4217 code in use (EUR, USD, …)}',
    });
  });
});

describe('applyCorrections', () => {
  it('writes the values, keeps what the plugin read, and records who and when', () => {
    const at = new Date('2026-03-01T10:00:00Z');
    const out = applyCorrections(
      extraction({ counterparty: 'Acme', governing_law: 'Delaware' }, ['counterparty']),
      { counterparty: 'Globex Inc', expiration_date: '2027-01-31', governing_law: null },
      alice,
      at,
    );
    expect(out.data).toEqual({ counterparty: 'Globex Inc', expiration_date: '2027-01-31' });
    expect(out.llm_fields).toEqual([]);
    expect(out.corrections).toEqual({
      counterparty: {
        value: 'Globex Inc',
        original: 'Acme',
        corrected_by: alice.userId,
        corrected_by_email: alice.email,
        corrected_at: '2026-03-01T10:00:00.000Z',
      },
      expiration_date: expect.objectContaining({ value: '2027-01-31', original: null }),
      governing_law: expect.objectContaining({ value: null, original: 'Delaware' }),
    });
  });

  it('a second correction keeps the plugin original, not the first correction', () => {
    const first = applyCorrections(
      extraction({ counterparty: 'Acme' }),
      { counterparty: 'Globex' },
      alice,
      new Date(),
    );
    const second = applyCorrections(first, { counterparty: 'Initech' }, bob, new Date());
    expect(second.data.counterparty).toBe('Initech');
    expect(second.corrections?.counterparty).toMatchObject({
      value: 'Initech',
      original: 'Acme',
      corrected_by: bob.userId,
    });
  });
});

describe('carryCorrections: a re-extraction keeps what people corrected', () => {
  it('corrected values win; original becomes the new reading; unrequested fields drop', () => {
    const corrected = applyCorrections(
      extraction({ counterparty: 'Acme', currency: 'USD' }),
      { counterparty: 'Globex', currency: null, term: { value: 1, unit: 'year', iso: 'P1Y' } },
      alice,
      new Date(),
    );
    const next = carryCorrections(
      corrected,
      extraction({ counterparty: 'Acme Corp', currency: 'USD', governing_law: 'Texas' }, ['counterparty']),
      ['counterparty', 'currency', 'governing_law'],
    );
    expect(next.data).toEqual({ counterparty: 'Globex', governing_law: 'Texas' });
    expect(next.llm_fields).toEqual([]);
    expect(Object.keys(next.corrections ?? {}).sort()).toEqual(['counterparty', 'currency']);
    expect(next.corrections?.counterparty?.original).toBe('Acme Corp');
  });

  it('leaves an extraction nobody corrected as the plugin returned it', () => {
    const fresh = extraction({ counterparty: 'Acme' });
    expect(carryCorrections(extraction({ counterparty: 'Old' }), fresh, ['counterparty'])).toBe(fresh);
    expect(carryCorrections(null, fresh, ['counterparty'])).toBe(fresh);
  });
});
