/**
 * Ontology: the label tree with each label's fields and how the built-in classifier reads it (the
 * ontology report: kinds per label, warnings to act on), and edits (add a label under any label,
 * remove one, edit a label's description, keywords and fields) saved as a new ontology version with
 * PUT /api/v1/ontology.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  List,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import {
  type OntologyLabel as Label,
  type OntologyReport as Report,
  useOntology,
  useOntologyReport,
  useSaveOntology,
} from '../api/ontology';
import { Page } from '../components/Page';
import { ProblemAlert, QueryState } from '../components/state';
import { countOf } from '../lib/plural';
import { LabelEditor } from './OntologyLabelEditor';

type ReportLabel = Report['labels'][number];

/** Every label's path, root first, joined with " › ". */
function paths(labels: Label[], prefix: string[] = []): string[] {
  return labels.flatMap((l) => [[...prefix, l.name].join(' › '), ...paths(l.children, [...prefix, l.name])]);
}

/** A copy of the tree with `edit` applied to the label at `path` (or to the root list when path is empty). */
function editAt(
  labels: Label[],
  path: string[],
  edit: (children: Label[], index: number) => Label[],
): Label[] {
  if (path.length === 0) return edit(labels, -1);
  const [head, ...rest] = path;
  const i = labels.findIndex((l) => l.name === head);
  if (i < 0) return labels;
  if (rest.length === 0) return edit(labels, i);
  return labels.map((l, j) => (j === i ? { ...l, children: editAt(l.children, rest, edit) } : l));
}

/** The label at `path`, if any. */
function labelAt(labels: Label[], path: string[]): Label | undefined {
  let level = labels;
  let found: Label | undefined;
  for (const name of path) {
    found = level.find((l) => l.name === name);
    if (!found) return undefined;
    level = found.children;
  }
  return found;
}

/** How the built-in classifier reads a label: its best kinds, and the report's warnings. */
function Reading({ entry }: { entry: ReportLabel | undefined }) {
  if (!entry) return null;
  return (
    <>
      {entry.types.slice(0, 2).map((t) => (
        <Badge
          key={t.type}
          size="xs"
          variant="outline"
          color="gray"
          ml={4}
          title={`the built-in classifier reads this label as “${t.type}” (mapping score ${t.score.toFixed(2)})`}
        >
          reads as {t.type.replaceAll('_', ' ')} {t.score.toFixed(2)}
        </Badge>
      ))}
      {entry.meaning && entry.meaning.type !== entry.types[0]?.type && (
        <Badge
          size="xs"
          variant="outline"
          color="blue"
          ml={4}
          title={`read as a sentence, the label's words are closest to “${entry.meaning.type}” (similarity ${entry.meaning.similarity.toFixed(2)}); its documents are compared with documents of that kind`}
        >
          means {entry.meaning.type.replaceAll('_', ' ')}
        </Badge>
      )}
      {entry.warnings.map((w) => (
        <Text key={w.code} size="xs" c="orange.8" role="note" aria-label={`warning on ${entry.name}`}>
          ⚠ {w.message}
        </Text>
      ))}
    </>
  );
}

function Tree({
  labels,
  report,
  prefix = [],
}: {
  labels: Label[];
  report: Map<string, ReportLabel>;
  prefix?: string[];
}) {
  return (
    <List size="sm" withPadding>
      {labels.map((l) => {
        const path = [...prefix, l.name];
        return (
          <List.Item key={l.name}>
            <Text span fw={600}>
              {l.name}
            </Text>
            {l.description && (
              <Text span size="xs" c="dimmed">
                {' '}
                — {l.description}
              </Text>
            )}
            {l.fields.map((f) => (
              <Badge key={f.name} size="xs" variant="light" ml={4}>
                {f.name}: {f.dtype}
              </Badge>
            ))}
            <Reading entry={report.get(path.join('\u0000'))} />
            {l.children.length > 0 && <Tree labels={l.children} report={report} prefix={path} />}
          </List.Item>
        );
      })}
    </List>
  );
}

export function OntologyPage() {
  const [parent, setParent] = useState<string>('');
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const ontology = useOntology();
  const report = useOntologyReport(ontology.data?.version);
  const readings = new Map((report.data?.labels ?? []).map((l) => [l.path.join('\u0000'), l]));
  const warnings = report.data?.warnings.length ?? 0;
  const save = useSaveOntology();
  // Every save of the tree clears the new label's name.
  const saveTree = (labels: Label[]) => save.mutate(labels, { onSuccess: () => setName('') });
  const split = (p: string) => (p ? p.split(' › ') : []);
  return (
    <Page title="Ontology">
      <ProblemAlert error={save.error} />
      <ProblemAlert error={report.error} />
      {warnings > 0 && (
        <Alert color="orange" title={`${countOf(warnings, 'warning')} about your labels`} mb="sm">
          The built-in classifier reads each label as the kinds of document shown next to it. Where it warns,
          it can hardly tell a label from its siblings until a few documents are confirmed: describe what sets
          the label apart.
        </Alert>
      )}
      <QueryState query={ontology} empty="">
        {(o) => {
          const all = paths(o.labels);
          return (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Card withBorder>
                <Text size="sm" c="dimmed" mb="xs">
                  Version {o.version}
                </Text>
                {o.labels.length === 0 ? (
                  <Text c="dimmed">No labels yet: add the first below.</Text>
                ) : (
                  <Tree labels={o.labels} report={readings} />
                )}
              </Card>
              <Stack>
                <Card withBorder>
                  <Title order={4}>Add a label</Title>
                  <Select
                    label="Under"
                    data={[{ value: '', label: '(root)' }, ...all]}
                    value={parent}
                    onChange={(v) => setParent(v ?? '')}
                  />
                  <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
                  <Group mt="xs">
                    <Button
                      disabled={!name.trim()}
                      loading={save.isPending}
                      onClick={() =>
                        saveTree(
                          editAt(o.labels, split(parent), (list, i) => {
                            const label: Label = {
                              name: name.trim(),
                              description: '',
                              keywords: [],
                              fields: [],
                              children: [],
                            };
                            if (i < 0) return [...list, label];
                            return list.map((l, j) =>
                              j === i ? { ...l, children: [...l.children, label] } : l,
                            );
                          }),
                        )
                      }
                    >
                      Add label
                    </Button>
                    <Button
                      variant="default"
                      color="red"
                      disabled={!parent}
                      onClick={() =>
                        saveTree(editAt(o.labels, split(parent), (list, i) => list.filter((_, j) => j !== i)))
                      }
                    >
                      {parent ? `Remove “${split(parent).at(-1)}”` : 'Remove'}
                    </Button>
                  </Group>
                </Card>
                <Card withBorder>
                  <Title order={4}>Edit a label</Title>
                  <Select
                    label="Label"
                    placeholder="choose a label"
                    data={all}
                    value={editing}
                    onChange={setEditing}
                    searchable
                  />
                  {editing && labelAt(o.labels, split(editing)) && (
                    <LabelEditor
                      key={`${editing}@${o.version}`}
                      label={labelAt(o.labels, split(editing)) as Label}
                      path={editing}
                      saving={save.isPending}
                      onSave={(edited) =>
                        saveTree(
                          editAt(o.labels, split(editing), (list, i) =>
                            list.map((l, j) => (j === i ? edited : l)),
                          ),
                        )
                      }
                    />
                  )}
                  <Text size="xs" c="dimmed" mt={4}>
                    Fields of a label apply to its descendants; names are identifiers like{' '}
                    <Code>renewal_date</Code>.
                  </Text>
                </Card>
              </Stack>
            </SimpleGrid>
          );
        }}
      </QueryState>
    </Page>
  );
}
