/**
 * The action bar of a selection of documents: reprocess, confirm labels, set a label path of the
 * ontology, delete (asked twice), one request to `POST /api/v1/documents/bulk` (docs/api.md) whose
 * failures are listed by file name with the reason; and export the selection as a spreadsheet or
 * a ZIP of the files (`POST /api/v1/documents/export`), saved as a download.
 */
import { Alert, Button, Group, List, Paper, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { type BulkRequest, type BulkResponse, useBulkDocuments } from '../api/documents-bulk';
import { useExportDocuments } from '../api/documents-export';
import { type OntologyLabel as Label, useOntology } from '../api/ontology';
import { ProblemAlert } from './state';

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
  const [path, setPath] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const ontology = useOntology();
  const bulk = useBulkDocuments();
  const run = (request: BulkRequest) =>
    bulk.mutate(
      { ...request, documentIds: selected },
      {
        onSuccess: (answer) => {
          setConfirmDelete(false);
          onDone(answer);
        },
      },
    );
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
          loading={bulk.isPending}
          onClick={() => run({ action: 'reprocess' })}
        >
          Reprocess
        </Button>
        <Button
          size="xs"
          variant="light"
          disabled={!selected.length}
          loading={bulk.isPending}
          onClick={() => run({ action: 'confirm_labels' })}
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
          loading={bulk.isPending}
          onClick={() => path && run({ action: 'set_labels', labels: path.split(' › ') })}
        >
          Set label
        </Button>
        <Button
          size="xs"
          color="red"
          variant={confirmDelete ? 'filled' : 'light'}
          disabled={!selected.length}
          loading={bulk.isPending}
          onClick={() => (confirmDelete ? run({ action: 'delete' }) : setConfirmDelete(true))}
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
      {confirmDelete && (
        <Text size="xs" c="red" mt={6} data-testid="delete-warning">
          Deleting a document also deletes the contract read from it, with that contract's renewal alerts; a
          contract entered by hand stays, without its document.
        </Text>
      )}
      {bulk.isError && <ProblemAlert error={bulk.error} />}
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
