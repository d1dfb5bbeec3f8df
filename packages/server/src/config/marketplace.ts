import { z } from 'zod';
import { section } from './env.js';

/** Settings of the marketplace domain (docs/operations.md "Marketplace"). */
export interface MarketplaceSettings {
  /** Shared secret of signed provider notifications; unset = only SYSTEM_ADMIN may register entitlements. */
  webhookSecret: string | undefined;
  /** How far a notification's timestamp may be from now, in seconds (replay window). */
  toleranceSeconds: number;
  /** Period of the scan that expires entitlements past `ends_at`; 0 = no scan (expiry is still checked on read). */
  expiryScanSeconds: number;
}

/** SERVICE_MARKETPLACE_*. */
export const marketplaceSection = section(
  z.object({
    SERVICE_MARKETPLACE_WEBHOOK_SECRET: z.string().min(16).optional(),
    SERVICE_MARKETPLACE_SIGNATURE_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    SERVICE_MARKETPLACE_EXPIRY_SCAN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  }),
  (e): MarketplaceSettings => ({
    webhookSecret: e.SERVICE_MARKETPLACE_WEBHOOK_SECRET,
    toleranceSeconds: e.SERVICE_MARKETPLACE_SIGNATURE_TOLERANCE_SECONDS,
    expiryScanSeconds: e.SERVICE_MARKETPLACE_EXPIRY_SCAN_SECONDS,
  }),
);
