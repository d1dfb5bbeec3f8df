/**
 * Alerts: renewal deadlines (with the clause they were computed from) and flagged benchmark
 * scores, a page at a time by status and kind, newest first or soonest due (in the address,
 * lib/contracts-search.ts); acknowledge or snooze for a week.
 */
import { Badge, Blockquote, Button, Card, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useAlerts, useUpdateAlert } from '../api/alerts';
import { Page } from '../components/Page';
import { Pager } from '../components/Pager';
import { ProblemAlert, QueryState } from '../components/state';
import { ALERT_KINDS, ALERT_STATUSES, type AlertsSearch, LIST_PAGE_SIZE } from '../lib/contracts-search';
import { useKeepPageInRange } from '../lib/list-search';

type Evidence = { page: number | null; text: string };
/** `data.clause` of a renewal alert (docs/contracts.md "Alerts"). */
type Clause = {
  document_id: string;
  filename: string;
  renewal_term: Evidence | null;
  notice_period: Evidence | null;
};

/** The renewal term and notice period as the contract states them, each with its page. */
function RenewalClause({ clause }: { clause: Clause }) {
  const quotes: [string, Evidence | null][] = [
    ['Renewal', clause.renewal_term],
    ['Notice', clause.notice_period],
  ];
  return (
    <Stack gap={4} data-testid="renewal-clause">
      {quotes.map(([what, ev]) =>
        ev ? (
          <Blockquote key={what} p="xs" fz="sm" cite={`${what}${ev.page ? `, page ${ev.page}` : ''}`}>
            {ev.text}
          </Blockquote>
        ) : (
          <Text key={what} size="sm" c="dimmed">
            {what}: no clause recorded for this value
          </Text>
        ),
      )}
      <Link to="/documents/$id" params={{ id: clause.document_id }}>
        {clause.filename}
      </Link>
    </Stack>
  );
}

export function AlertsPage() {
  const search = useSearch({ from: '/alerts' });
  const navigate = useNavigate({ from: '/alerts' });
  const status = search.status ?? 'OPEN';
  const setSearch = (patch: Partial<AlertsSearch>) =>
    void navigate({ search: (s: AlertsSearch) => ({ ...s, page: undefined, ...patch }) });
  const alerts = useAlerts(search);
  const toPage = (p: number, replace = false) =>
    void navigate({ search: (s: AlertsSearch) => ({ ...s, page: p > 1 ? p : undefined }), replace });
  // Acknowledging the last alert of the last page empties it: the page before is shown instead
  // of "no open alerts" (and so for a page past the end).
  useKeepPageInRange(
    search.page ?? 1,
    !alerts.isPlaceholderData && alerts.data?.data.length === 0 ? alerts.data.meta.total : undefined,
    (p) => toPage(p, true),
    LIST_PAGE_SIZE,
  );
  const update = useUpdateAlert();
  return (
    <Page title="Alerts">
      <Group align="end">
        <SegmentedControl
          value={status}
          onChange={(v) => setSearch({ status: v === 'OPEN' ? undefined : (v as AlertsSearch['status']) })}
          data={[...ALERT_STATUSES]}
          aria-label="Alert status"
          w="fit-content"
        />
        <Select
          label="Kind"
          placeholder="any"
          clearable
          data={[...ALERT_KINDS]}
          value={search.kind ?? null}
          onChange={(v) => setSearch({ kind: (v as AlertsSearch['kind']) ?? undefined })}
        />
        <Select
          label="Order"
          allowDeselect={false}
          data={[
            { value: 'created_at', label: 'newest first' },
            { value: 'due_date', label: 'soonest due first' },
          ]}
          value={search.sort ?? 'created_at'}
          onChange={(v) => setSearch({ sort: v === 'due_date' ? 'due_date' : undefined })}
        />
      </Group>
      <ProblemAlert error={update.error} />
      <QueryState
        query={alerts}
        empty={`No ${status.toLowerCase()} alerts.`}
        isEmpty={(d) => d.data.length === 0}
      >
        {(page) => (
          <Stack>
            {page.data.map((a) => (
              <Card withBorder key={a.id}>
                {/* The actions always sit below the text: beside it, they moved left and right
                    with the length of each alert's title and clause. */}
                <Stack gap="xs" data-testid="alert-row">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Badge color={a.kind === 'benchmark.flagged' ? 'grape' : 'orange'}>{a.kind}</Badge>
                      {a.due_date && <Text size="sm">due {a.due_date}</Text>}
                      {/* When a snoozed alert comes back: the list says nothing else of it. */}
                      {a.status === 'SNOOZED' && a.snoozed_until && (
                        <Text size="sm" c="dimmed" data-testid="snoozed-until">
                          snoozed until {new Date(a.snoozed_until).toLocaleString()}
                        </Text>
                      )}
                    </Group>
                    <Text>{a.title}</Text>
                    {Boolean(a.data.clause) && <RenewalClause clause={a.data.clause as Clause} />}
                    {a.document_id && (
                      <Link to="/documents/$id" params={{ id: a.document_id }}>
                        document
                      </Link>
                    )}
                  </Stack>
                  {/* A snoozed alert can be acknowledged before it comes back. */}
                  {a.status === 'SNOOZED' && (
                    <Button size="xs" onClick={() => update.mutate({ id: a.id, snooze: false })}>
                      Acknowledge
                    </Button>
                  )}
                  {a.status === 'OPEN' && (
                    <Group gap="xs">
                      <Button size="xs" onClick={() => update.mutate({ id: a.id, snooze: false })}>
                        Acknowledge
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => update.mutate({ id: a.id, snooze: true })}
                      >
                        Snooze 7 days
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Card>
            ))}
            <Pager
              label="Pages of alerts"
              total={page.meta.total}
              exact={page.meta.total_exact}
              page={search.page ?? 1}
              pageSize={LIST_PAGE_SIZE}
              noun="alerts"
              singular="alert"
              onPage={(p) => toPage(p)}
            />
          </Stack>
        )}
      </QueryState>
    </Page>
  );
}
