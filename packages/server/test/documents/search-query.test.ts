import { describe, expect, it } from 'vitest';
import { onlySingleLetters } from '../../src/documents/search-query.js';

describe('onlySingleLetters (docs/search.md "Query syntax")', () => {
  it.each([
    ['C++ & <b>', true],
    ['"a b"', true],
    ['-x or y', true],
    ['(c)', true],
    ['Ω', true],
    ['', false],
    ['"" or -', false],
    ['the', false],
    ['c++ developer', false],
    ['plan b', false],
    ['7', false],
    ['section 5', false],
    ['合', false],
    ['"governed by the laws of"', false],
  ])('%j → %s', (query, expected) => {
    expect(onlySingleLetters(query)).toBe(expected);
  });
});
