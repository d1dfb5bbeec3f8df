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
    // Wraps: a long name would push Cancel out of a narrow card.
    <Group gap={4} wrap="wrap">
      <Button
        size="xs"
        color="red"
        loading={pending}
        onClick={onConfirm}
        // The label wraps too, so that a long name stays inside the card.
        h="auto"
        mih={30}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left', overflowWrap: 'anywhere' } }}
      >
        {action} “{name}”?
      </Button>
      <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
        Cancel
      </Button>
    </Group>
  );
}
