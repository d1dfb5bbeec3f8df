/**
 * API keys: create one (a name, when it expires, and whether it works in the active organization
 * only; the plaintext is shown once, with a copy button), list them with their scope, expiry and
 * last use, and revoke one after confirming (a revoked key answers 401 for good).
 *
 * `GET /api/v1/api-keys` answers every key of the user at once, newest first (spec 4.2: a plain
 * list), revoked ones included, and they are never deleted: a user who rotates keys piles them up.
 * The page shows them {@link MANAGEMENT_PAGE_SIZE} at a time with their total, the page in the
 * address (`/api-keys?page=2`); a new key shows on page 1.
 */
import {
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { type ApiKey, expiryAfter, useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { useMe } from '../api/me';
import { useSession } from '../api/session';
import { ConfirmInline } from '../components/ConfirmInline';
import { Page } from '../components/Page';
import { Pager } from '../components/Pager';
import { ShownOnce } from '../components/ShownOnce';
import { ProblemAlert, QueryState } from '../components/state';
import { MANAGEMENT_PAGE_SIZE, type PageSearch, pageInAddress, useKeepPageInRange } from '../lib/list-search';

/** The lifetimes offered for a new key, in days ("never" last: a key that ends is the safer default). */
export const KEY_LIFETIMES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
];

const dateOf = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString() : '—');

/** ACTIVE, REVOKED, or EXPIRED for an active key past its end (the API then answers 401). */
function keyState(k: ApiKey, now = Date.now()) {
  if (k.status === 'ACTIVE' && k.expires_at && new Date(k.expires_at).getTime() <= now) return 'EXPIRED';
  return k.status;
}

export function ApiKeysPage() {
  const [name, setName] = useState('');
  const [lifetime, setLifetime] = useState('90');
  const [thisOrganizationOnly, setThisOrganizationOnly] = useState(true);
  const { organizationId } = useSession();
  const me = useMe();
  const search = useSearch({ from: '/api-keys' });
  const navigate = useNavigate({ from: '/api-keys' });
  const page = search.page ?? 1;
  const toPage = (p: number, replace = false) =>
    void navigate({ search: (s: PageSearch) => ({ ...s, page: pageInAddress(p) }), replace });
  const keys = useApiKeys();
  useKeepPageInRange(page, keys.data?.length, (p) => toPage(p, true));
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const organizationName = (id: string) =>
    me.data?.orgs.find((m) => m.organization_id === id)?.organization.name ?? id;
  return (
    <Page title="API keys">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            {
              name: name.trim(),
              expiresAt: expiryAfter(lifetime === 'never' ? null : Number(lifetime)),
              organizationId: thisOrganizationOnly ? organizationId : null,
            },
            {
              // Newest first: the new key is on page 1.
              onSuccess: () => {
                setName('');
                toPage(1);
              },
            },
          );
        }}
      >
        <Group align="end">
          <TextInput
            label="Name of a new key"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
          />
          <Input.Wrapper label="Expires after">
            <SegmentedControl
              data={KEY_LIFETIMES}
              value={lifetime}
              onChange={setLifetime}
              aria-label="Expires after"
              display="flex"
            />
          </Input.Wrapper>
          <Checkbox
            label={`Only in ${organizationId ? organizationName(organizationId) : 'this organization'}`}
            description="else in every organization you belong to"
            checked={thisOrganizationOnly}
            onChange={(e) => setThisOrganizationOnly(e.currentTarget.checked)}
            disabled={!organizationId}
          />
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
      </form>
      <ProblemAlert error={create.error ?? revoke.error} />
      {create.data && (
        <ShownOnce
          title="New key: copy it now, it is not shown again"
          value={create.data.key}
          testId="new-key"
        />
      )}
      <QueryState query={keys} empty="No API keys.">
        {(list) => (
          <Stack>
            <Table.ScrollContainer minWidth={760}>
              <Table aria-label="API keys">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Prefix</Table.Th>
                    <Table.Th>Works in</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>Expires</Table.Th>
                    <Table.Th>Last used</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.slice((page - 1) * MANAGEMENT_PAGE_SIZE, page * MANAGEMENT_PAGE_SIZE).map((k) => {
                    const state = keyState(k);
                    return (
                      <Table.Tr key={k.id} data-testid={`key-${k.name}`}>
                        <Table.Td>{k.name}</Table.Td>
                        <Table.Td>
                          <Code>{k.prefix}…</Code>
                        </Table.Td>
                        <Table.Td>
                          {k.organization_id ? (
                            organizationName(k.organization_id)
                          ) : (
                            <Text size="sm" c="dimmed">
                              all your organizations
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Badge
                            color={state === 'ACTIVE' ? 'green' : state === 'EXPIRED' ? 'orange' : 'gray'}
                          >
                            {state}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{dateOf(k.created_at)}</Table.Td>
                        <Table.Td>{k.expires_at ? dateOf(k.expires_at) : 'never'}</Table.Td>
                        <Table.Td>
                          {k.last_used_at ? new Date(k.last_used_at).toLocaleString() : 'never'}
                        </Table.Td>
                        <Table.Td>
                          {k.status === 'ACTIVE' && (
                            // A second click names it: revoking cannot be undone.
                            <ConfirmInline
                              action="Revoke"
                              name={k.name}
                              pending={revoke.isPending && revoke.variables === k.id}
                              onConfirm={() => revoke.mutate(k.id)}
                            />
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager
              label="Pages of API keys"
              total={list.length}
              page={page}
              pageSize={MANAGEMENT_PAGE_SIZE}
              noun="keys"
              singular="key"
              onPage={(n) => toPage(n)}
            />
          </Stack>
        )}
      </QueryState>
    </Page>
  );
}
