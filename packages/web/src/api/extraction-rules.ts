/**
 * The built-in extractor's rules (`/api/v1/extraction-rules`, docs/api.md "Correcting extracted
 * values"): what the rule an evidence names (`evidence[].rule`) is for. The rule book changes only
 * with a release, so an answer is kept for the session.
 */
import type { Schema } from '@service/client';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from './problem';
import { useSession } from './session';

export type ExtractionRule = Schema<'ExtractionRule'>;

/** The rule `id`, fetched only while `enabled` (the console asks when the user opens it). */
export function useExtractionRule(id: string, enabled: boolean) {
  const { api } = useSession();
  return useQuery({
    queryKey: ['extraction-rule', id],
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/extraction-rules/{rule_id}', { params: { path: { rule_id: id } } })),
  });
}
