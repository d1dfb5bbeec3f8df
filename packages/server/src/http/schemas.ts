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
