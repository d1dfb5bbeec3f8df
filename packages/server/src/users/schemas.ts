import { z } from 'zod';
import { email, uuid } from '../http/schemas.js';

export const userProfile = z
  .object({
    id: uuid,
    email: z.string(),
    name: z.string().nullable(),
    is_system_admin: z.boolean(),
    default_organization_id: uuid.nullable(),
    roles: z.array(
      z.object({
        organization_id: uuid.nullable().describe('null for the platform-wide SYSTEM_ADMIN role'),
        role: z.enum(['OWNER', 'ADMIN', 'MEMBER', 'SYSTEM_ADMIN']),
      }),
    ),
    created_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .meta({ id: 'UserProfile' });

const name = z.string().trim().min(1).max(200);

export const createUserRequest = z
  .object({
    email,
    name: name.nullish(),
    role: z.enum(['ADMIN', 'MEMBER']).default('MEMBER').describe('role in the active organization'),
  })
  .strict()
  .meta({ id: 'CreateUserRequest' });

export const userUpdateRequest = z
  .object({
    name: name.nullish(),
    default_organization_id: uuid.nullish().describe('organization used when no X-Organization-Id is sent'),
  })
  .strict()
  .meta({ id: 'UserUpdateRequest' });

export const updateUserRequest = z
  .object({
    name: name.nullish(),
    role: z.enum(['ADMIN', 'MEMBER']).optional().describe('role in the active organization'),
  })
  .strict()
  .meta({ id: 'UpdateUserRequest' });

export const userSortFields = ['created_at', 'email', 'name'] as const;
