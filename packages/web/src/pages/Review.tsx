/**
 * Review: label suggestions that stopped classification (accept adds the label to the ontology,
 * or accept under another name, or reject), and processed documents whose labels are not yet
 * confirmed (confirm or correct the path, correct the extracted values; confirmed documents feed
 * the classifier's learning). Both queues are paged by the server, their pages in the address
 * (lib/review-search.ts); the documents come least sure first (`label_confidence`, unknown first),
 * each with how sure the classifier was and the level it was least sure of.
 */
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { type Document, useConfirmLabels, useDocumentsToConfirm } from '../api/documents';
import {
  type LabelSuggestion,
  useAcceptSuggestion,
  usePendingSuggestions,
  useRejectSuggestion,
} from '../api/label-suggestions';
import { DecisionSummary } from '../components/decision';
import { FieldCorrections } from '../components/FieldCorrections';
import { Page } from '../components/Page';
import { Pager } from '../components/Pager';
import { ProblemAlert, QueryState } from '../components/state';
import { useKeepPageInRange } from '../lib/list-search';
import { REVIEW_PAGE_SIZE, type ReviewSearch } from '../lib/review-search';

function SuggestionCard({ s }: { s: LabelSuggestion }) {
  const [name, setName] = useState(s.label ?? '');
  const accept = useAcceptSuggestion();
  const reject = useRejectSuggestion();
  // Another name than the suggested one renames the label; the same or none keeps it.
  const rename = name.trim() && name.trim() !== s.label ? name.trim() : undefined;
  return (
    <Card withBorder data-testid="suggestion">
      <Stack gap="xs">
        <Group gap="xs">
          <Badge color={s.reason === 'LLM_SUGGESTED' ? 'grape' : 'orange'}>{s.reason}</Badge>
          <Text size="sm">
            under <b>{s.parent_path.length ? s.parent_path.join(' › ') : 'the root'}</b>
          </Text>
          {s.document_id && (
            <Link to="/documents/$id" params={{ id: s.document_id }}>
              document
            </Link>
          )}
        </Group>
        <DecisionSummary decision={s.decision} />
        <Group align="end">
          <TextInput
            label="Label to add"
            description={
              s.label ? 'the suggested label; change it to pick another' : 'no label was suggested: name one'
            }
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button
            onClick={() => accept.mutate({ id: s.id, name: rename })}
            loading={accept.isPending}
            disabled={!name.trim()}
          >
            Accept
          </Button>
          <Button
            variant="default"
            color="red"
            onClick={() => reject.mutate(s.id)}
            loading={reject.isPending}
          >
            Reject
          </Button>
        </Group>
        <ProblemAlert error={accept.error ?? reject.error} />
      </Stack>
    </Card>
  );
}

const percent = (p: number) => `${Math.round(p * 100)} %`;

/**
 * The level a reviewer should look at first: where the classification stopped, else the level
 * it was least sure of. Undefined when no level reported a decision.
 */
export function weakestStep(d: Document) {
  const steps = d.classification_trace.filter((s) => s.decision);
  const stopped = steps.find((s) => s.outcome !== 'CONTINUE' && s.outcome !== 'LEAF');
  if (stopped) return stopped;
  return steps.reduce<(typeof steps)[number] | undefined>(
    (min, s) => (min?.decision && s.decision && s.decision.probability >= min.decision.probability ? min : s),
    undefined,
  );
}

/** How likely the label path is right (`label_confidence`), as a badge; "unknown" when null. */
function LabelConfidence({ d }: { d: Document }) {
  const p = d.label_confidence;
  if (p === null) return <Badge color="gray">confidence unknown</Badge>;
  return (
    <Badge color={p >= 0.8 ? 'green' : p >= 0.5 ? 'yellow' : 'red'} title="probability the labels are right">
      {percent(p)} sure
    </Badge>
  );
}

function ConfirmCard({ d }: { d: Document }) {
  const [path, setPath] = useState(d.labels.join(' > '));
  const [correcting, setCorrecting] = useState(false);
  const confirm = useConfirmLabels();
  const weakest = weakestStep(d);
  const labels = path
    .split('>')
    .map((l) => l.trim())
    .filter(Boolean);
  return (
    <Card withBorder data-testid="confirm-card">
      <Group align="end">
        <Text w={220} truncate>
          <Link to="/documents/$id" params={{ id: d.id }}>
            {d.filename}
          </Link>
        </Text>
        <TextInput
          label="Label path (root > child)"
          value={path}
          onChange={(e) => setPath(e.currentTarget.value)}
          flex={1}
          miw={200}
        />
        <Button
          onClick={() => confirm.mutate({ id: d.id, labels })}
          loading={confirm.isPending}
          disabled={!path.trim()}
        >
          Confirm
        </Button>
        {d.extraction && (
          <Button variant="default" onClick={() => setCorrecting((c) => !c)} aria-expanded={correcting}>
            {correcting ? 'Hide values' : 'Correct values'}
          </Button>
        )}
      </Group>
      <Group gap="sm" mt="xs" align="start">
        <LabelConfidence d={d} />
        {weakest?.decision && (
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {weakest.outcome === 'CONTINUE' || weakest.outcome === 'LEAF' ? 'least sure' : 'stopped'} at
              level {weakest.level}:
            </Text>
            <DecisionSummary decision={weakest.decision} />
          </Stack>
        )}
      </Group>
      <ProblemAlert error={confirm.error} />
      {correcting && (
        <Stack mt="sm">
          <Text size="sm" c="dimmed">
            Saving corrected values also confirms the labels.
          </Text>
          <FieldCorrections doc={d} />
        </Stack>
      )}
    </Card>
  );
}

/** The total of a queue whose page (read for the address) came back empty, else undefined. */
const emptyPageTotal = (q: {
  isPlaceholderData: boolean;
  data?: { content: unknown[]; page: { total_elements: number } } | undefined;
}) => (!q.isPlaceholderData && q.data?.content.length === 0 ? q.data.page.total_elements : undefined);

export function ReviewPage() {
  const search = useSearch({ from: '/review' });
  const navigate = useNavigate({ from: '/review' });
  const toPage = (patch: Partial<ReviewSearch>, replace = false) =>
    void navigate({ search: (s: ReviewSearch) => ({ ...s, ...patch }), replace });
  const suggestions = usePendingSuggestions(search.suggestions_page ?? 1);
  const unconfirmed = useDocumentsToConfirm(search.page ?? 1);
  // Confirming the last card of the last page empties it: the page before is shown instead of
  // "every document has confirmed labels" (and so for a page past the end of either queue).
  useKeepPageInRange(
    search.suggestions_page ?? 1,
    emptyPageTotal(suggestions),
    (n) => toPage({ suggestions_page: n > 1 ? n : undefined }, true),
    REVIEW_PAGE_SIZE,
  );
  useKeepPageInRange(
    search.page ?? 1,
    emptyPageTotal(unconfirmed),
    (n) => toPage({ page: n > 1 ? n : undefined }, true),
    REVIEW_PAGE_SIZE,
  );
  return (
    <Page title="Review">
      <Title order={3}>Label suggestions</Title>
      <QueryState
        query={suggestions}
        empty="No pending label suggestions."
        isEmpty={(p) => p.content.length === 0}
      >
        {(p) => (
          <Stack>
            {p.content.map((s) => (
              <SuggestionCard key={s.id} s={s} />
            ))}
            <Pager
              label="Pages of label suggestions"
              total={p.page.total_elements}
              exact={p.page.total_exact ?? true}
              page={search.suggestions_page ?? 1}
              pageSize={REVIEW_PAGE_SIZE}
              noun="suggestions"
              singular="suggestion"
              onPage={(n) => toPage({ suggestions_page: n > 1 ? n : undefined })}
            />
          </Stack>
        )}
      </QueryState>
      <Title order={3}>Labels to confirm</Title>
      <QueryState
        query={unconfirmed}
        empty="Every processed document has confirmed labels."
        isEmpty={(p) => p.content.length === 0}
      >
        {(p) => (
          <Stack>
            {p.content.map((d) => (
              <ConfirmCard key={d.id} d={d} />
            ))}
            <Pager
              label="Pages of documents to confirm"
              total={p.page.total_elements}
              exact={p.page.total_exact ?? true}
              page={search.page ?? 1}
              pageSize={REVIEW_PAGE_SIZE}
              noun="documents to confirm"
              singular="document to confirm"
              onPage={(n) => toPage({ page: n > 1 ? n : undefined })}
            />
          </Stack>
        )}
      </QueryState>
    </Page>
  );
}
