/**
 * The signed-in user (`GET /api/v1/users/me` and `/users/me/organizations`): the query key and the
 * hook the console's frame reads to show the organization picker and to resolve a sign-in link's
 * organization, and whether the user administers the active organization. Keyed by the session
 * token: a new sign-in reads it again.
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

/**
 * Whether the signed-in user may use the active organization's OWNER/ADMIN actions, as the API
 * decides it: an OWNER or ADMIN membership there, or SYSTEM_ADMIN. False while the user is read,
 * so an editor appears only once it is known to be allowed.
 */
export function useIsOrganizationAdmin(): boolean {
  const { organizationId } = useSession();
  const me = useMe();
  if (!me.data) return false;
  if (me.data.me.is_system_admin) return true;
  const role = me.data.orgs.find((m) => m.organization_id === organizationId)?.role;
  return role === 'OWNER' || role === 'ADMIN';
}
