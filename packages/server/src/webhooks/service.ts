import { recordAudit } from '../audit/service.js';
import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { checkWebhookUrl } from '../egress/address-policy.js';
import {
  failPendingDeliveries,
  findDelivery,
  listEndpointDeliveries,
  requeueDelivery,
} from '../events/records.js';
import { conflict, HttpProblem, notFound } from '../http/problem.js';
import * as repo from './repository.js';
import { newWebhookSecret, openSecret, sealSecret } from './secrets.js';
import { webhookSettings } from './settings.js';

export type { DeliveryRow } from '../events/records.js';
export type { AttemptRow, EndpointRow } from './repository.js';

/** Roles that manage webhook endpoints (api-decisions §3). */
const WEBHOOK_ROLES = ['OWNER', 'ADMIN'] as const;

/** @throws HttpProblem 400 naming `body.url` when the URL is not acceptable (scheme, SSRF policy) */
async function requireAcceptableUrl(ctx: Pick<AppContext, 'config'>, url: string): Promise<void> {
  const problem = await checkWebhookUrl(url, webhookSettings(ctx).allowPrivate);
  if (problem) {
    throw new HttpProblem(400, `Invalid request: body.url: ${problem}`, {
      errors: [{ field: 'body.url', message: problem }],
    });
  }
}

/** Input of POST /webhooks. */
export interface WebhookCreateInput {
  url: string;
  event_types: string[];
  description?: string | null | undefined;
}

/**
 * Disables an endpoint with a reason, if still enabled, and fails its pending deliveries (they
 * can be retried by hand once it is enabled again), in the caller's transaction.
 *
 * @returns true when this call disabled it
 */
export async function disableEndpoint(tx: Executor, id: string, reason: string): Promise<boolean> {
  const now = new Date();
  const disabled = await repo.disableEndpoint(tx, id, reason, now);
  await failPendingDeliveries(tx, id, now);
  return disabled;
}

/**
 * POST /webhooks: registers an endpoint with a new signing secret.
 *
 * @returns the endpoint row and its secret (`whsec_…`), which is shown only now
 * @throws HttpProblem 403 unless OWNER or ADMIN; 400 naming `body.url` for a refused URL
 */
export async function createWebhook(
  ctx: Pick<AppContext, 'config' | 'db'>,
  principal: Principal,
  tenant: Tenant,
  input: WebhookCreateInput,
) {
  requireRole(principal, tenant.role, WEBHOOK_ROLES);
  await requireAcceptableUrl(ctx, input.url);
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertEndpoint(tx, {
      organizationId: tenant.organizationId,
      url: input.url,
      eventTypes: input.event_types,
      description: input.description ?? null,
      secretCiphertext: sealSecret(ctx.config.secretKey, secret),
      createdBy: principal.user.id,
    });
    await recordAudit(tx, {
      organizationId: tenant.organizationId,
      action: 'webhook.create',
      resourceType: 'webhook',
      resourceId: inserted.id,
      changes: { url: inserted.url, event_types: inserted.eventTypes, description: inserted.description },
    });
    return inserted;
  });
  return { row, secret };
}

/**
 * An endpoint of the tenant.
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when absent or another tenant's
 */
export async function getWebhook(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  requireRole(principal, tenant.role, WEBHOOK_ROLES);
  const row = await repo.findEndpoint(ctx.db, tenant.organizationId, id);
  if (!row) throw notFound('Webhook');
  return row;
}

/** GET /webhooks: a page of the tenant's endpoints. @throws HttpProblem 403 unless OWNER or ADMIN */
export async function listWebhooks(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  p: Parameters<typeof repo.listEndpoints>[2],
) {
  requireRole(principal, tenant.role, WEBHOOK_ROLES);
  return repo.listEndpoints(ctx.db, tenant.organizationId, p);
}

/** Input of PATCH /webhooks/{id}; absent fields are unchanged. */
export interface WebhookUpdateInput {
  url?: string | undefined;
  event_types?: string[] | undefined;
  description?: string | null | undefined;
  enabled?: boolean | undefined;
}

/**
 * PATCH /webhooks/{id}. `enabled: true` re-enables a disabled endpoint and resets its failure
 * record; `enabled: false` disables it (reason "disabled by a user"), failing its pending
 * deliveries, which can be retried by hand later.
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when absent or another tenant's; 400 naming
 *   `body.url` for a refused URL
 */
export async function updateWebhook(
  ctx: Pick<AppContext, 'config' | 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
  input: WebhookUpdateInput,
) {
  const current = await getWebhook(ctx, principal, tenant, id);
  if (input.url !== undefined && input.url !== current.url) await requireAcceptableUrl(ctx, input.url);
  return ctx.db.transaction(async (tx) => {
    const patch: Parameters<typeof repo.updateEndpoint>[2] = {};
    if (input.url !== undefined) patch.url = input.url;
    if (input.event_types !== undefined) patch.eventTypes = input.event_types;
    if (input.description !== undefined) patch.description = input.description;
    if (input.enabled === true && !current.enabled) {
      Object.assign(patch, {
        enabled: true,
        disabledReason: null,
        disabledAt: null,
        failingSince: null,
        consecutiveFailures: 0,
      });
    }
    if (input.enabled === false && current.enabled) {
      await disableEndpoint(tx, id, 'disabled by a user');
    }
    const row = await repo.updateEndpoint(tx, id, patch);
    if (!row) throw notFound('Webhook');
    return row;
  });
}

/**
 * DELETE /webhooks/{id}: removes the endpoint with its deliveries and their log.
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when absent or another tenant's
 */
export async function deleteWebhook(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  await getWebhook(ctx, principal, tenant, id);
  await repo.deleteEndpoint(ctx.db, id);
}

/**
 * POST /webhooks/{id}/rotate-secret: a new signing secret. For
 * SERVICE_WEBHOOK_SECRET_GRACE_SECONDS the previous secret signs too (two signatures in
 * `webhook-signature`, per Standard Webhooks), so receivers can switch without losing events.
 *
 * @returns the endpoint and the new secret, shown only now
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when absent or another tenant's
 */
export async function rotateWebhookSecret(
  ctx: Pick<AppContext, 'config' | 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
) {
  const current = await getWebhook(ctx, principal, tenant, id);
  const grace = webhookSettings(ctx).secretGraceSeconds;
  const secret = newWebhookSecret();
  const row = await repo.updateEndpoint(ctx.db, id, {
    secretCiphertext: sealSecret(ctx.config.secretKey, secret),
    previousSecretCiphertext: grace > 0 ? current.secretCiphertext : null,
    previousSecretExpiresAt: grace > 0 ? new Date(Date.now() + grace * 1000) : null,
  });
  if (!row) throw notFound('Webhook');
  return { row, secret };
}

/**
 * The secrets that sign a request to the endpoint now: the current one, and the previous one
 * during the grace period of a rotation.
 */
export function signingSecrets(
  ctx: Pick<AppContext, 'config'>,
  endpoint: repo.EndpointRow,
  now = new Date(),
): string[] {
  const secrets = [openSecret(ctx.config.secretKey, endpoint.secretCiphertext)];
  if (
    endpoint.previousSecretCiphertext &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt > now
  ) {
    secrets.push(openSecret(ctx.config.secretKey, endpoint.previousSecretCiphertext));
  }
  return secrets;
}

/**
 * GET /webhooks/{id}/deliveries: a page of the endpoint's deliveries with their attempts.
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when the endpoint is absent or another tenant's
 */
export async function listWebhookDeliveries(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
  p: Parameters<typeof listEndpointDeliveries>[2],
) {
  const endpoint = await getWebhook(ctx, principal, tenant, id);
  const { rows, total } = await listEndpointDeliveries(ctx.db, endpoint.id, p);
  const attempts = await repo.attemptsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => ({ delivery: r, attempts: attempts.get(r.id) ?? [] })), total };
}

/**
 * POST /webhooks/{id}/deliveries/{deliveryId}/retry: makes the delivery due now with a fresh
 * retry schedule, whatever its status (a SUCCEEDED one is sent again, same `webhook-id`).
 *
 * @throws HttpProblem 403 unless OWNER or ADMIN; 404 when the endpoint or delivery is absent or
 *   another tenant's; 409 when the endpoint is disabled or an attempt is in flight
 */
export async function retryWebhookDelivery(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  id: string,
  deliveryId: string,
) {
  const endpoint = await getWebhook(ctx, principal, tenant, id);
  const delivery = await findDelivery(ctx.db, deliveryId);
  if (!delivery || delivery.endpointId !== endpoint.id) throw notFound('Delivery');
  if (!endpoint.enabled) {
    throw conflict('The webhook is disabled; enable it (PATCH enabled: true) before retrying its deliveries');
  }
  const row = await requeueDelivery(ctx.db, delivery.id);
  if (!row) throw conflict('The delivery is being attempted right now; try again when the attempt ends');
  return row;
}
