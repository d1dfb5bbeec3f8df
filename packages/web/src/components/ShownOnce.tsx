/**
 * A secret the API has just answered with and never returns again (a new API key, a webhook's
 * signing secret after create or rotate): shown with a copy button, optionally dismissible.
 * `testId` marks the alert and `${testId}-value` the secret.
 */
import { Alert, Button, Code, CopyButton, Group, Text } from '@mantine/core';

export function ShownOnce({
  title,
  value,
  testId,
  note,
  onClose,
  closeLabel,
}: {
  title: string;
  value: string;
  testId: string;
  note?: string;
  onClose?: () => void;
  closeLabel?: string;
}) {
  return (
    <Alert
      color="green"
      title={title}
      data-testid={testId}
      withCloseButton={Boolean(onClose)}
      closeButtonLabel={closeLabel}
      onClose={onClose}
    >
      <Group wrap="nowrap">
        <Code style={{ wordBreak: 'break-all' }} data-testid={`${testId}-value`}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" onClick={copy} variant="light">
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      {note && (
        <Text size="xs" mt="xs">
          {note}
        </Text>
      )}
    </Alert>
  );
}
