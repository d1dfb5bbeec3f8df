/**
 * The action bar of a selection of documents: reprocess, confirm labels, set a label path of the
 * ontology, delete (asked twice), one request to `POST /api/v1/documents/bulk` (docs/api.md) whose
 * failures are listed by file name with the reason; and export the selection as a spreadsheet or
 * a ZIP of the files (`POST /api/v1/documents/export`), saved as a download.
 */
import { Alert, Button, Group, List, Paper, Select, Text } from '@mantine/core';
import type { Schema } from '@service/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useExportDocuments } from '../api/documents-export';
import { unwrap } from '../api/problem';
import { useSession } from '../api/session';
import { ProblemAlert } from './state';

type Label = Schema<'OntologyLabel'>;
type BulkRequest = { action: 'reprocess' | 'confirm_labels' | 'set_labels' | 'delete'; labels?: string[] };
export type BulkResponse = {
  action: string;
  succeeded: number;
  failed: number;
  results: { document_id: string; ok: boolean; detail: string | null }[];
};

/** Every label's path of the ontology, root first. */
export function labelPaths(labels: Label[], prefix: string[] = []): string[][] {
  return labels.flatMap((l) => [[...prefix, l.name], ...labelPaths(l.children, [...prefix, l.name])]);
}

export function BulkActions({
  selected,
  onDone,
}: {
  selected: string[];
  onDone: (answer: BulkResponse) => void;
}) {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  const [path, setPath] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ontology = useQuery({
    queryKey: ['ontology', organizationId],
    queryFn: async () => unwrap(await api.GET('/api/v1/ontology')),
  });
  const run = useMutation({
    mutationFn: async (request: BulkRequest) =>
      unwrap(
        await api.POST('/api/v1/documents/bulk', { body: { ...request, document_ids: selected } }),
      ) as BulkResponse,
    onSuccess: (answer) => {
      setConfirmDelete(false);
      void queryClient.invalidateQueries({ queryKey: ['documents'] });
      onDone(answer);
    },
  });
  const exporting = useExportDocuments();
  const paths = labelPaths(ontology.data?.labels ?? []).map((p) => p.join(' › '));
  return (
    <Paper withBorder p="xs" aria-label="Bulk actions">
      <Group gap="xs" align="end">
        <Text size="sm" fw={600} data-testid="selection-count">
          {selected.length} selected
        </Text>
        <Button
          size="xs"
          variant="light"
          disabled={!selected.length}
          loading={run.isPending}
          onClick={() => run.mutate({ action: 'reprocess' })}
        >
          Reprocess
        </Button>
        <Button
          size="xs"
          variant="light"
          disabled={!selected.length}
          loading={run.isPending}
          onClick={() => run.mutate({ action: 'confirm_labels' })}
        >
          Confirm labels
        </Button>
        <Select
          size="xs"
          aria-label="Label path to set"
          placeholder="Set label…"
          data={paths}
          value={path}
          onChange={setPath}
          searchable
          w={240}
        />
        <Button
          size="xs"
          variant="light"
          disabled={!selected.length || !path}
          loading={run.isPending}
          onClick={() => path && run.mutate({ action: 'set_labels', labels: path.split(' › ') })}
        >
          Set label
        </Button>
        <Button
          size="xs"
          color="red"
          variant={confirmDelete ? 'filled' : 'light'}
          disabled={!selected.length}
          loading={run.isPending}
          onClick={() => (confirmDelete ? run.mutate({ action: 'delete' }) : setConfirmDelete(true))}
        >
          {confirmDelete ? `Delete ${selected.length} for good` : 'Delete'}
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={!selected.length}
          loading={exporting.isPending && exporting.variables?.format === 'csv'}
          onClick={() => exporting.mutate({ documentIds: selected, format: 'csv' })}
        >
          Export CSV
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={!selected.length}
          loading={exporting.isPending && exporting.variables?.format === 'zip'}
          onClick={() => exporting.mutate({ documentIds: selected, format: 'zip' })}
        >
          Download files
        </Button>
      </Group>
      {run.isError && <ProblemAlert error={run.error} />}
      {exporting.isError && <ProblemAlert error={exporting.error} title="Export failed" />}
    </Paper>
  );
}

/** What the last bulk action did: counts, and each failure by file name with its reason. */
export function BulkOutcome({
  outcome,
  names,
  onClose,
}: {
  outcome: BulkResponse;
  /** File names by document id. */
  names: Record<string, string>;
  onClose: () => void;
}) {
  const failures = outcome.results.filter((r) => !r.ok);
  return (
    <Alert
      color={failures.length ? 'orange' : 'green'}
      data-testid="bulk-outcome"
      withCloseButton
      onClose={onClose}
    >
      {outcome.action.replace('_', ' ')}: {outcome.succeeded} done, {outcome.failed} failed
      {failures.length > 0 && (
        <List size="sm">
          {failures.slice(0, 10).map((f) => (
            <List.Item key={f.document_id}>
              {names[f.document_id] ?? f.document_id}: {f.detail}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
