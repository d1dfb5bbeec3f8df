/**
 * Documents (`/api/v1/documents`, docs/api.md): the query keys, the hooks that read a page of the
 * list for the documents page's state, the processed documents whose labels wait for
 * confirmation (the review page), upload a file with its progress (through the organization's
 * manual-upload connection), and confirm a document's label
 * path; and for the document page, one document, its text and its original file, reprocess it and
 * correct its extracted values. Uploading refreshes the list; confirming refreshes the documents
 * to confirm; reprocessing refreshes the document; a correction refreshes the document, the
 * documents to confirm and the contracts.
 *
 * The documents to confirm keep their own key root, `['unconfirmed', …]`, and a single document
 * is `['document', organizationId, id]`, so refreshing the list leaves them alone.
 */
import type { Schema, ServiceClient } from '@service/client';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type DocumentsSearch, documentsQuery } from '../lib/documents-search';
import { toConfirmQuery } from '../lib/review-search';
import { contractsKey } from './contracts';
import { ApiError, unwrap } from './problem';
import { useSession } from './session';
import { coverageKey, manualUploadKey, manualUploadSource } from './sources';
import { progressFetch } from './upload';

export type Document = Schema<'Document'>;

/** The list refreshes itself this often (ms) while a row on it is still being processed. */
export const PROCESSING_REFRESH_MS = 2000;
/** One document refreshes itself this often (ms) while it is RECEIVED or PROCESSING. */
export const DOCUMENT_REFRESH_MS = 1500;

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

/** Key of one document. */
export const documentKey = (organizationId: string | null, id: string) =>
  ['document', organizationId, id] as const;
/** Key of a document's text as of its run that ended at `processedAt` (a new run reads it again). */
export const documentTextKey = (
  organizationId: string | null,
  id: string,
  processedAt: string | null | undefined,
) => ['document-text', organizationId, id, processedAt] as const;

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
 * Uploads one file as multipart (`POST /api/v1/documents`) through the organization's
 * manual-upload connection: its id (asked once, {@link manualUploadSource}) goes as `source_id`,
 * so the document counts under that connection and its documents can be listed. `send` is the
 * `fetch` of the upload itself ({@link progressFetch} in the console).
 *
 * Without that connection the file is not sent: the promise rejects with an `ApiError` saying so,
 * rather than storing a document that no source lists. When the remembered connection is gone
 * (deleted since: the API answers 400 naming `body.source_id`), it is asked for again and the
 * upload tried once more. Rejects with an `ApiError` (413 for a file over the limit, 415 for a
 * type not accepted).
 */
export async function uploadDocument(
  api: ServiceClient,
  queryClient: QueryClient,
  organizationId: string | null,
  file: File,
  send: typeof fetch,
): Promise<Document> {
  const sourceId = async () => {
    try {
      return (await manualUploadSource(api, queryClient, organizationId)).id;
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      throw new ApiError(
        status,
        `Not uploaded: the organization's manual-upload connection could not be read (${(err as Error).message}); try again`,
      );
    }
  };
  const post = async (source: string) =>
    unwrap(
      await api.POST('/api/v1/documents', {
        body: { file: file as unknown as string },
        bodySerializer: () => {
          const form = new FormData();
          form.append('source_id', source);
          form.append('file', file, file.name);
          return form;
        },
        fetch: send,
      }),
    ) as Document;
  let stored: Document;
  try {
    stored = await post(await sourceId());
  } catch (err) {
    const staleSource =
      err instanceof ApiError &&
      err.status === 400 &&
      err.fieldErrors.some((e) => e.field === 'body.source_id');
    if (!staleSource) throw err;
    queryClient.removeQueries({ queryKey: manualUploadKey(organizationId) });
    stored = await post(await sourceId());
  }
  void queryClient.invalidateQueries({ queryKey: documentsKey(organizationId) });
  void queryClient.invalidateQueries({ queryKey: coverageKey(organizationId) });
  return stored;
}

/**
 * Uploads one file ({@link uploadDocument}), reporting the fraction sent to `onProgress`;
 * resolves to the stored document and refreshes the list and the counts per source (not awaited).
 */
export function useUploadDocument() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return (file: File, onProgress: (fraction: number) => void) =>
    uploadDocument(api, queryClient, organizationId, file, progressFetch(onProgress));
}

/**
 * One document with its results (`GET /api/v1/documents/{id}`); it refreshes every
 * {@link DOCUMENT_REFRESH_MS} while RECEIVED or PROCESSING. The error is the API's problem (404).
 */
export function useDocument(id: string) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: documentKey(organizationId, id),
    queryFn: async () => unwrap(await api.GET('/api/v1/documents/{id}', { params: { path: { id } } })),
    refetchInterval: (q) => (q.state.data && processing(q.state.data) ? DOCUMENT_REFRESH_MS : false),
  });
}

/**
 * The text of `document` (`{text}`; evidence offsets index it as JavaScript strings), read once
 * it is PROCESSED or FAILED and again after each new run (its `processed_at`).
 */
export function useDocumentText(document: Document | undefined) {
  const { api, organizationId } = useSession();
  const id = document?.id ?? '';
  return useQuery({
    queryKey: documentTextKey(organizationId, id, document?.processed_at),
    enabled: document?.status === 'PROCESSED' || document?.status === 'FAILED',
    queryFn: async () => unwrap(await api.GET('/api/v1/documents/{id}/text', { params: { path: { id } } })),
  });
}

/** Reads the original file of document `id` as a Blob, with the session's bearer header (for an object URL). */
export function useDocumentFile(id: string) {
  const { api } = useSession();
  return useMutation({
    mutationFn: async () =>
      unwrap(await api.GET('/api/v1/documents/{id}/content', { params: { path: { id } }, parseAs: 'blob' })),
  });
}

/** Queues document `id` for processing again (202) and refreshes it. The error is the API's problem (404). */
export function useReprocessDocument(id: string) {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/v1/documents/{id}/reprocess', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKey(organizationId, id) }),
  });
}

/**
 * Corrects extracted values of document `id` (`PATCH /api/v1/documents/{id}/extraction`; `data`
 * maps a field to its new value, null clearing it), which also confirms its labels and derives
 * its contract again; resolves to the document and refreshes it, the documents to confirm and
 * the contracts. The error is the API's problem (400 naming the field whose value does not fit
 * its dtype).
 */
export function useCorrectExtraction(id: string) {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (data: Record<string, unknown>) =>
      unwrap(
        await api.PATCH('/api/v1/documents/{id}/extraction', { params: { path: { id } }, body: { data } }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: documentKey(organizationId, id) });
      void queryClient.invalidateQueries({ queryKey: unconfirmedKey(organizationId) });
      void queryClient.invalidateQueries({ queryKey: contractsKey(organizationId) });
    },
  });
}
