/**
 * System administration (SYSTEM_ADMIN only, docs/organizations.md): the query keys, the hooks
 * that list every organization (deleted ones included) and every user, and the one that restores
 * a deleted organization or user. Restoring refreshes every query, since a restored organization
 * may be one the admin belongs to.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from './problem';
import { useSession } from './session';

/** The page reads at most this many organizations and users. */
export const ADMIN_LIMIT = 100;

/** Key of every organization (not per organization: the list spans them all). */
export const adminOrganizationsKey = () => ['admin-orgs'] as const;
/** Key of every user. */
export const adminUsersKey = () => ['admin-users'] as const;

/** The latest {@link ADMIN_LIMIT} organizations, deleted ones included. */
export function useAllOrganizations() {
  const { api } = useSession();
  return useQuery({
    queryKey: adminOrganizationsKey(),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/organizations', {
          params: {
            query: { deleted: 'include', pageable: { page: 0, size: ADMIN_LIMIT, sort: 'created_at,desc' } },
          },
        }),
      ).content,
  });
}

/** The first {@link ADMIN_LIMIT} users. */
export function useAllUsers() {
  const { api } = useSession();
  return useQuery({
    queryKey: adminUsersKey(),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/users', { params: { query: { pageable: { page: 0, size: ADMIN_LIMIT } } } }),
      ).content,
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
