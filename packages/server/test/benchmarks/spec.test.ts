import { describe, expect, it } from 'vitest';
import { resolveField } from '../../src/benchmarks/fields.js';
import { groupOf } from '../../src/benchmarks/spec.js';
import { benchDocument } from './documents.js';

const doc = (id: string, fields: Record<string, unknown>, documentType: string | null) =>
  benchDocument(id, fields, {
    mime_type: 'application/pdf',
    labels: ['Contract', documentType ?? 'Other'],
    document_type: documentType,
  });

describe('resolveField (ExtendedDocument.get order)', () => {
  it("resolves document_type to the extraction's document type after the fields and attributes", () => {
    expect(resolveField(doc('a', {}, 'Supply'), 'document_type')).toBe('Supply');
    expect(resolveField(doc('a', {}, 'Supply'), 'Document Type')).toBe('Supply');
    expect(resolveField(doc('b', {}, null), 'document_type')).toBeUndefined();
    // A field of that name in the extraction data wins, as fields always do.
    expect(resolveField(doc('c', { document_type: 'MSA' }, 'Supply'), 'document_type')).toBe('MSA');
    expect(resolveField(doc('d', { 'Document Type': 'MSA' }, 'Supply'), 'document_type')).toBe('MSA');
    // Attributes still resolve, and document_type stays what it was for other names.
    expect(resolveField(doc('e', {}, 'Supply'), 'filename')).toBe('e.pdf');
    expect(resolveField(doc('e', {}, 'Supply'), 'type')).toBeUndefined();
  });
});

describe('groupOf', () => {
  it('groups by the extraction document_type (term_length_vs_peers: group_by = ["document_type"])', () => {
    const docs = [
      doc('s1', { term: { value: 1, unit: 'year' } }, 'Supply'),
      doc('s2', { term: { value: 2, unit: 'year' } }, 'Supply'),
      doc('l1', { term: { value: 3, unit: 'year' } }, 'License'),
      doc('n1', {}, null),
    ];
    const groups = docs.map((d) => groupOf(d, ['document_type']));
    expect(groups.map((g) => g.values)).toEqual([
      { document_type: 'Supply' },
      { document_type: 'Supply' },
      { document_type: 'License' },
      { document_type: null },
    ]);
    expect(groups[0]?.key).toBe(groups[1]?.key);
    expect(new Set(groups.map((g) => g.key)).size).toBe(3);
    expect(groupOf(doc('x', { document_type: 'MSA' }, 'Supply'), ['document_type']).values).toEqual({
      document_type: 'MSA',
    });
  });
});
