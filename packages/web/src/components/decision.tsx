/**
 * How sure the classification plugin was at one level (`decision` of a classification trace step
 * or of a label suggestion): the label it chose with its probability, the runner-up and the
 * evidence terms; or, when it abstained, why, and the label it came closest to as one not chosen
 * (the document page and the review queue read alike). Renders "not reported" when the plugin
 * reported nothing.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Schema } from '@service/client';

type Decision = Schema<'ClassificationDecision'>;

const percent = (p: number) => `${Math.round(p * 100)} %`;

/**
 * Abstentions whose probability says nothing: the document's evidence was below the gate
 * (at the root "out of domain"), and a softmax among the level's labels is high for one of them
 * even for a document that is none of them (0.9967 for an e-mail's "Invoice").
 */
const WITHOUT_PROBABILITY = new Set(['out of domain', 'no evidence']);

/**
 * A level where the plugin returned no label: the reason first, then the label it came closest
 * to as a label *not chosen*. Out of domain (or no evidence) shows no percentage at all, since a
 * reader takes "Invoice 100 %" for a confident answer; a low-confidence or close-call abstention
 * keeps its percentages, marked as the scores of labels not chosen, because they are the reason.
 */
function AbstainedDecision({ decision }: { decision: Decision }) {
  const reason = decision.abstention_reason ?? 'abstained';
  const scored = !WITHOUT_PROBABILITY.has(reason);
  const score = (p: number | null) => (scored && p !== null ? ` (${percent(p)})` : '');
  return (
    <Stack gap={2} data-testid="classification-decision">
      <Text size="sm" fw={600} c="orange.8">
        No label: {reason}
      </Text>
      {decision.label && (
        <Text
          size="sm"
          c="dimmed"
          title={
            scored
              ? 'calibrated probability among the labels offered at this level; the plugin did not choose it'
              : "the document's evidence is below what any label here needs; a probability among these labels would say nothing"
          }
        >
          the closest was {decision.label}
          {score(decision.probability)}
          {scored ? ', not chosen' : ''}
          {decision.runner_up && `, then ${decision.runner_up}${score(decision.runner_up_probability)}`}
        </Text>
      )}
      {decision.evidence.length > 0 && (
        <Text size="xs" c="dimmed">
          evidence: {decision.evidence.join(', ')}
        </Text>
      )}
    </Stack>
  );
}

export function DecisionSummary({ decision }: { decision: Decision | null }) {
  if (!decision) return <Text c="dimmed">not reported</Text>;
  if (decision.abstention_reason) return <AbstainedDecision decision={decision} />;
  return (
    <Stack gap={2} data-testid="classification-decision">
      <Group gap="xs">
        {decision.label ? <b>{decision.label}</b> : <Text c="dimmed">no label</Text>}
        <Badge variant="light" color={decision.probability >= 0.8 ? 'green' : 'yellow'}>
          {percent(decision.probability)}
        </Badge>
        {decision.runner_up && (
          <Text size="xs" c="dimmed">
            runner-up {decision.runner_up}
            {decision.runner_up_probability !== null ? ` ${percent(decision.runner_up_probability)}` : ''}
          </Text>
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
