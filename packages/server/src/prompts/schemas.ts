import { z } from 'zod';
import { pageableQuery } from '../http/pagination.js';
import type { PromptRow, PromptSummaryRow } from './repository.js';

/** Longest prompt text accepted, in characters. */
export const MAX_PROMPT_CHARS = 100_000;

export const promptId = z
  .string()
  .min(1)
  .max(100)
  .regex(
    /^(?!\.{1,2}$)[A-Za-z0-9_.-]+$/,
    'must be 1–100 characters of A–Z, a–z, 0–9, "_", "." and "-", and not "." or ".."',
  )
  .describe('the id plugins pass to get_prompt: 1–100 characters of A–Z, a–z, 0–9, _ . -');

const version = z.number().int().min(1).describe('version number, from 1');

export const promptParams = z.object({ prompt_id: promptId });

export const promptVersionParams = z.object({
  prompt_id: promptId,
  version: z.coerce.number().int().min(1).max(1_000_000).describe('version number, from 1'),
});

export const promptPutRequest = z
  .object({
    text: z
      .string()
      .min(1)
      .max(MAX_PROMPT_CHARS)
      .describe(`the prompt text, 1–${MAX_PROMPT_CHARS} characters, stored verbatim`),
  })
  .strict()
  .meta({ id: 'PromptPutRequest' });

export const promptListQuery = pageableQuery(['prompt_id', 'updated_at'] as const);

export const promptDto = z
  .object({
    prompt_id: z.string(),
    version: version,
    text: z.string(),
    created_at: z.string().describe('when this version was stored (ISO 8601 UTC)'),
  })
  .meta({ id: 'Prompt' });

export const promptSummaryDto = z
  .object({
    prompt_id: z.string(),
    version: version.describe('the latest version'),
    updated_at: z.string().describe('when the latest version was stored (ISO 8601 UTC)'),
  })
  .meta({ id: 'PromptSummary' });

export const promptVersionDto = z
  .object({
    prompt_id: z.string(),
    version: version,
    created_at: z.string().describe('when this version was stored (ISO 8601 UTC)'),
  })
  .meta({ id: 'PromptVersion' });

export function toPromptDto(row: PromptRow): z.infer<typeof promptDto> {
  return {
    prompt_id: row.promptId,
    version: row.version,
    text: row.text,
    created_at: row.createdAt.toISOString(),
  };
}

export function toPromptSummaryDto(row: PromptSummaryRow): z.infer<typeof promptSummaryDto> {
  return { prompt_id: row.promptId, version: row.version, updated_at: row.updatedAt.toISOString() };
}

export function toPromptVersionDto(row: {
  promptId: string;
  version: number;
  createdAt: Date;
}): z.infer<typeof promptVersionDto> {
  return { prompt_id: row.promptId, version: row.version, created_at: row.createdAt.toISOString() };
}
