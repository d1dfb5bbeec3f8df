/**
 * The management pages' pages in their addresses (`/webhooks?page=2`, `/api-keys?page=3`,
 * `/plugins?page=2`, `/organization?members_page=2&invitations_page=4`,
 * `/admin?organizations_page=2&users_sort=email,desc`): the server pages the endpoints, plugins,
 * members, invitations, organizations and users (a Spring
 * `pageable`, 0-based); the API keys, which `GET /api/v1/api-keys` answers whole, are paged in the
 * console. A page can be bookmarked or restored with Back, and page 1 is left out of the address.
 */
import { useEffect, useRef } from 'react';
import { defined, oneOf, pageParam } from './search-params';

/** Rows (or endpoint cards) per page of each of these lists. */
export const MANAGEMENT_PAGE_SIZE = 25;

/** The state of a page with one list (webhooks, API keys, plugins). */
export interface PageSearch {
  /** 1-based page (1 is left out of the address). */
  page?: number;
}

/** The organization page's two lists. */
export interface OrganizationSearch {
  members_page?: number;
  invitations_page?: number;
}

/** The orders of the organizations the server offers beside its default (newest first). */
export const ORGANIZATION_SORTS = ['name,asc', 'name,desc'] as const;
/** The orders of the users beside the default (oldest first). */
export const USER_SORTS = ['email,asc', 'email,desc'] as const;

/** The system administration page's two lists, each with its page and the order chosen. */
export interface AdminSearch {
  organizations_page?: number;
  organizations_sort?: (typeof ORGANIZATION_SORTS)[number];
  users_page?: number;
  users_sort?: (typeof USER_SORTS)[number];
}

/** Reads a one-list page's state from the address's query (the router's `validateSearch`). */
export function parsePageSearch(raw: Record<string, unknown>): PageSearch {
  return defined({ page: pageParam(raw.page) });
}

export function parseOrganizationSearch(raw: Record<string, unknown>): OrganizationSearch {
  return defined({
    members_page: pageParam(raw.members_page),
    invitations_page: pageParam(raw.invitations_page),
  });
}

export function parseAdminSearch(raw: Record<string, unknown>): AdminSearch {
  return defined({
    organizations_page: pageParam(raw.organizations_page),
    organizations_sort: oneOf(ORGANIZATION_SORTS, raw.organizations_sort),
    users_page: pageParam(raw.users_page),
    users_sort: oneOf(USER_SORTS, raw.users_sort),
  });
}

/** The Spring `pageable` of 1-based `page` of {@link MANAGEMENT_PAGE_SIZE} rows (and `sort`, when given). */
export const pageableOf = (page = 1, sort?: string) => ({
  page: page - 1,
  size: MANAGEMENT_PAGE_SIZE,
  ...(sort ? { sort } : {}),
});

/** A page number as the address keeps it: page 1 is left out. */
export const pageInAddress = (page: number) => (page > 1 ? page : undefined);

/**
 * The last page of `total` rows when `page` lies past it (a delete emptied the last page, or a
 * hand-edited address), else undefined: the page to go to instead of an empty one.
 */
export function pastTheEnd(page: number, total: number, pageSize = MANAGEMENT_PAGE_SIZE) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  return page > last ? last : undefined;
}

/**
 * Goes to the last page (through `go`, which should replace the address) when `page` lies past
 * the `total` rows of the list read (undefined while it loads, or while an earlier page stands in
 * for it): deleting the only row of the last page then shows the page before, not "none".
 * `pageSize` is the list's rows per page ({@link MANAGEMENT_PAGE_SIZE} unless given).
 */
export function useKeepPageInRange(
  page: number,
  total: number | undefined,
  go: (page: number) => void,
  pageSize = MANAGEMENT_PAGE_SIZE,
) {
  const target = total === undefined ? undefined : pastTheEnd(page, total, pageSize);
  const goRef = useRef(go);
  goRef.current = go;
  useEffect(() => {
    if (target !== undefined) goRef.current(target);
  }, [target]);
}
