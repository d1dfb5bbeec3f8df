/**
 * The signed-in user (`GET /api/v1/users/me` and `/users/me/organizations`): the query key and the
 * hook the console's frame reads to show the organization picker and to resolve a sign-in link's
 * organization. Keyed by the session token: a new sign-in reads it again.
 */
import { useQuery } from '@tanstack/react-query';
import { unwrap } from './problem';
import { useSession } from './session';

/** Key of the user and memberships seen by a session. */
export const meKey = (token: string | null) => ['me', token] as const;

/** The signed-in user and the organizations they belong to; waits for a session. */
export function useMe() {
  const { api, token } = useSession();
  return useQuery({
    queryKey: meKey(token),
    enabled: Boolean(token),
    queryFn: async () => {
      const [me, orgs] = await Promise.all([
        api.GET('/api/v1/users/me').then(unwrap),
        api.GET('/api/v1/users/me/organizations').then(unwrap),
      ]);
      return { me, orgs };
    },
  });
}
