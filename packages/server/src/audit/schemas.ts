import { z } from 'zod';
import { iso, uuid } from '../http/schemas.js';
import type { AuditRow } from './repository.js';

export const auditEntryDto = z
  .object({
    id: uuid,
    organization_id: uuid.nullable().describe('null for platform actions'),
    actor: z.object({
      type: z.enum(['USER', 'API_KEY', 'PLUGIN', 'SYSTEM']),
      user_id: uuid.nullable(),
      email: z.string().nullable(),
      api_key_id: uuid.nullable(),
      plugin_id: uuid.nullable(),
    }),
    action: z
      .string()
      .describe('<resource>.<verb>, or "<METHOD> <route>" for calls audited by the HTTP layer'),
    resource_type: z.string(),
    resource_id: z.string().nullable(),
    changes: z.record(z.string(), z.unknown()).describe('changed fields; secrets appear as [REDACTED]'),
    ip_address: z.string().nullable(),
    user_agent: z.string().nullable(),
    request_id: z.string().nullable(),
    in_transaction: z.boolean().describe('written in the transaction of the change'),
    created_at: z.string(),
  })
  .meta({ id: 'AuditEntry' });

export function toAuditEntryDto(r: AuditRow): z.infer<typeof auditEntryDto> {
  return {
    id: r.id,
    organization_id: r.organizationId,
    actor: {
      type: r.actorType,
      user_id: r.actorUserId,
      email: r.actorEmail,
      api_key_id: r.actorApiKeyId,
      plugin_id: r.actorPluginId,
    },
    action: r.action,
    resource_type: r.resourceType,
    resource_id: r.resourceId,
    changes: r.changes,
    ip_address: r.ipAddress,
    user_agent: r.userAgent,
    request_id: r.requestId,
    in_transaction: r.inTransaction,
    created_at: iso(r.createdAt) ?? '',
  };
}
