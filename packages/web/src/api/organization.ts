/**
 * One organization's administration (`/api/v1/organizations/{orgId}/…` and its invitations,
 * docs/organizations.md): the query keys and hooks of its members (change a role, remove), the
 * invitations it sent (invite, resend, revoke), its quotas, settings, tree and identities. Each
 * change refreshes the list it changed. Keyed by the organization shown, which the Plugins page
 * also reads the settings of.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from './problem';
import { useSession } from './session';

export type MemberRole = 'ADMIN' | 'MEMBER';

/** The page reads at most this many members and invitations. */
export const MEMBERS_LIMIT = 100;

export const membersKey = (orgId: string) => ['members', orgId] as const;
export const orgInvitationsKey = (orgId: string) => ['invitations', orgId] as const;
export const quotasKey = (orgId: string) => ['quotas', orgId] as const;
export const settingsKey = (orgId: string | null) => ['settings', orgId] as const;
export const orgTreeKey = (orgId: string) => ['org-tree', orgId] as const;
export const identitiesKey = (orgId: string) => ['identities', orgId] as const;

/** The first {@link MEMBERS_LIMIT} members with their roles. */
export function useMembers(orgId: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: membersKey(orgId),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/organizations/{orgId}/members', {
          params: { path: { orgId }, query: { pageable: { page: 0, size: MEMBERS_LIMIT } } },
        }),
      ).content,
  });
}

/** Changes a member's role. The error is the API's problem (403 below ADMIN, 409 for the last owner). */
export function useSetMemberRole(orgId: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, role }: { userId: string; role: MemberRole }) =>
      unwrap(
        await api.PUT('/api/v1/organizations/{orgId}/members/{userId}/role', {
          params: { path: { orgId, userId } },
          body: { role },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(orgId) }),
  });
}

/** Removes a member by user id. */
export function useRemoveMember(orgId: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) =>
      unwrap(
        await api.DELETE('/api/v1/organizations/{orgId}/members/{userId}', {
          params: { path: { orgId, userId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(orgId) }),
  });
}

/** The first {@link MEMBERS_LIMIT} invitations the organization sent. */
export function useOrganizationInvitations(orgId: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: orgInvitationsKey(orgId),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/invitations/organization/{orgId}', {
          params: { path: { orgId }, query: { pageable: { page: 0, size: MEMBERS_LIMIT } } },
        }),
      ).content,
  });
}

/** Invites `email` as `role`. */
export function useInvite(orgId: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, role }: { email: string; role: MemberRole }) =>
      unwrap(await api.POST('/api/v1/invitations', { body: { email, role, organization_id: orgId } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orgInvitationsKey(orgId) });
    },
  });
}

/** Sends an invitation again, or revokes it. */
export function useInvitationAction(orgId: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'resend' | 'revoke' }) =>
      unwrap(
        action === 'resend'
          ? await api.POST('/api/v1/invitations/{id}/resend', { params: { path: { id } } })
          : await api.POST('/api/v1/invitations/{id}/revoke', { params: { path: { id } } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgInvitationsKey(orgId) }),
  });
}

/** The organization's quotas and what it uses of them. */
export function useQuotas(orgId: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: quotasKey(orgId),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/organizations/{orgId}/quotas', { params: { path: { orgId } } })),
  });
}

/** The organization's settings (which plugins classify and extract, forwarding…); waits for an id. */
export function useOrganizationSettings(orgId: string | null) {
  const { api } = useSession();
  return useQuery({
    queryKey: settingsKey(orgId),
    enabled: Boolean(orgId),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/organizations/{orgId}/settings', { params: { path: { orgId: orgId ?? '' } } }),
      ),
  });
}

/** The organization with its parents and children. */
export function useOrganizationTree(orgId: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: orgTreeKey(orgId),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/organizations/{orgId}/tree', { params: { path: { orgId } } })),
  });
}

/** The identity providers linked to the organization. */
export function useIdentities(orgId: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: identitiesKey(orgId),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/organizations/{orgId}/identities', { params: { path: { orgId } } })),
  });
}
