/** Benchmarks: each benchmark's latest run, its values per group, and a chart of them. */
import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { unwrap } from '../api/problem';
import { useSession } from '../api/session';
import { ProblemAlert, QueryState } from '../components/state';

const groupName = (g: Record<string, unknown>) => Object.values(g).map(String).join(' / ') || 'all';

export function BenchmarksPage() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  const benchmarks = useQuery({
    queryKey: ['benchmarks', organizationId],
    queryFn: async () =>
      unwrap(await api.GET('/api/benchmarks', { params: { query: { per_page: 100 } } })).data,
  });
  const run = useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.POST('/api/benchmarks/{id}/runs', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['benchmarks'] }),
  });
  return (
    <Stack>
      <Title order={2}>Benchmarks</Title>
      <ProblemAlert error={run.error} />
      <QueryState
        query={benchmarks}
        empty="No benchmark plugins: submit a BaseBenchmark plugin on the Plugins page."
      >
        {(list) => (
          <Stack>
            {list.map((b) => {
              const values = (b.values ?? []).map((v) => ({
                group: groupName(v.group as Record<string, unknown>),
                value: v.value,
                documents: v.documents,
                flagged: v.flagged,
              }));
              return (
                <Card withBorder key={b.id}>
                  <Group justify="space-between">
                    <Stack gap={2}>
                      <Title order={4}>{b.name}</Title>
                      <Text size="sm" c="dimmed">
                        {b.plugin_name} v{b.version} · labels {b.target_labels.join(', ')} · unit{' '}
                        {b.metric_unit ?? '—'}
                      </Text>
                    </Stack>
                    <Button
                      size="xs"
                      onClick={() => run.mutate(b.id)}
                      loading={run.isPending && run.variables === b.id}
                    >
                      Run now
                    </Button>
                  </Group>
                  {b.latest_run && (
                    <Group gap="md" my="xs">
                      <Badge
                        color={
                          b.latest_run.status === 'SUCCEEDED'
                            ? 'green'
                            : b.latest_run.status === 'FAILED'
                              ? 'red'
                              : 'blue'
                        }
                      >
                        {b.latest_run.status}
                      </Badge>
                      <Text size="sm">
                        {b.latest_run.documents} documents, {b.latest_run.scored} scored,{' '}
                        {b.latest_run.flagged} flagged · {b.latest_run.trigger} ·{' '}
                        {new Date(b.latest_run.started_at).toLocaleString()}
                      </Text>
                      {b.latest_run.error && <Text c="red">{b.latest_run.error}</Text>}
                    </Group>
                  )}
                  {values.length === 0 ? (
                    <Text c="dimmed">No values computed yet.</Text>
                  ) : (
                    <>
                      <div
                        style={{ width: '100%', height: 200 }}
                        role="img"
                        aria-label={`${b.name}: benchmark value per group`}
                      >
                        <ResponsiveContainer>
                          <BarChart data={values}>
                            <CartesianGrid strokeDasharray="3 3" />
                            <XAxis dataKey="group" fontSize={12} />
                            <YAxis fontSize={12} />
                            <Tooltip />
                            <Bar
                              dataKey="value"
                              name={`benchmark value (${b.metric_unit ?? ''})`}
                              fill="#7950f2"
                            />
                          </BarChart>
                        </ResponsiveContainer>
                      </div>
                      <Table aria-label={`${b.name} values`}>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>Group</Table.Th>
                            <Table.Th>Value</Table.Th>
                            <Table.Th>Documents</Table.Th>
                            <Table.Th>Flagged</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {values.map((v) => (
                            <Table.Tr key={v.group}>
                              <Table.Td>{v.group}</Table.Td>
                              <Table.Td>{v.value.toLocaleString()}</Table.Td>
                              <Table.Td>{v.documents}</Table.Td>
                              <Table.Td>{v.flagged}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </>
                  )}
                </Card>
              );
            })}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
