/**
 * Times the MATCH_RULES join (packages/server/src/benchmarks/join.ts) on synthetic documents:
 * N invoices joined to N contracts on `vendor == vendor` (one MATCH_RULE, through the SDK's
 * field resolution: invoices carry `seller`, contracts `counterparty`), at several sizes, to
 * show linear growth. Usage: bench/benchmarks/run [sizes…] (default 25000 50000 100000).
 */
import type { BenchDocument } from '../../packages/server/src/benchmarks/fields.js';
import { resolveField } from '../../packages/server/src/benchmarks/fields.js';
import { joinRule } from '../../packages/server/src/benchmarks/join.js';
import { progressBar } from '../../packages/server/src/operator/terminal.js';

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
if (sizes.length === 0) sizes.push(25_000, 50_000, 100_000);

/** Deterministic pseudo-random numbers (mulberry32). */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function doc(i: number, labels: string[], fields: Record<string, unknown>): BenchDocument {
  return {
    id: `d${i}`,
    filename: `d${i}.pdf`,
    mime_type: 'application/pdf',
    labels,
    metadata: {},
    source_id: null,
    organization_id: 'org',
    created_at: '2026-01-01T00:00:00Z',
    size_bytes: 1000,
    sha256: null,
    fields,
    document_type: null,
  };
}

function makeDocs(n: number) {
  const r = rng(n);
  const vendors = Math.max(1, Math.floor(n / 10)); // ~10 contracts per vendor
  const left = Array.from({ length: n }, (_, i) =>
    doc(i, ['Invoice'], { seller: `Vendor ${Math.floor(r() * vendors)} Inc`, unit_price: r() * 100 }),
  );
  const right = Array.from({ length: n }, (_, i) =>
    doc(n + i, ['Contract', 'Supply'], { counterparty: `VENDOR ${Math.floor(r() * vendors)}  inc` }),
  );
  return { left, right };
}

const rule = [{ left_field: 'vendor', right_field: 'vendor', match_type: '==' as const }];
const rows: { n: number; ms: number; pairs: number }[] = [];
// Warm-up (JIT) on a small input.
joinRule(makeDocs(5_000).left, makeDocs(5_000).right, rule, resolveField, resolveField);
const bar = progressBar();
const runs = sizes.length * 5;
for (const [i, n] of sizes.entries()) {
  bar.update('timing joins', i * 5, runs);
  const { left, right } = makeDocs(n);
  const best: number[] = [];
  let pairs = 0;
  for (let k = 0; k < 5; k++) {
    (globalThis as { gc?: () => void }).gc?.();
    const t0 = performance.now();
    const m = joinRule(left, right, rule, resolveField, resolveField, { maxPerLeft: 100 });
    best.push(performance.now() - t0);
    pairs = m.reduce((s, x) => s + x.length, 0);
    bar.update('timing joins', i * 5 + k + 1, runs);
  }
  rows.push({ n, ms: Math.min(...best), pairs });
}
bar.stop();
console.log('join: vendor == vendor (hash join), left = right = n documents, best of 5');
console.log('n (each side)   time ms   matched pairs   µs per left document');
for (const r of rows) {
  console.log(
    `${String(r.n).padStart(13)} ${r.ms.toFixed(1).padStart(9)} ${String(r.pairs).padStart(15)} ${((r.ms * 1000) / r.n).toFixed(2).padStart(22)}`,
  );
}
const first = rows[0];
const last = rows[rows.length - 1];
if (first && last && last.n > first.n) {
  const ratio = last.ms / first.ms / (last.n / first.n);
  console.log(`growth: time ×${(last.ms / first.ms).toFixed(2)} for n ×${last.n / first.n} (1.00 = linear; measured ${ratio.toFixed(2)})`);
}
