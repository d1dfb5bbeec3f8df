import { MARKETPLACE_PLANS } from '../db/schema-marketplace.js';

/** A plan an entitlement can carry. */
export type PlanName = (typeof MARKETPLACE_PLANS)[number];
export { MARKETPLACE_PLANS };

/** The limits of a plan, in the units of OrganizationQuotasDto (null = unlimited). */
export interface PlanQuotas {
  maxDocumentsPerMonth: number | null;
  maxStorageBytes: number | null;
  maxSources: number | null;
  maxPlugins: number | null;
  maxMembers: number | null;
  apiRequestsPerMinute: number | null;
}

const GIB = 1024 ** 3;

/**
 * The plans, in one place (docs/operations.md "Plans" repeats this table). A linked ACTIVE
 * entitlement writes its plan's quotas into the organization's quotas row; when it is cancelled,
 * suspended or expires the organization falls back to `free`.
 */
export const PLANS: Readonly<Record<PlanName, Readonly<PlanQuotas>>> = {
  free: {
    maxDocumentsPerMonth: 100,
    maxStorageBytes: 1 * GIB,
    maxSources: 2,
    maxPlugins: 2,
    maxMembers: 5,
    apiRequestsPerMinute: 120,
  },
  standard: {
    maxDocumentsPerMonth: 5_000,
    maxStorageBytes: 50 * GIB,
    maxSources: 20,
    maxPlugins: 20,
    maxMembers: 50,
    apiRequestsPerMinute: 1_200,
  },
  enterprise: {
    maxDocumentsPerMonth: 100_000,
    maxStorageBytes: 1024 * GIB,
    maxSources: 200,
    maxPlugins: 100,
    maxMembers: 1_000,
    apiRequestsPerMinute: 6_000,
  },
};

/** The quotas of `plan`, as a fresh object ready for the quotas row. */
export function quotasOfPlan(plan: PlanName): PlanQuotas {
  return { ...PLANS[plan] };
}
