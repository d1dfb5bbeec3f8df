import type { BenchDocument } from '../../src/benchmarks/fields.js';

/**
 * A benchmark document as the engine builds it (benchmarks/runner.ts `toBenchDocument`) with
 * these extraction values; `overrides` sets any other attribute (labels, document_type …).
 */
export function benchDocument(
  id: string,
  fields: Record<string, unknown>,
  overrides: Partial<BenchDocument> = {},
): BenchDocument {
  return {
    id,
    filename: `${id}.pdf`,
    mime_type: null,
    labels: [],
    metadata: {},
    source_id: null,
    organization_id: 'o',
    created_at: '2026-01-01T00:00:00Z',
    size_bytes: 1,
    sha256: null,
    fields,
    document_type: null,
    ...overrides,
  };
}
