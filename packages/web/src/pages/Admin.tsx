/** SYSTEM_ADMIN: every organization (deleted ones included, with restore) and every user (with restore). */
import { Badge, Button, Card, SimpleGrid, Table, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../api/problem';
import { useSession } from '../api/session';
import { ProblemAlert, QueryState } from '../components/state';

export function AdminPage() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const orgs = useQuery({
    queryKey: ['admin-orgs'],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/organizations', {
          params: {
            query: { deleted: 'include', pageable: { page: 0, size: 100, sort: 'created_at,desc' } },
          },
        }),
      ).content,
  });
  const users = useQuery({
    queryKey: ['admin-users'],
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/users', { params: { query: { pageable: { page: 0, size: 100 } } } }))
        .content,
  });
  const restore = useMutation({
    mutationFn: async ({ kind, id }: { kind: 'organization' | 'user'; id: string }) => {
      const params = { params: { path: { id } } };
      if (kind === 'organization') unwrap(await api.POST('/api/v1/organizations/{id}/restore', params));
      else unwrap(await api.POST('/api/v1/users/{id}/restore', params));
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
  return (
    <>
      <Title order={2} mb="md">
        System administration
      </Title>
      <ProblemAlert error={restore.error} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder>
          <Title order={3} mb="xs">
            Organizations
          </Title>
          <QueryState query={orgs} empty="No organizations.">
            {(list) => (
              <Table aria-label="Organizations">
                <Table.Tbody>
                  {list.map((o) => (
                    <Table.Tr key={o.id}>
                      <Table.Td>{o.name}</Table.Td>
                      <Table.Td>
                        <Badge variant="light">{o.kind}</Badge>
                      </Table.Td>
                      <Table.Td>
                        {o.deleted_at ? (
                          <Button
                            size="xs"
                            onClick={() => restore.mutate({ kind: 'organization', id: o.id })}
                          >
                            Restore
                          </Button>
                        ) : (
                          'active'
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </QueryState>
        </Card>
        <Card withBorder>
          <Title order={3} mb="xs">
            Users
          </Title>
          <QueryState query={users} empty="No users.">
            {(list) => (
              <Table aria-label="Users">
                <Table.Tbody>
                  {list.map((u) => (
                    <Table.Tr key={u.id}>
                      <Table.Td>{u.email}</Table.Td>
                      <Table.Td>{u.is_system_admin && <Badge>SYSTEM_ADMIN</Badge>}</Table.Td>
                      <Table.Td>
                        {u.deleted_at ? (
                          <Button size="xs" onClick={() => restore.mutate({ kind: 'user', id: u.id })}>
                            Restore
                          </Button>
                        ) : (
                          'active'
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </QueryState>
        </Card>
      </SimpleGrid>
    </>
  );
}
