import type { PluginRow } from '../plugins/records.js';
import { type BenchDocument, resolveField } from './fields.js';
import { equalityKey, joinRule, MATCH_TYPES, type MatchCondition } from './join.js';

/** What a benchmark declares (its manifest's class attributes), and the pure steps of a run over them. */

/** At most this many related documents per rule in a document's `aggregations` (first by ingestion). */
export const MAX_AGGREGATION = 100;

/** A benchmark's MATCH_RULE as its manifest describes it (SDK MatchRule.to_dict). */
export interface MatchRuleSpec {
  name: string;
  left_group: string[];
  right_group: string[];
  conditions: MatchCondition[];
}

/** The class attributes of a benchmark (manifest `attributes`, docs/plugin-runtime.md `load`). */
export interface BenchmarkSpec {
  name: string;
  targetLabels: string[];
  metricUnit: string | null;
  groupBy: string[];
  matchRules: MatchRuleSpec[];
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** Reads the benchmark attributes of a plugin version's manifest; malformed rules are dropped. */
export function benchmarkSpecOf(
  plugin: Pick<PluginRow, 'name'>,
  manifest: Record<string, unknown>,
): BenchmarkSpec {
  const a = (manifest.attributes ?? {}) as Record<string, unknown>;
  const rules: MatchRuleSpec[] = [];
  for (const raw of Array.isArray(a.match_rules) ? a.match_rules : []) {
    const r = raw as Record<string, unknown>;
    if (typeof r?.name !== 'string') continue;
    const conditions = (Array.isArray(r.conditions) ? r.conditions : [])
      .map((c) => c as Record<string, unknown>)
      .filter(
        (c) =>
          typeof c.left_field === 'string' &&
          typeof c.right_field === 'string' &&
          (MATCH_TYPES as readonly unknown[]).includes(c.match_type ?? '=='),
      )
      .map((c) => ({
        left_field: c.left_field as string,
        right_field: c.right_field as string,
        match_type: (c.match_type ?? '==') as MatchCondition['match_type'],
      }));
    rules.push({
      name: r.name,
      left_group: strings(r.left_group),
      right_group: strings(r.right_group),
      conditions,
    });
  }
  return {
    name: typeof a.name === 'string' && a.name ? a.name : plugin.name,
    targetLabels: strings(a.target_labels),
    metricUnit: typeof a.metric_unit === 'string' ? a.metric_unit : null,
    groupBy: strings(a.group_by),
    matchRules: rules,
  };
}

/** Whether `labels` holds any of `wanted`. */
export const hasAny = (labels: readonly string[], wanted: readonly string[]) =>
  labels.some((l) => wanted.includes(l));

/**
 * Computes `aggregations` of the target documents: for each rule, the right-group documents
 * joined to each target in the rule's left group ({@link joinRule}; a document never matches
 * itself; at most {@link MAX_AGGREGATION} per rule). Returns, per target index, rule name → the
 * indices into `pool` of its related documents.
 */
export function aggregationsOf(
  targets: readonly BenchDocument[],
  pool: readonly BenchDocument[],
  rules: readonly MatchRuleSpec[],
): Map<string, number[]>[] {
  const out = targets.map(() => new Map<string, number[]>());
  for (const rule of rules) {
    const leftIdx: number[] = [];
    targets.forEach((d, i) => {
      if (rule.left_group.length === 0 || hasAny(d.labels, rule.left_group)) leftIdx.push(i);
    });
    const rightIdx: number[] = [];
    pool.forEach((d, i) => {
      if (hasAny(d.labels, rule.right_group)) rightIdx.push(i);
    });
    const left = leftIdx.map((i) => targets[i] as BenchDocument);
    const right = rightIdx.map((i) => pool[i] as BenchDocument);
    const matches = joinRule(left, right, rule.conditions, resolveField, resolveField, {
      maxPerLeft: MAX_AGGREGATION,
      exclude: (li, ri) => (left[li] as BenchDocument).id === (right[ri] as BenchDocument).id,
    });
    matches.forEach((m, li) => {
      (out[leftIdx[li] as number] as Map<string, number[]>).set(
        rule.name,
        m.map((ri) => rightIdx[ri] as number),
      );
    });
    for (const i of targets.keys()) {
      const agg = out[i] as Map<string, number[]>;
      if (!agg.has(rule.name)) agg.set(rule.name, []);
    }
  }
  return out;
}

/** The group of a document: `{field: value}` for each group_by field, and its canonical key. */
export function groupOf(doc: BenchDocument, groupBy: readonly string[]) {
  const values: Record<string, unknown> = {};
  const keys: (string | null)[] = [];
  for (const f of groupBy) {
    const v = resolveField(doc, f);
    values[f] = v ?? null;
    keys.push(equalityKey(v) ?? null);
  }
  return { values, key: JSON.stringify(keys) };
}
