/** Contracts: a sortable table and the renewals of the next 12 months; each links to its document. */
import { Badge, Card, Text, Title } from '@mantine/core';
import type { Schema } from '@service/client';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { unwrap } from '../api/problem';
import { useSession } from '../api/session';
import { DataTable } from '../components/DataTable';
import { Page } from '../components/Page';
import { QueryState } from '../components/state';

type Contract = Schema<'Contract'>;
const col = createColumnHelper<Contract>();
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
  col.accessor('type', { header: 'Type' }),
  // Undated rows and rows without a value sort last in either direction (TanStack's sortUndefined).
  col.accessor((c) => c.renewal_date ?? undefined, {
    id: 'renewal_date',
    header: 'Renewal',
    sortUndefined: 'last',
    cell: (c) => c.getValue() ?? '—',
  }),
  col.accessor((c) => c.notice_deadline ?? undefined, {
    id: 'notice_deadline',
    header: 'Notice deadline',
    sortUndefined: 'last',
    cell: (c) => c.getValue() ?? '—',
  }),
  col.accessor((c) => c.annual_value ?? undefined, {
    id: 'annual_value',
    header: 'Annual value',
    sortUndefined: 'last',
    cell: (c) => money(c.row.original),
  }),
  col.accessor('status', {
    header: 'Status',
    cell: (c) => (
      <Badge
        color={{ ACTIVE: 'green', EXPIRING: 'orange', EXPIRED: 'gray', TERMINATED: 'red' }[c.getValue()]}
      >
        {c.getValue()}
      </Badge>
    ),
  }),
];

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
  const { api, organizationId } = useSession();
  const contracts = useQuery({
    queryKey: ['contracts', organizationId],
    queryFn: async () =>
      unwrap(await api.GET('/api/contracts', { params: { query: { per_page: 100 } } })).data,
  });
  return (
    <Page title="Contracts">
      <QueryState
        query={contracts}
        empty="No contracts yet: upload contract documents or add one with the API."
      >
        {(list) => (
          <>
            <Card withBorder>
              <Title order={4}>Renewals in the next 12 months</Title>
              <div
                style={{ width: '100%', height: 220 }}
                role="img"
                aria-label="Renewals per month for the next 12 months"
              >
                <ResponsiveContainer>
                  <BarChart data={renewalTimeline(list)}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="month" fontSize={12} />
                    <YAxis allowDecimals={false} fontSize={12} />
                    <Tooltip />
                    <Bar dataKey="renewals" fill="#228be6" />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </Card>
            <DataTable
              data={list}
              columns={columns}
              label="Contracts"
              initialSort={[{ id: 'renewal_date', desc: false }]}
            />
            <Text size="sm" c="dimmed">
              {list.length} contracts
            </Text>
          </>
        )}
      </QueryState>
    </Page>
  );
}
