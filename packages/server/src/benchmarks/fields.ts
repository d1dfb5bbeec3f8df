/**
 * Field access on benchmark documents with the semantics of the SDK's `ExtendedDocument.get`
 * (sdk/python/src/service_sdk/models/documents.py), so that the engine joins and groups on exactly
 * the values the plugin's `document.get(name)` sees. Aliases come from the shared field registry.
 */
import { aliasesOf, normalizeKey } from '../fields/registry.js';

/**
 * A document as the engine hands it to a benchmark: the Document attributes plus `fields`
 * (the extraction data) and `document_type` (the extraction's document type, e.g. the leaf
 * label the built-in contract extractor reports; null when the extractor gave none). Shape of
 * `ExtendedDocument.from_dict` without `aggregations`.
 */
export interface BenchDocument {
  id: string;
  filename: string;
  mime_type: string | null;
  labels: string[];
  metadata: Record<string, unknown>;
  source_id: string | null;
  organization_id: string;
  created_at: string;
  size_bytes: number | null;
  sha256: string | null;
  fields: Record<string, unknown>;
  document_type: string | null;
}

const DOCUMENT_ATTRS = new Set([
  'id',
  'filename',
  'mime_type',
  'text',
  'pages',
  'labels',
  'metadata',
  'source_id',
  'organization_id',
  'created_at',
  'size_bytes',
  'sha256',
]);

const normalizedCache = new WeakMap<object, Map<string, unknown>>();

function normalizedFields(fields: Record<string, unknown>): Map<string, unknown> {
  let m = normalizedCache.get(fields);
  if (!m) {
    m = new Map();
    // Later keys win, as in the SDK's dict comprehension.
    for (const [k, v] of Object.entries(fields)) m.set(normalizeKey(k), v);
    normalizedCache.set(fields, m);
  }
  return m;
}

/**
 * The value of field `name`, in the order of `ExtendedDocument.get`: the exact key in `fields`;
 * the normalized key; an alias; a document attribute (non-null); for `document_type`, the
 * extraction's document type (non-null; a field of that name in `fields` wins, as fields always
 * do); else undefined.
 */
export function resolveField(doc: BenchDocument, name: string): unknown {
  if (Object.hasOwn(doc.fields, name)) return doc.fields[name];
  const key = normalizeKey(name);
  const normalized = normalizedFields(doc.fields);
  if (normalized.has(key)) return normalized.get(key);
  for (const alias of aliasesOf(key)) if (normalized.has(alias)) return normalized.get(alias);
  if (DOCUMENT_ATTRS.has(key)) {
    const v = (doc as unknown as Record<string, unknown>)[key];
    if (v !== null && v !== undefined) return v;
  }
  if (key === 'document_type' && doc.document_type !== null && doc.document_type !== undefined)
    return doc.document_type;
  return undefined;
}
