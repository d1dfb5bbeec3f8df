/**
 * Documents (`/api/v1/documents`, docs/api.md): the query keys, the hooks that read a page of the
 * list for the documents page's state, the processed documents whose labels wait for
 * confirmation (the review page), upload a file with its progress, and confirm a document's label
 * path. Uploading refreshes the list; confirming refreshes the documents to confirm.
 *
 * The documents to confirm keep their own key root, `['unconfirmed', …]`, and a single document
 * is `['document', organizationId, id]`: components/FieldCorrections.tsx and
 * pages/DocumentDetail.tsx invalidate those literally.
 */
import type { Schema } from '@service/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DocumentsSearch, documentsQuery } from '../lib/documents-search';
import { toConfirmQuery } from '../lib/review-search';
import { unwrap } from './problem';
import { useSession } from './session';
import { progressFetch } from './upload';

export type Document = Schema<'Document'>;

/** The list refreshes itself this often (ms) while a row on it is still being processed. */
export const PROCESSING_REFRESH_MS = 2000;

/** Key of every documents list of an organization. */
export const documentsKey = (organizationId: string | null) => ['documents', organizationId] as const;
/** Key of one page of the list for the page's `search`. */
export const documentsPageKey = (organizationId: string | null, search: DocumentsSearch) =>
  [...documentsKey(organizationId), search] as const;
/** Key of every page of the processed documents whose labels are not confirmed. */
export const unconfirmedKey = (organizationId: string | null) => ['unconfirmed', organizationId] as const;
/** Key of one page of them. */
export const unconfirmedPageKey = (organizationId: string | null, page: number) =>
  [...unconfirmedKey(organizationId), page] as const;

const processing = (d: Document) => d.status === 'RECEIVED' || d.status === 'PROCESSING';

/**
 * One page of documents for `search` (Spring page, spec 2.2); the previous page stays shown
 * while the next loads, and the page refreshes every {@link PROCESSING_REFRESH_MS} while a row is
 * RECEIVED or PROCESSING.
 */
export function useDocuments(search: DocumentsSearch) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: documentsPageKey(organizationId, search),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/documents', { params: { query: documentsQuery(search) } })),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.content.some(processing) ? PROCESSING_REFRESH_MS : false),
  });
}

/**
 * One page (1-based) of the PROCESSED documents whose labels nobody confirmed yet, newest first
 * (the server filters: `labels_confirmed=false`); the previous page stays shown while the next loads.
 */
export function useDocumentsToConfirm(page: number) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: unconfirmedPageKey(organizationId, page),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/documents', { params: { query: toConfirmQuery(page) } })),
    placeholderData: keepPreviousData,
  });
}

/**
 * Sets and confirms a document's label path (root first). The error is the API's problem (400
 * naming a label the ontology lacks).
 */
export function useConfirmLabels() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, labels }: { id: string; labels: string[] }) =>
      unwrap(await api.PUT('/api/v1/documents/{id}/labels', { params: { path: { id } }, body: { labels } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unconfirmedKey(organizationId) }),
  });
}

/**
 * Uploads one file as multipart (`POST /api/v1/documents`), reporting the fraction sent to
 * `onProgress`; resolves to the stored document and refreshes the list (not awaited). Rejects
 * with an `ApiError` (413 for a file over the limit, 415 for a type not accepted).
 */
export function useUploadDocument() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return async (file: File, onProgress: (fraction: number) => void) => {
    const stored = unwrap(
      await api.POST('/api/v1/documents', {
        body: { file: file as unknown as string },
        bodySerializer: () => {
          const form = new FormData();
          form.append('file', file, file.name);
          return form;
        },
        fetch: progressFetch(onProgress),
      }),
    );
    void queryClient.invalidateQueries({ queryKey: documentsKey(organizationId) });
    return stored;
  };
}
