/**
 * Documents: upload by drag and drop with per-file progress; the list with status, labels and
 * extraction confidence, paged, sorted and filtered on the server, and full-text search with
 * highlighted snippets; the list can be narrowed to one source connection. Uploads go through the
 * organization's manual-upload connection. The page's state lives in its address
 * (lib/documents-search.ts).
 */
import {
  Autocomplete,
  Badge,
  Box,
  Checkbox,
  CloseButton,
  Group,
  MultiSelect,
  Pagination,
  Progress,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useDebouncedCallback } from '@mantine/hooks';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { createColumnHelper, type RowSelectionState, type SortingState } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { type Document, useDocuments, useUploadDocument } from '../api/documents';
import type { BulkResponse } from '../api/documents-bulk';
import { useOntology } from '../api/ontology';
import { useSource } from '../api/sources';
import { BulkActions, BulkOutcome } from '../components/BulkActions';
import { DataTable } from '../components/DataTable';
import { Page } from '../components/Page';
import { SavedViewControls } from '../components/SavedViewControls';
import { QueryState } from '../components/state';
import {
  DOCUMENT_COLUMNS,
  DOCUMENT_SORTS,
  DOCUMENT_STATUSES,
  DOCUMENTS_PAGE_SIZE,
  type DocumentColumn,
  type DocumentSort,
  type DocumentsSearch,
  labelFilter,
  labelNames,
  labelStillTyping,
  querySingleLettersOnly,
  shownColumns,
  snippetParts,
} from '../lib/documents-search';
import { useKeepPageInRange } from '../lib/list-search';
import { isSingular } from '../lib/plural';

type Status = Document['status'];
const STATUS_COLOR: Record<Status, string> = {
  RECEIVED: 'gray',
  PROCESSING: 'blue',
  PROCESSED: 'green',
  FAILED: 'red',
};

export function StatusBadge({ status }: { status: Status }) {
  return <Badge color={STATUS_COLOR[status]}>{status}</Badge>;
}

/** The mean of the extraction plugin's per-field confidence, undefined when it reported none. */
export function meanConfidence(d: Document): number | undefined {
  const values = Object.values(d.extraction?.confidence ?? {});
  return values.length === 0 ? undefined : values.reduce((a, b) => a + b, 0) / values.length;
}

/** A search hit's snippet: the document's own words as text, the matches highlighted. */
function Snippet({ html }: { html: string }) {
  return (
    <Text size="xs" c="dimmed" data-testid="search-snippet">
      {snippetParts(html).map((p, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never reorder
        p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
      )}
    </Text>
  );
}

/** The file name, linking to the document with the list's state, for "← Documents" to return to. */
function DocumentLink({ d }: { d: Document }) {
  const search = useSearch({ from: '/documents' });
  return (
    <Link to="/documents/$id" params={{ id: d.id }} state={{ documentsSearch: search }}>
      {d.filename}
    </Link>
  );
}

const col = createColumnHelper<Document>();
const allColumns = [
  // Rows chosen for a bulk action: the header box chooses the page's rows.
  col.display({
    id: 'select',
    header: ({ table }) => (
      <Checkbox
        aria-label="Select the documents of this page"
        checked={table.getIsAllPageRowsSelected()}
        indeterminate={table.getIsSomePageRowsSelected()}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={`Select ${row.original.filename}`}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  }),
  col.accessor('filename', {
    header: 'File',
    cell: (c) => (
      <Stack gap={2}>
        <DocumentLink d={c.row.original} />
        {c.row.original.search?.snippet && <Snippet html={c.row.original.search.snippet} />}
      </Stack>
    ),
  }),
  col.accessor('status', { header: 'Status', cell: (c) => <StatusBadge status={c.getValue()} /> }),
  col.accessor((d) => d.labels.join(' › '), {
    id: 'labels',
    header: 'Labels',
    enableSorting: false,
    cell: (c) => (
      <Group gap={4}>
        {c.getValue() || <Text c="dimmed">—</Text>}
        {c.row.original.labels_confirmed && (
          <Badge size="xs" variant="light">
            confirmed
          </Badge>
        )}
        {c.row.original.llm_suggested && (
          <Badge size="xs" color="orange" variant="light">
            suggested: {c.row.original.llm_suggested}
          </Badge>
        )}
      </Group>
    ),
  }),
  // How likely the labels are right; sorted ascending, the least sure (and unknown) come first.
  col.accessor('label_confidence', {
    header: 'Label confidence',
    cell: (c) => {
      const p = c.getValue();
      if (c.row.original.labels_confirmed) return <Text size="sm">confirmed</Text>;
      return p === null ? <Text c="dimmed">—</Text> : `${Math.round(p * 100)} %`;
    },
  }),
  col.accessor((d) => Object.keys(d.extraction?.data ?? {}).length, {
    id: 'fields',
    header: 'Fields',
    enableSorting: false,
  }),
  col.accessor((d) => meanConfidence(d) ?? -1, {
    id: 'confidence',
    header: 'Field confidence',
    enableSorting: false,
    cell: (c) => {
      const mean = meanConfidence(c.row.original);
      return mean === undefined ? <Text c="dimmed">—</Text> : `${Math.round(mean * 100)} %`;
    },
  }),
  col.accessor('created_at', { header: 'Received', cell: (c) => new Date(c.getValue()).toLocaleString() }),
];

const COLUMN_NAMES: Record<DocumentColumn, string> = {
  filename: 'File',
  status: 'Status',
  labels: 'Labels',
  label_confidence: 'Label confidence',
  fields: 'Fields',
  confidence: 'Field confidence',
  created_at: 'Received',
};

/** The selection column and the shown ones, in the order given. */
function tableColumns(shown: DocumentColumn[]) {
  const idOf = (c: (typeof allColumns)[number]) => c.id ?? (c as { accessorKey?: string }).accessorKey;
  const byId = new Map(allColumns.map((c) => [idOf(c), c]));
  return [byId.get('select'), ...shown.map((id) => byId.get(id))].filter((c) => c !== undefined);
}

interface UploadState {
  name: string;
  progress: number;
  error?: string;
  done?: boolean;
}

function Upload() {
  const upload = useUploadDocument();
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const update = (i: number, patch: Partial<UploadState>) =>
    setUploads((u) => u.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const onDrop = (files: File[]) => {
    const offset = uploads.length;
    setUploads((u) => [...u, ...files.map((f) => ({ name: f.name, progress: 0 }))]);
    files.forEach(async (file, k) => {
      const i = offset + k;
      try {
        await upload(file, (p) => update(i, { progress: Math.round(p * 100) }));
        update(i, { progress: 100, done: true });
      } catch (err) {
        update(i, { error: (err as Error).message });
      }
    });
  };
  return (
    <Stack gap="xs">
      <Dropzone onDrop={onDrop} multiple aria-label="Upload documents" data-testid="dropzone">
        <Text ta="center" py="md">
          Drop documents here or press to choose files (PDF, DOCX, text, e-mail…)
        </Text>
        <Text ta="center" size="xs" c="dimmed" pb="xs">
          They arrive through the organization's Manual upload source.
        </Text>
      </Dropzone>
      {uploads.map((u, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: uploads only grow, index is stable
        <Group key={i} gap="xs" wrap="nowrap" data-testid="upload-row">
          <Text size="sm" w={240} truncate>
            {u.name}
          </Text>
          <Progress
            value={u.progress}
            flex={1}
            color={u.error ? 'red' : u.done ? 'green' : 'blue'}
            aria-label={`Upload of ${u.name}`}
          />
          <Text size="sm" c={u.error ? 'red' : undefined}>
            {u.error ?? (u.done ? 'uploaded' : `${u.progress}%`)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The source filter (`source_id`, as the Sources page links a connection's documents): which
 * connection the list shows, with a button that shows every source again.
 */
function SourceFilter({ id, onClear }: { id: string; onClear: () => void }) {
  const source = useSource(id);
  return (
    <Stack gap={4} data-testid="source-filter">
      <Text size="sm" fw={500}>
        Source
      </Text>
      <Group gap={4} wrap="nowrap">
        <Badge variant="light" size="lg" tt="none">
          {source.data?.name ?? (source.isError ? 'unknown source' : '…')}
        </Badge>
        <CloseButton aria-label="Show documents of every source" onClick={onClear} size="sm" />
      </Group>
    </Stack>
  );
}

/** The search box: what is typed goes to the address (and so to the query) after a short pause. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  const settle = useDebouncedCallback(onSearch, 300);
  return (
    <TextInput
      label="Search"
      placeholder='words, "a phrase", or, -word'
      type="search"
      value={typed}
      onChange={(e) => {
        setTyped(e.currentTarget.value);
        if (!querySingleLettersOnly(e.currentTarget.value)) settle(e.currentTarget.value);
        else settle.cancel();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onSearch(typed);
      }}
      miw={260}
    />
  );
}

/** What the total below the table counts: one document, or documents (best first for a search). */
const totalNoun = (one: boolean, searching: boolean) =>
  ` ${searching ? 'matching ' : ''}${one ? 'document' : `documents${searching ? ', best first' : ''}`}`;

export function DocumentsPage() {
  const search = useSearch({ from: '/documents' });
  const navigate = useNavigate({ from: '/documents' });
  // Any change of filter or query starts again at page 1; `replace` keeps typing out of the history.
  const setSearch = (patch: Partial<DocumentsSearch>, replace = false) =>
    void navigate({ search: (s: DocumentsSearch) => ({ ...s, page: undefined, ...patch }), replace });
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [names, setNames] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<BulkResponse | null>(null);
  const selected = Object.keys(selection).filter((id) => selection[id]);
  const [label, setLabel] = useState(search.label ?? '');
  useEffect(() => setLabel(search.label ?? ''), [search.label]);
  const knownLabels = labelNames(useOntology().data?.labels ?? []);
  const applyLabel = (v: string) => {
    const next = labelFilter(v, knownLabels);
    if (next !== search.label) setSearch({ label: next }, true);
  };
  // The start of a known name is not asked for: the rows stay until the name is whole.
  const settleLabel = useDebouncedCallback((v: string) => {
    if (!labelStillTyping(v, knownLabels)) applyLabel(v);
  }, 300);
  const query = useDocuments(search);
  const toPage = (p: number, replace = false) =>
    void navigate({ search: (s: DocumentsSearch) => ({ ...s, page: p > 1 ? p : undefined }), replace });
  // A page that came back empty past the end (its last rows deleted, an old bookmark) gives way
  // to the last page, rather than saying there are no documents.
  useKeepPageInRange(
    search.page ?? 1,
    !query.isPlaceholderData && query.data?.content.length === 0 ? query.data.page.total_elements : undefined,
    (p) => toPage(p, true),
    DOCUMENTS_PAGE_SIZE,
  );
  const sorting: SortingState = search.q
    ? []
    : [
        {
          id: search.sort ?? 'created_at',
          desc: (search.dir ?? (search.sort && search.sort !== 'created_at' ? 'asc' : 'desc')) === 'desc',
        },
      ];
  const onSortingChange = (next: SortingState) => {
    const first = next[0];
    const id =
      first && DOCUMENT_SORTS.includes(first.id as DocumentSort) ? (first.id as DocumentSort) : undefined;
    setSearch({ sort: id, dir: id ? (first?.desc ? 'desc' : 'asc') : undefined });
  };
  return (
    <Page title="Documents">
      <Upload />
      <Group align="end">
        <SearchBox value={search.q ?? ''} onSearch={(q) => setSearch({ q: q.trim() || undefined }, true)} />
        <Select
          label="Status"
          placeholder="any"
          clearable
          data={[...DOCUMENT_STATUSES]}
          value={search.status ?? null}
          onChange={(v) => setSearch({ status: (v as DocumentsSearch['status']) ?? undefined })}
        />
        <Autocomplete
          label="Label"
          placeholder="e.g. Contract"
          data={knownLabels}
          value={label}
          onChange={(v) => {
            setLabel(v);
            settleLabel(v);
          }}
          // Enter or leaving the box asks for what was typed, even the start of a name.
          onKeyDown={(e) => {
            if (e.key === 'Enter') applyLabel(e.currentTarget.value);
          }}
          onBlur={(e) => applyLabel(e.currentTarget.value)}
        />
        {search.source_id && (
          <SourceFilter id={search.source_id} onClear={() => setSearch({ source_id: undefined })} />
        )}
        <MultiSelect
          label="Columns"
          data={DOCUMENT_COLUMNS.map((c) => ({ value: c, label: COLUMN_NAMES[c] }))}
          value={shownColumns(search)}
          onChange={(v) => {
            const chosen = DOCUMENT_COLUMNS.filter((c) => v.includes(c));
            navigate({
              search: (s: DocumentsSearch) => ({
                ...s,
                cols:
                  chosen.length > 0 && chosen.length < DOCUMENT_COLUMNS.length ? chosen.join(',') : undefined,
              }),
              replace: true,
            });
          }}
          maw={360}
        />
        <SavedViewControls search={search} />
      </Group>
      {selected.length > 0 && (
        // Stays under the header while the list scrolls: rows chosen far down still see their actions.
        <Box pos="sticky" top={56} py={4} bg="var(--mantine-color-body)" style={{ zIndex: 3 }}>
          <BulkActions
            selected={selected}
            onDone={(answer) => {
              setOutcome(answer);
              setSelection({});
            }}
          />
        </Box>
      )}
      {outcome && <BulkOutcome outcome={outcome} names={names} onClose={() => setOutcome(null)} />}
      <QueryState
        query={query}
        empty={
          search.q || search.status || search.label || search.source_id
            ? 'No documents match: change the search or the filters.'
            : 'No documents yet: drop a file above.'
        }
        isEmpty={(d) => d.content.length === 0}
      >
        {(page) => (
          <>
            <DataTable
              data={page.content}
              columns={tableColumns(shownColumns(search))}
              label="Documents"
              sorting={sorting}
              onSortingChange={search.q ? () => undefined : onSortingChange}
              getRowId={(d) => d.id}
              rowSelection={selection}
              onRowSelectionChange={(next) => {
                setSelection(next);
                // Names of what is chosen, to report failures by file name after the page changed.
                setNames((known) => ({
                  ...known,
                  ...Object.fromEntries(page.content.map((d) => [d.id, d.filename])),
                }));
              }}
            />
            <Group justify="space-between">
              <Text size="sm" c="dimmed" data-testid="documents-total">
                {/* A capped count reads "1,000+" (docs/api.md "Totals"). */}
                {`${page.page.total_elements.toLocaleString()}${page.page.total_exact === false ? '+' : ''}`}
                {totalNoun(
                  // "1+ documents": a lower bound stays plural.
                  page.page.total_exact !== false && isSingular(page.page.total_elements),
                  Boolean(search.q),
                )}
              </Text>
              {page.page.total_pages > 1 && (
                <nav aria-label="Pages of documents">
                  <Pagination
                    total={page.page.total_pages}
                    value={search.page ?? 1}
                    onChange={(p) => toPage(p)}
                    size="sm"
                  />
                </nav>
              )}
            </Group>
          </>
        )}
      </QueryState>
    </Page>
  );
}
