import type { Env } from '../config/env.js';
import { type WebhookSettings, webhooksSection } from '../config/webhooks.js';
import type { Config } from '../config.js';

export { STANDARD_RETRY_SCHEDULE, type WebhookSettings } from '../config/webhooks.js';

/**
 * Reads the SERVICE_WEBHOOK_* settings alone from `env`; unrelated variables are ignored.
 * (A process reads them once, with every other setting, in `loadConfig`.)
 *
 * @throws ConfigError naming each invalid variable
 */
export function loadWebhookSettings(env: Env): WebhookSettings {
  return webhooksSection.load(env);
}

/** The webhook settings of a context (`ctx.config.webhooks`). */
export function webhookSettings(ctx: { config: Config }): WebhookSettings {
  return ctx.config.webhooks;
}

/**
 * Gives a running context other webhook settings, read from `env` over the defaults (used by
 * tests and embedders that build several apps in one process). Workers pick them up on their
 * next loop.
 *
 * @throws ConfigError when a value is invalid
 */
export function setWebhookSettings(ctx: { config: Config }, env: Env): WebhookSettings {
  const settings = webhooksSection.load(env);
  // A copy: another context built from the same Config keeps its own settings.
  ctx.config = { ...ctx.config, webhooks: settings };
  return settings;
}
