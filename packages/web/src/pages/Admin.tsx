/** SYSTEM_ADMIN: every organization (deleted ones included, with restore) and every user (with restore). */
import { Badge, Button, Card, SimpleGrid, Title } from '@mantine/core';
import type { Schema } from '@service/client';
import { createColumnHelper } from '@tanstack/react-table';
import { useAllOrganizations, useAllUsers, useRestore } from '../api/admin';
import { Page } from '../components/Page';
import { QueryTable } from '../components/QueryTable';
import { ProblemAlert } from '../components/state';

type Organization = Schema<'Organization'>;
type User = Schema<'UserProfile'>;
type Restore = (target: { kind: 'organization' | 'user'; id: string }) => void;

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
  orgCol.accessor('kind', { header: 'Kind', cell: (c) => <Badge variant="light">{c.getValue()}</Badge> }),
  orgCol.accessor('deleted_at', {
    header: 'State',
    cell: (c) => restoreCell(c.getValue(), () => restore({ kind: 'organization', id: c.row.original.id })),
  }),
];

const userColumns = (restore: Restore) => [
  userCol.accessor('email', { header: 'Email' }),
  userCol.accessor('is_system_admin', {
    header: 'Role',
    cell: (c) => (c.getValue() ? <Badge>SYSTEM_ADMIN</Badge> : ''),
  }),
  userCol.accessor('deleted_at', {
    header: 'State',
    cell: (c) => restoreCell(c.getValue(), () => restore({ kind: 'user', id: c.row.original.id })),
  }),
];

export function AdminPage() {
  const orgs = useAllOrganizations();
  const users = useAllUsers();
  const restore = useRestore();
  return (
    <Page title="System administration">
      <ProblemAlert error={restore.error} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder>
          <Title order={3} mb="xs">
            Organizations
          </Title>
          <QueryTable
            query={orgs}
            columns={orgColumns(restore.mutate)}
            label="Organizations"
            empty="No organizations."
          />
        </Card>
        <Card withBorder>
          <Title order={3} mb="xs">
            Users
          </Title>
          <QueryTable query={users} columns={userColumns(restore.mutate)} label="Users" empty="No users." />
        </Card>
      </SimpleGrid>
    </Page>
  );
}
