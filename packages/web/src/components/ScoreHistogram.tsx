/**
 * The distribution of a benchmark's per-document scores: a histogram (Recharts) with the
 * benchmark value of each group marked as a vertical line, so a score far from the value
 * stands out.
 */
import { Bar, CartesianGrid, ComposedChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { countOf } from '../lib/plural';
import { ChartFrame } from './Chart';

export interface Bin {
  /** Inclusive lower edge. */
  from: number;
  /** Exclusive upper edge (inclusive for the last bin). */
  to: number;
  /** The bin's middle, where its bar stands on the numeric axis. */
  mid: number;
  documents: number;
  flagged: number;
}

/**
 * Equal-width bins over [min, max] of `scores`: √n bins (Square-root choice), between 1 and 20.
 * All-equal scores make one bin around the value, a tenth of it wide (at least 1).
 */
export function histogram(scores: { score: number; flagged: boolean }[]): Bin[] {
  if (scores.length === 0) return [];
  const values = scores.map((s) => s.score);
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (min === max) {
    // A tenth of the value around it (at least 1), so that the axis's rounded ticks differ.
    const half = Math.max(0.5, Math.abs(min) * 0.05);
    min -= half;
    max += half;
  }
  const count = Math.max(1, Math.min(20, Math.ceil(Math.sqrt(scores.length))));
  const width = (max - min) / count;
  const bins: Bin[] = Array.from({ length: count }, (_, i) => ({
    from: min + i * width,
    to: min + (i + 1) * width,
    mid: min + (i + 0.5) * width,
    documents: 0,
    flagged: 0,
  }));
  for (const s of scores) {
    const bin = bins[Math.min(count - 1, Math.floor((s.score - min) / width))];
    if (!bin) continue;
    bin.documents += 1;
    if (s.flagged) bin.flagged += 1;
  }
  return bins;
}

/** A benchmark value marked on the axis, with the groups that have it. */
export interface Marker {
  value: number;
  groups: string[];
}

/**
 * The benchmark values to mark, by value: groups with the same value share one line, named by
 * all of them ("Consulting, Hosting"), instead of two labels written over each other.
 */
export function markers(values: { group: string; value: number }[]): Marker[] {
  const byValue = new Map<number, string[]>();
  for (const v of values) byValue.set(v.value, [...(byValue.get(v.value) ?? []), v.group]);
  return [...byValue].map(([value, groups]) => ({ value, groups })).sort((a, b) => a.value - b.value);
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? Math.round(n).toLocaleString() : n.toPrecision(3));

export function ScoreHistogram({
  name,
  unit,
  scores,
  values,
}: {
  name: string;
  unit: string | null;
  scores: { score: number; flagged: boolean }[];
  /** The benchmark value of each group, marked on the axis. */
  values: { group: string; value: number }[];
}) {
  const bins = histogram(scores);
  const first = bins[0];
  const last = bins[bins.length - 1];
  if (!first || !last) return null;
  const marked = markers(values.slice(0, 6));
  const lo = Math.min(first.from, ...marked.map((v) => v.value));
  const hi = Math.max(last.to, ...marked.map((v) => v.value));
  const named = values.length > 1;
  const data = bins.map((b) => ({ ...b, unflagged: b.documents - b.flagged }));
  return (
    <ChartFrame
      label={`${name}: distribution of ${countOf(scores.length, 'document score')}${marked.length ? `, benchmark value ${marked.map((v) => fmt(v.value)).join(', ')}` : ''}`}
      height={240}
    >
      {/* Two rows above the plot when several values are named, so neighbours' labels alternate. */}
      <ComposedChart
        data={data}
        barCategoryGap={1}
        margin={{ top: marked.length > 1 ? 34 : 20, right: 16, bottom: 4, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          dataKey="mid"
          type="number"
          domain={[lo, hi]}
          tickFormatter={fmt}
          fontSize={12}
          unit={unit ? ` ${unit}` : ''}
        />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip
          labelFormatter={(_, p) => {
            const b = p?.[0]?.payload as Bin | undefined;
            return b ? `${fmt(b.from)} – ${fmt(b.to)}` : '';
          }}
        />
        {/* Drawn at once: a growing animation showed empty plots in printed or captured pages. */}
        <Bar dataKey="unflagged" stackId="n" name="documents" fill="#7950f2" isAnimationActive={false} />
        <Bar dataKey="flagged" stackId="n" name="flagged" fill="#fa5252" isAnimationActive={false} />
        {marked.map((v, i) => (
          <ReferenceLine
            key={v.value}
            x={v.value}
            stroke="#fd7e14"
            strokeWidth={2}
            strokeDasharray="4 2"
            label={{
              value: named ? v.groups.join(', ') : 'benchmark value',
              position: 'top',
              offset: i % 2 === 0 ? 4 : 18,
              fontSize: 11,
            }}
          />
        ))}
      </ComposedChart>
    </ChartFrame>
  );
}
