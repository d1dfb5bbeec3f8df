/**
 * An evidence's rule id (`evidence[].rule`) that opens what the rule is for: its doc, an example
 * it matches and the decisions it comes from, fetched when first opened.
 */
import { Anchor, Code, Popover, Stack, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useExtractionRule } from '../api/extraction-rules';

/** `rule` cut after each "." "_" and "-": where a long id may wrap ("term.clause" → "term.", "clause"). */
export const ruleWords = (rule: string): string[] => rule.split(/(?<=[._-])/);

/**
 * An id (a rule id, a field name) that may wrap only between its words (after "." "_" "-"),
 * never inside one: "anywhere" would cut "parties.pr|eamble" in a narrow column.
 */
export function IdWords({ id }: { id: string }) {
  return ruleWords(id).map((word, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the words of one fixed id, in order
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {word}
    </Fragment>
  ));
}

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
          // A wrapped id reads from the left edge, not centred like a button's label.
          style={{ textAlign: 'left' }}
          onClick={() => setOpen((o) => !o)}
        >
          <Code data-testid={testId} style={{ overflowWrap: 'break-word' }}>
            <IdWords id={rule} />
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
