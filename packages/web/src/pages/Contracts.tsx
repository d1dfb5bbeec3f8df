/**
 * Contracts: the renewals of the next 12 months, and a table the server filters (status, vendor),
 * sorts (renewal date, annual value, vendor; undated and unvalued last) and pages, with that state
 * in the address (lib/contracts-search.ts); each row links to its document.
 */
import { Badge, Button, Card, Group, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type Contract, useContract, useContracts, useUpcomingRenewals } from '../api/contracts';
import { DataTable } from '../components/DataTable';
import { Page } from '../components/Page';
import { Pager } from '../components/Pager';
import { ProblemAlert, QueryState } from '../components/state';
import {
  CONTRACT_SORTS,
  CONTRACT_STATUSES,
  type ContractSort,
  type ContractsSearch,
  LIST_PAGE_SIZE,
} from '../lib/contracts-search';
import { useKeepPageInRange } from '../lib/list-search';
import { countOf } from '../lib/plural';

const STATUS_COLORS = { ACTIVE: 'green', EXPIRING: 'orange', EXPIRED: 'gray', TERMINATED: 'red' } as const;

const col = createColumnHelper<Contract>();
/** A date of the table on one line ("2027-03-01" broke at its hyphens), a dash when there is none. */
const Day = ({ value }: { value: string | undefined }) => (
  <span style={{ whiteSpace: 'nowrap' }}>{value ?? '—'}</span>
);
const money = (c: Contract) =>
  c.annual_value === null ? '—' : `${c.annual_value.toLocaleString()} ${c.currency ?? ''}`.trim();
const columns = [
  col.accessor('vendor', {
    header: 'Vendor',
    cell: (c) =>
      c.row.original.document_id ? (
        <Link to="/documents/$id" params={{ id: c.row.original.document_id }}>
          {c.getValue()}
        </Link>
      ) : (
        c.getValue()
      ),
  }),
  col.accessor('type', { header: 'Type', enableSorting: false }),
  // The server sorts undated rows and rows without a value last in either direction.
  col.accessor((c) => c.renewal_date ?? undefined, {
    id: 'renewal_date',
    header: 'Renewal',
    cell: (c) => <Day value={c.getValue()} />,
  }),
  col.accessor((c) => c.notice_deadline ?? undefined, {
    id: 'notice_deadline',
    header: 'Notice deadline',
    enableSorting: false,
    cell: (c) => <Day value={c.getValue()} />,
  }),
  col.accessor((c) => c.annual_value ?? undefined, {
    id: 'annual_value',
    header: 'Annual value',
    cell: (c) => money(c.row.original),
  }),
  col.accessor('status', {
    header: 'Status',
    enableSorting: false,
    cell: (c) => <Badge color={STATUS_COLORS[c.getValue()]}>{c.getValue()}</Badge>,
  }),
];

/** "3 years", "1 month" for a term; a dash when unknown. */
const termText = (t: { value: number; unit: string } | null) => (t ? countOf(t.value, t.unit) : '—');

/**
 * The contract of the address's `contract` (a document's "contract" link lands here): its terms,
 * its document and how many versions it has, above the whole table.
 */
function ShownContract({ id, onClose }: { id: string; onClose: () => void }) {
  const contract = useContract(id);
  if (contract.error) return <ProblemAlert error={contract.error} />;
  const c = contract.data;
  if (!c) return <Text c="dimmed">Loading the contract…</Text>;
  const facts: [string, string][] = [
    ['Type', c.type],
    ['Renewal', c.renewal_date ?? '—'],
    ['Notice deadline', c.notice_deadline ?? '—'],
    ['Notice period', c.notice_period_days === null ? '—' : countOf(c.notice_period_days, 'day')],
    ['Annual value', money(c)],
    ['Auto-renews', c.auto_renew ? 'yes' : 'no'],
    ['Effective', c.effective_date ?? '—'],
    ['Expires', c.expiration_date ?? '—'],
    ['Term', termText(c.term)],
    ['Renewal term', termText(c.renewal_term)],
  ];
  return (
    <Card withBorder data-testid="shown-contract">
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={3}>{c.vendor}</Title>
          <Badge color={STATUS_COLORS[c.status]}>{c.status}</Badge>
        </Group>
        <Button size="xs" variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm">{value}</Text>
          </div>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        version {c.version} of {c.history.length}
        {c.origin === 'MANUAL' && ' · added by hand'}
        {c.document_id && (
          <>
            {' · '}
            <Link to="/documents/$id" params={{ id: c.document_id }}>
              its document
            </Link>
          </>
        )}
      </Text>
    </Card>
  );
}

/** Renewals per month for the 12 months from this one (YYYY-MM keys). */
export function renewalTimeline(
  contracts: Contract[],
  from = new Date(),
): { month: string; renewals: number }[] {
  const months = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i, 1));
    return d.toISOString().slice(0, 7);
  });
  return months.map((month) => ({
    month,
    renewals: contracts.filter((c) => c.renewal_date?.startsWith(month)).length,
  }));
}

export function ContractsPage() {
  const search = useSearch({ from: '/contracts' });
  const navigate = useNavigate({ from: '/contracts' });
  // A new filter or sort starts at page 1; typing replaces the history entry.
  const setSearch = (patch: Partial<ContractsSearch>, replace = false) =>
    void navigate({ search: (s: ContractsSearch) => ({ ...s, page: undefined, ...patch }), replace });
  const [vendor, setVendor] = useState(search.vendor ?? '');
  useEffect(() => setVendor(search.vendor ?? ''), [search.vendor]);
  const settleVendor = useDebouncedCallback(
    (v: string) => setSearch({ vendor: v.trim() || undefined }, true),
    300,
  );
  const contracts = useContracts(search);
  const toPage = (p: number, replace = false) =>
    void navigate({ search: (s: ContractsSearch) => ({ ...s, page: p > 1 ? p : undefined }), replace });
  // An empty page past the end (an old bookmark, contracts gone) gives way to the last page.
  useKeepPageInRange(
    search.page ?? 1,
    !contracts.isPlaceholderData && contracts.data?.data.length === 0 ? contracts.data.meta.total : undefined,
    (p) => toPage(p, true),
    LIST_PAGE_SIZE,
  );
  // The timeline counts every renewal of the coming year, whatever page or filter the table shows.
  const upcoming = useUpcomingRenewals();
  const sorting: SortingState = [{ id: search.sort ?? 'renewal_date', desc: search.order === 'desc' }];
  const onSortingChange = (next: SortingState) => {
    const first = next[0];
    const id =
      first && CONTRACT_SORTS.includes(first.id as ContractSort) ? (first.id as ContractSort) : undefined;
    setSearch({ sort: id, order: id && first?.desc ? 'desc' : undefined });
  };
  return (
    <Page title="Contracts">
      {search.contract && (
        <ShownContract id={search.contract} onClose={() => setSearch({ contract: undefined }, false)} />
      )}
      {upcoming.data && (
        <Card withBorder>
          <Title order={4}>Renewals in the next 12 months</Title>
          <div
            style={{ width: '100%', height: 220 }}
            role="img"
            aria-label="Renewals per month for the next 12 months"
          >
            <ResponsiveContainer>
              <BarChart data={renewalTimeline(upcoming.data.data)}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="month" fontSize={12} />
                <YAxis allowDecimals={false} fontSize={12} />
                <Tooltip />
                <Bar dataKey="renewals" fill="#228be6" />
              </BarChart>
            </ResponsiveContainer>
          </div>
          {upcoming.data.meta.total > upcoming.data.data.length && (
            <Text size="xs" c="dimmed">
              The first {upcoming.data.data.length} of {upcoming.data.meta.total} renewals
            </Text>
          )}
        </Card>
      )}
      <Group align="end">
        <Select
          label="Status"
          placeholder="any"
          clearable
          data={[...CONTRACT_STATUSES]}
          value={search.status ?? null}
          onChange={(v) => setSearch({ status: (v as ContractsSearch['status']) ?? undefined })}
        />
        <TextInput
          label="Vendor"
          placeholder="part of the name"
          value={vendor}
          onChange={(e) => {
            setVendor(e.currentTarget.value);
            settleVendor(e.currentTarget.value);
          }}
        />
      </Group>
      <QueryState
        query={contracts}
        empty={
          search.status || search.vendor
            ? 'No contracts match: change the filters.'
            : 'No contracts yet: upload contract documents or add one with the API.'
        }
        isEmpty={(d) => d.data.length === 0}
      >
        {(list) => (
          <>
            <DataTable
              data={list.data}
              columns={columns}
              label="Contracts"
              sorting={sorting}
              onSortingChange={onSortingChange}
            />
            <Pager
              label="Pages of contracts"
              total={list.meta.total}
              exact={list.meta.total_exact}
              page={search.page ?? 1}
              pageSize={LIST_PAGE_SIZE}
              noun="contracts"
              singular="contract"
              onPage={(p) => toPage(p)}
            />
          </>
        )}
      </QueryState>
    </Page>
  );
}
