/**
 * Webhooks: add an endpoint for all or chosen event types with a description (its signing secret
 * is shown once), and for each endpoint its state (disabled and why, failing since when), editing
 * its URL, event types and description, disabling and enabling it, rotating its secret (the new
 * one shown once) and deleting it, both asked first; and its delivery log with attempts and manual
 * retry. The endpoints come a page at a time, newest first, the page in the address
 * (`/webhooks?page=2`, lib/list-search.ts), with their total; a new endpoint shows on page 1.
 * Members get the API's 403 like any refusal: the page does not guess roles.
 */
import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import {
  ALL_EVENTS,
  createBody,
  fieldsOf,
  updateBody,
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useRetryDelivery,
  useRotateWebhookSecret,
  useUpdateWebhook,
  useWebhooks,
  type Webhook,
  type WebhookFields,
} from '../api/webhooks';
import { Page } from '../components/Page';
import { Pager } from '../components/Pager';
import { ProblemAlert, QueryState } from '../components/state';
import { WebhookConfirmButton } from '../components/WebhookConfirmButton';
import { WebhookForm } from '../components/WebhookForm';
import { WebhookSecret } from '../components/WebhookSecret';
import { MANAGEMENT_PAGE_SIZE, type PageSearch, pageInAddress, useKeepPageInRange } from '../lib/list-search';
import { countOf } from '../lib/plural';

const NEW_ENDPOINT: WebhookFields = { url: '', eventTypes: [ALL_EVENTS], description: '' };

const when = (iso: string) => new Date(iso).toLocaleString();

/** `enabled` false: the API answers 409 to a retry, so the button waits for the endpoint. */
function Deliveries({ id, enabled }: { id: string; enabled: boolean }) {
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
                        {countOf(d.attempt_count, 'attempt')}
                        {last && (
                          <Text size="xs" c="dimmed">
                            last:{' '}
                            {[last.response_status, last.error].filter((v) => v != null).join(': ') || '—'} in{' '}
                            {last.duration_ms} ms
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {d.status === 'FAILED' && (
                          <Button
                            size="xs"
                            variant="light"
                            disabled={!enabled}
                            onClick={() => retry.mutate(d.id)}
                          >
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

function Endpoint({ w }: { w: Webhook }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateWebhook(w.id);
  const remove = useDeleteWebhook(w.id);
  const rotate = useRotateWebhookSecret(w.id);
  const all = w.event_types.includes(ALL_EVENTS);
  return (
    <Card withBorder component="section" aria-label={w.url} data-testid={`webhook-${w.id}`}>
      <Group justify="space-between" align="start" wrap="nowrap" mb="xs">
        <Stack gap={2} miw={0}>
          <Title order={3} size="md" style={{ wordBreak: 'break-all' }}>
            {w.url}
          </Title>
          {w.description && (
            <Text size="sm" data-testid="webhook-description">
              {w.description}
            </Text>
          )}
        </Stack>
        <Badge color={w.enabled ? (w.failing_since ? 'orange' : 'green') : 'gray'}>
          {w.enabled ? (w.failing_since ? 'failing' : 'enabled') : 'disabled'}
        </Badge>
      </Group>
      {!w.enabled && (
        <Text size="sm" c="red" mb="xs" data-testid="webhook-disabled">
          Disabled{w.disabled_at && ` ${when(w.disabled_at)}`}: {w.disabled_reason ?? 'no reason given'}. It
          receives no events until enabled; retry the deliveries you need afterwards.
        </Text>
      )}
      {w.enabled && w.failing_since && (
        <Text size="sm" c="orange" mb="xs" data-testid="webhook-failing">
          Every attempt has failed since {when(w.failing_since)}; the endpoint is disabled if it keeps
          failing.
        </Text>
      )}
      <Text size="sm" c="dimmed" mb="xs">
        events: {all ? 'all (*)' : w.event_types.join(', ')}
      </Text>
      {editing ? (
        <WebhookForm
          label={`Change ${w.url}`}
          initial={fieldsOf(w)}
          submitLabel="Save"
          pending={update.isPending}
          onCancel={() => {
            update.reset();
            setEditing(false);
          }}
          onSubmit={(fields) => {
            const body = updateBody(w, fields);
            if (Object.keys(body).length === 0) return setEditing(false);
            update.mutate(body, { onSuccess: () => setEditing(false) });
          }}
        />
      ) : (
        <Group gap="xs" mb="xs">
          <Button size="xs" variant="default" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="light"
            color={w.enabled ? 'gray' : 'green'}
            loading={update.isPending}
            onClick={() => update.mutate({ enabled: !w.enabled })}
          >
            {w.enabled ? 'Disable' : 'Enable'}
          </Button>
          <WebhookConfirmButton
            label="Rotate secret"
            question="Replace the signing secret? The current one keeps signing alongside the new one for a grace period (24 hours by default), then stops."
            confirmLabel="Rotate"
            loading={rotate.isPending}
            onConfirm={() => rotate.mutate()}
          />
          <WebhookConfirmButton
            label="Delete"
            question="Delete this endpoint and its delivery log? It receives no more events; this cannot be undone."
            confirmLabel="Delete endpoint"
            color="red"
            loading={remove.isPending}
            onConfirm={() => remove.mutate()}
          />
        </Group>
      )}
      <ProblemAlert error={update.error ?? rotate.error ?? remove.error} />
      {rotate.data && (
        <WebhookSecret
          secret={rotate.data.secret}
          note="Update the receiver now: the previous secret stops signing when the grace period ends."
          onClose={rotate.reset}
        />
      )}
      <Title order={4} size="sm" mt="xs">
        Deliveries
      </Title>
      <Deliveries id={w.id} enabled={w.enabled} />
    </Card>
  );
}

export function WebhooksPage() {
  const search = useSearch({ from: '/webhooks' });
  const navigate = useNavigate({ from: '/webhooks' });
  const page = search.page ?? 1;
  const toPage = (p: number, replace = false) =>
    void navigate({ search: (s: PageSearch) => ({ ...s, page: pageInAddress(p) }), replace });
  const webhooks = useWebhooks(page);
  useKeepPageInRange(page, webhooks.isPlaceholderData ? undefined : webhooks.data?.page.total_elements, (p) =>
    toPage(p, true),
  );
  const create = useCreateWebhook();
  return (
    <Page title="Webhooks">
      <Card withBorder>
        <Title order={3} mb="xs">
          Add an endpoint
        </Title>
        <WebhookForm
          label="Add an endpoint"
          initial={NEW_ENDPOINT}
          submitLabel="Add endpoint"
          pending={create.isPending}
          onSubmit={(fields, clear) =>
            create.mutate(createBody(fields), {
              // Newest first: the new endpoint is on page 1.
              onSuccess: () => {
                clear();
                toPage(1);
              },
            })
          }
        />
      </Card>
      <ProblemAlert error={create.error} />
      {create.data && (
        <WebhookSecret secret={create.data.secret} note={`For ${create.data.url}.`} onClose={create.reset} />
      )}
      <QueryState
        query={webhooks}
        empty="No webhook endpoints."
        isEmpty={(p) => p.page.total_elements === 0 && p.content.length === 0}
      >
        {(p) => (
          <Stack>
            {p.content.map((w) => (
              <Endpoint key={w.id} w={w} />
            ))}
            <Pager
              label="Pages of webhook endpoints"
              total={p.page.total_elements}
              exact={p.page.total_exact ?? true}
              page={page}
              pageSize={MANAGEMENT_PAGE_SIZE}
              noun="endpoints"
              singular="endpoint"
              onPage={(n) => toPage(n)}
            />
          </Stack>
        )}
      </QueryState>
    </Page>
  );
}
