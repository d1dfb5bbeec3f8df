import { z } from 'zod';
import { email, uuid } from '../http/schemas.js';
import type { OrganizationRow } from '../organizations/records.js';
import { organizationDto, toOrganizationDto } from '../organizations/schemas.js';
import type { UserRow } from '../users/records.js';
import type { MembershipRow } from './repository.js';

export const membershipDto = z
  .object({
    organization_id: uuid,
    user_id: uuid,
    role: z.enum(['OWNER', 'ADMIN', 'MEMBER']),
    created_at: z.string(),
  })
  .meta({ id: 'Membership' });

export function toMembershipDto(m: MembershipRow): z.infer<typeof membershipDto> {
  return {
    organization_id: m.organizationId,
    user_id: m.userId,
    role: m.role,
    created_at: m.createdAt.toISOString(),
  };
}

export const memberDto = membershipDto
  .extend({ user: z.object({ id: uuid, email: z.string(), name: z.string().nullable() }) })
  .meta({ id: 'Member' });

export function toMemberDto(r: { membership: MembershipRow; user: UserRow }): z.infer<typeof memberDto> {
  return {
    ...toMembershipDto(r.membership),
    user: { id: r.user.id, email: r.user.email, name: r.user.name },
  };
}

export const membershipWithOrganization = membershipDto
  .extend({ organization: organizationDto })
  .meta({ id: 'MembershipWithOrganization' });

export function toMembershipWithOrganization(r: {
  membership: MembershipRow;
  organization: OrganizationRow;
}): z.infer<typeof membershipWithOrganization> {
  return { ...toMembershipDto(r.membership), organization: toOrganizationDto(r.organization) };
}

export const addMemberRequest = z
  .object({
    user_id: uuid.optional(),
    email: email.optional(),
    role: z.enum(['ADMIN', 'MEMBER']).default('MEMBER'),
  })
  .strict()
  .refine((v) => (v.user_id === undefined) !== (v.email === undefined), {
    message: 'give exactly one of user_id or email',
    path: ['user_id'],
  })
  .meta({ id: 'AddMemberRequest' });

export const transferOwnershipRequest = z
  .object({ new_owner_id: uuid })
  .strict()
  .meta({ id: 'TransferOwnershipRequest' });

export const updateMemberRoleRequest = z
  .object({ role: z.enum(['ADMIN', 'MEMBER']).describe('ownership moves only by transfer') })
  .strict()
  .meta({ id: 'UpdateMemberRoleRequest' });

export const memberSortFields = ['created_at', 'role', 'email'] as const;
