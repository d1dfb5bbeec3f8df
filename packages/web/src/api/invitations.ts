/**
 * Invitations addressed to the signed-in user (`/api/v1/invitations/me`, docs/organizations.md):
 * the query key, the hook that lists them, and the one that accepts or rejects one. Answering
 * refreshes every query, since accepting adds an organization (and so its data) to the session.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from './problem';
import { useSession } from './session';

/** Key of the invitations seen by a session. */
export const myInvitationsKey = (token: string | null) => ['my-invitations', token] as const;

/** The invitations sent to the signed-in user's address. */
export function useMyInvitations() {
  const { api, token } = useSession();
  return useQuery({
    queryKey: myInvitationsKey(token),
    queryFn: async () => unwrap(await api.GET('/api/v1/invitations/me')),
  });
}

/** Accepts (`accept: true`, joining the organization) or rejects invitation `id`. */
export function useAnswerInvitation() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, accept }: { id: string; accept: boolean }) => {
      const params = { params: { path: { id } } };
      if (accept) unwrap(await api.POST('/api/v1/invitations/{id}/accept', params));
      else unwrap(await api.POST('/api/v1/invitations/{id}/reject', params));
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
