import { z } from 'zod';

/** Shared zod pieces for request and response schemas. */
export const uuid = z.string().uuid();
export const idParams = z.object({ id: uuid.describe('UUID of the resource') });
export const orgIdParams = z.object({ orgId: uuid.describe('UUID of the organization') });
export const timestamp = z.string().describe('ISO 8601 UTC timestamp');
export const email = z
  .string()
  .trim()
  .max(254)
  .email()
  .transform((v) => v.toLowerCase());
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The ISO 4217 codes in use, from the runtime's ICU data: three letters alone let a typo such as
 * "EUD" or "XXZ" through, and a contract's value in an unknown currency cannot be compared.
 */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** True for an ISO 4217 currency code in use, in any case (`eur`, `USD`). */
export function isCurrencyCode(code: string): boolean {
  return CURRENCIES.has(code.toUpperCase());
}

/** An ISO 4217 currency code in use, any case on input, upper case after parsing. */
export const currencyCode = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'must be an ISO 4217 code')
  .refine(isCurrencyCode, 'must be an ISO 4217 code in use (EUR, USD, …)')
  .transform((c) => c.toUpperCase());

/** Years a stored timestamp may have: PostgreSQL and JavaScript agree on them without surprises. */
const MIN_YEAR = 1970;
const MAX_YEAR = 9999;
const yearOf = (s: string) => Number(s.slice(0, 4));
/** The year bounds as a JSON Schema pattern beside zod's own format pattern (refine is not translated). */
const yearBounds = { allOf: [{ pattern: '^(19[7-9][0-9]|[2-9][0-9]{3})-' }] };

/** An ISO 8601 date-time with offset (RFC 3339), in years 1970–9999. */
export const isoDateTime = z.iso
  .datetime({ offset: true })
  .refine(
    (s) => yearOf(s) >= MIN_YEAR && yearOf(s) <= MAX_YEAR,
    `must be between ${MIN_YEAR} and ${MAX_YEAR}`,
  )
  .meta(yearBounds);

/** An ISO 8601 calendar date YYYY-MM-DD, in years 1970–9999. */
export const isoDate = z.iso
  .date()
  .refine(
    (s) => yearOf(s) >= MIN_YEAR && yearOf(s) <= MAX_YEAR,
    `must be between ${MIN_YEAR} and ${MAX_YEAR}`,
  )
  .meta(yearBounds);

/** A classification plugin's decision at one ontology level (reported with SDK `report_classification`). */
export const classificationDecision = z
  .object({
    label: z.string().nullable().describe('the best label the plugin considered, also when it abstained'),
    probability: z.number().describe("that label's probability in [0, 1], as the plugin estimates it"),
    runner_up: z.string().nullable().describe('the second-best label'),
    runner_up_probability: z.number().nullable(),
    evidence: z.array(z.string()).describe('the terms that weighed most for the label, strongest first'),
    abstention_reason: z
      .string()
      .nullable()
      .describe('why the plugin returned None (e.g. "no evidence", "small margin"); null when it answered'),
  })
  .meta({ id: 'ClassificationDecision' });
