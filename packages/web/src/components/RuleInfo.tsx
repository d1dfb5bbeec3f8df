/**
 * An evidence's rule id (`evidence[].rule`) that opens what the rule is for: its doc, an example
 * it matches and the decisions it comes from, fetched when first opened.
 */
import { Anchor, Code, Popover, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useExtractionRule } from '../api/extraction-rules';

export function RuleInfo({ rule, testId }: { rule: string; testId: string }) {
  const [open, setOpen] = useState(false);
  const { data, error, isPending } = useExtractionRule(rule, open);
  return (
    <Popover opened={open} onChange={setOpen} position="bottom-start" withArrow width={360}>
      <Popover.Target>
        <Anchor
          component="button"
          type="button"
          title="the extractor rule that produced the value: what is it for?"
          onClick={() => setOpen((o) => !o)}
        >
          <Code data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
            {rule}
          </Code>
        </Anchor>
      </Popover.Target>
      <Popover.Dropdown data-testid={`${testId}-info`}>
        {error ? (
          <Text size="sm" c="dimmed">
            {error.message}
          </Text>
        ) : isPending || !data ? (
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
        ) : (
          <Stack gap={4}>
            <Text size="sm">{data.doc}</Text>
            {data.examples[0] && (
              <Text size="xs" c="dimmed">
                matches “{data.examples[0].text}”
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {data.language} · {data.source}
              {data.decisions.length > 0 && ` · decisions ${data.decisions.join(', ')}`}
            </Text>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
