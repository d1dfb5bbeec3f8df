import { describe, expect, it } from 'vitest';
import {
  alertsQuery,
  contractsQuery,
  parseAlertsSearch,
  parseContractsSearch,
} from '../../src/lib/contracts-search';

describe("the contracts page's address", () => {
  it('keeps the filters, sort and page it understands, and asks the server for that page', () => {
    const search = parseContractsSearch({
      status: 'ACTIVE',
      vendor: ' Acme ',
      sort: 'annual_value',
      order: 'desc',
      page: '2',
    });
    expect(search).toEqual({
      status: 'ACTIVE',
      vendor: 'Acme',
      sort: 'annual_value',
      order: 'desc',
      page: 2,
    });
    expect(contractsQuery(search)).toEqual({
      status: 'ACTIVE',
      vendor: 'Acme',
      sort: 'annual_value',
      order: 'desc',
      page: 2,
      per_page: 25,
    });
  });

  it('drops what is invalid and asks for the first page by renewal date', () => {
    expect(
      parseContractsSearch({ status: 'LOST', sort: 'type', order: 'up', page: '0', vendor: ' ' }),
    ).toEqual({});
    expect(contractsQuery({})).toEqual({ sort: 'renewal_date', order: 'asc', page: 1, per_page: 25 });
  });
});

describe("the alerts page's address", () => {
  it('leaves the default status out of the address, and asks for open alerts by default', () => {
    expect(parseAlertsSearch({ status: 'OPEN', kind: 'benchmark.flagged', page: '3' })).toEqual({
      kind: 'benchmark.flagged',
      page: 3,
    });
    expect(alertsQuery({})).toEqual({ status: 'OPEN', page: 1, per_page: 25 });
    expect(parseAlertsSearch({ status: 'RESOLVED', kind: 'other' })).toEqual({});
  });

  it('keeps the due-date order in the address and asks the server for it', () => {
    const search = parseAlertsSearch({ sort: 'due_date', kind: 'contract.renewal_upcoming' });
    expect(search).toEqual({ sort: 'due_date', kind: 'contract.renewal_upcoming' });
    expect(alertsQuery(search)).toEqual({
      status: 'OPEN',
      kind: 'contract.renewal_upcoming',
      sort: 'due_date',
      page: 1,
      per_page: 25,
    });
    // Newest first is the default: not in the address; an unknown order is dropped.
    expect(parseAlertsSearch({ sort: 'created_at' })).toEqual({});
    expect(parseAlertsSearch({ sort: 'severity' })).toEqual({});
  });
});
