/**
 * The editor of one ontology label: its description and keywords (what the built-in classifier
 * matches documents against) and its fields (name, dtype, description), as PUT /api/v1/ontology
 * takes them. Saving hands the edited label back; the page saves the whole tree as a new version.
 */
import {
  ActionIcon,
  Button,
  Group,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { Schema } from '@service/client';
import { useState } from 'react';

type Label = Schema<'OntologyLabel'>;
type Field = Label['fields'][number];

export const DTYPES: Field['dtype'][] = [
  'string',
  'number',
  'integer',
  'boolean',
  'date',
  'money',
  'duration',
  'list[string]',
];

export function LabelEditor({
  label,
  path,
  saving,
  onSave,
}: {
  label: Label;
  /** The label's path, root first, for headings and accessible names. */
  path: string;
  saving: boolean;
  onSave: (label: Label) => void;
}) {
  const [description, setDescription] = useState(label.description);
  const [keywords, setKeywords] = useState<string[]>(label.keywords);
  const [fields, setFields] = useState<Field[]>(label.fields);
  const setField = (i: number, patch: Partial<Field>) =>
    setFields((list) => list.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <form
      aria-label={`Edit ${path}`}
      onSubmit={(e) => {
        e.preventDefault();
        onSave({
          ...label,
          description: description.trim(),
          keywords,
          fields: fields
            .map((f) => ({ ...f, name: f.name.trim(), description: f.description.trim() }))
            .filter((f) => f.name),
        });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Description"
          description="what documents of this label are; the classifier reads it"
          autosize
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <TagsInput
          label="Keywords"
          description="words that point to this label; press Enter after each"
          value={keywords}
          onChange={setKeywords}
          clearable
        />
        <Title order={5} mt="xs">
          Fields
        </Title>
        {fields.length === 0 && (
          <Text size="sm" c="dimmed">
            No fields of its own (fields of the labels above still apply).
          </Text>
        )}
        {fields.map((f, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; a name may be empty while typed
          <Group key={i} align="end" gap="xs" wrap="wrap" data-testid="field-row">
            <TextInput
              label="Field name"
              value={f.name}
              onChange={(e) => setField(i, { name: e.currentTarget.value })}
              w={170}
            />
            <Select
              label="Type"
              data={DTYPES}
              value={f.dtype}
              allowDeselect={false}
              onChange={(v) => setField(i, { dtype: (v ?? 'string') as Field['dtype'] })}
              w={130}
            />
            <TextInput
              label="Field description"
              value={f.description}
              onChange={(e) => setField(i, { description: e.currentTarget.value })}
              flex={1}
              miw={160}
            />
            <ActionIcon
              variant="default"
              color="red"
              size="lg"
              aria-label={`Remove field ${f.name || i + 1}`}
              onClick={() => setFields((list) => list.filter((_, j) => j !== i))}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            onClick={() => setFields((list) => [...list, { name: '', dtype: 'string', description: '' }])}
          >
            Add a field
          </Button>
          <Button type="submit" loading={saving}>
            Save “{label.name}”
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
