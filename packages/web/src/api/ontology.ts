/**
 * The ontology (`/api/v1/ontology`, docs/ontology.md): the query keys, the hooks that read the
 * label tree and the report on it (what each label is read as, warnings), and the one that saves
 * a new tree (refreshing both).
 */
import type { Schema } from '@service/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from './problem';
import { useSession } from './session';

export type OntologyLabel = Schema<'OntologyLabel'>;
export type OntologyReport = Schema<'OntologyReport'>;

/** Key of an organization's label tree. */
export const ontologyKey = (organizationId: string | null) => ['ontology', organizationId] as const;
/** Key of every report of an organization's ontology. */
export const ontologyReportsKey = (organizationId: string | null) =>
  ['ontology-report', organizationId] as const;
/** Key of the report on one version of the tree. */
export const ontologyReportKey = (organizationId: string | null, version: number | undefined) =>
  [...ontologyReportsKey(organizationId), version] as const;

/** The label tree with its version. */
export function useOntology() {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: ontologyKey(organizationId),
    queryFn: async () => unwrap(await api.GET('/api/v1/ontology')),
  });
}

/** The report on tree `version`; waits until the tree is read. */
export function useOntologyReport(version: number | undefined) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: ontologyReportKey(organizationId, version),
    enabled: version !== undefined,
    queryFn: async () => unwrap(await api.GET('/api/v1/ontology/report')),
  });
}

/** Saves `labels` as the new tree (a new version). The error is the API's problem (400 naming the label). */
export function useSaveOntology() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (labels: OntologyLabel[]) =>
      unwrap(await api.PUT('/api/v1/ontology', { body: { labels } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ontologyKey(organizationId) });
      void queryClient.invalidateQueries({ queryKey: ontologyReportsKey(organizationId) });
    },
  });
}
