/**
 * Export of a selection of documents (`POST /api/v1/documents/export`, docs/api.md "Exporting a
 * selection"): the hook that asks for the file and hands it to the browser as a download.
 */
import { useMutation } from '@tanstack/react-query';
import { unwrap } from './problem';
import { useSession } from './session';

export type ExportFormat = 'csv' | 'zip';

/** The file name of `Content-Disposition: attachment; filename="…"`, or `fallback`. */
export function attachmentName(disposition: string | null, fallback: string): string {
  return disposition?.match(/filename="([^"]+)"/)?.[1] ?? fallback;
}

/** Saves `blob` under `name` through a temporary link, as a click on a download link would. */
function saveAs(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has taken the blob by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Exports `documentIds` as `format` and saves the file; resolves to its name. The error is the
 * API's problem (404 naming ids deleted meanwhile).
 */
export function useExportDocuments() {
  const { api } = useSession();
  return useMutation({
    mutationFn: async ({ documentIds, format }: { documentIds: string[]; format: ExportFormat }) => {
      const answer = await api.POST('/api/v1/documents/export', {
        body: { document_ids: documentIds, format },
        parseAs: 'blob',
      });
      const blob = unwrap(answer) as Blob;
      const name = attachmentName(answer.response.headers.get('content-disposition'), `documents.${format}`);
      saveAs(blob, name);
      return name;
    },
  });
}
