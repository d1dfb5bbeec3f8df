import { z } from 'zod';
import { iso, isoDateTime, uuid } from '../http/schemas.js';
import type { ApiKeyRow } from './repository.js';

export const apiKeyCreateRequest = z
  .object({
    name: z.string().trim().min(1).max(100).describe('a label for the key, 1–100 characters'),
    expires_at: isoDateTime.nullish().describe('ISO 8601; the key stops working then'),
    organization_id: uuid.nullish().describe('restricts the key to this organization'),
  })
  .strict()
  .meta({ id: 'ApiKeyCreateRequest' });

export const apiKeyDto = z
  .object({
    id: uuid,
    name: z.string(),
    prefix: z.string().describe('first characters of the key, safe to show'),
    status: z.enum(['ACTIVE', 'REVOKED']),
    organization_id: uuid.nullable(),
    created_at: z.string(),
    expires_at: z.string().nullable(),
    last_used_at: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });

export const apiKeyCreatedDto = apiKeyDto
  .extend({ key: z.string().describe('the plaintext key; shown only in this response') })
  .meta({ id: 'ApiKeyCreated' });

export function toApiKeyDto(row: ApiKeyRow): z.infer<typeof apiKeyDto> {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    status: row.status,
    organization_id: row.organizationId,
    created_at: row.createdAt.toISOString(),
    expires_at: iso(row.expiresAt),
    last_used_at: iso(row.lastUsedAt),
  };
}
