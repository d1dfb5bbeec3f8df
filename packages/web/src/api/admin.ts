/**
 * System administration (SYSTEM_ADMIN only, docs/organizations.md): the query keys, the hooks
 * that read a page of every organization (deleted ones included) and of the users (the platform's or
 * the active organization's), and the one
 * that restores a deleted organization or user. Restoring refreshes every query, since a restored organization
 * may be one the admin belongs to.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminSearch, pageableOf } from '../lib/list-search';
import { unwrap } from './problem';
import { useSession } from './session';

/** Key of every page of the organizations (not per organization: the list spans them all). */
export const adminOrganizationsKey = () => ['admin-orgs'] as const;
/** Key of every page of the users. */
export const adminUsersKey = () => ['admin-users'] as const;

/**
 * 1-based `page` of every organization, deleted ones included, in order `sort` (newest first when
 * absent), as the API's page (`content`, `page.total_elements`); the previous page stays shown
 * while the next loads.
 */
export function useAllOrganizations(page = 1, sort?: AdminSearch['organizations_sort']) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...adminOrganizationsKey(), page, sort ?? null],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/organizations', {
          params: { query: { deleted: 'include', pageable: pageableOf(page, sort ?? 'created_at,desc') } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Whose users the system administration page lists: the platform's, or the active organization's. */
export type UsersScope = 'platform' | 'organization';

/**
 * 1-based `page` of the users, deleted ones included so that they can be restored, in order `sort`
 * (oldest first when absent): with `scope` `platform` every user of the platform
 * (`GET /api/v1/users?platform=true`), else the active organization's (`GET /api/v1/users`, spec
 * 4.4); only those whose email contains `q` when it is given.
 */
export function useAllUsers(
  page = 1,
  sort?: AdminSearch['users_sort'],
  { scope = 'platform', q = '' }: { scope?: UsersScope; q?: string } = {},
) {
  const { api } = useSession();
  const search = q.trim();
  return useQuery({
    queryKey: [...adminUsersKey(), scope, search, page, sort ?? null],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/users', {
          params: {
            query: {
              pageable: pageableOf(page, sort),
              deleted: 'include',
              ...(scope === 'platform' ? { platform: 'true' as const } : {}),
              ...(search ? { q: search } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Restores a deleted organization or user by id. */
export function useRestore() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, id }: { kind: 'organization' | 'user'; id: string }) => {
      const params = { params: { path: { id } } };
      if (kind === 'organization') unwrap(await api.POST('/api/v1/organizations/{id}/restore', params));
      else unwrap(await api.POST('/api/v1/users/{id}/restore', params));
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
