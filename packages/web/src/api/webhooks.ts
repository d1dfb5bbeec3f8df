/**
 * Webhooks (`/api/v1/webhooks`, docs/webhooks.md): the query keys, the hooks that read the
 * endpoints and an endpoint's latest deliveries, create an endpoint (its answer carries the signing
 * secret, shown once) and retry a failed delivery. Each change refreshes the list it changed.
 */
import type { Schema } from '@service/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from './problem';
import { useSession } from './session';

export type Webhook = Schema<'Webhook'>;

/** The page reads at most this many endpoints, and this many latest deliveries of each. */
export const WEBHOOKS_LIMIT = 100;
export const DELIVERIES_LIMIT = 20;

/** Key of an organization's webhook endpoints. */
export const webhooksKey = (organizationId: string | null) => ['webhooks', organizationId] as const;
/** Key of one endpoint's deliveries (endpoint ids are unique across organizations). */
export const deliveriesKey = (webhookId: string) => ['deliveries', webhookId] as const;

/** The organization's first {@link WEBHOOKS_LIMIT} endpoints. */
export function useWebhooks() {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: webhooksKey(organizationId),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/webhooks', {
          params: { query: { pageable: { page: 0, size: WEBHOOKS_LIMIT } } },
        }),
      ).content,
  });
}

/**
 * Creates an endpoint for `url` that receives every event (`event_types: ['*']`); the answer
 * holds the signing secret. The error is the API's problem (400 for a URL it refuses).
 */
export function useCreateWebhook() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (url: string) =>
      unwrap(await api.POST('/api/v1/webhooks', { body: { url, event_types: ['*'] } })),
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

/** Sends a failed delivery of endpoint `webhookId` again, by delivery id. */
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
