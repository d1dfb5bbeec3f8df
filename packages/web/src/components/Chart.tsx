/**
 * A chart's frame: a fixed-height box with an accessible name (charts are images to a screen
 * reader) around Recharts' ResponsiveContainer.
 */
import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

export function ChartFrame({
  label,
  height = 220,
  children,
}: {
  label: string;
  height?: number;
  children: ReactElement;
}) {
  return (
    <div style={{ width: '100%', height }} role="img" aria-label={label}>
      <ResponsiveContainer>{children}</ResponsiveContainer>
    </div>
  );
}
