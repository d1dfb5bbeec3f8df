import type { Evidence, StoredExtraction } from '../db/schema.js';
import { PluginError } from '../engine/runtime-protocol.js';

/**
 * Turns the runtime's ExtractionResult (`{data, llm_fields, document_type}`) into the stored
 * extraction. Evidence that a plugin reports under the reserved key `data._evidence`
 * (`{field: [{start, end, text, rule?}]}`, character offsets into the document text, and the id
 * of the rule that produced the value) moves to `evidence`, with the 1-based page of each span
 * computed from the page texts; `data._confidence`
 * (`{field: probability in [0, 1]}`) moves to `confidence` and `data._unsupported` (field names)
 * to `unsupported_fields`. Plugins count
 * offsets in Python `str` indices (Unicode code points); they are stored as UTF-16 code-unit
 * offsets, the indices of JavaScript strings and of the text the API returns, so that
 * `text.slice(start, end)` is the evidence in any JSON client that indexes like JavaScript.
 *
 * @throws PluginError WrongReturnType when the result does not have the ExtractionResult shape
 */
export function toStoredExtraction(result: unknown, pages: string[], plugin: string): StoredExtraction {
  if (!result || typeof result !== 'object' || Array.isArray(result)) {
    throw new PluginError('WrongReturnType', 'extract must return ExtractionResult');
  }
  const r = result as { data?: unknown; llm_fields?: unknown; document_type?: unknown };
  if (!r.data || typeof r.data !== 'object' || Array.isArray(r.data)) {
    throw new PluginError('WrongReturnType', 'ExtractionResult.data must be a dict of field name to value');
  }
  const {
    _evidence: rawEvidence,
    _confidence: rawConfidence,
    _unsupported: rawUnsupported,
    ...data
  } = r.data as Record<string, unknown>;
  const llmFields = Array.isArray(r.llm_fields)
    ? r.llm_fields.filter((f): f is string => typeof f === 'string')
    : [];
  const evidence: Record<string, Evidence[]> = {};
  if (rawEvidence && typeof rawEvidence === 'object') {
    const starts = pageStarts(pages);
    const toUtf16 = codePointToUtf16(pages.join('\n\n'));
    for (const [field, spans] of Object.entries(rawEvidence as Record<string, unknown>)) {
      if (!Array.isArray(spans)) continue;
      evidence[field] = spans
        .filter((s): s is { start: number; end: number; text?: unknown; rule?: unknown } => {
          const o = s as { start?: unknown; end?: unknown };
          return (
            Number.isInteger(o.start) && Number.isInteger(o.end) && (o.start as number) <= (o.end as number)
          );
        })
        .map((s) => {
          const start = toUtf16(s.start);
          return {
            start,
            end: toUtf16(s.end),
            page: pageOf(starts, start),
            text: typeof s.text === 'string' ? s.text : '',
            ...(typeof s.rule === 'string' && s.rule ? { rule: s.rule } : {}),
          };
        });
    }
  }
  const confidence: Record<string, number> = {};
  if (rawConfidence && typeof rawConfidence === 'object') {
    for (const [field, p] of Object.entries(rawConfidence as Record<string, unknown>))
      if (typeof p === 'number' && p >= 0 && p <= 1) confidence[field] = p;
  }
  const unsupported = Array.isArray(rawUnsupported)
    ? rawUnsupported.filter((f): f is string => typeof f === 'string')
    : [];
  return {
    data,
    llm_fields: llmFields,
    document_type: typeof r.document_type === 'string' ? r.document_type : null,
    evidence,
    confidence,
    unsupported_fields: unsupported,
    plugin,
    corrections: {},
  };
}

/**
 * Maps a code-point index of `text` to its UTF-16 index. Identity when the text has no
 * characters outside the Basic Multilingual Plane (no surrogate pairs), which is the usual case.
 */
function codePointToUtf16(text: string): (index: number) => number {
  if (!/[\uD800-\uDBFF]/.test(text)) return (i) => i;
  const map: number[] = [];
  let unit = 0;
  for (const ch of text) {
    map.push(unit);
    unit += ch.length;
  }
  map.push(unit);
  return (i) => map[Math.min(Math.max(i, 0), map.length - 1)] ?? i;
}

/** Offsets at which each page starts in `pages.join('\n\n')` (the parser's document text). */
function pageStarts(pages: string[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const p of pages) {
    starts.push(at);
    at += p.length + 2;
  }
  return starts;
}

function pageOf(starts: number[], offset: number): number | null {
  if (starts.length <= 1) return starts.length === 1 ? 1 : null;
  let page = 1;
  for (let i = 0; i < starts.length; i++) if ((starts[i] ?? 0) <= offset) page = i + 1;
  return page;
}
