/**
 * Alerts (`GET /api/alerts`, `PUT /api/alerts/{id}`, docs/contracts.md "Alerts"): the query keys,
 * the hook that reads one page of the active organization's alerts for the alerts page's state,
 * and the one that acknowledges or snoozes an alert (which refreshes every page of them).
 */
import type { Schema } from '@service/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AlertsSearch, alertsQuery } from '../lib/contracts-search';
import { unwrap } from './problem';
import { useSession } from './session';

export type Alert = Schema<'Alert'>;

/** How long "Snooze" puts an alert aside: 7 days, in milliseconds. */
export const SNOOZE_MS = 7 * 86_400_000;

/** Key of every page of an organization's alerts. */
export const alertsKey = (organizationId: string | null) => ['alerts', organizationId] as const;
/** Key of one page of alerts for the page's `search`. */
export const alertsPageKey = (organizationId: string | null, search: AlertsSearch) =>
  [...alertsKey(organizationId), search] as const;

/**
 * One page of alerts for `search` (status OPEN when absent), `{data, meta}` (spec 2.2); the
 * previous page stays shown while the next loads.
 */
export function useAlerts(search: AlertsSearch) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: alertsPageKey(organizationId, search),
    queryFn: async () => unwrap(await api.GET('/api/alerts', { params: { query: alertsQuery(search) } })),
    placeholderData: keepPreviousData,
  });
}

/**
 * Acknowledges an alert, or (`snooze: true`) snoozes it until {@link SNOOZE_MS} from now. The
 * error is the API's problem (404 for an alert deleted meanwhile, 400 for an invalid change).
 */
export function useUpdateAlert() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, snooze }: { id: string; snooze: boolean }) =>
      unwrap(
        await api.PUT('/api/alerts/{id}', {
          params: { path: { id } },
          body: snooze
            ? { status: 'SNOOZED', snoozed_until: new Date(Date.now() + SNOOZE_MS).toISOString() }
            : { status: 'ACKNOWLEDGED' },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey(organizationId) }),
  });
}
