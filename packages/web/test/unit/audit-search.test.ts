import { describe, expect, it } from 'vitest';
import { auditQuery, dayParam, parseAuditSearch } from '../../src/lib/audit-search';

describe("the audit log page's address", () => {
  it('keeps the filters and page it understands, and asks the server for that page of days', () => {
    const search = parseAuditSearch({
      action: ' api_key.create ',
      resource_type: 'api_key',
      from: '2026-11-01',
      to: '2026-11-30',
      page: '3',
    });
    expect(search).toEqual({
      action: 'api_key.create',
      resource_type: 'api_key',
      from: '2026-11-01',
      to: '2026-11-30',
      page: 3,
    });
    expect(auditQuery(search)).toEqual({
      action: 'api_key.create',
      resource_type: 'api_key',
      from: '2026-11-01T00:00:00.000Z',
      // The API's `to` is exclusive: the whole last day is asked for.
      to: '2026-12-01T00:00:00.000Z',
      pageable: { page: 2, size: 50, sort: 'created_at,desc' },
    });
  });

  it('drops days that do not exist and pages that are not pages', () => {
    expect(parseAuditSearch({ from: '2026-02-30', to: 'yesterday', page: '-1', action: ' ' })).toEqual({});
    expect(dayParam('2024-02-29')).toBe('2024-02-29');
    expect(dayParam('2026-13-01')).toBeUndefined();
    expect(auditQuery({})).toEqual({ pageable: { page: 0, size: 50, sort: 'created_at,desc' } });
  });
});
