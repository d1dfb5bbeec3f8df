/**
 * Ontology: the label tree with each label's fields, and edits (add a label under any label, add a
 * field to a label, remove a label) saved as a new ontology version with PUT /api/v1/ontology.
 */
import {
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
import type { Schema } from '@service/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap } from '../api/problem';
import { useSession } from '../api/session';
import { ProblemAlert, QueryState } from '../components/state';

type Label = Schema<'OntologyLabel'>;
type Field = Label['fields'][number];
const DTYPES: Field['dtype'][] = [
  'string',
  'number',
  'integer',
  'boolean',
  'date',
  'money',
  'duration',
  'list[string]',
];

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

function Tree({ labels }: { labels: Label[] }) {
  return (
    <List size="sm" withPadding>
      {labels.map((l) => (
        <List.Item key={l.name}>
          <Text span fw={600}>
            {l.name}
          </Text>
          {l.fields.map((f) => (
            <Badge key={f.name} size="xs" variant="light" ml={4}>
              {f.name}: {f.dtype}
            </Badge>
          ))}
          {l.children.length > 0 && <Tree labels={l.children} />}
        </List.Item>
      ))}
    </List>
  );
}

export function OntologyPage() {
  const { api, organizationId } = useSession();
  const queryClient = useQueryClient();
  const [parent, setParent] = useState<string>('');
  const [name, setName] = useState('');
  const [fieldLabel, setFieldLabel] = useState<string | null>(null);
  const [fieldName, setFieldName] = useState('');
  const [dtype, setDtype] = useState<Field['dtype']>('string');
  const ontology = useQuery({
    queryKey: ['ontology', organizationId],
    queryFn: async () => unwrap(await api.GET('/api/v1/ontology')),
  });
  const save = useMutation({
    mutationFn: async (labels: Label[]) => unwrap(await api.PUT('/api/v1/ontology', { body: { labels } })),
    onSuccess: () => {
      setName('');
      setFieldName('');
      void queryClient.invalidateQueries({ queryKey: ['ontology'] });
    },
  });
  const split = (p: string) => (p ? p.split(' › ') : []);
  return (
    <Stack>
      <Title order={2}>Ontology</Title>
      <ProblemAlert error={save.error} />
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
                  <Tree labels={o.labels} />
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
                        save.mutate(
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
                        save.mutate(
                          editAt(o.labels, split(parent), (list, i) => list.filter((_, j) => j !== i)),
                        )
                      }
                    >
                      Remove “{split(parent).at(-1) ?? ''}”
                    </Button>
                  </Group>
                </Card>
                <Card withBorder>
                  <Title order={4}>Add a field</Title>
                  <Select label="Label" data={all} value={fieldLabel} onChange={setFieldLabel} />
                  <Group grow>
                    <TextInput
                      label="Field name"
                      value={fieldName}
                      onChange={(e) => setFieldName(e.currentTarget.value)}
                    />
                    <Select
                      label="Type"
                      data={DTYPES}
                      value={dtype}
                      allowDeselect={false}
                      onChange={(v) => setDtype((v ?? 'string') as Field['dtype'])}
                    />
                  </Group>
                  <Text size="xs" c="dimmed" mt={4}>
                    Fields of a label apply to its descendants; names are identifiers like{' '}
                    <Code>renewal_date</Code>.
                  </Text>
                  <Button
                    mt="xs"
                    disabled={!fieldLabel || !fieldName.trim()}
                    loading={save.isPending}
                    onClick={() =>
                      fieldLabel &&
                      save.mutate(
                        editAt(o.labels, split(fieldLabel), (list, i) =>
                          list.map((l, j) =>
                            j === i
                              ? {
                                  ...l,
                                  fields: [...l.fields, { name: fieldName.trim(), dtype, description: '' }],
                                }
                              : l,
                          ),
                        ),
                      )
                    }
                  >
                    Add field
                  </Button>
                </Card>
              </Stack>
            </SimpleGrid>
          );
        }}
      </QueryState>
    </Stack>
  );
}
