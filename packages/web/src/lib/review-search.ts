/**
 * The review page's state in its address (`/review?page=3&suggestions_page=2`): which page of
 * the documents whose labels wait for confirmation, and which page of the pending label
 * suggestions. The server filters and pages both, so a backlog of thousands opens as fast as ten.
 */
import { defined, pageParam } from './search-params';

export interface ReviewSearch {
  /** 1-based page of the documents to confirm (1 is left out of the address). */
  page?: number;
  /** 1-based page of the pending label suggestions. */
  suggestions_page?: number;
}

/** Documents to confirm, and suggestions, per page. */
export const REVIEW_PAGE_SIZE = 20;

/** Reads the page's state from the address's query (the router's `validateSearch`). */
export function parseReviewSearch(raw: Record<string, unknown>): ReviewSearch {
  return defined({ page: pageParam(raw.page), suggestions_page: pageParam(raw.suggestions_page) });
}

/**
 * `GET /api/v1/documents`'s query for one page of the documents to confirm, least sure first:
 * the labels most likely wrong, and those of unknown confidence before them (docs/pipeline.md "The review order").
 */
export function toConfirmQuery(page = 1) {
  return {
    status: 'PROCESSED' as const,
    labels_confirmed: 'false' as const,
    pageable: { page: page - 1, size: REVIEW_PAGE_SIZE, sort: 'label_confidence,asc' },
  };
}

/** `GET /api/v1/label-suggestions`' query for one page of the pending suggestions. */
export function pendingSuggestionsQuery(page = 1) {
  return { status: 'PENDING' as const, pageable: { page: page - 1, size: REVIEW_PAGE_SIZE } };
}
