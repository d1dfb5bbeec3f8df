/** Webhooks: endpoints (create shows the signing secret once), the delivery log with attempts, manual retry. */
import { Alert, Badge, Button, Card, Code, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useCreateWebhook, useDeliveries, useRetryDelivery, useWebhooks } from '../api/webhooks';
import { Page } from '../components/Page';
import { ProblemAlert, QueryState } from '../components/state';

function Deliveries({ id }: { id: string }) {
  const deliveries = useDeliveries(id);
  const retry = useRetryDelivery(id);
  return (
    <>
      <ProblemAlert error={retry.error} />
      <QueryState query={deliveries} empty="No deliveries yet.">
        {(list) => (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Deliveries">
              <Table.Tbody>
                {list.map((d) => {
                  const last = d.attempts.at(-1);
                  return (
                    <Table.Tr key={d.id}>
                      <Table.Td>{d.event_type}</Table.Td>
                      <Table.Td>
                        <Badge
                          color={d.status === 'SUCCEEDED' ? 'green' : d.status === 'FAILED' ? 'red' : 'blue'}
                        >
                          {d.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {d.attempt_count} attempts
                        {last && (
                          <Text size="xs" c="dimmed">
                            last: {last.response_status ?? last.error ?? '—'} in {last.duration_ms} ms
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {d.status === 'FAILED' && (
                          <Button size="xs" variant="light" onClick={() => retry.mutate(d.id)}>
                            Retry
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </>
  );
}

export function WebhooksPage() {
  const [url, setUrl] = useState('');
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  return (
    <Page title="Webhooks">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(url.trim(), { onSuccess: () => setUrl('') });
        }}
      >
        <Group align="end">
          <TextInput
            label="Endpoint URL (all events)"
            type="url"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            required
            miw={320}
          />
          <Button type="submit" loading={create.isPending}>
            Add endpoint
          </Button>
        </Group>
      </form>
      <ProblemAlert error={create.error} />
      {create.data && (
        <Alert color="green" title="Signing secret: copy it now, it is not shown again">
          <Code>{create.data.secret}</Code>
        </Alert>
      )}
      <QueryState query={webhooks} empty="No webhook endpoints.">
        {(list) => (
          <Stack>
            {list.map((w) => (
              <Card withBorder key={w.id}>
                <Group justify="space-between" mb="xs">
                  <Text fw={600} style={{ wordBreak: 'break-all' }}>
                    {w.url}
                  </Text>
                  <Badge color={w.enabled ? 'green' : 'gray'}>
                    {w.enabled ? 'enabled' : `disabled: ${w.disabled_reason ?? ''}`}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed" mb="xs">
                  events: {w.event_types.join(', ')}
                </Text>
                <Deliveries id={w.id} />
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
    </Page>
  );
}
