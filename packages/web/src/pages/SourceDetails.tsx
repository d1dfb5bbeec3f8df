/**
 * One connection's sync activity (its latest runs), the state its SourcePlugin saved between
 * syncs (cursors, never credentials) and, for a connection that syncs, the files it ignores;
 * for the manual-upload connection, the documents that came through it and where to upload;
 * shown under its row on the Sources page.
 */
import { Anchor, Badge, Code, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { type SourceConnection, useSourceActivity, useSourceState } from '../api/sources';
import { QueryTable } from '../components/QueryTable';
import { QueryState } from '../components/state';
import { countOf } from '../lib/plural';
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

/** A connection's documents per status, from the counts the Sources page read for every connection. */
export type SourceCoverage = { total: number; by_status: Record<string, number> };

/** "12 documents (10 processed, 2 failed)": the total and the statuses that have any. */
export function documentCount(c: SourceCoverage | undefined): string {
  const total = c?.total ?? 0;
  const parts = Object.entries(c?.by_status ?? {})
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${status.toLowerCase()}`);
  const count = countOf(total, 'document');
  return parts.length > 1 ? `${count} (${parts.join(', ')})` : count;
}

/**
 * The manual-upload connection: what came through it and where files go in. It does not sync,
 * so it has no activity or saved state; the console's uploads (the Documents page) and API
 * uploads that send its id as `source_id` arrive here.
 */
function ManualUploadDetails({ source, coverage }: { source: SourceConnection; coverage?: SourceCoverage }) {
  return (
    <Stack gap="xs" data-testid={`source-details-${source.id}`}>
      <Title order={5}>Documents of {source.name}</Title>
      <Text size="sm">
        {documentCount(coverage)} uploaded through this connection.{' '}
        {(coverage?.total ?? 0) > 0 && (
          <Anchor
            renderRoot={(props) => <Link {...props} to="/documents" search={{ source_id: source.id }} />}
          >
            Show them on the Documents page
          </Anchor>
        )}
      </Text>
      <Text size="sm" c="dimmed">
        Upload files on the{' '}
        <Anchor component={Link} to="/documents">
          Documents page
        </Anchor>
        : the console's uploads go through this connection. Through the API, send its id as{' '}
        <Code>source_id</Code> with <Code>POST /api/v1/documents</Code>: <Code>{source.id}</Code>
      </Text>
    </Stack>
  );
}

export function SourceDetails({ source, coverage }: { source: SourceConnection; coverage?: SourceCoverage }) {
  if (source.kind === 'MANUAL_UPLOAD') return <ManualUploadDetails source={source} coverage={coverage} />;
  return <SyncDetails source={source} />;
}

/** A connection that syncs: its latest runs, saved state and ignored files. */
function SyncDetails({ source }: { source: SourceConnection }) {
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
