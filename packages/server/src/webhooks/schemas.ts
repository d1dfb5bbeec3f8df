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

const url = z
  .string()
  .trim()
  .max(2048)
  .url()
  .refine((v) => /^https?:\/\//i.test(v), 'must be an http or https URL')
  .describe(
    'where events are POSTed; https recommended. Private and loopback addresses are refused unless allowed',
  );

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
  .meta({ id: 'WebhookUpdateRequest' });

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

export function toWebhookDto(row: EndpointRow): z.infer<typeof webhookDto> {
  return {
    id: row.id,
    url: row.url,
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
