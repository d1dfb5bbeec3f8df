import { z } from 'zod';

/** PATCH /api/v1/documents/{id}/extraction: the corrected values, by field name. */
export const correctExtractionRequest = z
  .object({
    data: z
      .record(z.string().min(1).max(100), z.unknown())
      .refine((d) => Object.keys(d).length >= 1 && Object.keys(d).length <= 100, {
        message: 'between 1 and 100 fields',
      })
      .meta({ minProperties: 1, maxProperties: 100 })
      .describe(
        "field name → corrected value in the field's dtype (date `YYYY-MM-DD`, money `{amount, currency}`, duration `{value, unit}` or `P90D`, list[string] an array); null clears the field",
      ),
  })
  .strict()
  .meta({ id: 'CorrectExtractionRequest' });
