import type { OntologyLabel } from '../db/schema.js';

/** Field data types an ontology may declare (api-decisions §3). */
export const DTYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'date',
  'money',
  'duration',
  'list[string]',
] as const;

export const MAX_ONTOLOGY_DEPTH = 10;

/** One problem in an ontology, with the path of the offending value as request validation names it (`body.labels.0.children.1.name`). */
export interface OntologyIssue {
  field: string;
  message: string;
}

/**
 * Checks an ontology's structure: names unique among siblings (case-insensitively), no `/` in a
 * name (it separates path segments), field names unique within a label, known dtypes, depth at
 * most MAX_ONTOLOGY_DEPTH. Returns every issue found, empty when valid.
 */
export function validateOntology(labels: OntologyLabel[]): OntologyIssue[] {
  const issues: OntologyIssue[] = [];
  const walk = (level: OntologyLabel[], where: string, depth: number) => {
    // An empty `children` below the deepest allowed level is no level of its own.
    if (depth > MAX_ONTOLOGY_DEPTH && level.length > 0) {
      issues.push({ field: where, message: `the ontology may be at most ${MAX_ONTOLOGY_DEPTH} levels deep` });
      return;
    }
    const seen = new Map<string, number>();
    level.forEach((label, i) => {
      const at = `${where}.${i}`;
      const key = label.name.trim().toLowerCase();
      if (label.name.includes('/'))
        issues.push({ field: `${at}.name`, message: 'a label name cannot contain "/"' });
      if (seen.has(key)) {
        issues.push({
          field: `${at}.name`,
          message: `duplicate sibling label "${label.name}" (also at index ${seen.get(key)})`,
        });
      } else seen.set(key, i);
      const fieldNames = new Set<string>();
      label.fields.forEach((f, j) => {
        if (fieldNames.has(f.name))
          issues.push({ field: `${at}.fields.${j}.name`, message: `duplicate field "${f.name}"` });
        fieldNames.add(f.name);
        if (!(DTYPES as readonly string[]).includes(f.dtype)) {
          issues.push({
            field: `${at}.fields.${j}.dtype`,
            message: `unknown dtype "${f.dtype}"; one of ${DTYPES.join(', ')}`,
          });
        }
      });
      walk(label.children, `${at}.children`, depth + 1);
    });
  };
  walk(labels, 'body.labels', 1);
  return issues;
}

/**
 * The path (`[0, 'children', 0, 'children', …]`, relative to the label list) of the first
 * `children` list below {@link MAX_ONTOLOGY_DEPTH} levels that holds a label, or undefined when
 * there is none. Iterative and stopping at that depth, so a request nested thousands of levels
 * deep is refused before the recursive schema walks it (and overflows the stack).
 */
export function tooDeepAt(labels: unknown): (string | number)[] | undefined {
  const stack: { level: unknown; path: (string | number)[]; depth: number }[] = [
    { level: labels, path: [], depth: 1 },
  ];
  while (stack.length > 0) {
    const { level, path, depth } = stack.pop() as (typeof stack)[number];
    if (!Array.isArray(level) || level.length === 0) continue;
    if (depth > MAX_ONTOLOGY_DEPTH) return path;
    level.forEach((label: unknown, i) => {
      const children = (label as { children?: unknown } | null)?.children;
      stack.push({ level: children, path: [...path, i, 'children'], depth: depth + 1 });
    });
  }
  return undefined;
}

/** The labels one level below `path` (root level for an empty path); undefined when the path does not exist. */
export function childrenAt(labels: OntologyLabel[], path: string[]): OntologyLabel[] | undefined {
  let level = labels;
  for (const name of path) {
    const next = level.find((l) => l.name === name);
    if (!next) return undefined;
    level = next.children;
  }
  return level;
}

/**
 * Fields that apply to a document labelled with `path`: the fields of every label on the path,
 * root first; a label's fields apply to its descendants and a deeper label's field of the same
 * name overrides the inherited one (DESIGN.md §1).
 */
export function fieldsForPath(labels: OntologyLabel[], path: string[]): OntologyLabel['fields'] {
  const byName = new Map<string, OntologyLabel['fields'][number]>();
  let level = labels;
  for (const name of path) {
    const label = level.find((l) => l.name === name);
    if (!label) break;
    for (const f of label.fields) byName.set(f.name, f);
    level = label.children;
  }
  return [...byName.values()];
}

/** Every label with its path, depth-first: `{name → {description, keywords, path}}` for plugins. */
export function labelProfiles(
  labels: OntologyLabel[],
): Record<string, { description: string; keywords: string[]; path: string[] }> {
  const out: Record<string, { description: string; keywords: string[]; path: string[] }> = {};
  const walk = (level: OntologyLabel[], prefix: string[]) => {
    for (const l of level) {
      const p = [...prefix, l.name];
      if (!(l.name in out)) out[l.name] = { description: l.description, keywords: l.keywords, path: p };
      walk(l.children, p);
    }
  };
  walk(labels, []);
  return out;
}

/** Adds a label under `parentPath` (no-op when a sibling of that name exists). Returns a new tree. */
export function addLabel(
  labels: OntologyLabel[],
  parentPath: string[],
  label: OntologyLabel,
): OntologyLabel[] {
  const copy = structuredClone(labels);
  const level = childrenAt(copy, parentPath);
  if (!level) throw new Error(`no label at path ${parentPath.join('/')}`);
  if (!level.some((l) => l.name.toLowerCase() === label.name.toLowerCase())) level.push(label);
  return copy;
}

/** True when `path` ends at a label with no children. */
export function isLeaf(labels: OntologyLabel[], path: string[]): boolean {
  const below = childrenAt(labels, path);
  return below !== undefined && below.length === 0;
}
