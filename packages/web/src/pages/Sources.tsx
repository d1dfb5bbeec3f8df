/**
 * Sources: the providers, the organization's connections with status, documents (linked to the
 * Documents page filtered by the connection) and sync, OAuth connect and
 * reconnect (the browser goes to the provider's authorization URL), and e-mail forwarding:
 * the address, the sender allowlist and the audit of accepted and rejected mail.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  SOURCES_PAGE_SIZE,
  type SourceConnection,
  useAddManualSource,
  useAllowlist,
  useAllowSender,
  useConnectSource,
  useForwardingAddress,
  useForwardingAudit,
  useProviders,
  useRemoveAllowed,
  useSourceAction,
  useSources,
  useSourcesCoverage,
} from '../api/sources';
import { Page } from '../components/Page';
import { Pager } from '../components/Pager';
import { ProblemAlert, QueryState } from '../components/state';
import { countOf, pluralNoun } from '../lib/plural';
import { CustomSourceForm } from './CustomSource';
import { documentCount, SourceDetails } from './SourceDetails';

function EmailForwarding() {
  const [pattern, setPattern] = useState('');
  const address = useForwardingAddress();
  const allowlist = useAllowlist();
  const audit = useForwardingAudit();
  const add = useAllowSender();
  const remove = useRemoveAllowed();
  return (
    <Card withBorder>
      <Title order={3} mb="xs">
        E-mail forwarding
      </Title>
      <QueryState query={address} empty="">
        {(a) => (
          <Text size="sm">
            Forward documents to <Code>{a.address}</Code> (
            {a.enabled ? 'enabled' : 'disabled in the organization settings'})
          </Text>
        )}
      </QueryState>
      <Title order={4} mt="md">
        Allowed senders
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate(pattern.trim(), { onSuccess: () => setPattern('') });
        }}
      >
        <Group align="end" my="xs">
          {/* The API takes an address or "@domain" (docs/sources.md); "*@domain" is folded into it. */}
          <TextInput
            label="Sender address or @domain"
            placeholder="alice@example.com or @example.com"
            w={300}
            value={pattern}
            onChange={(e) => setPattern(e.currentTarget.value)}
            required
          />
          <Button type="submit" loading={add.isPending}>
            Allow
          </Button>
        </Group>
      </form>
      <ProblemAlert error={add.error ?? remove.error} />
      <QueryState query={allowlist} empty="No allowed senders: all forwarded mail is rejected.">
        {(list) => (
          <Stack gap={2}>
            {list.map((e) => (
              <Group key={e.id} gap="xs" wrap="nowrap">
                <Text size="sm">
                  <Code>{e.pattern}</Code> {e.note}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${e.pattern}`}
                  loading={remove.isPending && remove.variables === e.id}
                  onClick={() => remove.mutate(e.id)}
                >
                  Remove
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </QueryState>
      <Title order={4} mt="md">
        Audit
      </Title>
      <QueryState query={audit} empty="No forwarded mail yet.">
        {(list) => (
          <Stack gap={2}>
            {list.map((e) => (
              <Group key={e.id} gap="xs" wrap="nowrap">
                <Badge size="xs" color={e.decision === 'ACCEPTED' ? 'green' : 'red'}>
                  {e.decision}
                </Badge>
                <Text size="sm">
                  {e.sender ?? '?'} → {e.recipient}: {e.reason}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}

/** What the OAuth callback said when it sent the browser back here (`?source_id&status[&error]`). */
function CallbackResult() {
  const params = new URLSearchParams(window.location.search);
  const status = params.get('status');
  if (!status) return null;
  if (status === 'error')
    return (
      <ProblemAlert error={new Error(params.get('error') ?? 'the provider refused')} title="Not connected" />
    );
  return (
    <Alert color="green" title="Connected" role="status" data-testid="oauth-result">
      The provider authorized the connection; it syncs from here.
    </Alert>
  );
}

const STATUS_COLOR: Record<SourceConnection['status'], string> = {
  ACTIVE: 'green',
  SYNCING: 'blue',
  ERROR: 'red',
  REQUIRES_REAUTHORIZATION: 'orange',
  DISABLED: 'gray',
};

/** Why a connection reads DISABLED, when the reason is known. */
function disabledReason(s: SourceConnection): string | undefined {
  if (s.status !== 'DISABLED') return undefined;
  return s.kind === 'EMAIL_FORWARDING' ? 'e-mail forwarding is off in the organization settings' : undefined;
}

/** Said after "Add" on Manual upload: the connection exists, and where its files are uploaded. */
function ManualUploadAdded({ name, onClose }: { name: string; onClose: () => void }) {
  return (
    <Alert
      color="green"
      title={`${name} is ready`}
      role="status"
      withCloseButton
      onClose={onClose}
      data-testid="manual-upload-added"
    >
      Upload files on the{' '}
      <Anchor component={Link} to="/documents">
        Documents page
      </Anchor>
      : they arrive through this connection, which lists how many came in (Details under Connections).
    </Alert>
  );
}

/**
 * The organization's documents that no connection lists (uploads through the API without
 * `source_id`, or made before the console filed uploads under Manual upload): said, so the
 * connections' counts adding up to less than the Documents page is explained (decision 690).
 */
function WithoutSource({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="without-source">
      {countOf(count, 'document')} {pluralNoun(count, 'has', 'have')} no source: uploaded through the API
      without a source_id, or before uploads were filed under Manual upload. Uploading the same file again
      through a connection files it there.
    </Text>
  );
}

export function SourcesPage() {
  const [open, setOpen] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const providers = useProviders();
  const sources = useSources(page);
  const connect = useConnectSource();
  const manual = useAddManualSource();
  const act = useSourceAction();
  const coverage = useSourcesCoverage();
  const coverageOf = (id: string) => coverage.data?.sources.find((c) => c.source_id === id);
  return (
    <Page title="Sources">
      <CallbackResult />
      {manual.data && <ManualUploadAdded name={manual.data.name} onClose={() => manual.reset()} />}
      <ProblemAlert error={connect.error ?? manual.error ?? act.error} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Card withBorder>
          <Title order={3} mb="xs">
            Providers
          </Title>
          <QueryState query={providers} empty="No providers configured.">
            {(list) => (
              <Stack gap="xs">
                {list.map((p) => (
                  <Group key={p.provider} justify="space-between">
                    <Group gap="xs">
                      <Text>{p.name}</Text>
                      <Badge size="xs">{p.kind}</Badge>
                    </Group>
                    {p.kind === 'OAUTH' && (
                      <Button size="xs" onClick={() => connect.mutate(p.provider)}>
                        Connect
                      </Button>
                    )}
                    {p.kind === 'MANUAL_UPLOAD' && (
                      <Button
                        size="xs"
                        variant="default"
                        loading={manual.isPending}
                        onClick={() => manual.mutate()}
                      >
                        Add
                      </Button>
                    )}
                  </Group>
                ))}
              </Stack>
            )}
          </QueryState>
        </Card>
        <EmailForwarding />
        <CustomSourceForm />
      </SimpleGrid>
      <Title order={3}>Connections</Title>
      <QueryState query={sources} empty="No sources connected." isEmpty={(p) => p.page.total_elements === 0}>
        {({ content: list, page: info }) => (
          <Stack>
            <Table.ScrollContainer minWidth={600}>
              <Table aria-label="Sources">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Provider</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Documents</Table.Th>
                    <Table.Th>Auto-sync</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((s) => [
                    <Table.Tr key={s.id} data-testid={`source-${s.id}`}>
                      <Table.Td>{s.name}</Table.Td>
                      <Table.Td>{s.provider}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[s.status]}>{s.status}</Badge>
                        {disabledReason(s) && (
                          <Text size="xs" c="dimmed">
                            {disabledReason(s)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {/* The connection's documents on the Documents page (its source filter). */}
                        {coverageOf(s.id) ? (
                          <Anchor
                            renderRoot={(props) => (
                              <Link {...props} to="/documents" search={{ source_id: s.id }} />
                            )}
                            size="sm"
                            aria-label={`Documents of ${s.name}`}
                            title={documentCount(coverageOf(s.id))}
                          >
                            {coverageOf(s.id)?.total ?? 0}
                          </Anchor>
                        ) : (
                          <Text c="dimmed">—</Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {/* Uploads and forwarded mail arrive; only OAuth and custom sources sync. */}
                        {s.kind !== 'OAUTH' && s.kind !== 'CUSTOM'
                          ? '—'
                          : s.auto_sync
                            ? `every ${s.sync_interval_minutes} min`
                            : 'off'}
                        {s.last_synced_at && (
                          <Text size="xs" c="dimmed">
                            last {new Date(s.last_synced_at).toLocaleString()}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {(s.kind === 'OAUTH' || s.kind === 'CUSTOM') && (
                            <Button
                              size="xs"
                              variant="light"
                              onClick={() => act.mutate({ id: s.id, action: 'sync' })}
                            >
                              Sync
                            </Button>
                          )}
                          {s.status === 'REQUIRES_REAUTHORIZATION' && (
                            <Button size="xs" onClick={() => act.mutate({ id: s.id, action: 'reconnect' })}>
                              Reconnect
                            </Button>
                          )}
                          {s.kind !== 'EMAIL_FORWARDING' && (
                            <Button
                              size="xs"
                              variant="default"
                              aria-expanded={open === s.id}
                              onClick={() => setOpen((o) => (o === s.id ? null : s.id))}
                            >
                              {s.kind === 'MANUAL_UPLOAD' ? 'Details' : 'Activity'}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>,
                    open === s.id && (
                      <Table.Tr key={`${s.id}-details`}>
                        <Table.Td colSpan={6}>
                          <SourceDetails source={s} coverage={coverageOf(s.id)} />
                        </Table.Td>
                      </Table.Tr>
                    ),
                  ])}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager
              label="Pages of connections"
              total={info.total_elements}
              page={page}
              pageSize={SOURCES_PAGE_SIZE}
              noun="connections"
              singular="connection"
              onPage={setPage}
            />
            <WithoutSource count={coverage.data?.without_source ?? 0} />
          </Stack>
        )}
      </QueryState>
    </Page>
  );
}
