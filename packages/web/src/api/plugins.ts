/**
 * Plugins (`/api/v1/plugins`, spec §7, docs/plugins.md): the query keys, the hooks that list the
 * organization's plugins (a page at a time for the Plugins page; every one of a type for the
 * pickers) and a plugin's versions, read one plugin's code, and submit a new plugin or a new
 * version of one (refreshing every list and the versions). A rejected submission's error is an
 * `ApiError` whose `pluginErrors` are the validator's findings.
 */
import type { Schema, ServiceClient } from '@service/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pageableOf } from '../lib/list-search';
import { unwrap } from './problem';
import { useSession } from './session';

export type Plugin = Schema<'Plugin'>;
export type PluginType = Plugin['type'];

/** The largest page `GET /api/v1/plugins` answers (the server's `MAX_PAGE_SIZE`): the pickers' page size. */
export const PLUGINS_READ_SIZE = 100;

/** Key of every list of an organization's plugins (pages and pickers alike). */
export const pluginsKey = (organizationId: string | null) => ['plugins', organizationId] as const;
/** Key of one page (1-based) of the Plugins page's list. */
export const pluginsPageKey = (organizationId: string | null, page: number) =>
  [...pluginsKey(organizationId), 'page', page] as const;
/** Key of every plugin of `type` (every type when undefined). */
export const allPluginsKey = (organizationId: string | null, type: PluginType | undefined) =>
  [...pluginsKey(organizationId), 'all', type ?? null] as const;
/** Key of every plugin's versions in an organization. */
export const pluginVersionsKey = (organizationId: string | null) =>
  ['plugin-versions', organizationId] as const;
/** Key of one plugin's versions. */
export const pluginVersionKey = (organizationId: string | null, id: string) =>
  [...pluginVersionsKey(organizationId), id] as const;

/**
 * Every plugin of the organization of `type` (of every type when left out), by name, read
 * {@link PLUGINS_READ_SIZE} at a time until a page comes back short: the custom-source form
 * offers any SOURCE plugin with its credential fields, however many there are.
 */
export function usePlugins(type?: PluginType) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: allPluginsKey(organizationId, type),
    queryFn: () => readAllPlugins(api, type),
  });
}

/** Reads every page of the plugins of `type` (see {@link usePlugins}). */
async function readAllPlugins(api: ServiceClient, type?: PluginType): Promise<Plugin[]> {
  const all: Plugin[] = [];
  for (let page = 0; ; page++) {
    const { content } = unwrap(
      await api.GET('/api/v1/plugins', {
        params: { query: { ...(type ? { type } : {}), pageable: { page, size: PLUGINS_READ_SIZE } } },
      }),
    );
    all.push(...content);
    if (content.length < PLUGINS_READ_SIZE) return all;
  }
}

/** Key of the plugins of `type` whose name holds `search` (the settings' pickers). */
export const pluginChoicesKey = (organizationId: string | null, type: PluginType, search: string) =>
  [...pluginsKey(organizationId), 'choices', type, search] as const;

/**
 * The first {@link PLUGINS_READ_SIZE} plugins of `type` by name whose name holds `search` (any
 * case; all of them when it is blank), asked of the API with `q` as the person types: a picker
 * offers any plugin without reading every page first. The list shown stays while the next loads.
 */
export function usePluginChoices(type: PluginType, search: string) {
  const { api, organizationId } = useSession();
  // The API takes at most 100 characters, as many as a plugin's name has.
  const q = search.trim().slice(0, 100);
  return useQuery({
    queryKey: pluginChoicesKey(organizationId, type, q),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/plugins', {
          params: { query: { type, ...(q ? { q } : {}), pageable: { page: 0, size: PLUGINS_READ_SIZE } } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * 1-based `page` of the organization's plugins by name, `MANAGEMENT_PAGE_SIZE` (lib/list-search.ts)
 * at a time (the Plugins page), as the API's page (`content`, and `page.total_elements` for the
 * pager); the previous page stays shown while the next loads.
 */
export function usePluginsPage(page = 1) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: pluginsPageKey(organizationId, page),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/plugins', { params: { query: { pageable: pageableOf(page) } } })),
    placeholderData: keepPreviousData,
  });
}

/** A plugin's stored versions with their code hashes. */
export function usePluginVersions(id: string) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: pluginVersionKey(organizationId, id),
    queryFn: async () => unwrap(await api.GET('/api/v1/plugins/{id}/versions', { params: { path: { id } } })),
  });
}

/**
 * A function reading one plugin with its code, fresh each time (the editor loads it to change it).
 *
 * @throws ApiError with the problem's `detail` (404 for a plugin deleted meanwhile)
 */
export function useReadPlugin() {
  const { api } = useSession();
  return async (id: string) => unwrap(await api.GET('/api/v1/plugins/{id}', { params: { path: { id } } }));
}

/** Submits `code` as a new plugin `name`, or, given `id`, as the next version of that plugin. */
export function useSubmitPlugin() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name, code }: { id: string | null; name: string; code: string }) => {
      if (id) {
        return unwrap(await api.PATCH('/api/v1/plugins/{id}', { params: { path: { id } }, body: { code } }));
      }
      return unwrap(await api.POST('/api/v1/plugins', { body: { name, code } }));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: pluginsKey(organizationId) });
      void queryClient.invalidateQueries({ queryKey: pluginVersionsKey(organizationId) });
    },
  });
}
