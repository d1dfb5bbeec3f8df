/**
 * Contracts (`GET /api/contracts`, docs/contracts.md): the query keys, the hook that reads one
 * page of the table for the contracts page's state, and the one that reads the renewals of the
 * coming twelve months for the timeline. Corrections of a contract's document refresh them
 * (`useCorrectExtraction` in documents.ts invalidates {@link contractsKey}).
 */
import type { Schema } from '@service/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ContractsSearch, contractsQuery } from '../lib/contracts-search';
import { unwrap } from './problem';
import { useSession } from './session';

export type Contract = Schema<'Contract'>;
/** A contract with every version, newest first (`GET /api/contracts/{id}`). */
export type ContractDetail = Schema<'ContractDetail'>;

/** The timeline reads at most this many renewals (the API's largest page). */
export const TIMELINE_LIMIT = 100;

/** Key of every contracts query of an organization. */
export const contractsKey = (organizationId: string | null) => ['contracts', organizationId] as const;
/** Key of one page of the table for the page's `search`. */
export const contractsPageKey = (organizationId: string | null, search: ContractsSearch) =>
  [...contractsKey(organizationId), search] as const;
/** Key of the coming year's renewals. */
export const renewalsKey = (organizationId: string | null) =>
  [...contractsKey(organizationId), 'timeline'] as const;

/** One page of contracts for `search`, `{data, meta}`; the previous page stays shown while the next loads. */
export function useContracts(search: ContractsSearch) {
  const { api, organizationId } = useSession();
  // The contract shown above the table is not part of the table's page: opening or closing it
  // does not read the page again.
  const { contract: _shown, ...table } = search;
  return useQuery({
    queryKey: contractsPageKey(organizationId, table),
    queryFn: async () =>
      unwrap(await api.GET('/api/contracts', { params: { query: contractsQuery(table) } })),
    placeholderData: keepPreviousData,
  });
}

/** Contract `id` with its versions; not asked for while `id` is undefined. */
export function useContract(id: string | undefined) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: [...contractsKey(organizationId), 'one', id],
    queryFn: async () =>
      unwrap(await api.GET('/api/contracts/{id}', { params: { path: { id: id as string } } })),
    enabled: id !== undefined,
  });
}

/** The first day of the month twelve months after `from`'s (YYYY-MM-DD): the timeline's end. */
export function yearAhead(from = new Date()): string {
  return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 12, 1)).toISOString().slice(0, 10);
}

/**
 * The contracts renewing before {@link yearAhead}, by renewal date, at most
 * {@link TIMELINE_LIMIT} (`meta.total` counts them all), whatever page or filter the table shows.
 */
export function useUpcomingRenewals() {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: renewalsKey(organizationId),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/contracts', {
          params: { query: { renewal_before: yearAhead(), sort: 'renewal_date', per_page: TIMELINE_LIMIT } },
        }),
      ),
  });
}
