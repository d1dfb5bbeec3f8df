/**
 * One organization's administration (`/api/v1/organizations/{orgId}/…` and its invitations,
 * docs/api.md): the query keys and hooks of its members (a page at a time; change a role, remove),
 * the invitations it sent (a page at a time; invite, resend, revoke), its quotas, its settings (read, and save the
 * fields that changed: {@link settingsChanges}, {@link parseAlertDays}), its tree, and its
 * identities (add, delete, mark primary). Each change refreshes what it changed. Keyed by the
 * organization shown, which the Plugins page also reads the settings of.
 */
import type { Schema } from '@service/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pageableOf } from '../lib/list-search';
import { unwrap } from './problem';
import { useSession } from './session';

export type MemberRole = 'ADMIN' | 'MEMBER';
export type OrganizationSettings = Schema<'OrganizationSettingsDto'>;
/** A plugin the settings choose, named (no code): `classification_plugin`, `extraction_plugin`. */
export type ChosenPlugin = Schema<'ChosenPlugin'>;
/** The body of `PUT …/settings`: any subset of the settings; what is left out keeps its value. */
export type SettingsUpdate = Partial<
  Omit<OrganizationSettings, 'classification_plugin' | 'extraction_plugin'>
>;
export type SenderPolicy = OrganizationSettings['email_forwarding_sender_policy'];
export type Identity = Schema<'OrganizationIdentity'>;
export type IdentityKind = Identity['kind'];

/** Key of every page of the members (a change refreshes them all); one page adds its number. */
export const membersKey = (orgId: string) => ['members', orgId] as const;
/** Key of every page of the invitations the organization sent. */
export const orgInvitationsKey = (orgId: string) => ['invitations', orgId] as const;
export const quotasKey = (orgId: string) => ['quotas', orgId] as const;
export const settingsKey = (orgId: string | null) => ['settings', orgId] as const;
export const orgTreeKey = (orgId: string) => ['org-tree', orgId] as const;
export const identitiesKey = (orgId: string) => ['identities', orgId] as const;

/**
 * 1-based `page` of the members with their roles, longest-standing first (the API's order), as
 * the API's page (`content`, `page.total_elements`); the previous page stays shown while the next
 * loads.
 */
export function useMembers(orgId: string, page = 1) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...membersKey(orgId), page],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/organizations/{orgId}/members', {
          params: { path: { orgId }, query: { pageable: pageableOf(page) } },
        }),
      ),
    placeholderData: keepPreviousData,
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

/**
 * Makes member `userId` the OWNER (the OWNER only; the caller becomes an ADMIN, spec §3): the
 * members and the signed-in user's memberships (the role shown and what the console offers) follow.
 */
export function useTransferOwnership(orgId: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (newOwnerId: string) =>
      unwrap(
        await api.POST('/api/v1/organizations/{orgId}/members/transfer-ownership', {
          params: { path: { orgId } },
          body: { new_owner_id: newOwnerId },
        }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey(orgId) }),
        queryClient.invalidateQueries({ queryKey: ['me'] }),
      ]),
  });
}

/** Removes a member by user id (every page of the members, and the member count of the quotas, follow). */
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
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersKey(orgId) }),
        queryClient.invalidateQueries({ queryKey: quotasKey(orgId) }),
      ]),
  });
}

/**
 * 1-based `page` of the invitations the organization sent, newest first (the API's order), as the
 * API's page; the previous page stays shown while the next loads.
 */
export function useOrganizationInvitations(orgId: string, page = 1) {
  const { api } = useSession();
  return useQuery({
    queryKey: [...orgInvitationsKey(orgId), page],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/invitations/organization/{orgId}', {
          params: { path: { orgId }, query: { pageable: pageableOf(page) } },
        }),
      ),
    placeholderData: keepPreviousData,
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
    // `…/settings/summary` answers what `…/settings` does, to every member: one read for the
    // editor and for the members' list, whatever the role (GET …/settings is OWNER or ADMIN).
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/organizations/{orgId}/settings/summary', {
          params: { path: { orgId: orgId ?? '' } },
        }),
      ),
  });
}

/** The bounds the API puts on `renewal_alert_days` (organizations/schemas.ts). */
export const ALERT_DAY_MAX = 3650;
export const ALERT_DAYS_MAX_COUNT = 20;

/**
 * The renewal alert days of typed `entries` (each a whole number of days before the notice
 * deadline), deduplicated and largest first as the API stores them, or why they cannot be sent:
 * the console refuses what the API would, before sending it.
 */
export function parseAlertDays(entries: readonly string[]): { days: number[] } | { error: string } {
  const bad = entries.filter((e) => {
    const n = Number(e.trim());
    return !/^\d+$/.test(e.trim()) || n < 1 || n > ALERT_DAY_MAX;
  });
  if (bad.length > 0)
    return { error: `Not a whole number of days from 1 to ${ALERT_DAY_MAX}: ${bad.join(', ')}` };
  const days = [...new Set(entries.map((e) => Number(e.trim())))].sort((a, b) => b - a);
  if (days.length > ALERT_DAYS_MAX_COUNT) return { error: `At most ${ALERT_DAYS_MAX_COUNT} days` };
  return { days };
}

/**
 * The `PUT …/settings` body that turns `current` into `next`: only the fields that differ, so a
 * save does not put back a field someone else changed meanwhile. Alert days are compared as the
 * API stores them (a set, largest first).
 */
export function settingsChanges(
  current: OrganizationSettings,
  next: Required<SettingsUpdate>,
): SettingsUpdate {
  const body: SettingsUpdate = {};
  if (next.classification_plugin_id !== current.classification_plugin_id)
    body.classification_plugin_id = next.classification_plugin_id;
  if (next.extraction_plugin_id !== current.extraction_plugin_id)
    body.extraction_plugin_id = next.extraction_plugin_id;
  const days = (d: readonly number[]) => [...new Set(d)].sort((a, b) => b - a).join(',');
  if (days(next.renewal_alert_days) !== days(current.renewal_alert_days))
    body.renewal_alert_days = next.renewal_alert_days;
  if (next.timezone !== current.timezone) body.timezone = next.timezone;
  if (next.email_forwarding_enabled !== current.email_forwarding_enabled)
    body.email_forwarding_enabled = next.email_forwarding_enabled;
  if (next.email_forwarding_sender_policy !== current.email_forwarding_sender_policy)
    body.email_forwarding_sender_policy = next.email_forwarding_sender_policy;
  return body;
}

/**
 * Saves the settings of `body` (OWNER or ADMIN; 403 below). The answer is the whole stored
 * settings, put in the cache at once so the page and the Plugins page show them without a read.
 * A refused plugin or value is a 400 problem naming its field (`body.timezone`…).
 */
export function useUpdateOrganizationSettings(orgId: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SettingsUpdate) =>
      unwrap(await api.PUT('/api/v1/organizations/{orgId}/settings', { params: { path: { orgId } }, body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey(orgId), saved);
      void queryClient.invalidateQueries({ queryKey: settingsKey(orgId) });
    },
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

/**
 * The organization's own identities (legal names, domains, tax ids, e-mail domains), which the
 * extraction tells the organization's own party from the counterparty by; every member reads them.
 */
export function useIdentities(orgId: string) {
  const { api } = useSession();
  return useQuery({
    queryKey: identitiesKey(orgId),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/organizations/{orgId}/identities', { params: { path: { orgId } } })),
  });
}

/**
 * Adds an identity (OWNER or ADMIN). The API trims the value and lower-cases a domain; the first
 * identity becomes primary. A value the organization already has is a 409.
 */
export function useAddIdentity(orgId: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { kind: IdentityKind; value: string }) =>
      unwrap(
        await api.POST('/api/v1/organizations/{orgId}/identities', { params: { path: { orgId } }, body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identitiesKey(orgId) }),
  });
}

/** Deletes an identity by id (OWNER or ADMIN). */
export function useDeleteIdentity(orgId: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (identityId: string) =>
      unwrap(
        await api.DELETE('/api/v1/organizations/{orgId}/identities/{identityId}', {
          params: { path: { orgId, identityId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identitiesKey(orgId) }),
  });
}

/** Marks an identity primary (OWNER or ADMIN); the one primary before is primary no more. */
export function useMakeIdentityPrimary(orgId: string) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (identityId: string) =>
      unwrap(
        await api.POST('/api/v1/organizations/{orgId}/identities/{identityId}/primary', {
          params: { path: { orgId, identityId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identitiesKey(orgId) }),
  });
}
