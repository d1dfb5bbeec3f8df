/**
 * SYSTEM_ADMIN: every organization (deleted ones included, with restore) and the users — every
 * user of the platform, or the active organization's members — searched by email (with restore),
 * each a page at a time with its total; the server sorts (organizations by name or newest first,
 * users by email or oldest first), and the pages and orders live in the address
 * (`/admin?organizations_page=2&users_sort=email,desc`, lib/list-search.ts).
 */
import { Badge, Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Schema } from '@service/client';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ColumnDef, createColumnHelper, type SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { type UsersScope, useAllOrganizations, useAllUsers, useRestore } from '../api/admin';
import { useMe } from '../api/me';
import { useSession } from '../api/session';
import { DataTable } from '../components/DataTable';
import { Page } from '../components/Page';
import { Pager } from '../components/Pager';
import { ProblemAlert, QueryState } from '../components/state';
import {
  type AdminSearch,
  MANAGEMENT_PAGE_SIZE,
  ORGANIZATION_SORTS,
  pageInAddress,
  USER_SORTS,
  useKeepPageInRange,
} from '../lib/list-search';

type Organization = Schema<'Organization'>;
type User = Schema<'UserProfile'>;
type Restore = (target: { kind: 'organization' | 'user'; id: string }) => void;
/** A page of the API (`content`, `page.total_elements`…). */
type ApiPage<T> = {
  content: T[];
  page: { total_elements: number; total_exact?: boolean | undefined };
};

const orgCol = createColumnHelper<Organization>();
const userCol = createColumnHelper<User>();

/** A Restore button for a deleted row, else "active". */
const restoreCell = (deletedAt: string | null, onRestore: () => void) =>
  deletedAt ? (
    <Button size="xs" onClick={onRestore}>
      Restore
    </Button>
  ) : (
    'active'
  );

const orgColumns = (restore: Restore) => [
  orgCol.accessor('name', { header: 'Name' }),
  orgCol.accessor('kind', {
    header: 'Kind',
    enableSorting: false,
    cell: (c) => <Badge variant="light">{c.getValue()}</Badge>,
  }),
  orgCol.accessor('deleted_at', {
    header: 'State',
    enableSorting: false,
    cell: (c) => restoreCell(c.getValue(), () => restore({ kind: 'organization', id: c.row.original.id })),
  }),
];

const userColumns = (restore: Restore) => [
  userCol.accessor('email', { header: 'Email' }),
  userCol.accessor('is_system_admin', {
    header: 'Role',
    enableSorting: false,
    cell: (c) => (c.getValue() ? <Badge>SYSTEM_ADMIN</Badge> : ''),
  }),
  userCol.accessor('deleted_at', {
    header: 'State',
    enableSorting: false,
    cell: (c) => restoreCell(c.getValue(), () => restore({ kind: 'user', id: c.row.original.id })),
  }),
];

/** The table's sorting of an address order such as `name,desc` (none: the server's default order). */
const sortingOf = (sort: string | undefined): SortingState => {
  const [id, dir] = sort?.split(',') ?? [];
  return id ? [{ id, desc: dir === 'desc' }] : [];
};

/** The address order of a header click on one of `allowed`'s columns (undefined: the default). */
function sortOf<S extends string>(allowed: readonly S[], next: SortingState): S | undefined {
  const [first] = next;
  const sort = first && `${first.id},${first.desc ? 'desc' : 'asc'}`;
  return allowed.find((s) => s === sort);
}

/**
 * One server-paged, server-sorted list of the page: its table, empty and error states, and its
 * pager; a page past the end (after a change) gives way to the last one.
 */
function PagedTable<T>({
  query,
  columns,
  label,
  empty,
  noun,
  singular,
  page,
  sorting,
  onSortingChange,
  onPage,
}: {
  query: UseQueryResult<ApiPage<T>>;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<T, any>[];
  label: string;
  empty: string;
  noun: string;
  singular: string;
  page: number;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  onPage: (page: number, replace?: boolean) => void;
}) {
  useKeepPageInRange(page, query.isPlaceholderData ? undefined : query.data?.page.total_elements, (p) =>
    onPage(p, true),
  );
  return (
    <QueryState
      query={query}
      empty={empty}
      isEmpty={(p) => p.page.total_elements === 0 && p.content.length === 0}
    >
      {(p) => (
        <Stack>
          <DataTable
            data={p.content}
            columns={columns}
            label={label}
            sorting={sorting}
            onSortingChange={onSortingChange}
          />
          <Pager
            label={`Pages of ${noun}`}
            total={p.page.total_elements}
            exact={p.page.total_exact ?? true}
            page={page}
            pageSize={MANAGEMENT_PAGE_SIZE}
            noun={noun}
            singular={singular}
            onPage={(n) => onPage(n)}
          />
        </Stack>
      )}
    </QueryState>
  );
}

export function AdminPage() {
  const search = useSearch({ from: '/admin' });
  const navigate = useNavigate({ from: '/admin' });
  const change = (patch: Partial<AdminSearch>, replace = false) =>
    void navigate({ search: (s: AdminSearch) => ({ ...s, ...patch }), replace });
  const orgs = useAllOrganizations(search.organizations_page ?? 1, search.organizations_sort);
  // A platform operator looks for a user whatever organization they are in: the platform by default.
  const [usersScope, setUsersScope] = useState<UsersScope>('platform');
  const [emailSearch, setEmailSearch] = useState('');
  const [typedEmail] = useDebouncedValue(emailSearch, 300);
  const users = useAllUsers(search.users_page ?? 1, search.users_sort, { scope: usersScope, q: typedEmail });
  const restore = useRestore();
  const { organizationId } = useSession();
  const organizationName = useMe().data?.orgs.find((m) => m.organization_id === organizationId)?.organization
    .name;
  return (
    <Page title="System administration">
      <ProblemAlert error={restore.error} />
      <Stack>
        <Card withBorder>
          <Title order={3} mb="xs">
            Organizations
          </Title>
          <PagedTable
            query={orgs}
            columns={orgColumns(restore.mutate)}
            label="Organizations"
            empty="No organizations."
            noun="organizations"
            singular="organization"
            page={search.organizations_page ?? 1}
            sorting={sortingOf(search.organizations_sort)}
            // A new order starts again at its first page.
            onSortingChange={(next) =>
              change({ organizations_sort: sortOf(ORGANIZATION_SORTS, next), organizations_page: undefined })
            }
            onPage={(p, replace) => change({ organizations_page: pageInAddress(p) }, replace)}
          />
        </Card>
        <Card withBorder>
          <Title order={3}>Users</Title>
          <Group align="flex-end" my="xs">
            <SegmentedControl
              aria-label="Users shown"
              data={[
                { value: 'platform', label: 'Every user of the platform' },
                { value: 'organization', label: 'Members of the active organization' },
              ]}
              value={usersScope}
              onChange={(v) => {
                setUsersScope(v as UsersScope);
                change({ users_page: undefined });
              }}
            />
            <TextInput
              label="Email contains"
              placeholder="e.g. ann@"
              value={emailSearch}
              onChange={(e) => {
                setEmailSearch(e.currentTarget.value);
                change({ users_page: undefined }, true);
              }}
            />
          </Group>
          {/* GET /users is the active organization's (spec 4.4) unless it asks for the platform's: say which. */}
          <Text size="sm" c="dimmed" mb="xs" data-testid="users-scope">
            {usersScope === 'platform'
              ? 'Every user of the platform, whatever their organizations, deleted ones included.'
              : `The members of ${organizationName ?? 'the active organization'}, deleted ones included; choose another organization at the top to see its users.`}
          </Text>
          <PagedTable
            query={users}
            columns={userColumns(restore.mutate)}
            label="Users"
            empty={typedEmail.trim() ? 'No user’s email contains this.' : 'No users.'}
            noun="users"
            singular="user"
            page={search.users_page ?? 1}
            sorting={sortingOf(search.users_sort)}
            onSortingChange={(next) =>
              change({ users_sort: sortOf(USER_SORTS, next), users_page: undefined })
            }
            onPage={(p, replace) => change({ users_page: pageInAddress(p) }, replace)}
          />
        </Card>
      </Stack>
    </Page>
  );
}
