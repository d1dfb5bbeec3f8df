/**
 * The audit log (`GET /api/v1/audit-log`, docs/audit.md): its query key and the hook that reads
 * one page of the active organization's entries for the audit page's state.
 */
import type { Schema } from '@service/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AuditSearch, auditQuery } from '../lib/audit-search';
import { unwrap } from './problem';
import { useSession } from './session';

export type AuditEntry = Schema<'AuditEntry'>;

/** Key of one page of an organization's audit log (all of them: `['audit-log', organizationId]`). */
export const auditLogKey = (organizationId: string | null, search: AuditSearch) =>
  ['audit-log', organizationId, search] as const;

/**
 * One page of the audit log for `search`; the previous page stays shown while the next loads.
 * The error is the API's problem (403 below ADMIN).
 */
export function useAuditLog(search: AuditSearch) {
  const { api, organizationId } = useSession();
  return useQuery({
    queryKey: auditLogKey(organizationId, search),
    enabled: organizationId !== null,
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/audit-log', { params: { query: auditQuery(search) } })),
    placeholderData: keepPreviousData,
  });
}
