/**
 * The JSON text of a listed document, written without parsing its stored JSON documents: the
 * list's and the search's hot path (docs/performance.md "A list page's JSON as stored",
 * decision 613). The text is the `Document` of `documents/schemas.ts` that `toDocumentDto`
 * followed by the response schema's serializer gives for the same row, with keys in another
 * order; `test/documents/json.test.ts` holds the two equal on real pipeline results.
 */
import type { ListedDocument } from './list-repository.js';
import { documentScalars } from './schemas.js';

/**
 * One document as the API's `Document` JSON object, with a search hit's `search` member when
 * given. The stored trace, extraction, metadata and
 * step timings are inserted as the database wrote them: stored as the schema shows them (every
 * trace step with its `decision`, every extraction with `confidence`, `unsupported_fields` and
 * `corrections`; migration 0014 completed older rows).
 */
export function documentJson(d: ListedDocument, search?: { rank: number; snippet: string }): string {
  const scalars = JSON.stringify({ ...documentScalars(d), benchmark_scores: [] });
  return (
    `${scalars.slice(0, -1)},"metadata":${d.metadataJson},"classification_trace":${d.traceJson}` +
    `,"extraction":${d.extractionJson ?? 'null'},"step_timings":${d.stepTimingsJson}` +
    `${search ? `,"search":${JSON.stringify(search)}` : ''}}`
  );
}
