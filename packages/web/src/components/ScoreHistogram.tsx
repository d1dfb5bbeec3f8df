/**
 * The distribution of a benchmark's per-document scores: a histogram (Recharts) with the
 * benchmark value of each group marked as a vertical line, so a score far from the value
 * stands out.
 */
import { Bar, CartesianGrid, ComposedChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
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
 * All-equal scores make one bin of width 1 around the value.
 */
export function histogram(scores: { score: number; flagged: boolean }[]): Bin[] {
  if (scores.length === 0) return [];
  const values = scores.map((s) => s.score);
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (min === max) {
    min -= 0.5;
    max += 0.5;
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
  const marked = values.slice(0, 6);
  const lo = Math.min(first.from, ...marked.map((v) => v.value));
  const hi = Math.max(last.to, ...marked.map((v) => v.value));
  const data = bins.map((b) => ({ ...b, unflagged: b.documents - b.flagged }));
  return (
    <ChartFrame
      label={`${name}: distribution of ${scores.length} document scores${marked.length ? `, benchmark value ${marked.map((v) => fmt(v.value)).join(', ')}` : ''}`}
      height={240}
    >
      <ComposedChart data={data} barCategoryGap={1} margin={{ top: 20, right: 16, bottom: 4, left: 0 }}>
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
        <Bar dataKey="unflagged" stackId="n" name="documents" fill="#7950f2" />
        <Bar dataKey="flagged" stackId="n" name="flagged" fill="#fa5252" />
        {marked.map((v) => (
          <ReferenceLine
            key={v.group}
            x={v.value}
            stroke="#fd7e14"
            strokeWidth={2}
            strokeDasharray="4 2"
            label={{ value: marked.length > 1 ? v.group : 'benchmark value', position: 'top', fontSize: 11 }}
          />
        ))}
      </ComposedChart>
    </ChartFrame>
  );
}
