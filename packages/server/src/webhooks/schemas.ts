import { z } from 'zod';
import { EVENT_TYPES } from '../events/outbox.js';
import type { DeliveryRow } from '../events/records.js';
import { pageableQuery } from '../http/pagination.js';
import { iso, uuid } from '../http/schemas.js';
import type { AttemptRow, EndpointRow } from './repository.js';

const eventTypes = z
  .array(z.enum([...EVENT_TYPES, '*']))
  .min(1)
  .max(EVENT_TYPES.length)
  .refine((v) => new Set(v).size === v.length, 'must not repeat an event type')
  .refine((v) => !v.includes('*') || v.length === 1, '"*" (every event type) must be the only entry')
  .describe(`event types to receive (api-decisions §4), or ["*"] for all: ${EVENT_TYPES.join(', ')}`)
  // The two refinements as JSON Schema, so the document states them (zod does not translate
  // refine); if/then rather than anyOf, which generated clients turn into an untyped value.
  .meta({
    uniqueItems: true,
    if: { minItems: 2 },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, never awaited
    then: { items: { not: { const: '*' } } },
  });

/** Why a URL with `user:password@` is refused (decision 700). */
export const URL_CREDENTIALS_MESSAGE =
  'must not contain a user name or password (user:password@): they would be stored and shown as part of ' +
  'the URL; receivers authenticate requests by their webhook-signature (docs/webhooks.md)';

/** True when `raw` parses as a URL carrying userinfo (`user@`, `user:pass@`, `:pass@`). */
export function hasUrlCredentials(raw: string): boolean {
  try {
    const u = new URL(raw);
    return u.username !== '' || u.password !== '';
  } catch {
    return false;
  }
}

const url = z
  .string()
  .trim()
  .max(2048)
  .url()
  .refine((v) => /^https?:\/\//i.test(v), 'must be an http or https URL')
  .refine((v) => !hasUrlCredentials(v), URL_CREDENTIALS_MESSAGE)
  .describe(
    'where events are POSTed; https recommended. Private and loopback addresses are refused unless allowed. ' +
      'No user name or password in it: requests are authenticated by their signature',
  )
  // The two refinements as JSON Schema: an http(s) scheme, then an authority without `@`
  // (a backslash ends the authority of an http URL as a slash does, WHATWG URL).
  .meta({ pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\\\]+([/?#\\\\].*)?$' });

const description = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .describe('a note for people, at most 500 characters');

export const webhookCreateRequest = z
  .object({ url, event_types: eventTypes, description })
  .strict()
  .meta({ id: 'WebhookCreateRequest' });

export const webhookUpdateRequest = z
  .object({
    url: url.optional(),
    event_types: eventTypes.optional(),
    description,
    enabled: z
      .boolean()
      .optional()
      .describe('true re-enables a disabled endpoint and clears disabled_reason'),
  })
  .strict()
  // As PUT /api/alerts/{id}: a change that names nothing is a mistake, not a no-op.
  .refine((v) => Object.keys(v).length > 0, {
    message: 'give at least one of url, event_types, description, enabled',
  })
  // The refinement as JSON Schema (the object is strict: its keys are those four).
  .meta({ id: 'WebhookUpdateRequest', minProperties: 1 });

export const webhookDto = z
  .object({
    id: uuid,
    url: z.string(),
    event_types: z.array(z.string()),
    description: z.string().nullable(),
    enabled: z.boolean(),
    disabled_reason: z
      .string()
      .nullable()
      .describe('why the endpoint was disabled (410 Gone, sustained failure, a user)'),
    disabled_at: z.string().nullable(),
    failing_since: z.string().nullable().describe('first failed attempt since the last success'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Webhook' });

export const webhookWithSecretDto = webhookDto
  .extend({
    secret: z
      .string()
      .describe('the signing secret (whsec_…, Standard Webhooks); shown only in this response'),
  })
  .meta({ id: 'WebhookWithSecret' });

export const webhookListQuery = pageableQuery(['created_at', 'url'] as const);

export const deliveryListQuery = pageableQuery(['created_at', 'next_attempt_at'] as const).extend({
  status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']).optional().describe('only deliveries in this status'),
});

export const deliveryParams = z.object({
  id: uuid.describe('UUID of the webhook endpoint'),
  deliveryId: uuid.describe('UUID of the delivery'),
});

export const attemptDto = z
  .object({
    at: z.string(),
    response_status: z.number().int().nullable().describe('HTTP status, null when no response arrived'),
    response_body: z.string().nullable().describe('the response body, truncated to 2 KB'),
    error: z.string().nullable().describe('network error, time-out or SSRF refusal'),
    duration_ms: z.number().int(),
  })
  .meta({ id: 'WebhookDeliveryAttempt' });

export const deliveryDto = z
  .object({
    id: uuid,
    webhook_id: uuid,
    event_id: uuid,
    event_type: z.string(),
    status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
    attempt_count: z.number().int(),
    next_attempt_at: z.string().nullable().describe('when the next attempt is due (PENDING only)'),
    last_attempt_at: z.string().nullable(),
    created_at: z.string(),
    attempts: z.array(attemptDto).describe('oldest first'),
  })
  .meta({ id: 'WebhookDelivery' });

export const retryAcceptedDto = z
  .object({ id: uuid, status: z.literal('PENDING'), next_attempt_at: z.string() })
  .meta({ id: 'WebhookRetryAccepted' });

/**
 * `raw` with the password of its userinfo replaced by `***`. URLs with credentials are refused
 * since decision 700; an endpoint registered before keeps working but never shows its password.
 */
export function redactUrlCredentials(raw: string): string {
  if (!hasUrlCredentials(raw)) return raw;
  const u = new URL(raw);
  if (u.password !== '') u.password = '***';
  return u.toString();
}

/** The API shape of an endpoint: never its secrets, nor the password of a URL registered with one. */
export function toWebhookDto(row: EndpointRow): z.infer<typeof webhookDto> {
  return {
    id: row.id,
    url: redactUrlCredentials(row.url),
    event_types: row.eventTypes,
    description: row.description,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    disabled_at: iso(row.disabledAt),
    failing_since: iso(row.failingSince),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toAttemptDto(row: AttemptRow): z.infer<typeof attemptDto> {
  return {
    at: row.attemptedAt.toISOString(),
    response_status: row.responseStatus,
    response_body: row.responseBody,
    error: row.error,
    duration_ms: row.durationMs,
  };
}

export function toDeliveryDto(row: DeliveryRow, attempts: AttemptRow[]): z.infer<typeof deliveryDto> {
  return {
    id: row.id,
    webhook_id: row.endpointId ?? '',
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempt_count: row.attemptCount,
    next_attempt_at: row.status === 'PENDING' ? iso(row.nextAttemptAt) : null,
    last_attempt_at: iso(row.lastAttemptAt),
    created_at: row.createdAt.toISOString(),
    attempts: attempts.map(toAttemptDto),
  };
}
