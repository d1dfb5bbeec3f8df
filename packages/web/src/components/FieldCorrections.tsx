/**
 * The form that corrects a document's extracted values (PATCH /api/v1/documents/{id}/extraction):
 * one input per field of the document's label path, typed by the field's dtype, filled with the
 * current value. Only changed fields are sent; an emptied input clears the field. The server
 * checks each value against its dtype and its RFC 9457 answer names the field.
 */
import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type Document, useCorrectExtraction } from '../api/documents';
import { type OntologyLabel as Label, useOntology } from '../api/ontology';
import { ApiError } from '../api/problem';
import { countOf, pluralNoun } from '../lib/plural';
import { ProblemAlert } from './state';

type Field = { name: string; dtype?: string; description?: string };

/** Fields of a label path: each label's fields, root first, a deeper one overriding (server's fieldsForPath). */
export function fieldsForPath(labels: Label[], path: string[]): Field[] {
  const byName = new Map<string, Field>();
  let level: Label[] = labels;
  for (const name of path) {
    const label = level.find((l) => l.name === name);
    if (!label) break;
    for (const f of label.fields) byName.set(f.name, f);
    level = label.children;
  }
  return [...byName.values()];
}

/** A stored value as the text of its input: money "48000 USD", duration "60 days", lists one per line. */
export function toText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(String).join('\n');
  if (typeof v !== 'object') return String(v);
  const o = v as Record<string, unknown>;
  if (typeof o.amount === 'number')
    return `${o.amount}${typeof o.currency === 'string' ? ` ${o.currency}` : ''}`;
  // "12 months" as the fields table reads it (fromText takes either number).
  if (typeof o.value === 'number' && typeof o.unit === 'string')
    return `${o.value} ${pluralNoun(o.value, o.unit, `${o.unit}s`)}`;
  return JSON.stringify(v);
}

/**
 * The text of an input as the value the API takes for `dtype`; text that does not parse is sent
 * as is, so the server's 400 says what the field needs. Empty text clears the field (null).
 */
export function fromText(text: string, dtype: string | undefined): unknown {
  const t = text.trim();
  if (t === '') return null;
  switch (dtype) {
    case 'number':
    case 'integer':
      return Number.isFinite(Number(t)) ? Number(t) : t;
    case 'boolean':
      return t === 'true' ? true : t === 'false' ? false : t;
    case 'money': {
      const m = /^([-\d.,\s]+?)\s*([A-Za-z]{3})?$/.exec(t);
      const amount = m ? Number((m[1] ?? '').replace(/[,\s]/g, '')) : Number.NaN;
      return Number.isFinite(amount) ? { amount, currency: m?.[2] ?? null } : t;
    }
    case 'duration': {
      const m = /^(\d+(?:\.\d+)?)\s*(day|week|month|year)s?$/i.exec(t);
      return m ? { value: Number(m[1]), unit: (m[2] ?? '').toLowerCase() } : t;
    }
    case 'list[string]':
      return t
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return t;
  }
}

const HINT: Record<string, string> = {
  money: 'amount and currency, e.g. 48000 USD',
  duration: 'e.g. 60 days, 2 years or P90D',
  'list[string]': 'one per line',
  date: 'YYYY-MM-DD',
};

function FieldInput({
  field,
  value,
  original,
  error,
  onChange,
}: {
  field: Field;
  value: string;
  original: unknown;
  /** Why the server refused this field's value, shown under its input. */
  error: string | undefined;
  onChange: (v: string) => void;
}) {
  const label = `${field.name}${field.dtype ? ` (${field.dtype})` : ''}`;
  const description = [
    field.dtype ? HINT[field.dtype] : undefined,
    original !== undefined ? `extracted: ${toText(original) || '—'}` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  if (field.dtype === 'boolean')
    return (
      <Select
        label={label}
        description={description}
        error={error}
        data={['true', 'false']}
        clearable
        value={value || null}
        onChange={(v) => onChange(v ?? '')}
      />
    );
  if (field.dtype === 'list[string]')
    return (
      <Textarea
        label={label}
        description={description}
        error={error}
        autosize
        minRows={1}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  return (
    <TextInput
      label={label}
      description={description}
      error={error}
      type={field.dtype === 'date' ? 'date' : 'text'}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** The message of the server's refusal of field `name` (`body.data.term` or `data.term`), if any. */
export function refusalOf(error: unknown, name: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const f = error.fieldErrors.find((e) => e.field === `body.data.${name}` || e.field === `data.${name}`);
  return f ? (f.message ?? 'refused') : undefined;
}

/** Inputs for every field of `doc`'s label path; Save sends the changed ones. */
export function FieldCorrections({ doc, onSaved }: { doc: Document; onSaved?: (d: Document) => void }) {
  const ontology = useOntology();
  const data = doc.extraction?.data ?? {};
  const declared = fieldsForPath(ontology.data?.labels ?? [], doc.labels);
  const fields: Field[] = [
    ...declared,
    ...Object.keys(data)
      .filter((k) => !declared.some((f) => f.name === k))
      .map((name) => ({ name })),
  ];
  const initial = Object.fromEntries(fields.map((f) => [f.name, toText(data[f.name])]));
  const [edits, setEdits] = useState<Record<string, string>>({});
  const changed = Object.entries(edits).filter(([k, v]) => v !== (initial[k] ?? ''));
  const save = useCorrectExtraction(doc.id);
  if (!doc.extraction) return <Text c="dimmed">This document has no extracted values to correct.</Text>;
  return (
    <form
      aria-label={`Correct the values of ${doc.filename}`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          Object.fromEntries(
            changed.map(([k, v]) => [k, fromText(v, fields.find((f) => f.name === k)?.dtype)]),
          ),
          {
            onSuccess: (d) => {
              setEdits({});
              onSaved?.(d);
            },
          },
        );
      }}
    >
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.map((f) => (
            <FieldInput
              key={f.name}
              field={f}
              value={edits[f.name] ?? initial[f.name] ?? ''}
              original={doc.extraction?.corrections[f.name]?.original}
              error={refusalOf(save.error, f.name)}
              onChange={(v) => setEdits((e) => ({ ...e, [f.name]: v }))}
            />
          ))}
        </SimpleGrid>
        <ProblemAlert error={save.error} />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={changed.length === 0}>
            Save {changed.length > 0 ? countOf(changed.length, 'correction') : 'corrections'}
          </Button>
          {save.isSuccess && changed.length === 0 && (
            <Text size="sm" c="green" role="status">
              Saved; the contract record was derived again.
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
