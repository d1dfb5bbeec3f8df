/**
 * Bulk actions on a selection of documents (`POST /api/v1/documents/bulk`, docs/api.md "Bulk
 * actions on documents"): the hook that runs one action on every selected document in one
 * request and refreshes every documents list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from './problem';
import { useSession } from './session';

/** An action and, for `set_labels`, the label path to set (root first). */
export type BulkRequest = {
  action: 'reprocess' | 'confirm_labels' | 'set_labels' | 'delete';
  labels?: string[];
};
/** What the action did to each document: counts, and per document whether it worked and why not. */
export type BulkResponse = {
  action: string;
  succeeded: number;
  failed: number;
  results: { document_id: string; ok: boolean; detail: string | null }[];
};

/**
 * Runs a {@link BulkRequest} on `documentIds`; resolves to the {@link BulkResponse}. The error is
 * the API's problem (a refused request as a whole; a document that failed is in the answer).
 */
export function useBulkDocuments() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ documentIds, ...request }: BulkRequest & { documentIds: string[] }) =>
      unwrap(
        await api.POST('/api/v1/documents/bulk', { body: { ...request, document_ids: documentIds } }),
      ) as BulkResponse,
    // Every organization's lists (`documentsKey` is per organization): the rows changed or went.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['documents'] });
    },
  });
}
