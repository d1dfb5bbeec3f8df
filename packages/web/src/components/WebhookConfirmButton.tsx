/**
 * A webhook action that asks first (delete, rotate the secret): the button opens a small dialog
 * saying what will happen, and only its confirm button acts. The dialog keeps keyboard focus
 * inside it, as it is rendered at the end of the page, far from its button in tab order.
 */
import { Button, Group, Popover, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

export function WebhookConfirmButton({
  label,
  question,
  confirmLabel,
  color,
  loading,
  onConfirm,
}: {
  /** The button's text, also the dialog's accessible name. */
  label: string;
  question: ReactNode;
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover opened={open} onChange={setOpen} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button size="xs" variant="light" color={color} loading={loading} onClick={() => setOpen((o) => !o)}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={320}>
        <Text size="sm">{question}</Text>
        <Group justify="end" gap="xs" mt="xs">
          {/* Focus starts on Cancel, so Enter on a just-opened dialog does not act. */}
          <Button size="xs" variant="default" data-autofocus onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            size="xs"
            color={color}
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
