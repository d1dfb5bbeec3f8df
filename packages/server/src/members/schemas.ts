import { z } from 'zod';
import { email, uuid } from '../http/schemas.js';
import type { MembershipRow } from '../organizations/records.js';
import { membershipDto, toMembershipDto } from '../organizations/schemas.js';
import type { UserRow } from '../users/records.js';

export const memberDto = membershipDto
  .extend({ user: z.object({ id: uuid, email: z.string(), name: z.string().nullable() }) })
  .meta({ id: 'Member' });

export function toMemberDto(r: { membership: MembershipRow; user: UserRow }): z.infer<typeof memberDto> {
  return {
    ...toMembershipDto(r.membership),
    user: { id: r.user.id, email: r.user.email, name: r.user.name },
  };
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
  // The refinement as JSON Schema: not both, and email when no user_id (if/then rather than
  // oneOf, which generated clients turn into an untyped body).
  .meta({
    id: 'AddMemberRequest',
    not: { required: ['user_id', 'email'] },
    if: { not: { required: ['user_id'] } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, never awaited
    then: { required: ['email'] },
  });

export const transferOwnershipRequest = z
  .object({ new_owner_id: uuid })
  .strict()
  .meta({ id: 'TransferOwnershipRequest' });

export const updateMemberRoleRequest = z
  .object({ role: z.enum(['ADMIN', 'MEMBER']).describe('ownership moves only by transfer') })
  .strict()
  .meta({ id: 'UpdateMemberRoleRequest' });

export const memberSortFields = ['created_at', 'role', 'email'] as const;
