/**
 * What a source produces during a sync, shared by the sync (sync.ts) and the fetchers it runs
 * (the source plugin runtime, oauth-sync.ts) without either importing the other.
 */

/**
 * One file produced by a source, with the source state that covers it. Its content is read only
 * when the sync keeps the file (`content`), so an ignored file of a provider is never downloaded.
 */
export interface FetchedItem {
  content: () => Promise<Buffer>;
  filename: string;
  mime?: string | undefined;
  metadata: Record<string, unknown>;
}

/** Receives each item in order; resolves once the document exists and the state is saved. */
export type ItemHandler = (item: FetchedItem, state: Record<string, unknown>) => Promise<void>;
