import { z } from 'zod';
import { email, uuid } from '../http/schemas.js';
import type { OrganizationRow } from '../organizations/records.js';
import type { InvitationRow } from './repository.js';
import { effectiveStatus } from './service.js';

export const invitationStatus = z.enum(['PENDING', 'ACCEPTED', 'REJECTED', 'REVOKED', 'EXPIRED']);

export const invitationDto = z
  .object({
    id: uuid,
    email: z.string(),
    organization_id: uuid,
    role: z.enum(['ADMIN', 'MEMBER']),
    status: invitationStatus,
    expires_at: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Invitation' });

export function toInvitationDto(r: InvitationRow): z.infer<typeof invitationDto> {
  return {
    id: r.id,
    email: r.email,
    organization_id: r.organizationId,
    role: r.role,
    status: effectiveStatus(r),
    expires_at: r.expiresAt.toISOString(),
    created_at: r.createdAt.toISOString(),
  };
}

export const publicInvitationDto = invitationDto
  .extend({ organization: z.object({ id: uuid, name: z.string(), slug: z.string() }) })
  .meta({ id: 'InvitationDetails' });

export function toPublicInvitationDto(r: { invitation: InvitationRow; organization: OrganizationRow }) {
  return {
    ...toInvitationDto(r.invitation),
    organization: { id: r.organization.id, name: r.organization.name, slug: r.organization.slug },
  };
}

export const createInvitationRequest = z
  .object({
    email,
    role: z.enum(['ADMIN', 'MEMBER']).default('MEMBER'),
    organization_id: uuid.optional().describe('default: the active organization'),
  })
  .strict()
  .meta({ id: 'CreateInvitationRequest' });

export const invitationSortFields = ['created_at', 'email', 'status'] as const;
