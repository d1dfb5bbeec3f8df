import { z } from 'zod';
import type { OntologyLabel } from '../db/schema.js';
import { classificationDecision, uuid } from '../http/schemas.js';
import type { LabelSuggestionRow } from './repository.js';
import { DTYPES, MAX_ONTOLOGY_DEPTH, tooDeepAt } from './tree.js';

export const ontologyField = z
  .object({
    name: z
      .string()
      .trim()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'must be an identifier (letters, digits, _)'),
    dtype: z.enum(DTYPES),
    description: z.string().max(2000).default(''),
  })
  .strict();

export const ontologyLabel: z.ZodType<OntologyLabel, unknown> = z
  .object({
    name: z.string().trim().min(1).max(100),
    description: z.string().max(4000).default(''),
    keywords: z.array(z.string().trim().min(1).max(100)).max(200).default([]),
    fields: z.array(ontologyField).max(100).default([]),
    children: z
      .array(z.lazy(() => ontologyLabel))
      .max(500)
      .default([]),
  })
  .strict()
  .meta({ id: 'OntologyLabel' }) as unknown as z.ZodType<OntologyLabel, unknown>;

export const ontologyDto = z
  .object({
    version: z.number().int().describe('returned; ignored on PUT'),
    labels: z.array(ontologyLabel),
  })
  .meta({ id: 'Ontology' });

const reportWarning = z
  .object({
    code: z
      .enum([
        'same_type_as_sibling',
        'maps_to_nothing',
        'generic_name',
        'description_contradicts_name',
        'meaning_differs',
      ])
      .describe('docs/pipeline.md "The ontology report"'),
    label: z.string(),
    message: z.string().describe('what is wrong and what to do, in a sentence'),
    related: z.array(z.string()).describe('the other labels concerned (e.g. the sibling of the same kind)'),
  })
  .meta({ id: 'OntologyReportWarning' });

/** The built-in classifier's reading of an ontology (issue 33; `report.py`'s shape). */
export const ontologyReportDto = z
  .object({
    version: z.number().int().describe('the ontology version reported on'),
    labels: z.array(
      z.object({
        name: z.string(),
        path: z.array(z.string()).describe('root first'),
        types: z
          .array(z.object({ type: z.string(), score: z.number().min(0).max(1) }))
          .describe('the knowledge-base kinds the label is read as, best first'),
        meaning: z
          .object({ type: z.string(), similarity: z.number().min(-1).max(1) })
          .nullable()
          .describe(
            "below the root: the kind the label's words read as a sentence are closest to (cosine similarity); null at the root",
          ),
        warnings: z.array(reportWarning),
      }),
    ),
    warnings: z.array(reportWarning).describe("every label's warnings"),
  })
  .meta({ id: 'OntologyReport' });
export type OntologyReport = z.infer<typeof ontologyReportDto>;

export const putOntologyResponse = ontologyDto
  .extend({
    report: ontologyReportDto
      .nullable()
      .optional()
      .describe(
        'with `?report=true` only: how the built-in classifier reads the saved labels; null when it could not be made',
      ),
  })
  .meta({ id: 'OntologyUpdateResponse' });

/** The label list, refused as too deep before the recursive label schema walks it. */
const labelList = z.preprocess((labels, ctx) => {
  const at = tooDeepAt(labels);
  if (at)
    ctx.addIssue({
      code: 'custom',
      path: at,
      message: `the ontology may be at most ${MAX_ONTOLOGY_DEPTH} levels deep`,
      input: labels,
    });
  return labels;
}, z.array(ontologyLabel).max(500));

export const putOntologyRequest = z
  .object({ version: z.number().int().optional(), labels: labelList })
  .strict()
  .meta({ id: 'OntologyUpdateRequest' });

export const labelSuggestionDto = z
  .object({
    id: uuid,
    document_id: uuid.nullable(),
    parent_path: z.array(z.string()),
    label: z.string().nullable().describe('the label the plugin returned, null when it returned None'),
    reason: z.enum(['NO_LABEL', 'LLM_SUGGESTED']),
    decision: classificationDecision
      .nullable()
      .describe("the classification plugin's confidence at the level that asked for this suggestion"),
    status: z.enum(['PENDING', 'ACCEPTED', 'REJECTED']),
    created_at: z.string(),
    resolved_at: z.string().nullable(),
  })
  .meta({ id: 'LabelSuggestion' });

export function toSuggestionDto(r: LabelSuggestionRow): z.infer<typeof labelSuggestionDto> {
  return {
    id: r.id,
    document_id: r.documentId,
    parent_path: r.parentPath,
    label: r.label,
    reason: r.reason,
    decision: r.decision ?? null,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    resolved_at: r.resolvedAt ? r.resolvedAt.toISOString() : null,
  };
}

export const acceptSuggestionRequest = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe('label name; required when the suggestion has none'),
    description: z.string().max(4000).optional(),
    keywords: z.array(z.string().trim().min(1).max(100)).max(200).optional(),
  })
  .strict()
  .meta({ id: 'AcceptLabelSuggestionRequest' });
