import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.js';
import { readExtraction } from '../../src/contracts/derive.js';
import {
  aliasesOf,
  fieldRegistry,
  REGISTRY_PATH,
  valueForColumn,
  valueForField,
} from '../../src/fields/registry.js';

describe('field registry (fields/registry.json)', () => {
  it('lists the built-in extractor fields with dtypes and contract columns', () => {
    const notice = fieldRegistry().find((f) => f.name === 'notice_period');
    expect(notice).toMatchObject({ dtype: 'duration', finder: true, contract_column: 'notice_period' });
    expect(notice?.aliases).toContain('notice_period_to_terminate_renewal');
    expect(notice?.rules).toEqual(['contract']);
    expect(fieldRegistry().find((f) => f.name === 'currency')?.rules).toEqual(['contract', 'invoice']);
  });

  it('is the file the Python SDK ships a copy of (scripts/sync_field_registry.py)', () => {
    const copy = path.join(repoRoot, 'sdk', 'python', 'src', 'service_sdk', 'field_registry.json');
    expect(readFileSync(copy, 'utf8')).toBe(readFileSync(REGISTRY_PATH, 'utf8'));
  });

  it('gives the other names of every entry that lists a name', () => {
    expect([...aliasesOf('start_date')]).toContain('effective_date');
    expect([...aliasesOf('vendor')]).toEqual(
      expect.arrayContaining(['counterparty', 'supplier_name', 'seller']),
    );
    expect([...aliasesOf('no_such_field')]).toEqual([]);
  });

  it('reads a contract column whatever the ontology called the field', () => {
    const data = { Notice_Period_To_Terminate_Renewal: { value: 90, unit: 'day' }, start_date: '2020-01-01' };
    expect(valueForColumn(data, 'notice_period')).toEqual({ value: 90, unit: 'day' });
    expect(valueForColumn(data, 'effective_date')).toBe('2020-01-01');
    expect(valueForColumn(data, 'renewal_term')).toBeUndefined();
    expect(valueForField({ signature_date: '2019-05-01' }, 'agreement_date')).toBe('2019-05-01');
  });

  it('lets contract derivation read a customer ontology extraction', () => {
    const contract = readExtraction(
      {
        parties: ['Acme Inc.', 'Example Holdings Inc.'],
        agreement_date: '2019-12-20',
        expiration_date: '2021-01-01',
        renewal_term: { value: 1, unit: 'year', iso: 'P1Y' },
        notice_period_to_terminate_renewal: { value: 60, unit: 'day', iso: 'P60D' },
      },
      ['Contract', 'Supply'],
      [{ kind: 'LEGAL_NAME', value: 'Example Holdings Inc.' }],
    );
    expect(contract).toMatchObject({
      vendor: 'Acme Inc.',
      type: 'Supply',
      effectiveDate: '2019-12-20',
      expirationDate: '2021-01-01',
      renewalTerm: { value: 1, unit: 'year' },
      noticePeriod: { value: 60, unit: 'day' },
    });
  });
});
