/**
 * One document: its text with each extracted field's evidence highlighted, the fields with their
 * values, the classification path level by level (components/ClassificationPath), step timings,
 * failure reason, and reprocess.
 * Evidence offsets index the text like JavaScript strings (`text.slice(start, end)`).
 */
import {
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Grid,
  Group,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link, useLocation, useParams } from '@tanstack/react-router';
import { Fragment, type ReactNode, useState } from 'react';
import {
  type Document,
  useDocument,
  useDocumentFile,
  useDocumentText,
  useReprocessDocument,
} from '../api/documents';
import { ClassificationPath } from '../components/ClassificationPath';
import { FieldCorrections } from '../components/FieldCorrections';
import { IdWords, RuleInfo } from '../components/RuleInfo';
import { ProblemAlert, QueryState } from '../components/state';
import { pluralNoun } from '../lib/plural';
import { StatusBadge } from './Documents';

type Span = { start: number; end: number; field: string; rule?: string };

/**
 * Splits `text` at every span's ends into plain runs and `<mark>`ed evidence runs. Fields whose
 * evidence is the same words (an effective date and an agreement date read from one phrase) or
 * overlaps share the run: `data-fields` names every field it is evidence of, so "show" finds the
 * evidence of each of them; `data-field` names the one whose span starts first.
 */
function highlight(text: string, spans: Span[], active: string | null): ReactNode[] {
  const valid = spans
    .filter((s) => s.start >= 0 && s.end <= text.length && s.end > s.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const cuts = [...new Set([0, text.length, ...valid.flatMap((s) => [s.start, s.end])])].sort(
    (a, b) => a - b,
  );
  const out: ReactNode[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const from = cuts[i] as number;
    const to = cuts[i + 1] as number;
    const covering = valid.filter((s) => s.start <= from && s.end >= to);
    const run = text.slice(from, to);
    if (covering.length === 0) {
      out.push(run);
      continue;
    }
    const fields = [...new Set(covering.map((s) => s.field))];
    out.push(
      <mark
        key={from}
        data-field={fields[0]}
        data-fields={fields.join(' ')}
        title={covering.map((s) => (s.rule ? `${s.field} — rule ${s.rule}` : s.field)).join('; ')}
        style={{
          background: active !== null && fields.includes(active) ? '#ffd43b' : '#fff3bf',
          scrollMarginTop: 80,
        }}
      >
        {run}
      </mark>,
    );
  }
  return out;
}

/** The first highlighted run of `field`'s evidence in the page. */
export function evidenceOf(field: string): Element | null {
  return document.querySelector(`mark[data-fields~="${field.replace(/["\\]/g, '\\$&')}"]`);
}

/**
 * A field value as a person reads it: durations as "10 years", money as "1,000 USD", a list as
 * its items joined by "; " (party names hold commas: "ZTO Express Co., Ltd."), else JSON.
 */
function formatValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (Array.isArray(v))
    return v.map((item) => (typeof item === 'object' ? formatValue(item) : String(item))).join('; ');
  if (typeof v !== 'object') return String(v);
  const o = v as Record<string, unknown>;
  if (typeof o.value === 'number' && typeof o.unit === 'string')
    return `${o.value} ${pluralNoun(o.value, o.unit, `${o.unit}s`)}`;
  if (typeof o.amount === 'number' && typeof o.currency === 'string')
    return `${o.amount.toLocaleString()} ${o.currency}`;
  return JSON.stringify(v);
}

/**
 * The fields card's table: three columns like the classification path's, the evidence (the
 * extractor rule and "show" with its page) under the value, so the card reads without a
 * sideways scroll in half of a 1280 px page and on a phone.
 */
function Fields({
  doc,
  active,
  onSelect,
}: {
  doc: Document;
  active: string | null;
  onSelect: (f: string) => void;
}) {
  const data = doc.extraction?.data ?? {};
  // Cleared fields (a correction to null) stay listed, with their correction.
  const names = [...new Set([...Object.keys(data), ...Object.keys(doc.extraction?.corrections ?? {})])];
  if (names.length === 0) return <Text c="dimmed">No fields extracted.</Text>;
  return (
    <Table.ScrollContainer minWidth={300}>
      {/* Fixed widths: the automatic layout gave a long value the room and broke the field names
          and the header even at 1280 px. 34 % holds "expiration_" on a phone, 24 % "Confidence" at 1280. */}
      <Table aria-label="Extracted fields" verticalSpacing="xs" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="34%">Field</Table.Th>
            <Table.Th>Value</Table.Th>
            {/* A soft hyphen: in a phone's narrow column the header breaks as "Confi-dence". */}
            <Table.Th w="24%">Confi&shy;dence</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {names.map((name) => {
            const spans = doc.extraction?.evidence[name] ?? [];
            const correction = doc.extraction?.corrections[name];
            const confidence = correction ? undefined : doc.extraction?.confidence[name];
            return (
              <Table.Tr
                key={name}
                bg={name === active ? 'yellow.0' : undefined}
                style={{ verticalAlign: 'top' }}
              >
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    {/* A long name wraps after "_" ("expiration_", "date") on a phone. */}
                    <Code style={{ overflowWrap: 'break-word', maxWidth: '100%' }}>
                      <IdWords id={name} />
                    </Code>
                    {doc.extraction?.llm_fields.includes(name) && (
                      <Badge size="xs" color="grape">
                        LLM
                      </Badge>
                    )}
                    {correction && (
                      <Badge
                        size="xs"
                        color="teal"
                        title={`extracted: ${formatValue(correction.original)}; by ${correction.corrected_by_email ?? 'unknown'} at ${new Date(correction.corrected_at).toLocaleString()}`}
                      >
                        corrected
                      </Badge>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <Text size="sm" data-testid={`field-${name}`} style={{ overflowWrap: 'break-word' }}>
                      {formatValue(data[name])}
                    </Text>
                    {spans.length > 0 ? (
                      <Group gap={6} wrap="wrap" data-testid={`evidence-${name}`}>
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          style={{ whiteSpace: 'nowrap' }}
                          onClick={() => {
                            onSelect(name);
                            evidenceOf(name)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
                          }}
                        >
                          show{spans[0]?.page ? ` (p. ${spans[0].page})` : ''}
                        </Anchor>
                        {spans[0]?.rule && <RuleInfo rule={spans[0].rule} testId={`rule-${name}`} />}
                      </Group>
                    ) : (
                      <Text c="dimmed" size="xs" data-testid={`evidence-${name}`}>
                        no evidence
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {confidence === undefined ? (
                    <Text c="dimmed" size="sm">
                      —
                    </Text>
                  ) : (
                    <Text size="sm">{Math.round(confidence * 100)} %</Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The original file in the browser's own PDF viewer, fetched with the bearer header as a blob. */
function PdfView({ id }: { id: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const load = useDocumentFile(id);
  if (url) return <iframe title="PDF" src={url} style={{ width: '100%', height: 600, border: 0 }} />;
  return (
    <>
      <Button
        variant="default"
        onClick={() =>
          load.mutate(undefined, {
            onSuccess: (blob) => setUrl(URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }))),
          })
        }
        loading={load.isPending}
      >
        Show the PDF
      </Button>
      <ProblemAlert error={load.error} />
    </>
  );
}

export function DocumentDetailPage() {
  const { id } = useParams({ from: '/documents/$id' });
  const [active, setActive] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState(false);
  const doc = useDocument(id);
  const processed = doc.data?.status === 'PROCESSED' || doc.data?.status === 'FAILED';
  const text = useDocumentText(doc.data);
  const reprocess = useReprocessDocument(id);
  // The list's page, filters and sort when the document was opened from it (a history entry's state).
  const listSearch = useLocation({ select: (l) => l.state.documentsSearch });
  return (
    <Stack gap={2}>
      {/* Above the document's states: a link to a deleted document still leads back. */}
      <Anchor
        size="sm"
        w="fit-content"
        renderRoot={(props) => <Link {...props} to="/documents" search={listSearch ?? {}} />}
      >
        ← Documents
      </Anchor>
      <QueryState query={doc} empty="">
        {(d) => {
          const spans: Span[] = Object.entries(d.extraction?.evidence ?? {}).flatMap(([field, list]) =>
            list.map((e) => ({ start: e.start, end: e.end, field, rule: e.rule })),
          );
          return (
            <Stack>
              <Group justify="space-between">
                <Stack gap={2}>
                  {/* A file name is often one long word: it wraps rather than widen the page on a phone. */}
                  <Title order={2} style={{ overflowWrap: 'anywhere' }}>
                    {d.filename}
                  </Title>
                  <Group gap="xs">
                    <StatusBadge status={d.status} />
                    {d.labels.length > 0 && <Text>{d.labels.join(' › ')}</Text>}
                    {d.contract_id && (
                      // Lands on this contract (`/contracts?contract=…`), shown above the table.
                      <Anchor
                        size="sm"
                        renderRoot={(props) => (
                          <Link
                            {...props}
                            to="/contracts"
                            search={{ contract: d.contract_id ?? undefined }}
                          />
                        )}
                      >
                        contract
                      </Anchor>
                    )}
                  </Group>
                </Stack>
                <Group>
                  <Button onClick={() => reprocess.mutate()} loading={reprocess.isPending}>
                    Reprocess
                  </Button>
                </Group>
              </Group>
              <ProblemAlert error={reprocess.error} />
              {d.error && (
                <ProblemAlert
                  error={new Error(d.error)}
                  title={`Failed at step ${d.step ?? '?'} (attempt ${d.attempts})`}
                />
              )}
              <Grid>
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <Stack>
                    <Card withBorder>
                      <Group justify="space-between" mb="xs">
                        <Title order={4}>Fields</Title>
                        {d.extraction && (
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setCorrecting((c) => !c)}
                            aria-expanded={correcting}
                          >
                            {correcting ? 'Done' : 'Correct values'}
                          </Button>
                        )}
                      </Group>
                      {correcting ? (
                        <FieldCorrections doc={d} />
                      ) : (
                        <Fields doc={d} active={active} onSelect={setActive} />
                      )}
                    </Card>
                    <Card withBorder>
                      <Title order={4} mb="xs">
                        Classification path
                      </Title>
                      <ClassificationPath doc={d} />
                    </Card>
                    <Card withBorder>
                      <Title order={4} mb="xs">
                        Step timings
                      </Title>
                      {Object.keys(d.step_timings).length === 0 ? (
                        <Text c="dimmed">No run recorded.</Text>
                      ) : (
                        <Group gap="md">
                          {Object.entries(d.step_timings).map(([step, ms]) => (
                            <Fragment key={step}>
                              <Text size="sm">
                                {step}: <b>{Math.round(ms)} ms</b>
                              </Text>
                            </Fragment>
                          ))}
                        </Group>
                      )}
                    </Card>
                  </Stack>
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <Card withBorder>
                    <Title order={4} mb="xs">
                      Text
                    </Title>
                    {!processed ? (
                      <Text c="dimmed">Processing…</Text>
                    ) : (
                      <QueryState
                        query={text}
                        empty="This document has no text."
                        isEmpty={(t) => t.text.length === 0}
                      >
                        {(t) => (
                          <ScrollArea h={600} type="auto">
                            <pre
                              data-testid="document-text"
                              style={{ whiteSpace: 'pre-wrap', fontSize: 13, margin: 0 }}
                            >
                              {highlight(t.text, spans, active)}
                            </pre>
                          </ScrollArea>
                        )}
                      </QueryState>
                    )}
                  </Card>
                  {d.mime_type === 'application/pdf' && (
                    <Card withBorder mt="md">
                      <PdfView id={d.id} />
                    </Card>
                  )}
                </Grid.Col>
              </Grid>
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}
