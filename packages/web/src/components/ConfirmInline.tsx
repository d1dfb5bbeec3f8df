/**
 * A button for what cannot be undone (revoke a key, delete an identity): the first click turns it
 * into `${action} “${name}”?` beside Cancel, and only that second click calls `onConfirm`.
 */
import { Button, Group } from '@mantine/core';
import { useState } from 'react';

export function ConfirmInline({
  action,
  name,
  onConfirm,
  pending,
  variant = 'light',
}: {
  action: string;
  name: string;
  onConfirm: () => void;
  pending: boolean;
  variant?: 'light' | 'subtle';
}) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming)
    return (
      <Button size="xs" color="red" variant={variant} onClick={() => setConfirming(true)}>
        {action}
      </Button>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" color="red" loading={pending} onClick={onConfirm}>
        {action} “{name}”?
      </Button>
      <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
        Cancel
      </Button>
    </Group>
  );
}
