import { z } from 'zod';
import { ENTITLEMENT_STATUSES } from '../db/schema-marketplace.js';
import { email, iso, isoDateTime, uuid } from '../http/schemas.js';
import { MARKETPLACE_PLANS } from './plans.js';
import type { EntitlementInput, EntitlementRow } from './repository.js';
import { effectivePlan, effectiveStatus, type Subscription } from './service.js';

const marketplaceId = z.string().trim().min(1).max(200);
const when = isoDateTime.nullable().optional();

export const planEnum = z.enum(MARKETPLACE_PLANS);
export const entitlementStatusEnum = z.enum(ENTITLEMENT_STATUSES);

/** MarketplaceLinkRequest (api-decisions §2). */
export const linkRequest = z
  .object({ entitlement_id: marketplaceId })
  .strict()
  .meta({ id: 'MarketplaceLinkRequest' });

/** MarketplaceLinkByAccountRequest (api-decisions §2). */
export const linkByAccountRequest = z
  .object({ account_id: marketplaceId })
  .strict()
  .meta({ id: 'MarketplaceLinkByAccountRequest' });

/**
 * An entitlement registration (api-decisions §3), from a SYSTEM_ADMIN, a signed provider
 * notification or an import file. Registering a known entitlement_id updates it.
 */
export const entitlementRegistration = z
  .object({
    entitlement_id: marketplaceId,
    account_id: marketplaceId,
    email,
    plan: planEnum,
    status: entitlementStatusEnum.default('ACTIVE'),
    starts_at: when,
    ends_at: when,
  })
  .strict()
  .meta({ id: 'MarketplaceEntitlementRegistration' });

export type EntitlementRegistration = z.infer<typeof entitlementRegistration>;

export function fromRegistration(r: EntitlementRegistration): EntitlementInput {
  return {
    entitlementId: r.entitlement_id,
    accountId: r.account_id,
    email: r.email,
    plan: r.plan,
    status: r.status,
    startsAt: r.starts_at ? new Date(r.starts_at) : null,
    endsAt: r.ends_at ? new Date(r.ends_at) : null,
  };
}

export const entitlementDto = z
  .object({
    id: uuid,
    entitlement_id: z.string(),
    account_id: z.string(),
    email: z.string(),
    plan: planEnum,
    status: entitlementStatusEnum.describe('ACTIVE past ends_at reads EXPIRED'),
    effective_plan: planEnum.describe('the plan whose quotas apply: plan while ACTIVE, else free'),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    organization_id: uuid.nullable(),
    linked_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'MarketplaceEntitlement' });

export function toEntitlementDto(e: EntitlementRow): z.infer<typeof entitlementDto> {
  return {
    id: e.id,
    entitlement_id: e.entitlementId,
    account_id: e.accountId,
    email: e.email,
    plan: e.plan,
    status: effectiveStatus(e),
    effective_plan: effectivePlan(e),
    starts_at: iso(e.startsAt),
    ends_at: iso(e.endsAt),
    organization_id: e.organizationId,
    linked_at: iso(e.linkedAt),
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

export const subscriptionDto = z
  .object({
    plan: planEnum.describe('plan of the linked entitlement; free when none'),
    status: z
      .union([entitlementStatusEnum, z.literal('NONE')])
      .describe('NONE when no entitlement is linked'),
    effective_plan: planEnum.describe('the plan whose quotas apply now'),
    entitlement_id: z.string().nullable(),
    account_id: z.string().nullable(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
  })
  .meta({ id: 'MarketplaceSubscription' });

export function toSubscriptionDto(s: Subscription): z.infer<typeof subscriptionDto> {
  return { ...s, starts_at: iso(s.starts_at), ends_at: iso(s.ends_at) };
}
