/**
 * Plugins (`/api/v1/plugins`, spec §7, docs/plugins.md): the query keys, the hooks that list the
 * organization's plugins and a plugin's versions, read one plugin's code, and submit a new plugin
 * or a new version of one (refreshing the list and the versions). A rejected submission's error
 * is an `ApiError` whose `pluginErrors` are the validator's findings.
 */
import type { Schema } from '@service/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from './problem';
import { useSession } from './session';

export type Plugin = Schema<'Plugin'>;

/** The console reads at most this many plugins. */
export const PLUGINS_LIMIT = 100;

/** Key of an organization's plugins. */
export const pluginsKey = (organizationId: string | null) => ['plugins', organizationId] as const;
/** Key of every plugin's versions in an organization. */
export const pluginVersionsKey = (organizationId: string | null) =>
  ['plugin-versions', organizationId] as const;
/** Key of one plugin's versions. */
export const pluginVersionKey = (organizationId: string | null, id: string) =>
  [...pluginVersionsKey(organizationId), id] as const;

/** The organization's first {@link PLUGINS_LIMIT} plugins (the Plugins page, the custom-source form). */
export function usePlugins() {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: pluginsKey(organizationId),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/plugins', {
          params: { query: { pageable: { page: 0, size: PLUGINS_LIMIT } } },
        }),
      ).content,
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
