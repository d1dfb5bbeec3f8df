/**
 * The contracts and alerts pages' state in their addresses
 * (`/contracts?status=ACTIVE&vendor=acme&sort=annual_value&order=desc&page=2`,
 * `/alerts?status=SNOOZED&kind=benchmark.flagged&page=3`): the server filters, sorts and pages
 * (`GET /api/contracts`, `GET /api/alerts`, spec 2.2's `{data, meta}` envelope), so the lists stay
 * as quick at thousands of rows as at ten, and a view can be bookmarked or restored with Back.
 */
import { defined, oneOf, pageParam, textParam, uuidParam } from './search-params';

export const CONTRACT_STATUSES = ['ACTIVE', 'EXPIRING', 'EXPIRED', 'TERMINATED'] as const;
export const CONTRACT_SORTS = ['renewal_date', 'annual_value', 'vendor'] as const;
export type ContractSort = (typeof CONTRACT_SORTS)[number];

export interface ContractsSearch {
  status?: (typeof CONTRACT_STATUSES)[number];
  /** Case-insensitive part of the vendor's name. */
  vendor?: string;
  sort?: ContractSort;
  order?: 'asc' | 'desc';
  page?: number;
  /** One contract shown above the table (`GET /api/contracts/{id}`): a document's "contract" link. */
  contract?: string;
}

/** Rows per page of the contracts list and of the alerts. */
export const LIST_PAGE_SIZE = 25;

export function parseContractsSearch(raw: Record<string, unknown>): ContractsSearch {
  return defined({
    status: oneOf(CONTRACT_STATUSES, raw.status),
    vendor: textParam(raw.vendor),
    sort: oneOf(CONTRACT_SORTS, raw.sort),
    order: oneOf(['asc', 'desc'] as const, raw.order),
    page: pageParam(raw.page),
    contract: uuidParam(raw.contract),
  });
}

/** `GET /api/contracts`'s query for the page's state (renewal date ascending, undated last, by default). */
export function contractsQuery(s: ContractsSearch) {
  return {
    ...(s.status ? { status: s.status } : {}),
    ...(s.vendor ? { vendor: s.vendor } : {}),
    sort: s.sort ?? 'renewal_date',
    order: s.order ?? 'asc',
    page: s.page ?? 1,
    per_page: LIST_PAGE_SIZE,
  };
}

export const ALERT_STATUSES = ['OPEN', 'ACKNOWLEDGED', 'SNOOZED'] as const;
export const ALERT_KINDS = ['contract.renewal_upcoming', 'benchmark.flagged'] as const;

export interface AlertsSearch {
  /** OPEN when absent. */
  status?: (typeof ALERT_STATUSES)[number];
  kind?: (typeof ALERT_KINDS)[number];
  /** `due_date`: soonest notice deadline first; newest first when absent. */
  sort?: 'due_date';
  page?: number;
}

export function parseAlertsSearch(raw: Record<string, unknown>): AlertsSearch {
  const status = oneOf(ALERT_STATUSES, raw.status);
  return defined({
    status: status === 'OPEN' ? undefined : status,
    kind: oneOf(ALERT_KINDS, raw.kind),
    sort: raw.sort === 'due_date' ? ('due_date' as const) : undefined,
    page: pageParam(raw.page),
  });
}

/** `GET /api/alerts`'s query for the page's state. */
export function alertsQuery(s: AlertsSearch) {
  return {
    status: s.status ?? 'OPEN',
    ...(s.kind ? { kind: s.kind } : {}),
    ...(s.sort ? { sort: s.sort } : {}),
    page: s.page ?? 1,
    per_page: LIST_PAGE_SIZE,
  };
}
