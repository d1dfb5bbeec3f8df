/**
 * One connection's sync activity (its latest runs), the state its SourcePlugin saved between
 * syncs (cursors, never credentials) and, for a connection that syncs, the files it ignores;
 * shown under its row on the Sources page.
 */
import { Badge, Code, Stack, Text, Title } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { type SourceConnection, useSourceActivity, useSourceState } from '../api/sources';
import { QueryTable } from '../components/QueryTable';
import { QueryState } from '../components/state';
import { IgnoredFiles } from './IgnoredFiles';

interface Run {
  id: string;
  trigger: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';
  started_at: string;
  ended_at: string | null;
  documents_created: number;
  documents_skipped: number;
  documents_failed: number;
  documents_ignored: number;
  error: string | null;
}

const RUN_COLOR: Record<Run['status'], string> = {
  RUNNING: 'blue',
  SUCCEEDED: 'green',
  FAILED: 'red',
  ABORTED: 'gray',
};
const col = createColumnHelper<Run>();
const columns = [
  col.accessor('started_at', { header: 'Started', cell: (c) => new Date(c.getValue()).toLocaleString() }),
  col.accessor('status', {
    header: 'Status',
    cell: (c) => <Badge color={RUN_COLOR[c.getValue()]}>{c.getValue()}</Badge>,
  }),
  col.accessor('trigger', { header: 'Trigger' }),
  col.accessor('documents_created', { header: 'New' }),
  col.accessor('documents_skipped', { header: 'Unchanged' }),
  col.accessor('documents_failed', { header: 'Failed' }),
  col.accessor('documents_ignored', { header: 'Ignored' }),
  col.accessor('error', { header: 'Error', cell: (c) => c.getValue() ?? '—' }),
];

export function SourceDetails({ source }: { source: SourceConnection }) {
  const { id, name } = source;
  const activity = useSourceActivity(id);
  const state = useSourceState(id);
  return (
    // One column: a sync's error is a sentence, and a third of the width cut it to a word a line.
    <Stack data-testid={`source-details-${id}`}>
      <Stack gap="xs">
        <Title order={5}>Activity of {name}</Title>
        <QueryTable
          query={activity}
          columns={columns}
          label={`Sync activity of ${name}`}
          empty="No sync yet."
        />
      </Stack>
      <Stack gap="xs">
        <Title order={5}>State</Title>
        <QueryState
          query={state}
          empty="No state saved yet."
          isEmpty={(s) => Object.keys(s.state).length === 0}
        >
          {(s) => (
            <>
              <Code block>{JSON.stringify(s.state, null, 2)}</Code>
              <Text size="xs" c="dimmed">
                saved {new Date(s.updated_at).toLocaleString()}
              </Text>
            </>
          )}
        </QueryState>
      </Stack>
      {/* Only OAuth and custom connections sync; the others receive files and ignore none. */}
      {(source.kind === 'OAUTH' || source.kind === 'CUSTOM') && <IgnoredFiles source={source} />}
    </Stack>
  );
}
