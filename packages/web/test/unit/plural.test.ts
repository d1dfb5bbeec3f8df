import { describe, expect, it } from 'vitest';
import { countOf, isSingular, pluralNoun } from '../../src/lib/plural';

describe('counts in words', () => {
  it('says "1 key" and "0 keys", "2 keys", "1,234 keys"', () => {
    expect(countOf(1, 'key')).toBe('1 key');
    expect(countOf(0, 'key')).toBe('0 keys');
    expect(countOf(2, 'key')).toBe('2 keys');
    expect(countOf(1234, 'key')).toBe('1,234 keys');
  });

  it('takes an irregular plural', () => {
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry');
    expect(countOf(3, 'entry', 'entries')).toBe('3 entries');
  });

  it('counts only exactly one as singular', () => {
    expect(isSingular(1)).toBe(true);
    expect(isSingular(0)).toBe(false);
    expect(isSingular(1.5)).toBe(false);
    expect(pluralNoun(1, 'has', 'have')).toBe('has');
    expect(pluralNoun(4, 'has', 'have')).toBe('have');
  });
});
