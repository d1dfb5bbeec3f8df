/** Documents: the list with status, labels, extraction confidence and filters, and upload by drag and drop with per-file progress. */
import { Badge, Group, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { Schema } from '@service/client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { unwrap } from '../api/problem';
import { useSession } from '../api/session';
import { progressFetch } from '../api/upload';
import { DataTable } from '../components/DataTable';
import { Page } from '../components/Page';
import { QueryState } from '../components/state';

type Document = Schema<'Document'>;
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

const col = createColumnHelper<Document>();
const columns = [
  col.accessor('filename', {
    header: 'File',
    cell: (c) => (
      <Link to="/documents/$id" params={{ id: c.row.original.id }}>
        {c.getValue()}
      </Link>
    ),
  }),
  col.accessor('status', { header: 'Status', cell: (c) => <StatusBadge status={c.getValue()} /> }),
  col.accessor((d) => d.labels.join(' › '), {
    id: 'labels',
    header: 'Labels',
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
  col.accessor((d) => Object.keys(d.extraction?.data ?? {}).length, { id: 'fields', header: 'Fields' }),
  col.accessor((d) => meanConfidence(d) ?? -1, {
    id: 'confidence',
    header: 'Confidence',
    cell: (c) => {
      const mean = meanConfidence(c.row.original);
      return mean === undefined ? <Text c="dimmed">—</Text> : `${Math.round(mean * 100)} %`;
    },
  }),
  col.accessor('created_at', { header: 'Received', cell: (c) => new Date(c.getValue()).toLocaleString() }),
];

interface UploadState {
  name: string;
  progress: number;
  error?: string;
  done?: boolean;
}

function Upload() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const update = (i: number, patch: Partial<UploadState>) =>
    setUploads((u) => u.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const onDrop = (files: File[]) => {
    const offset = uploads.length;
    setUploads((u) => [...u, ...files.map((f) => ({ name: f.name, progress: 0 }))]);
    files.forEach(async (file, k) => {
      const i = offset + k;
      try {
        unwrap(
          await api.POST('/api/v1/documents', {
            body: { file: file as unknown as string },
            bodySerializer: () => {
              const form = new FormData();
              form.append('file', file, file.name);
              return form;
            },
            fetch: progressFetch((p) => update(i, { progress: Math.round(p * 100) })),
          }),
        );
        update(i, { progress: 100, done: true });
        void queryClient.invalidateQueries({ queryKey: ['documents'] });
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

export function DocumentsPage() {
  const { api, organizationId } = useSession();
  const [status, setStatus] = useState<Status | null>(null);
  const [label, setLabel] = useState('');
  const query = useQuery({
    queryKey: ['documents', organizationId, status, label],
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/documents', {
          params: {
            query: {
              ...(status ? { status } : {}),
              ...(label.trim() ? { label: label.trim() } : {}),
              pageable: { page: 0, size: 100, sort: 'created_at,desc' },
            },
          },
        }),
      ),
    refetchInterval: (q) =>
      q.state.data?.content.some((d) => d.status === 'RECEIVED' || d.status === 'PROCESSING') ? 2000 : false,
  });
  return (
    <Page title="Documents">
      <Upload />
      <Group>
        <Select
          label="Status"
          placeholder="any"
          clearable
          data={Object.keys(STATUS_COLOR)}
          value={status}
          onChange={(v) => setStatus(v as Status | null)}
        />
        <TextInput
          label="Label"
          placeholder="e.g. Contract"
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
        />
      </Group>
      <QueryState
        query={query}
        empty="No documents yet: drop a file above."
        isEmpty={(d) => d.content.length === 0}
      >
        {(page) => (
          <>
            <DataTable data={page.content} columns={columns} label="Documents" />
            <Text size="sm" c="dimmed">
              {page.page.total_elements} documents
            </Text>
          </>
        )}
      </QueryState>
    </Page>
  );
}
