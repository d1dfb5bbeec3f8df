/**
 * Pure rules of corrected extraction values (docs/api.md "Correcting extracted values"): checking
 * a value against its field's dtype, applying corrections to a stored extraction while keeping
 * the machine's original, and carrying corrections over a re-extraction.
 */
import { isIsoDate, MAX_DURATION_YEARS, parseDuration } from '../contracts/renewal.js';
import type { FieldCorrection, StoredExtraction } from '../db/schema.js';
import { isCurrencyCode } from '../http/schemas.js';

/** Longest string (and list item) a corrected value may hold. */
export const MAX_VALUE_CHARS = 10_000;
/** Most items of a corrected `list[string]`. */
export const MAX_LIST_ITEMS = 100;

export type CheckedValue = { ok: true; value: unknown } | { ok: false; message: string };

const fail = (message: string): CheckedValue => ({ ok: false, message });

function isText(v: unknown): v is string {
  return typeof v === 'string' && v.length <= MAX_VALUE_CHARS && !v.includes('\u0000');
}

/**
 * Checks a corrected value against the ontology dtype of its field and returns it in the shape the
 * built-in extractor stores (so contract derivation and benchmarks read it like an extracted one):
 * `date` `YYYY-MM-DD`; `money` `{amount, currency}` (currency an ISO 4217 code or null);
 * `duration` `{value, unit, iso}` (unit day|week|month|year, or an ISO 8601 `P90D` string);
 * `list[string]` an array of strings. `null` clears the value. A field of unknown dtype takes a
 * string, number, boolean or list of strings.
 */
export function checkValue(dtype: string | undefined, raw: unknown): CheckedValue {
  if (raw === null) return { ok: true, value: null };
  switch (dtype) {
    case 'string':
      return isText(raw)
        ? { ok: true, value: raw.trim() }
        : fail(`a string of at most ${MAX_VALUE_CHARS} characters`);
    case 'number':
      return typeof raw === 'number' && Number.isFinite(raw)
        ? { ok: true, value: raw }
        : fail('a finite number');
    case 'integer':
      return Number.isSafeInteger(raw) ? { ok: true, value: raw } : fail('an integer');
    case 'boolean':
      return typeof raw === 'boolean' ? { ok: true, value: raw } : fail('true or false');
    case 'date':
      return isIsoDate(raw) ? { ok: true, value: raw } : fail('a calendar date YYYY-MM-DD');
    case 'money': {
      const o = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as {
        amount?: unknown;
        currency?: unknown;
      };
      const amount = typeof raw === 'number' ? raw : o.amount;
      const currency = typeof raw === 'number' ? null : (o.currency ?? null);
      if (typeof amount !== 'number' || !Number.isFinite(amount))
        return fail('{"amount": number, "currency": "ISO 4217 code" or null}');
      if (currency !== null && !(typeof currency === 'string' && isCurrencyCode(currency)))
        return fail('{"amount": number, "currency": null or an ISO 4217 code in use (EUR, USD, …)}');
      return { ok: true, value: { amount, currency: currency === null ? null : currency.toUpperCase() } };
    }
    case 'duration': {
      const d = parseDuration(raw);
      if (!d)
        return fail(
          `{"value": positive number, "unit": "day"|"week"|"month"|"year"} or an ISO 8601 duration like P90D, at most ${MAX_DURATION_YEARS} years`,
        );
      const letter = { day: 'D', week: 'W', month: 'M', year: 'Y' }[d.unit];
      return { ok: true, value: { value: d.value, unit: d.unit, iso: `P${d.value}${letter}` } };
    }
    case 'list[string]':
      return Array.isArray(raw) && raw.length <= MAX_LIST_ITEMS && raw.every(isText)
        ? { ok: true, value: raw.map((s) => s.trim()).filter((s) => s !== '') }
        : fail(`a list of at most ${MAX_LIST_ITEMS} strings`);
    default:
      if (isText(raw) || typeof raw === 'boolean' || (typeof raw === 'number' && Number.isFinite(raw)))
        return { ok: true, value: raw };
      if (Array.isArray(raw) && raw.length <= MAX_LIST_ITEMS && raw.every(isText))
        return { ok: true, value: raw };
      return fail('a string, number, boolean or list of strings');
  }
}

/**
 * The extraction with `values` written into `data` (a `null` value removes the field) and each
 * corrected field recorded in `corrections` with who and when. `original` is the value the
 * extraction plugin read; a field corrected twice keeps the plugin's value, not the first
 * correction. A corrected field is no longer an LLM-read one.
 */
export function applyCorrections(
  extraction: StoredExtraction,
  values: Record<string, unknown>,
  by: { userId: string | null; email: string | null },
  at: Date,
): StoredExtraction {
  const data = { ...extraction.data };
  const corrections: Record<string, FieldCorrection> = { ...(extraction.corrections ?? {}) };
  for (const [field, value] of Object.entries(values)) {
    const original = field in corrections ? corrections[field]?.original : (extraction.data[field] ?? null);
    corrections[field] = {
      value,
      original: original ?? null,
      corrected_by: by.userId,
      corrected_by_email: by.email,
      corrected_at: at.toISOString(),
    };
    if (value === null) delete data[field];
    else data[field] = value;
  }
  return {
    ...extraction,
    data,
    llm_fields: extraction.llm_fields.filter((f) => !(f in values)),
    corrections,
  };
}

/**
 * A new extraction of a document that people corrected before: the corrected values win over
 * what the plugin read again (as confirmed labels win over classification), and `original` becomes
 * the plugin's new reading. Corrections of fields the new extraction was not asked for are dropped.
 */
export function carryCorrections(
  previous: StoredExtraction | null | undefined,
  next: StoredExtraction,
  requestedFields: readonly string[],
): StoredExtraction {
  const kept = Object.entries(previous?.corrections ?? {}).filter(([field]) =>
    requestedFields.includes(field),
  );
  if (kept.length === 0) return next;
  const data = { ...next.data };
  const corrections: Record<string, FieldCorrection> = {};
  for (const [field, c] of kept) {
    corrections[field] = { ...c, original: next.data[field] ?? null };
    if (c.value === null) delete data[field];
    else data[field] = c.value;
  }
  return {
    ...next,
    data,
    llm_fields: next.llm_fields.filter((f) => !(f in corrections)),
    corrections,
  };
}
