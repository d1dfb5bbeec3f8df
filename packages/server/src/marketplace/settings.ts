import { z } from 'zod';

const schema = z.object({
  SERVICE_MARKETPLACE_WEBHOOK_SECRET: z.string().min(16).optional(),
  SERVICE_MARKETPLACE_SIGNATURE_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  SERVICE_MARKETPLACE_EXPIRY_SCAN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
});

/** Settings of the marketplace domain (docs/operations.md "Marketplace"). */
export interface MarketplaceSettings {
  /** Shared secret of signed provider notifications; unset = only SYSTEM_ADMIN may register entitlements. */
  webhookSecret: string | undefined;
  /** How far a notification's timestamp may be from now, in seconds (replay window). */
  toleranceSeconds: number;
  /**
   * Period of the scheduled task that expires entitlements past `ends_at` (a queue cron, in whole
   * minutes; jobs/workers.ts); 0 = no scan (expiry is still checked on read).
   */
  expiryScanSeconds: number;
}

/** Thrown for an invalid marketplace setting; the message names the variable. */
export class MarketplaceSettingsError extends Error {}

/**
 * Reads the marketplace settings from `env` (default `process.env`) at call time.
 *
 * @throws MarketplaceSettingsError naming the invalid variable
 */
export function loadMarketplaceSettings(env: NodeJS.ProcessEnv = process.env): MarketplaceSettings {
  const parsed = schema.safeParse(
    Object.fromEntries(
      Object.entries(env).filter(([k, v]) => k.startsWith('SERVICE_MARKETPLACE_') && v !== ''),
    ),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new MarketplaceSettingsError(`invalid setting ${String(issue?.path[0])}: ${issue?.message}`);
  }
  const e = parsed.data;
  return {
    webhookSecret: e.SERVICE_MARKETPLACE_WEBHOOK_SECRET,
    toleranceSeconds: e.SERVICE_MARKETPLACE_SIGNATURE_TOLERANCE_SECONDS,
    expiryScanSeconds: e.SERVICE_MARKETPLACE_EXPIRY_SCAN_SECONDS,
  };
}
