/**
 * Webhooks (`/api/v1/webhooks`, docs/webhooks.md): the event types an endpoint can receive, the
 * query keys, and the hooks that read the endpoints and an endpoint's latest deliveries, create an
 * endpoint, change it (URL, event types, description, enabled), delete it, rotate its signing
 * secret (create and rotate answer with the secret, shown once) and retry a failed delivery. The
 * endpoints are read a page at a time; each change refreshes every page of the lists it changed.
 */
import type { Schema } from '@service/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pageableOf } from '../lib/list-search';
import { unwrap } from './problem';
import { useSession } from './session';

export type Webhook = Schema<'Webhook'>;
export type WebhookCreateRequest = Schema<'WebhookCreateRequest'>;
export type WebhookUpdateRequest = Schema<'WebhookUpdateRequest'>;
/** An entry of `event_types`: an event type, or `'*'` (alone) for every type. */
export type WebhookEventTypeChoice = WebhookCreateRequest['event_types'][number];
export type WebhookEventType = Exclude<WebhookEventTypeChoice, '*'>;

/** The `event_types` entry that stands for every event type, present and future. */
export const ALL_EVENTS = '*' satisfies WebhookEventTypeChoice;

/**
 * Every event type with when it is emitted (docs/webhooks.md "Events"). The API serves the list
 * only inside its whole OpenAPI document, so the picker's list lives here, keyed by the generated
 * schema's enum: when the server adds or drops a type, the client's test fails until the client is
 * generated again, and then this object stops compiling until it matches.
 */
export const WEBHOOK_EVENT_TYPES: Record<WebhookEventType, string> = {
  'document.received': 'a document is ingested',
  'document.classified': 'classification finished',
  'document.extracted': 'extraction finished',
  'document.failed': 'a pipeline step failed for good',
  'contract.created': 'a contract record was derived or posted',
  'contract.updated': 'a contract changed',
  'contract.renewal_upcoming': 'a renewal alert threshold was reached',
  'benchmark.computed': 'a benchmark run finished',
  'benchmark.flagged': 'a document was flagged by a benchmark',
  'alert.created': 'an alert was raised',
  'alert.updated': "an alert's status changed",
  'source.sync_completed': 'a source sync ended',
  'source.requires_reauthorization': "a source's credentials stopped working",
};

/** Whether `value` is an entry the API accepts in `event_types`. */
export const isEventTypeChoice = (value: string): value is WebhookEventTypeChoice =>
  value === ALL_EVENTS || Object.hasOwn(WEBHOOK_EVENT_TYPES, value);

/** The page reads this many latest deliveries of each endpoint. */
export const DELIVERIES_LIMIT = 20;

/** Key of every page of an organization's webhook endpoints. */
export const webhooksKey = (organizationId: string | null) => ['webhooks', organizationId] as const;
/** Key of one page of them (1-based). */
export const webhooksPageKey = (organizationId: string | null, page: number) =>
  [...webhooksKey(organizationId), page] as const;
/** Key of one endpoint's deliveries (endpoint ids are unique across organizations). */
export const deliveriesKey = (webhookId: string) => ['deliveries', webhookId] as const;

/**
 * 1-based `page` of the organization's endpoints, newest first (the API's order), as the API's
 * page (`content`, and `page.total_elements` for the pager); the previous page stays shown while
 * the next loads.
 */
export function useWebhooks(page = 1) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: webhooksPageKey(organizationId, page),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/webhooks', { params: { query: { pageable: pageableOf(page) } } })),
    placeholderData: keepPreviousData,
  });
}

/**
 * Creates an endpoint; the answer holds the signing secret. The error is the API's problem (400
 * naming the field it refuses, 403 below ADMIN).
 */
export function useCreateWebhook() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WebhookCreateRequest) => unwrap(await api.POST('/api/v1/webhooks', { body })),
    // Not awaited: the secret is shown at once, the list follows.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhooksKey(organizationId) });
    },
  });
}

/**
 * Changes endpoint `webhookId` with the fields given (the others stay): `enabled: true`
 * re-enables it and clears `disabled_reason`; `enabled: false` also fails its pending
 * deliveries, so its delivery log is read again too.
 */
export function useUpdateWebhook(webhookId: string) {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WebhookUpdateRequest) =>
      unwrap(await api.PATCH('/api/v1/webhooks/{id}', { params: { path: { id: webhookId } }, body })),
    onSuccess: (_, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhooksKey(organizationId) }),
        body.enabled !== undefined && queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) }),
      ]),
  });
}

/** Deletes endpoint `webhookId` with its delivery log. */
export function useDeleteWebhook(webhookId: string) {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(await api.DELETE('/api/v1/webhooks/{id}', { params: { path: { id: webhookId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(organizationId) }),
  });
}

/**
 * Replaces the signing secret of endpoint `webhookId`; the answer holds the new one. The previous
 * secret keeps signing during the server's grace period (24 h by default).
 */
export function useRotateWebhookSecret(webhookId: string) {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/v1/webhooks/{id}/rotate-secret', { params: { path: { id: webhookId } } })),
    // Not awaited: the secret is shown at once, the list follows.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhooksKey(organizationId) });
    },
  });
}

/** The latest {@link DELIVERIES_LIMIT} deliveries of endpoint `webhookId`, with their attempts. */
export function useDeliveries(webhookId: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: deliveriesKey(webhookId),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/webhooks/{id}/deliveries', {
          params: { path: { id: webhookId }, query: { pageable: { page: 0, size: DELIVERIES_LIMIT } } },
        }),
      ).content,
  });
}

/** Sends a failed delivery of endpoint `webhookId` again, by delivery id (409 while it is disabled). */
export function useRetryDelivery(webhookId: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: string) =>
      unwrap(
        await api.POST('/api/v1/webhooks/{id}/deliveries/{deliveryId}/retry', {
          params: { path: { id: webhookId, deliveryId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) }),
  });
}

/** What a person edits of an endpoint: its URL, event types and description ('' for none). */
export interface WebhookFields {
  url: string;
  eventTypes: WebhookEventTypeChoice[];
  description: string;
}

/**
 * The fields of endpoint `w` as the form starts from. Its event types come from the same enum as
 * the picker's, so the filter only narrows the type.
 */
export const fieldsOf = (w: Webhook): WebhookFields => ({
  url: w.url,
  eventTypes: w.event_types.filter(isEventTypeChoice),
  description: w.description ?? '',
});

/** The create body of `fields`: trimmed, without a description when it is blank. */
export function createBody(fields: WebhookFields): WebhookCreateRequest {
  const description = fields.description.trim();
  return { url: fields.url.trim(), event_types: fields.eventTypes, ...(description ? { description } : {}) };
}

/**
 * The PATCH body that turns endpoint `current` into `fields`: only what differs, so saving does not
 * put back a field someone else changed meanwhile (the page sends nothing when nothing differs).
 * Event types are compared as a set (their order means nothing); a cleared description is `null`.
 */
export function updateBody(current: Webhook, fields: WebhookFields): WebhookUpdateRequest {
  const body: WebhookUpdateRequest = {};
  const url = fields.url.trim();
  if (url !== current.url) body.url = url;
  const types = new Set<string>(fields.eventTypes);
  if (types.size !== current.event_types.length || current.event_types.some((t) => !types.has(t)))
    body.event_types = fields.eventTypes;
  const description = fields.description.trim() || null;
  if (description !== current.description) body.description = description;
  return body;
}
