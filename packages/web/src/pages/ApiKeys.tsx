/** API keys: create (the plaintext is shown once, with a copy button) and revoke. */
import { Alert, Badge, Button, Code, CopyButton, Group, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { Page } from '../components/Page';
import { ProblemAlert, QueryState } from '../components/state';

export function ApiKeysPage() {
  const [name, setName] = useState('');
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  return (
    <Page title="API keys">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(name.trim(), { onSuccess: () => setName('') });
        }}
      >
        <Group align="end">
          <TextInput
            label="Name of a new key"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
          />
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
      </form>
      <ProblemAlert error={create.error ?? revoke.error} />
      {create.data && (
        <Alert color="green" title="New key: copy it now, it is not shown again" data-testid="new-key">
          <Group wrap="nowrap">
            <Code style={{ wordBreak: 'break-all' }} data-testid="new-key-value">
              {create.data.key}
            </Code>
            <CopyButton value={create.data.key}>
              {({ copied, copy }) => (
                <Button size="xs" onClick={copy} variant="light">
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      )}
      <QueryState query={keys} empty="No API keys.">
        {(list) => (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="API keys">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Prefix</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((k) => (
                  <Table.Tr key={k.id} data-testid={`key-${k.name}`}>
                    <Table.Td>{k.name}</Table.Td>
                    <Table.Td>
                      <Code>{k.prefix}…</Code>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={k.status === 'ACTIVE' ? 'green' : 'gray'}>{k.status}</Badge>
                    </Table.Td>
                    <Table.Td>
                      {k.last_used_at ? new Date(k.last_used_at).toLocaleString() : 'never'}
                    </Table.Td>
                    <Table.Td>
                      {k.status === 'ACTIVE' && (
                        <Button size="xs" color="red" variant="light" onClick={() => revoke.mutate(k.id)}>
                          Revoke
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Page>
  );
}
