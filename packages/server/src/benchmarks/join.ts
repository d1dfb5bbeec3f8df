/**
 * The MATCH_RULES join of the benchmark runner (spec 4.11, DESIGN.md §1): for every left
 * document, the right documents for which all conditions of a rule hold. Pure, no database.
 *
 * Value semantics (shared by the hash join and {@link conditionHolds}, so both agree exactly):
 * - a missing value (`null`, `undefined`, empty or blank string, NaN) never matches anything,
 *   with any match type (as NULL in SQL);
 * - `==` / `!=`: equality of {@link equalityKey}: strings compare after Unicode NFKC, trimming,
 *   collapsing white space and lower-casing (`"ACME  Corp"` == `"acme corp"`); numbers by value;
 *   booleans; objects and lists by canonical JSON (keys sorted). A number never equals a string;
 * - `<`, `<=`, `>`, `>=` (`left op right`): numbers (and money objects `{amount}` and numeric
 *   strings) compare numerically; other strings compare by code point after normalization,
 *   which orders ISO 8601 dates correctly. A number and a non-numeric string do not compare;
 * - `contains`: a left list contains an element equal (`==`) to the right value; a left string
 *   contains the normalized right value (string or number) as a substring.
 *
 * Algorithms (L left, R right documents, M matches produced):
 * - with at least one `==` condition: hash join. A Map from the tuple of the right values of all
 *   `==` conditions to the right indices is built in one pass (O(R)); each left document probes
 *   it once (O(L)); the other conditions filter within the bucket. O(L + R + M + Σ bucket).
 * - without `==` but with a range condition: sort-based. Right values are sorted once
 *   (O(R log R)); each left document finds its range by binary search (O(log R)) and the other
 *   conditions filter within the range. O((L + R) log R + M log M).
 * - without `==` and range but with `contains`: an index on the right values — by equality key
 *   for list containment, and by 3-grams (strings of length ≥ 3) and exact short strings for
 *   substring containment; each left string probes the grams it contains, O(|left|) lookups,
 *   then candidates are verified.
 * - only `!=` (or no conditions): every right document except the equal bucket qualifies; the
 *   output itself is O(L × R), which is inherent to such a rule (documented as such).
 */

export const MATCH_TYPES = ['==', '!=', '<', '<=', '>', '>=', 'contains'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

/** `left.<left_field> <match_type> right.<right_field>` (SDK MatchCondition). */
export interface MatchCondition {
  left_field: string;
  right_field: string;
  match_type: MatchType;
}

/** Reads a field of a document; the runner passes the SDK's `ExtendedDocument.get` semantics. */
export type FieldGetter<D> = (doc: D, field: string) => unknown;

export interface JoinOptions {
  /** At most this many matches per left document (the first ones in right order). Default unlimited. */
  maxPerLeft?: number;
  /** Pairs to leave out, e.g. a document matching itself when the groups overlap. */
  exclude?: (leftIndex: number, rightIndex: number) => boolean;
}

// ---------------------------------------------------------------------------------------------
// Value semantics

function isMissing(v: unknown): boolean {
  return (
    v === null ||
    v === undefined ||
    (typeof v === 'number' && Number.isNaN(v)) ||
    (typeof v === 'string' && v.trim() === '')
  );
}

/** Normalized text: NFKC, trimmed, white space collapsed, lower case. */
export function normalizeText(s: string): string {
  return s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const keys = Object.keys(v as object).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  if (typeof v === 'string') return JSON.stringify(normalizeText(v));
  return JSON.stringify(v) ?? 'null';
}

/** The key `==` compares, or undefined for a missing value (see the module comment). */
export function equalityKey(v: unknown): string | undefined {
  if (isMissing(v)) return undefined;
  switch (typeof v) {
    case 'string':
      return `s:${normalizeText(v)}`;
    case 'number':
      return Number.isFinite(v) ? `n:${v === 0 ? 0 : v}` : `n:${String(v)}`;
    case 'boolean':
      return `b:${v}`;
    case 'bigint':
      return `n:${v}`;
    default:
      return `j:${canonicalJson(v)}`;
  }
}

/** A value as range conditions order it: a number, a normalized string, or undefined. */
type Rank = { kind: 'n'; v: number } | { kind: 's'; v: string };

export function rankOf(v: unknown): Rank | undefined {
  if (isMissing(v)) return undefined;
  if (typeof v === 'number') return Number.isFinite(v) ? { kind: 'n', v } : undefined;
  if (typeof v === 'string') {
    const t = v.trim();
    const n = Number(t.replace(/,/g, ''));
    if (/^[-+]?[\d,]*\.?\d+(e[-+]?\d+)?$/i.test(t) && Number.isFinite(n)) return { kind: 'n', v: n };
    return { kind: 's', v: normalizeText(v) };
  }
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const amount = (v as { amount?: unknown }).amount;
    if (typeof amount === 'number' && Number.isFinite(amount)) return { kind: 'n', v: amount };
  }
  return undefined;
}

function cmp(a: Rank, b: Rank): number | undefined {
  if (a.kind !== b.kind) return undefined;
  return a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
}

function containsText(v: unknown): string | undefined {
  if (typeof v === 'string') return isMissing(v) ? undefined : normalizeText(v);
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** Whether `left <type> right` holds (the reference semantics; see the module comment). */
export function conditionHolds(left: unknown, right: unknown, type: MatchType): boolean {
  if (isMissing(left) || isMissing(right)) return false;
  switch (type) {
    case '==':
      return equalityKey(left) === equalityKey(right);
    case '!=':
      return equalityKey(left) !== equalityKey(right);
    case 'contains': {
      if (Array.isArray(left)) {
        const k = equalityKey(right);
        return left.some((e) => equalityKey(e) === k);
      }
      const l = typeof left === 'string' ? normalizeText(left) : undefined;
      const r = containsText(right);
      return l !== undefined && r !== undefined && l.includes(r);
    }
    default: {
      const a = rankOf(left);
      const b = rankOf(right);
      if (!a || !b) return false;
      const c = cmp(a, b);
      if (c === undefined) return false;
      return type === '<' ? c < 0 : type === '<=' ? c <= 0 : type === '>' ? c > 0 : c >= 0;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The join

/** Values of one side, read once per document and condition (getters may be costly). */
function column<D>(docs: readonly D[], get: FieldGetter<D>, field: string): unknown[] {
  const out = new Array<unknown>(docs.length);
  for (let i = 0; i < docs.length; i++) out[i] = get(docs[i] as D, field);
  return out;
}

/** Lower bound: first index in `sorted` whose value is ≥ (or > when `strict`) `x`. */
function bound(sorted: readonly { v: number | string }[], x: number | string, strict: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = (sorted[mid] as { v: number | string }).v;
    if (v < x || (strict && v === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The columns of one join, read once, and the check of candidate pairs against the conditions. */
interface JoinPlan {
  conditions: readonly MatchCondition[];
  leftCols: unknown[][];
  rightCols: unknown[][];
  leftCount: number;
  rightCount: number;
  /** Keeps the candidates (ascending right indices) for which every condition but `skip` holds. */
  verify: (li: number, candidates: Iterable<number>, skip: ReadonlySet<number>) => number[];
}

function planJoin<L, R>(
  left: readonly L[],
  right: readonly R[],
  conditions: readonly MatchCondition[],
  getLeft: FieldGetter<L>,
  getRight: FieldGetter<R>,
  opts: JoinOptions,
): JoinPlan {
  const max = opts.maxPerLeft ?? Number.POSITIVE_INFINITY;
  const exclude = opts.exclude;
  const leftCols = conditions.map((c) => column(left, getLeft, c.left_field));
  const rightCols = conditions.map((c) => column(right, getRight, c.right_field));
  const holds = (li: number, ri: number, skip: ReadonlySet<number>) => {
    for (let ci = 0; ci < conditions.length; ci++) {
      if (skip.has(ci)) continue;
      const c = conditions[ci] as MatchCondition;
      if (!conditionHolds((leftCols[ci] as unknown[])[li], (rightCols[ci] as unknown[])[ri], c.match_type))
        return false;
    }
    return true;
  };
  const verify = (li: number, candidates: Iterable<number>, skip: ReadonlySet<number>): number[] => {
    const out: number[] = [];
    for (const ri of candidates) {
      if (exclude?.(li, ri) || !holds(li, ri, skip)) continue;
      out.push(ri);
      if (out.length >= max) break;
    }
    return out;
  };
  return { conditions, leftCols, rightCols, leftCount: left.length, rightCount: right.length, verify };
}

/**
 * Joins `left` to `right` on `conditions` (all must hold). Returns, for each left index, the
 * matching right indices in ascending order. The candidates come from a hash join on the `==`
 * conditions, else a sort-based range join on one range condition, else a trigram index of one
 * `contains` condition, else every right document; the other conditions filter them.
 *
 * @throws RangeError for a match type outside {@link MATCH_TYPES}
 */
export function joinRule<L, R>(
  left: readonly L[],
  right: readonly R[],
  conditions: readonly MatchCondition[],
  getLeft: FieldGetter<L>,
  getRight: FieldGetter<R>,
  opts: JoinOptions = {},
): number[][] {
  for (const c of conditions) {
    if (!(MATCH_TYPES as readonly string[]).includes(c.match_type))
      throw new RangeError(`unknown match_type ${JSON.stringify(c.match_type)}`);
  }
  const plan = planJoin(left, right, conditions, getLeft, getRight, opts);
  const eq = conditions.flatMap((c, i) => (c.match_type === '==' ? [i] : []));
  if (eq.length > 0) return hashJoin(plan, eq);
  const rangeAt = conditions.findIndex((c) => ['<', '<=', '>', '>='].includes(c.match_type));
  if (rangeAt >= 0) return rangeJoin(plan, rangeAt);
  const containsAt = conditions.findIndex((c) => c.match_type === 'contains');
  if (containsAt >= 0) return containsJoin(plan, containsAt);
  // Only `!=` conditions, or none: every right document is a candidate (output is L × R-sized).
  const all = Array.from({ length: plan.rightCount }, (_, i) => i);
  return Array.from({ length: plan.leftCount }, (_, li) => plan.verify(li, all, new Set()));
}

/** Hash join on the tuple of all `==` values (conditions `eq`); the others filter. */
function hashJoin(plan: JoinPlan, eq: number[]): number[][] {
  const tupleKey = (cols: unknown[][], i: number): string | undefined => {
    let key = '';
    for (const ci of eq) {
      const k = equalityKey((cols[ci] as unknown[])[i]);
      if (k === undefined) return undefined;
      key += `${k.length}:${k}`;
    }
    return key;
  };
  const buckets = new Map<string, number[]>();
  for (let ri = 0; ri < plan.rightCount; ri++) {
    const key = tupleKey(plan.rightCols, ri);
    if (key === undefined) continue;
    const bucket = buckets.get(key);
    if (bucket) bucket.push(ri);
    else buckets.set(key, [ri]);
  }
  const skip = new Set(eq);
  return Array.from({ length: plan.leftCount }, (_, li) => {
    const key = tupleKey(plan.leftCols, li);
    const bucket = key === undefined ? undefined : buckets.get(key);
    return bucket ? plan.verify(li, bucket, skip) : [];
  });
}

/** Sort-based range join on the range condition at `rangeAt`; the others filter. */
function rangeJoin(plan: JoinPlan, rangeAt: number): number[][] {
  const c = plan.conditions[rangeAt] as MatchCondition;
  const nums: { v: number; i: number }[] = [];
  const strs: { v: string; i: number }[] = [];
  (plan.rightCols[rangeAt] as unknown[]).forEach((v, i) => {
    const r = rankOf(v);
    if (r?.kind === 'n') nums.push({ v: r.v, i });
    else if (r?.kind === 's') strs.push({ v: r.v, i });
  });
  nums.sort((a, b) => a.v - b.v || a.i - b.i);
  strs.sort((a, b) => (a.v < b.v ? -1 : a.v > b.v ? 1 : a.i - b.i));
  const skip = new Set([rangeAt]);
  return Array.from({ length: plan.leftCount }, (_, li) => {
    const r = rankOf((plan.leftCols[rangeAt] as unknown[])[li]);
    if (!r) return [];
    const sorted: readonly { v: number | string; i: number }[] = r.kind === 'n' ? nums : strs;
    // left op right: '<' → right > left; '<=' → right ≥ left; '>' → right < left; '>=' → right ≤ left.
    let from = 0;
    let to = sorted.length;
    if (c.match_type === '<') from = bound(sorted, r.v, true);
    else if (c.match_type === '<=') from = bound(sorted, r.v, false);
    else if (c.match_type === '>') to = bound(sorted, r.v, false);
    else to = bound(sorted, r.v, true);
    const idx = new Array<number>(Math.max(0, to - from));
    for (let k = from; k < to; k++) idx[k - from] = (sorted[k] as { i: number }).i;
    idx.sort((a, b) => a - b);
    return plan.verify(li, idx, skip);
  });
}

/** Appends `i` to the bucket `k` of `m`. */
function pushTo(m: Map<string, number[]>, k: string, i: number): void {
  const b = m.get(k);
  if (b) b.push(i);
  else m.set(k, [i]);
}

/**
 * Join on the `contains` condition at `containsAt`: candidates from an index of the right values
 * (list elements by equality key, text by its first three characters, shorter text whole); every
 * condition, this one included, is then checked.
 */
function containsJoin(plan: JoinPlan, containsAt: number): number[][] {
  const byKey = new Map<string, number[]>();
  const grams = new Map<string, number[]>();
  const short = new Map<string, number[]>();
  (plan.rightCols[containsAt] as unknown[]).forEach((v, i) => {
    const k = equalityKey(v);
    if (k !== undefined) pushTo(byKey, k, i);
    const t = containsText(v);
    if (t === undefined || t === '') return;
    if (t.length >= 3) pushTo(grams, t.slice(0, 3), i);
    else pushTo(short, t, i);
  });
  const candidatesOf = (lv: unknown): Set<number> => {
    const cand = new Set<number>();
    if (Array.isArray(lv)) {
      for (const e of lv) {
        const k = equalityKey(e);
        for (const i of (k !== undefined && byKey.get(k)) || []) cand.add(i);
      }
    } else if (typeof lv === 'string' && !isMissing(lv)) {
      const t = normalizeText(lv);
      for (let p = 0; p < t.length; p++) {
        for (const i of grams.get(t.slice(p, p + 3)) ?? []) cand.add(i);
        for (const i of short.get(t.slice(p, p + 1)) ?? []) cand.add(i);
        for (const i of short.get(t.slice(p, p + 2)) ?? []) cand.add(i);
      }
    }
    return cand;
  };
  const none = new Set<number>();
  return Array.from({ length: plan.leftCount }, (_, li) => {
    const cand = candidatesOf((plan.leftCols[containsAt] as unknown[])[li]);
    // The contains condition itself is re-checked too (grams only select candidates).
    return plan.verify(
      li,
      [...cand].sort((a, b) => a - b),
      none,
    );
  });
}

/**
 * The reference join: every pair checked with {@link conditionHolds}. O(L × R); for tests and
 * as the definition the fast paths must agree with.
 */
export function naiveJoin<L, R>(
  left: readonly L[],
  right: readonly R[],
  conditions: readonly MatchCondition[],
  getLeft: FieldGetter<L>,
  getRight: FieldGetter<R>,
  opts: JoinOptions = {},
): number[][] {
  const max = opts.maxPerLeft ?? Number.POSITIVE_INFINITY;
  return left.map((l, li) => {
    const out: number[] = [];
    for (let ri = 0; ri < right.length && out.length < max; ri++) {
      if (opts.exclude?.(li, ri)) continue;
      const r = right[ri] as R;
      if (
        conditions.every((c) =>
          conditionHolds(getLeft(l, c.left_field), getRight(r, c.right_field), c.match_type),
        )
      )
        out.push(ri);
    }
    return out;
  });
}
