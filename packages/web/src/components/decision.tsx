/**
 * How sure the classification plugin was at one level (`decision` of a classification trace step
 * or of a label suggestion): the label it leaned to with its probability, the runner-up, the
 * evidence terms, and why it abstained (then its best label is shown as a lean, its probability being
 * among the labels offered only). Renders "not reported" when the plugin reported nothing.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Schema } from '@service/client';

const percent = (p: number) => `${Math.round(p * 100)} %`;

export function DecisionSummary({ decision }: { decision: Schema<'ClassificationDecision'> | null }) {
  if (!decision) return <Text c="dimmed">not reported</Text>;
  return (
    <Stack gap={2} data-testid="classification-decision">
      <Group gap="xs">
        {decision.abstention_reason ? (
          // It answered None: its best label is a lean, and the probability is among the
          // ontology's labels at this level (high even for a document that is none of them).
          <Text size="sm" c="dimmed" title="the probability among the labels offered at this level">
            leaned to {decision.label ?? 'no label'} ({percent(decision.probability)} among these labels)
          </Text>
        ) : (
          <>
            {decision.label ? <b>{decision.label}</b> : <Text c="dimmed">no label</Text>}
            <Badge variant="light" color={decision.probability >= 0.8 ? 'green' : 'yellow'}>
              {percent(decision.probability)}
            </Badge>
          </>
        )}
        {decision.runner_up && (
          <Text size="xs" c="dimmed">
            runner-up {decision.runner_up}
            {decision.runner_up_probability !== null ? ` ${percent(decision.runner_up_probability)}` : ''}
          </Text>
        )}
        {decision.abstention_reason && (
          <Badge variant="light" color="orange">
            abstained: {decision.abstention_reason}
          </Badge>
        )}
      </Group>
      {decision.evidence.length > 0 && (
        <Text size="xs" c="dimmed">
          evidence: {decision.evidence.join(', ')}
        </Text>
      )}
    </Stack>
  );
}
