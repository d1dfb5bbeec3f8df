import { describe, expect, it } from 'vitest';
import { pageableQuery, pageRequest } from '../../src/http/pagination.js';

describe('http/pagination: the one pageable route helper', () => {
  const query = pageableQuery(['created_at', 'email'] as const);

  it('hands the service the page, the size and the parsed sort', () => {
    const q = query.parse({ page: '2', size: '5', sort: 'email,desc' });
    expect(pageRequest(q, 'created_at')).toEqual({ page: 2, size: 5, field: 'email', direction: 'desc' });
  });

  it('defaults to the first page of 20, sorted by the fallback in its direction', () => {
    expect(pageRequest(query.parse({}), 'created_at', 'desc')).toEqual({
      page: 0,
      size: 20,
      field: 'created_at',
      direction: 'desc',
    });
    expect(pageRequest(query.parse({ sort: 'email' }), 'created_at', 'desc').direction).toBe('asc');
  });
});
