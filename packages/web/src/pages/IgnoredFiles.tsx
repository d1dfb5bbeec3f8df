/**
 * A connection's ignore settings (docs/sources.md "Ignoring files"), beside its activity on the
 * Sources page: the glob patterns of files its syncs skip, one a line, and whether
 * operating-system junk is skipped too. An OWNER or ADMIN saves them (the connection's other
 * configs keys stay as they were); other members read them.
 */
import { Button, Checkbox, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useIsOrganizationAdmin } from '../api/me';
import { ApiError } from '../api/problem';
import { type SourceConnection, useUpdateSource, withIgnoreSettings } from '../api/sources';
import { ProblemAlert } from '../components/state';

/** The fields a refused save names (`errors[].field` of the 400 problem). */
const PATTERNS_FIELD = 'body.configs.ignore_patterns';
const DEFAULTS_FIELD = 'body.configs.ignore_defaults';

/** The patterns a text holds: its lines, trimmed, without the empty ones. */
function patternsOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The messages of a refused save about `field` itself or one of its entries
 * (`<field>.<i>`), the entry's message led by the pattern sent at `i`, as the textarea's lines
 * and the API's indexes differ once empty lines are dropped.
 */
function messagesAbout(error: unknown, field: string, sent: readonly string[]): string[] {
  if (!(error instanceof ApiError)) return [];
  return error.fieldErrors.flatMap((e) => {
    const message = e.message ?? 'invalid';
    if (e.field === field) return [message];
    if (!e.field?.startsWith(`${field}.`)) return [];
    const pattern = sent[Number(e.field.slice(field.length + 1))];
    return [pattern === undefined ? message : `${pattern}: ${message}`];
  });
}

/** Whether every field a problem names is one the panel shows next to its input. */
function onlyAboutIgnoreFields(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.fieldErrors.length > 0 &&
    error.fieldErrors.every((e) => e.field?.startsWith(PATTERNS_FIELD) || e.field === DEFAULTS_FIELD)
  );
}

export function IgnoredFiles({ source }: { source: SourceConnection }) {
  const canEdit = useIsOrganizationAdmin();
  const save = useUpdateSource();
  const [text, setText] = useState(() => (source.configs.ignore_patterns ?? []).join('\n'));
  const [defaults, setDefaults] = useState(source.configs.ignore_defaults !== false);
  const sent = save.variables?.configs?.ignore_patterns ?? [];
  const patternErrors = messagesAbout(save.error, PATTERNS_FIELD, sent);
  const defaultsErrors = messagesAbout(save.error, DEFAULTS_FIELD, sent);
  // "Saved" speaks of what the inputs hold; an edit after it makes it untrue.
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      if (save.isSuccess) save.reset();
    };
  const editText = edit(setText);
  const editDefaults = edit(setDefaults);
  return (
    <form
      aria-label={`Ignored files of ${source.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        const patterns = patternsOf(text);
        save.mutate(
          { id: source.id, configs: withIgnoreSettings(source.configs, patterns, defaults) },
          { onSuccess: () => setText(patterns.join('\n')) },
        );
      }}
    >
      <Stack gap="xs">
        <Title order={5}>Ignored files</Title>
        <Textarea
          label="Patterns, one per line"
          description="Glob patterns of files the sync skips: a name anywhere (README.md, *.tmp) or a path (drafts/**)."
          placeholder={'README.md\ndrafts/**'}
          rows={4}
          resize="vertical"
          value={text}
          onChange={(e) => editText(e.currentTarget.value)}
          readOnly={!canEdit}
          error={patternErrors.length > 0 ? patternErrors.join('; ') : undefined}
        />
        <Checkbox
          label="Skip operating-system junk (.DS_Store, Thumbs.db, Office lock files …)"
          checked={defaults}
          onChange={(e) => editDefaults(e.currentTarget.checked)}
          disabled={!canEdit}
          error={defaultsErrors.length > 0 ? defaultsErrors.join('; ') : undefined}
        />
        <Text size="xs" c="dimmed">
          Applies to later syncs; documents already created stay.
          {!canEdit && ' Only an owner or admin of the organization can change these.'}
        </Text>
        {canEdit && (
          <Group gap="xs">
            <Button type="submit" size="xs" loading={save.isPending}>
              Save
            </Button>
            {save.isSuccess && (
              <Text size="sm" c="green" role="status">
                Saved
              </Text>
            )}
          </Group>
        )}
        {!onlyAboutIgnoreFields(save.error) && <ProblemAlert error={save.error} />}
      </Stack>
    </form>
  );
}
