/**
 * The fields of a webhook endpoint, for adding one and for changing one: its URL, the event types
 * it receives (all of them, or those picked, grouped by domain with when each is emitted) and a
 * description.
 */
import { Box, Button, CheckIcon, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  ALL_EVENTS,
  isEventTypeChoice,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  type WebhookEventTypeChoice,
  type WebhookFields,
} from '../api/webhooks';

const ALL_EVENTS_LABEL = 'All events (*)';

/** The picker's options: "all" first, then the types grouped by their domain (`document.…`). */
const options = [{ group: 'Every type', items: [{ value: ALL_EVENTS as string, label: ALL_EVENTS_LABEL }] }];
for (const type of Object.keys(WEBHOOK_EVENT_TYPES)) {
  const group = type.slice(0, type.indexOf('.'));
  const known = options.find((g) => g.group === group);
  if (known) known.items.push({ value: type, label: type });
  else options.push({ group, items: [{ value: type, label: type }] });
}

/**
 * The types picked after the picker went from `previous` to `next`. The API takes `*` only on
 * its own, so picking it replaces the types and picking a type replaces it, rather than letting
 * the person build a list the API refuses.
 */
export function pickEventTypes(previous: WebhookEventTypeChoice[], next: string[]): WebhookEventTypeChoice[] {
  const picked = next.filter(isEventTypeChoice);
  if (picked.includes(ALL_EVENTS) && !previous.includes(ALL_EVENTS)) return [ALL_EVENTS];
  return picked.length > 1 ? picked.filter((t) => t !== ALL_EVENTS) : picked;
}

export function WebhookForm({
  label,
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  /** The form's accessible name. */
  label: string;
  initial: WebhookFields;
  submitLabel: string;
  pending: boolean;
  /** `clear` puts the fields back to `initial` (after an endpoint was added). */
  onSubmit: (fields: WebhookFields, clear: () => void) => void;
  onCancel?: () => void;
}) {
  const [fields, setFields] = useState(initial);
  const set = (change: Partial<WebhookFields>) => setFields((f) => ({ ...f, ...change }));
  const none = fields.eventTypes.length === 0;
  return (
    <form
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(fields, () => setFields(initial));
      }}
    >
      <Stack gap="xs">
        <TextInput
          label="Endpoint URL"
          type="url"
          value={fields.url}
          onChange={(e) => set({ url: e.currentTarget.value })}
          required
          maxLength={2048}
        />
        <MultiSelect
          label="Event types"
          description="All events includes types added later."
          data={options}
          value={fields.eventTypes}
          onChange={(next) => setFields((f) => ({ ...f, eventTypes: pickEventTypes(f.eventTypes, next) }))}
          // A rendered option loses Mantine's check mark, so it draws its own.
          renderOption={({ option, checked }) => (
            <Group gap="xs" wrap="nowrap">
              <Box w={12}>{checked && <CheckIcon size={12} />}</Box>
              <div>
                <Text size="sm">{option.label}</Text>
                {option.value !== ALL_EVENTS && (
                  <Text size="xs" c="dimmed">
                    {WEBHOOK_EVENT_TYPES[option.value as WebhookEventType]}
                  </Text>
                )}
              </div>
            </Group>
          )}
          error={none ? 'Pick at least one event type, or All events.' : undefined}
          searchable
          maxDropdownHeight={320}
        />
        <TextInput
          label="Description"
          placeholder="Optional: what receives these events"
          value={fields.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
          maxLength={500}
        />
        <Group justify="end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={pending} disabled={none}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
