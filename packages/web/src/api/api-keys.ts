/**
 * API keys (`/api/v1/api-keys`, docs/security.md): the query key, the hooks that list the
 * signed-in principal's keys, create one (the answer holds the plaintext key, shown once) and
 * revoke one. Either change refreshes the list.
 */
import type { Schema } from '@service/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from './problem';
import { useSession } from './session';

export type ApiKey = Schema<'ApiKey'>;

/** Key of the keys seen by a session (keys belong to the user, not to an organization). */
export const apiKeysKey = (token: string | null) => ['api-keys', token] as const;

/**
 * Every key of the signed-in principal, newest first (plaintext never included): the API answers
 * them all in one list (spec 4.2), so the page pages them itself and a change refreshes them all.
 */
export function useApiKeys() {
  const { api, token } = useSession();
  return useQuery({
    queryKey: apiKeysKey(token),
    queryFn: async () => unwrap(await api.GET('/api/v1/api-keys')),
  });
}

/** What a new key is: its name, when it stops working (null: never), the organization it is
 * restricted to (null: every organization of the user, as the user's own access). */
export interface NewApiKey {
  name: string;
  expiresAt: Date | null;
  organizationId: string | null;
}

/** The end of a key that lives `days` days from `now` (null: never expires). */
export function expiryAfter(days: number | null, now = new Date()): Date | null {
  return days === null ? null : new Date(now.getTime() + days * 86_400_000);
}

/** Creates a key; the answer's `key` is the plaintext. */
export function useCreateApiKey() {
  const { api, token } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (k: NewApiKey) =>
      unwrap(
        await api.POST('/api/v1/api-keys', {
          body: {
            name: k.name,
            // Left out rather than null when unset: the request then reads as the API's defaults.
            ...(k.expiresAt ? { expires_at: k.expiresAt.toISOString() } : {}),
            ...(k.organizationId ? { organization_id: k.organizationId } : {}),
          },
        }),
      ),
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
