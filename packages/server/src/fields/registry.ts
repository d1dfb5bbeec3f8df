/**
 * The field registry (fields/registry.json, records as in fields/registry.schema.json): the one
 * list of well-known document fields with their aliases and contract column, shared with the
 * Python SDK (`service_sdk.fields`, which ships a checked copy as package data) and the built-in
 * extractor, whose field lists are derived from it. The engine uses it to resolve a field name in
 * benchmark documents and to read contract columns from extraction data whatever the ontology
 * called the field.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../config.js';

const fieldSpec = z.object({
  name: z.string(),
  dtype: z.string(),
  aliases: z.array(z.string()),
  cues: z.array(z.string()),
  finder: z.boolean(),
  /** The built-in extractor's rule sets that answer the field (`contract`, `invoice`). */
  rules: z.array(z.enum(['contract', 'invoice'])),
  contract_column: z.string().nullable(),
  description: z.string(),
});

/** One registry entry. */
export type FieldSpec = z.infer<typeof fieldSpec>;

/**
 * Where the registry lives: a language-neutral file at the top of the repository, read as is
 * (decision 496; the SDK's `service_sdk/field_registry.json` is a copy of it for Python).
 */
export const REGISTRY_PATH = path.join(repoRoot, 'fields', 'registry.json');

let cached: readonly FieldSpec[] | undefined;

/**
 * The registry entries in file order (read and validated once).
 * @throws Error when the file is missing or malformed (a broken checkout)
 */
export function fieldRegistry(): readonly FieldSpec[] {
  cached ??= z
    .object({ fields: z.array(fieldSpec) })
    .parse(JSON.parse(readFileSync(REGISTRY_PATH, 'utf8'))).fields;
  return cached;
}

/** `_normalize_key` of the SDK: lower case, runs of non-alphanumerics → `_`, trimmed of `_`. */
export function normalizeKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^0-9a-z]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * Other names of the entries that list `key` (normalized) as name or alias, in registry order
 * (`service_sdk.fields.aliases_of`).
 */
export function* aliasesOf(key: string): Generator<string> {
  for (const spec of fieldRegistry()) {
    const names = [spec.name, ...spec.aliases];
    if (names.includes(key)) for (const n of names) if (n !== key) yield n;
  }
}

/** The key of `data` (as written there) holding the first present value of `names`, else undefined. */
function firstPresentKey(data: Record<string, unknown>, names: readonly string[]): string | undefined {
  const normalized = new Map<string, string>();
  for (const [k, v] of Object.entries(data))
    if (v !== undefined && v !== null) normalized.set(normalizeKey(k), k);
  for (const n of names) {
    const key = normalized.get(n);
    if (key !== undefined) return key;
  }
  return undefined;
}

function firstPresent(data: Record<string, unknown>, names: readonly string[]): unknown {
  const key = firstPresentKey(data, names);
  return key === undefined ? undefined : data[key];
}

/**
 * The key of extraction `data` that {@link valueForColumn} reads for contract column `column`
 * (the customer's own field name), so its evidence can be found under the same key.
 */
export function keyForColumn(data: Record<string, unknown>, column: string): string | undefined {
  return firstPresentKey(
    data,
    fieldRegistry()
      .filter((s) => s.contract_column === column)
      .flatMap((s) => [s.name, ...s.aliases]),
  );
}

/**
 * The value of the contract column `column` (docs/contracts.md) in extraction `data`: the first
 * key of `data` (normalized) that is the name or an alias of a registry entry filling that
 * column, in registry order. Undefined when none is present.
 */
export function valueForColumn(data: Record<string, unknown>, column: string): unknown {
  const names = fieldRegistry()
    .filter((s) => s.contract_column === column)
    .flatMap((s) => [s.name, ...s.aliases]);
  return firstPresent(data, names);
}

/** The value of registry field `name` (under its name or any alias) in `data`, else undefined. */
export function valueForField(data: Record<string, unknown>, name: string): unknown {
  const spec = fieldRegistry().find((s) => s.name === name);
  return firstPresent(data, spec ? [spec.name, ...spec.aliases] : [name]);
}
