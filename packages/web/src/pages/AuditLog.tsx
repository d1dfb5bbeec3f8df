/**
 * Audit log: who changed what in the organization, when and from where (docs/audit.md), newest
 * first, a page at a time, filtered by action, resource and days (all in the address,
 * lib/audit-search.ts). Readable by OWNER and ADMIN; others see the API's 403.
 */
import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useEffect, useState } from 'react';
import { type AuditEntry, useAuditLog } from '../api/audit-log';
import { DataTable } from '../components/DataTable';
import { Page } from '../components/Page';
import { Pager } from '../components/Pager';
import { QueryState } from '../components/state';
import { AUDIT_PAGE_SIZE, type AuditSearch, dayParam } from '../lib/audit-search';

const col = createColumnHelper<AuditEntry>();

/** Who acted: the user's address (and the API key they used), the plugin, or the system. */
function actorOf(a: AuditEntry['actor']) {
  if (a.type === 'USER') return a.email ?? a.user_id ?? 'user';
  if (a.type === 'API_KEY')
    return `${a.email ?? a.user_id ?? ''} (API key ${a.api_key_id?.slice(0, 8) ?? ''})`.trim();
  if (a.type === 'PLUGIN') return `plugin ${a.plugin_id?.slice(0, 8) ?? ''}`;
  return 'system';
}

/** The changed fields as one line of JSON (secrets arrive redacted), cut at 160 characters. */
function changesOf(changes: AuditEntry['changes']) {
  const text = JSON.stringify(changes);
  return text === '{}' ? '' : text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

const columns = [
  col.accessor('created_at', {
    header: 'When',
    enableSorting: false,
    cell: (c) => new Date(c.getValue()).toLocaleString(),
  }),
  col.accessor((e) => actorOf(e.actor), { id: 'actor', header: 'Who', enableSorting: false }),
  col.accessor('action', {
    header: 'Action',
    enableSorting: false,
    cell: (c) => <Code>{c.getValue()}</Code>,
  }),
  col.accessor('resource_type', {
    header: 'Resource',
    enableSorting: false,
    cell: ({ row: { original: e } }) =>
      e.resource_type === 'document' && e.resource_id ? (
        <Link to="/documents/$id" params={{ id: e.resource_id }}>
          document {e.resource_id.slice(0, 8)}
        </Link>
      ) : (
        `${e.resource_type}${e.resource_id ? ` ${e.resource_id.slice(0, 8)}` : ''}`
      ),
  }),
  col.accessor((e) => changesOf(e.changes), {
    id: 'changes',
    header: 'Changes',
    enableSorting: false,
    cell: (c) => (
      <Text size="xs" ff="monospace" maw={360} style={{ wordBreak: 'break-all' }}>
        {c.getValue()}
      </Text>
    ),
  }),
  col.accessor('ip_address', { header: 'From', enableSorting: false, cell: (c) => c.getValue() ?? '' }),
];

/** The filter form: applied on submit, so typing does not fetch a page per key. */
function AuditFilters({ search, onApply }: { search: AuditSearch; onApply: (s: AuditSearch) => void }) {
  const [draft, setDraft] = useState(search);
  useEffect(() => setDraft(search), [search]);
  const set = (key: keyof AuditSearch) => (e: { currentTarget: { value: string } }) => {
    // Read now: the updater runs after the event, when React has let go of its target.
    const value = e.currentTarget.value || undefined;
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const day = (v: string | undefined) => (v ? dayParam(v) : undefined);
    const trim = (v: string | undefined) => v?.trim() || undefined;
    onApply({
      action: trim(draft.action),
      resource_type: trim(draft.resource_type),
      resource_id: trim(draft.resource_id),
      from: day(draft.from),
      to: day(draft.to),
    });
  };
  return (
    <form onSubmit={submit} aria-label="Audit log filters">
      <Group align="end" wrap="wrap">
        <TextInput
          label="Action"
          placeholder="api_key.create"
          value={draft.action ?? ''}
          onChange={set('action')}
        />
        <TextInput
          label="Resource type"
          placeholder="document"
          value={draft.resource_type ?? ''}
          onChange={set('resource_type')}
        />
        <TextInput label="Resource id" value={draft.resource_id ?? ''} onChange={set('resource_id')} />
        <TextInput label="From" type="date" value={draft.from ?? ''} onChange={set('from')} />
        <TextInput label="To" type="date" value={draft.to ?? ''} onChange={set('to')} />
        <Button type="submit">Apply</Button>
        <Button variant="default" onClick={() => onApply({})}>
          Clear
        </Button>
      </Group>
    </form>
  );
}

export function AuditLogPage() {
  const search = useSearch({ from: '/audit-log' });
  const navigate = useNavigate({ from: '/audit-log' });
  const log = useAuditLog(search);
  return (
    <Page title="Audit log">
      <AuditFilters search={search} onApply={(s) => void navigate({ search: s })} />
      <QueryState query={log} empty="No audit entries match." isEmpty={(d) => d.content.length === 0}>
        {(page) => (
          <Stack>
            <DataTable data={page.content} columns={columns} label="Audit log" />
            <Pager
              label="Pages of the audit log"
              total={page.page.total_elements}
              exact={page.page.total_exact ?? true}
              page={search.page ?? 1}
              pageSize={AUDIT_PAGE_SIZE}
              noun="entries"
              singular="entry"
              onPage={(p) =>
                void navigate({ search: (s: AuditSearch) => ({ ...s, page: p > 1 ? p : undefined }) })
              }
            />
          </Stack>
        )}
      </QueryState>
    </Page>
  );
}
