/**
 * API keys (`/api/v1/api-keys`, docs/security.md): the query key, the hooks that list the
 * signed-in principal's keys, create one (the answer holds the plaintext key, shown once) and
 * revoke one. Either change refreshes the list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from './problem';
import { useSession } from './session';

/** Key of the keys seen by a session (keys belong to the user, not to an organization). */
export const apiKeysKey = (token: string | null) => ['api-keys', token] as const;

/** The signed-in principal's keys (plaintext never included). */
export function useApiKeys() {
  const { api, token } = useSession();
  return useQuery({
    queryKey: apiKeysKey(token),
    queryFn: async () => unwrap(await api.GET('/api/v1/api-keys')),
  });
}

/** Creates a key named `name`; the answer's `key` is the plaintext. */
export function useCreateApiKey() {
  const { api, token } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => unwrap(await api.POST('/api/v1/api-keys', { body: { name } })),
    // Not awaited: the new key is shown at once, the list follows.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiKeysKey(token) });
    },
  });
}

/** Revokes a key by id; it answers 401 from then on. */
export function useRevokeApiKey() {
  const { api, token } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE('/api/v1/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(token) }),
  });
}
