/**
 * Sources (`/api/v1/sources`, docs/sources.md): the query keys and hooks of the providers, the
 * organization's connections (refreshing themselves while one syncs), OAuth connect and
 * reconnect (the browser goes on to the provider's authorization URL), the manual-upload
 * connection (which the console's uploads go through) and custom connections, the documents
 * per connection, sync, a connection's configs (its ignore patterns), activity and saved
 * state, and e-mail forwarding (its
 * address, sender allowlist and audit). Each change refreshes the list it changed.
 */
import type { operations, Schema, ServiceClient } from '@service/client';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { unwrap } from './problem';
import { useSession } from './session';

/** Connections per page of the Sources page's list (the server pages it, the page shows a pager). */
export const SOURCES_PAGE_SIZE = 50;
/** The page reads at most this many mail audit entries and sync runs of one source. */
export const FORWARDING_AUDIT_LIMIT = 20;
export const ACTIVITY_LIMIT = 10;
/** A list refreshes itself this often (ms) while a connection syncs or a sync runs. */
export const SYNC_REFRESH_MS = 2000;

/** Key of the providers offered to an organization. */
export const providersKey = (organizationId: string | null) => ['providers', organizationId] as const;
/** Key of every page of an organization's connections (what a change invalidates). */
export const sourcesKey = (organizationId: string | null) => ['sources', organizationId] as const;
/** Key of one page (1-based) of an organization's connections. */
export const sourcesPageKey = (organizationId: string | null, page: number) =>
  [...sourcesKey(organizationId), page] as const;
/** Key of one connection, as the documents page names the source it filters by. */
export const sourceKey = (organizationId: string | null, id: string) =>
  ['source', organizationId, id] as const;
/** Key of the documents per status of each connection (`GET /sources/coverage`). */
export const coverageKey = (organizationId: string | null) => ['sources-coverage', organizationId] as const;
/**
 * Key of the organization's manual-upload connection, which the console's uploads go through:
 * kept for the session once read (it is created once and its id does not change).
 */
export const manualUploadKey = (organizationId: string | null) => ['manual-upload', organizationId] as const;
/** Key of a connection's latest sync runs. */
export const sourceActivityKey = (organizationId: string | null, id: string) =>
  ['source-activity', organizationId, id] as const;
/** Key of the state a connection's SourcePlugin saved. */
export const sourceStateKey = (organizationId: string | null, id: string) =>
  ['source-state', organizationId, id] as const;
/** Keys of e-mail forwarding: the address, the sender allowlist, the audit of received mail. */
export const forwardingAddressKey = (organizationId: string | null) =>
  ['forwarding-address', organizationId] as const;
export const allowlistKey = (organizationId: string | null) => ['allowlist', organizationId] as const;
export const forwardingAuditKey = (organizationId: string | null) =>
  ['forwarding-audit', organizationId] as const;

/** The body of `POST /api/v1/sources/custom`. */
export type CustomSourceRequest =
  operations['createCustomSource']['requestBody']['content']['application/json'];

/** A connection as the API answers it (docs/sources.md): never credentials. */
export type SourceConnection = operations['updateSource']['responses'][200]['content']['application/json'];
/** A connection's configs: the service's ignore settings beside a SourcePlugin's own parameters. */
export type SourceConfigs = Schema<'SourceConfigs'>;

/** Where the provider sends the browser back after authorizing: the Sources page. */
const callbackUrl = () => `${window.location.origin}/sources`;

/** The providers the organization can connect (OAuth, manual upload, e-mail forwarding). */
export function useProviders() {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: providersKey(organizationId),
    queryFn: async () => unwrap(await api.GET('/api/v1/sources/providers')),
  });
}

/**
 * Page `page` (1-based) of the connections, {@link SOURCES_PAGE_SIZE} a page, with the total;
 * refreshed every {@link SYNC_REFRESH_MS} while one on it is SYNCING.
 */
export function useSources(page = 1) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: sourcesPageKey(organizationId, page),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/sources', {
          params: { query: { pageable: { page: page - 1, size: SOURCES_PAGE_SIZE } } },
        }),
      ),
    // The previous page stays on screen while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.content.some((s) => s.status === 'SYNCING') ? SYNC_REFRESH_MS : false,
  });
}

/** Starts an OAuth connection to `provider` and sends the browser to its authorization URL. */
export function useConnectSource() {
  const { api } = useSession();
  return useMutation({
    mutationFn: async (provider: string) =>
      unwrap(
        await api.POST('/api/v1/sources/connect/initiate', {
          body: { provider, redirect_uri: callbackUrl() },
        }),
      ),
    onSuccess: (r) => window.location.assign(r.authorization_url),
  });
}

/**
 * The organization's manual-upload connection (`POST /sources/connect/manual-upload` creates it
 * once and answers the same one after), asked once per organization and session and kept under
 * {@link manualUploadKey}. Rejects with the API's problem when it cannot be had.
 */
export function manualUploadSource(
  api: ServiceClient,
  queryClient: QueryClient,
  organizationId: string | null,
): Promise<SourceConnection> {
  return queryClient.fetchQuery({
    queryKey: manualUploadKey(organizationId),
    queryFn: async () => unwrap(await api.POST('/api/v1/sources/connect/manual-upload')),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Adds the manual-upload connection (the same one the console's uploads go through). */
export function useAddManualSource() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/sources/connect/manual-upload')),
    onSuccess: (source) => {
      queryClient.setQueryData(manualUploadKey(organizationId), source);
      void queryClient.invalidateQueries({ queryKey: coverageKey(organizationId) });
      return queryClient.invalidateQueries({ queryKey: sourcesKey(organizationId) });
    },
  });
}

/** One connection of the organization (its name and kind, for the documents page's source filter). */
export function useSource(id: string | undefined) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: sourceKey(organizationId, id ?? ''),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/sources/{id}', { params: { path: { id: id ?? '' } } })),
    enabled: id !== undefined,
  });
}

/** The documents per status of each connection, and of the organization (`GET /sources/coverage`). */
export function useSourcesCoverage() {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: coverageKey(organizationId),
    queryFn: async () => unwrap(await api.GET('/api/v1/sources/coverage')),
  });
}

/**
 * Syncs a connection now, or reconnects one that needs authorizing again (the browser goes to the
 * provider when the answer carries an authorization URL).
 */
export function useSourceAction() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'sync' | 'reconnect' }) => {
      const params = { params: { path: { id } } };
      if (action === 'sync') return unwrap(await api.POST('/api/v1/sources/{id}/sync', params));
      const r = unwrap(
        await api.POST('/api/v1/sources/{id}/reconnect', {
          ...params,
          body: { redirect_uri: callbackUrl() },
        }),
      );
      if (r && typeof r === 'object' && 'authorization_url' in r && typeof r.authorization_url === 'string')
        window.location.assign(r.authorization_url);
      return r;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKey(organizationId) }),
  });
}

/**
 * Connects a custom source through a SourcePlugin. The error is the API's problem (400 naming a
 * missing credential or an invalid parameter).
 */
export function useCreateCustomSource() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CustomSourceRequest) =>
      unwrap(await api.POST('/api/v1/sources/custom', { body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sourcesKey(organizationId) });
    },
  });
}

/**
 * `configs` with its ignore settings (docs/sources.md "Ignoring files") set to `patterns` and
 * `defaults`, every other key as it was: `PATCH /sources/{id}` replaces the whole object. No
 * patterns leave `ignore_patterns` out, as the API refuses an empty list.
 */
export function withIgnoreSettings(
  configs: SourceConfigs,
  patterns: string[],
  defaults: boolean,
): SourceConfigs {
  const { ignore_patterns: _replaced, ...rest } = configs;
  return {
    ...rest,
    ...(patterns.length > 0 ? { ignore_patterns: patterns } : {}),
    ignore_defaults: defaults,
  };
}

/**
 * Renames a connection and/or replaces its configs (OWNER/ADMIN), then reads the connections
 * again. The error is the API's problem: 400 whose `errors` name `body.configs.<key>` (for a
 * pattern, `body.configs.ignore_patterns.<i>`), 403 below ADMIN, 404.
 */
export function useUpdateSource() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: { id: string; name?: string; configs?: SourceConfigs }) =>
      unwrap(await api.PATCH('/api/v1/sources/{sourceId}', { params: { path: { sourceId: id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sourcesKey(organizationId) }),
  });
}

/** A connection's latest {@link ACTIVITY_LIMIT} sync runs; refreshed while one is RUNNING. */
export function useSourceActivity(id: string) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: sourceActivityKey(organizationId, id),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/sources/{sourceId}/activity', {
          params: { path: { sourceId: id }, query: { pageable: { page: 0, size: ACTIVITY_LIMIT } } },
        }),
      ).content,
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'RUNNING') ? SYNC_REFRESH_MS : false),
  });
}

/** The state a connection's SourcePlugin saved between syncs (cursors, never credentials). */
export function useSourceState(id: string) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: sourceStateKey(organizationId, id),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/sources/{sourceId}/state', { params: { path: { sourceId: id } } })),
  });
}

/** The organization's forwarding address and whether forwarding is enabled. */
export function useForwardingAddress() {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: forwardingAddressKey(organizationId),
    queryFn: async () => unwrap(await api.GET('/api/v1/sources/email-forwarding/address')),
  });
}

/** The senders (addresses or `@domain`) whose forwarded mail is accepted. */
export function useAllowlist() {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: allowlistKey(organizationId),
    queryFn: async () => unwrap(await api.GET('/api/v1/sources/email-forwarding/allowlist')),
  });
}

/** The latest {@link FORWARDING_AUDIT_LIMIT} accepted and rejected mails. */
export function useForwardingAudit() {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: forwardingAuditKey(organizationId),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/sources/email-forwarding/audit', {
          params: { query: { pageable: { page: 0, size: FORWARDING_AUDIT_LIMIT } } },
        }),
      ).content,
  });
}

/** Allows a sender pattern. */
export function useAllowSender() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (pattern: string) =>
      unwrap(await api.POST('/api/v1/sources/email-forwarding/allowlist', { body: { pattern } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: allowlistKey(organizationId) });
    },
  });
}

/** Removes an allowlist entry (OWNER/ADMIN); its sender's mail is refused from then on. */
export function useRemoveAllowed() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (entryId: string) =>
      unwrap(
        await api.DELETE('/api/v1/sources/email-forwarding/allowlist/{entryId}', {
          params: { path: { entryId } },
        }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: allowlistKey(organizationId) });
    },
  });
}
