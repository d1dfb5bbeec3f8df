/**
 * Saved views (`/api/v1/saved-views`, docs/api.md "Saved views"): the query key, and hooks to list,
 * save and delete the signed-in user's views of the active organization. Saving or deleting one
 * refreshes every list of them (the sidebar and the documents page).
 */
import type { Schema } from '@service/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from './problem';
import { useSession } from './session';

export type SavedView = Schema<'SavedView'>;
type NewView = Schema<'SavedViewCreateRequest'>;
/** The filters and sort a view keeps (the documents page's address without page and columns). */
export type SavedViewQuery = NewView['query'];

/** Key of the saved views of an organization. */
export const savedViewsKey = (organizationId: string | null) => ['saved-views', organizationId] as const;

/** The user's saved views of the documents list in the active organization, by name. */
export function useSavedViews() {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: savedViewsKey(organizationId),
    enabled: organizationId !== null,
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/saved-views', { params: { query: { resource: 'documents' } } })).content,
  });
}

/** Saves a view; the answer is the stored view. */
export function useSaveView() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (view: NewView) => unwrap(await api.POST('/api/v1/saved-views', { body: view })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewsKey(organizationId) }),
  });
}

/** Deletes a view by id. */
export function useDeleteView() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE('/api/v1/saved-views/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewsKey(organizationId) }),
  });
}
