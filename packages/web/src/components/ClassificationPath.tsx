/**
 * A document's classification path level by level: the label returned (or none) with the
 * outcome, how sure the plugin was, and the labels it chose among. Three columns, the labels
 * offered below the decision, so the card reads without a sideways scroll in half of a 1280 px
 * page and on a phone; a long list of labels (a contract type's 26) opens on demand.
 */
import { Badge, Stack, Table, Text } from '@mantine/core';
import type { Document } from '../api/documents';
import { DecisionSummary } from './decision';

/** Labels offered at a level up to this many are listed; more fold under "N labels offered". */
const LISTED_CHOICES = 6;

/** The labels a level chose among: listed when few, else folded under their count. */
function Choices({ labels }: { labels: string[] }) {
  if (labels.length <= LISTED_CHOICES)
    return (
      <Text size="xs" c="dimmed">
        among {labels.join(', ')}
      </Text>
    );
  return (
    <Text component="details" size="xs" c="dimmed">
      <summary style={{ cursor: 'pointer' }}>among {labels.length} labels</summary>
      {labels.join(', ')}
    </Text>
  );
}

/** The classification path card's table, or "Not classified yet." */
export function ClassificationPath({ doc }: { doc: Document }) {
  if (doc.classification_trace.length === 0) return <Text c="dimmed">Not classified yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table aria-label="Classification path" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Level</Table.Th>
            <Table.Th>Decision</Table.Th>
            <Table.Th>Confidence</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {doc.classification_trace.map((t) => (
            <Table.Tr key={t.level} style={{ verticalAlign: 'top' }}>
              <Table.Td>{t.level}</Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  {t.returned ?? <Text c="dimmed">no label</Text>}
                  <Badge variant="light">{t.outcome}</Badge>
                  <Choices labels={t.available_labels} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <DecisionSummary decision={t.decision} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
