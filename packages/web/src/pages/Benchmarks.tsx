/**
 * Benchmarks: each benchmark's latest run, the distribution of its per-document scores with the
 * benchmark value marked, and tabs with its values per group, the flagged documents, every
 * document's score and the kept runs.
 */
import { Badge, Button, Card, Group, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import {
  type Benchmark,
  type BenchmarkRun as Run,
  type BenchmarkScore as Score,
  useBenchmarkRuns,
  useBenchmarkScores,
  useBenchmarks,
  useFlaggedScores,
  useRunBenchmark,
} from '../api/benchmarks';
import { DataTable } from '../components/DataTable';
import { Page } from '../components/Page';
import { QueryTable } from '../components/QueryTable';
import { ScoreHistogram } from '../components/ScoreHistogram';
import { ProblemAlert, QueryState } from '../components/state';
import { groupName } from '../lib/benchmark-groups';
import { countOf } from '../lib/plural';

type GroupValue = { group: string; value: number; documents: number; flagged: number };

/**
 * A score or benchmark value as people read it: at most two decimals (an average of amounts is
 * 2,618.91, not 2,618.9125); the exact number stays in the API and the export.
 */
const num = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 2 });

const RUN_COLOR: Record<Run['status'], string> = { SUCCEEDED: 'green', FAILED: 'red', RUNNING: 'blue' };

const scoreCol = createColumnHelper<Score>();
const scoreColumns = [
  scoreCol.accessor('filename', {
    header: 'Document',
    cell: (c) => (
      <Link to="/documents/$id" params={{ id: c.row.original.document_id }}>
        {c.getValue()}
      </Link>
    ),
  }),
  scoreCol.accessor((s) => groupName(s.group), { id: 'group', header: 'Group' }),
  scoreCol.accessor('score', { header: 'Score', cell: (c) => num(c.getValue()) }),
  scoreCol.accessor('benchmark_value', { header: 'Benchmark value', cell: (c) => num(c.getValue()) }),
  scoreCol.accessor('flagged', {
    header: 'Flagged',
    cell: (c) => (c.getValue() ? <Badge color="red">flagged</Badge> : '—'),
  }),
];

const groupCol = createColumnHelper<GroupValue>();
const groupColumns = [
  groupCol.accessor('group', { header: 'Group' }),
  groupCol.accessor('value', { header: 'Value', cell: (c) => num(c.getValue()) }),
  groupCol.accessor('documents', { header: 'Documents' }),
  groupCol.accessor('flagged', { header: 'Flagged' }),
];

const runCol = createColumnHelper<Run>();
const runColumns = [
  runCol.accessor('started_at', { header: 'Started', cell: (c) => new Date(c.getValue()).toLocaleString() }),
  runCol.accessor('status', {
    header: 'Status',
    cell: (c) => <Badge color={RUN_COLOR[c.getValue()]}>{c.getValue()}</Badge>,
  }),
  runCol.accessor('trigger', { header: 'Trigger' }),
  runCol.accessor('version', { header: 'Version' }),
  runCol.accessor('documents', { header: 'Documents' }),
  runCol.accessor('scored', { header: 'Scored' }),
  runCol.accessor('flagged', { header: 'Flagged' }),
  runCol.accessor('error', { header: 'Error', cell: (c) => c.getValue() ?? '—' }),
];

/** The group select's option for every group; a group's option is `g:` and its name. */
const EVERY_GROUP = 'every';

/**
 * The score histogram of every group of a benchmark on one axis, each group's value marked, or of
 * the one group the person chooses: a document is compared with its own group only, and groups
 * need not share a scale (amounts in EUR beside amounts in USD).
 */
function ScoreDistribution({ b, scores, values }: { b: Benchmark; scores: Score[]; values: GroupValue[] }) {
  // null: every group
  const [shown, setShown] = useState<string | null>(null);
  const inShown = (group: string) => shown === null || group === shown;
  return (
    <Stack gap="xs">
      {values.length > 1 && (
        <Select
          label="Group"
          w={280}
          allowDeselect={false}
          value={shown === null ? EVERY_GROUP : `g:${shown}`}
          onChange={(v) => setShown(v?.startsWith('g:') ? v.slice(2) : null)}
          data={[
            { value: EVERY_GROUP, label: 'Every group, on one axis' },
            ...values.map((v) => ({ value: `g:${v.group}`, label: `${v.group} (${v.documents})` })),
          ]}
        />
      )}
      <ScoreHistogram
        name={shown === null ? b.name : `${b.name}, ${shown}`}
        unit={b.metric_unit}
        scores={scores.filter((s) => inShown(groupName(s.group)))}
        values={values.filter((v) => inShown(v.group)).map((v) => ({ group: v.group, value: v.value }))}
      />
    </Stack>
  );
}

function BenchmarkCard({ b }: { b: Benchmark }) {
  const scores = useBenchmarkScores(b);
  const flagged = useFlaggedScores(b);
  const runs = useBenchmarkRuns(b);
  const run = useRunBenchmark(b.id);
  const values: GroupValue[] = b.values.map((v) => ({ ...v, group: groupName(v.group) }));
  const latest = b.latest_run;
  return (
    <Card withBorder data-testid="benchmark">
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={3}>{b.name}</Title>
          <Text size="sm" c="dimmed">
            {b.plugin_name} v{b.version} · labels {b.target_labels.join(', ')} · unit {b.metric_unit ?? '—'}
            {b.group_by.length > 0 && ` · grouped by ${b.group_by.join(', ')}`}
          </Text>
        </Stack>
        <Button size="xs" onClick={() => run.mutate()} loading={run.isPending}>
          Run now
        </Button>
      </Group>
      <ProblemAlert error={run.error} />
      {latest && (
        <Group gap="md" my="xs">
          <Badge color={RUN_COLOR[latest.status]}>{latest.status}</Badge>
          <Text size="sm">
            {countOf(latest.documents, 'document')}, {latest.scored} scored, {latest.flagged} flagged ·{' '}
            {latest.trigger} · {new Date(latest.started_at).toLocaleString()}
          </Text>
          {latest.error && <Text c="red">{latest.error}</Text>}
        </Group>
      )}
      <Title order={4} mt="xs">
        Score distribution
      </Title>
      <QueryState query={scores} empty="No scores yet: the benchmark has not run successfully.">
        {(list) => <ScoreDistribution b={b} scores={list} values={values} />}
      </QueryState>
      <Tabs defaultValue="groups" mt="sm" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="groups">Values per group</Tabs.Tab>
          <Tabs.Tab value="flagged">Flagged documents ({b.latest_run?.flagged ?? 0})</Tabs.Tab>
          <Tabs.Tab value="scores">Every score</Tabs.Tab>
          <Tabs.Tab value="runs">Runs</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="groups" pt="xs">
          {values.length === 0 ? (
            <Text c="dimmed" p="md" data-testid="empty">
              No values computed yet.
            </Text>
          ) : (
            <DataTable data={values} columns={groupColumns} label={`${b.name} values`} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="flagged" pt="xs">
          <QueryTable
            query={flagged}
            columns={scoreColumns}
            label={`${b.name} flagged documents`}
            empty="No document is flagged."
          />
        </Tabs.Panel>
        <Tabs.Panel value="scores" pt="xs">
          <QueryTable
            query={scores}
            columns={scoreColumns}
            label={`${b.name} scores`}
            empty="No scores yet."
            count={(rows) => `${countOf(rows.length, 'document')} scored`}
          />
        </Tabs.Panel>
        <Tabs.Panel value="runs" pt="xs">
          <QueryTable query={runs} columns={runColumns} label={`${b.name} runs`} empty="No runs yet." />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}

export function BenchmarksPage() {
  const benchmarks = useBenchmarks();
  return (
    <Page title="Benchmarks">
      <QueryState
        query={benchmarks}
        empty="No benchmark plugins: submit a BaseBenchmark plugin on the Plugins page."
      >
        {(list) => (
          <Stack>
            {list.map((b) => (
              <BenchmarkCard key={b.id} b={b} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Page>
  );
}
