/**
 * The audit log page's state in its address
 * (`/audit-log?action=api_key.create&resource_type=document&from=2026-11-01&to=2026-11-30&page=2`):
 * the server filters and pages (`GET /api/v1/audit-log`, docs/audit.md), newest first, so an
 * organization with years of entries opens as fast as a new one, and a view can be bookmarked.
 */
import { defined, pageParam, textParam } from './search-params';

export interface AuditSearch {
  /** Exact action, e.g. `api_key.create` or `PUT /api/v1/ontology`. */
  action?: string;
  /** Exact resource type, e.g. `document`. */
  resource_type?: string;
  /** Exact resource id. */
  resource_id?: string;
  /** First day shown (UTC, `YYYY-MM-DD`), inclusive. */
  from?: string;
  /** Last day shown (UTC, `YYYY-MM-DD`), inclusive. */
  to?: string;
  page?: number;
}

/** Entries per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

/** A calendar day `YYYY-MM-DD` that exists (2026-02-30 does not). */
export const dayParam = (v: unknown) => {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return undefined;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) ? v : undefined;
};

/** Reads the page's state from the address's query (the router's `validateSearch`). */
export function parseAuditSearch(raw: Record<string, unknown>): AuditSearch {
  return defined({
    action: textParam(raw.action),
    resource_type: textParam(raw.resource_type),
    resource_id: textParam(raw.resource_id),
    from: dayParam(raw.from),
    to: dayParam(raw.to),
    page: pageParam(raw.page),
  });
}

/** The day after `day` (`YYYY-MM-DD`), as the RFC 3339 instant the API's exclusive `to` takes. */
const endOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

/**
 * `GET /api/v1/audit-log`'s query for the page's state: a 0-based page of {@link AUDIT_PAGE_SIZE},
 * newest first; the days become instants (`from` at 00:00 UTC, `to` up to the end of its day).
 */
export function auditQuery(s: AuditSearch) {
  return {
    ...(s.action ? { action: s.action } : {}),
    ...(s.resource_type ? { resource_type: s.resource_type } : {}),
    ...(s.resource_id ? { resource_id: s.resource_id } : {}),
    ...(s.from ? { from: `${s.from}T00:00:00.000Z` } : {}),
    ...(s.to ? { to: endOfDay(s.to) } : {}),
    pageable: { page: (s.page ?? 1) - 1, size: AUDIT_PAGE_SIZE, sort: 'created_at,desc' },
  };
}
