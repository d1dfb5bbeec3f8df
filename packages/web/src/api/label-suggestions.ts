/**
 * Label suggestions (`/api/v1/label-suggestions`, docs/classification.md): the query key, the hook
 * that reads the pending ones, and those that accept (adding the label to the ontology, under the
 * suggested name or another) or reject one; either refreshes the pending list.
 */
import type { Schema } from '@service/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pendingSuggestionsQuery } from '../lib/review-search';
import { unwrap } from './problem';
import { useSession } from './session';

export type LabelSuggestion = Schema<'LabelSuggestion'>;

/** Key of every page of an organization's pending label suggestions. */
export const labelSuggestionsKey = (organizationId: string | null) =>
  ['suggestions', organizationId] as const;

/** One page (1-based) of the PENDING suggestions (a Spring page); the previous stays shown while the next loads. */
export function usePendingSuggestions(page: number) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: [...labelSuggestionsKey(organizationId), page],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/label-suggestions', { params: { query: pendingSuggestionsQuery(page) } }),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * Accepts a suggestion; `name`, when given, replaces the suggested label's name. The error is the
 * API's problem (409 when it was decided meanwhile or the label exists).
 */
export function useAcceptSuggestion() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name?: string | undefined }) =>
      unwrap(
        await api.POST('/api/v1/label-suggestions/{id}/accept', {
          params: { path: { id } },
          body: name === undefined ? {} : { name },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labelSuggestionsKey(organizationId) }),
  });
}

/** Rejects a suggestion by id. */
export function useRejectSuggestion() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.POST('/api/v1/label-suggestions/{id}/reject', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labelSuggestionsKey(organizationId) }),
  });
}
