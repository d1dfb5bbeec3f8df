import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveField } from '../../src/benchmarks/fields.js';
import { conditionHolds, joinRule, type MatchCondition, naiveJoin } from '../../src/benchmarks/join.js';
import { benchDocument } from './documents.js';

type Row = Record<string, unknown>;
const get = (r: Row, f: string) => r[f];

/** Small value domains so that matches are frequent. */
const scalar = fc.oneof(
  fc.constantFrom('acme', 'ACME ', 'globex', 'ab', 'a', 'xacmex', '', null, '2025-01-01', '2026-06-30'),
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(1.5, { amount: 2, currency: 'EUR' }),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }));
const row = fc.record({ a: value, b: scalar, c: scalar });
const field = fc.constantFrom('a', 'b', 'c', 'missing');
const condition: fc.Arbitrary<MatchCondition> = fc.record({
  left_field: field,
  right_field: field,
  match_type: fc.constantFrom('==', '!=', '<', '<=', '>', '>=', 'contains'),
});

describe('joinRule agrees with the naive pairwise join', () => {
  it('on random documents and any 0–3 conditions', () => {
    fc.assert(
      fc.property(
        fc.array(row, { maxLength: 25 }),
        fc.array(row, { maxLength: 25 }),
        fc.array(condition, { maxLength: 3 }),
        fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        (left, right, conditions, maxPerLeft) => {
          const opts = {
            ...(maxPerLeft ? { maxPerLeft } : {}),
            exclude: (l: number, r: number) => l === r && l % 5 === 0,
          };
          expect(joinRule(left, right, conditions, get, get, opts)).toEqual(
            naiveJoin(left, right, conditions, get, get, opts),
          );
        },
      ),
      { numRuns: 600 },
    );
  });

  it('on == rules over many keys (the hash path)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ k: fc.integer({ min: 0, max: 8 }), v: fc.integer({ min: 0, max: 5 }) }), {
          maxLength: 60,
        }),
        fc.array(fc.record({ k: fc.integer({ min: 0, max: 8 }), v: fc.integer({ min: 0, max: 5 }) }), {
          maxLength: 60,
        }),
        (left, right) => {
          const conds: MatchCondition[] = [
            { left_field: 'k', right_field: 'k', match_type: '==' },
            { left_field: 'v', right_field: 'v', match_type: '<=' },
          ];
          expect(joinRule(left, right, conds, get, get)).toEqual(naiveJoin(left, right, conds, get, get));
        },
      ),
    );
  });
});

describe('match semantics', () => {
  it('normalizes text, keeps types apart and never matches missing values', () => {
    expect(conditionHolds('ACME  Corp ', 'acme corp', '==')).toBe(true);
    expect(conditionHolds(5, '5', '==')).toBe(false);
    expect(conditionHolds(null, null, '==')).toBe(false);
    expect(conditionHolds(null, 1, '!=')).toBe(false);
    expect(conditionHolds('2025-01-01', '2025-02-01', '<')).toBe(true);
    expect(conditionHolds({ amount: 10 }, 9, '>')).toBe(true);
    expect(conditionHolds('x', 1, '<')).toBe(false);
    expect(conditionHolds(['a', 'B'], 'b', 'contains')).toBe(true);
    expect(conditionHolds('Acme Widgets', 'widget', 'contains')).toBe(true);
  });

  it('joins through ExtendedDocument.get aliases (vendor finds supplier_name)', () => {
    const doc = (id: string, fields: Row) => benchDocument(id, fields);
    const left = [doc('i1', { 'Supplier Name': 'Initech' }), doc('i2', { vendor: 'Globex' })];
    const right = [doc('c1', { counterparty: 'initech' }), doc('c2', { vendor: 'globex' })];
    const m = joinRule(
      left,
      right,
      [{ left_field: 'vendor', right_field: 'vendor', match_type: '==' }],
      resolveField,
      resolveField,
    );
    expect(m).toEqual([[0], [1]]);
  });

  it('rejects unknown match types', () => {
    expect(() =>
      joinRule([], [], [{ left_field: 'a', right_field: 'a', match_type: '~' as '==' }], get, get),
    ).toThrow(RangeError);
  });
});
