/**
 * The table every list page repeats: a query's loading, error (RFC 9457 `detail`) and empty
 * states, then a sortable {@link DataTable} of its rows and an optional count line.
 */
import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { DataTable } from './DataTable';
import { QueryState } from './state';

export function QueryTable<T>({
  query,
  columns,
  label,
  empty,
  initialSort,
  count,
}: {
  /** A query whose data is the rows. */
  query: UseQueryResult<T[]>;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<T, any>[];
  /** The table's accessible name. */
  label: string;
  /** What the empty state says. */
  empty: string;
  initialSort?: SortingState;
  /** The count line under the table, e.g. `(n) => `${n} contracts``. */
  count?: (rows: T[]) => string;
}) {
  return (
    <QueryState query={query} empty={empty}>
      {(rows) => (
        <>
          <DataTable data={rows} columns={columns} label={label} {...(initialSort ? { initialSort } : {})} />
          {count && (
            <Text size="sm" c="dimmed">
              {count(rows)}
            </Text>
          )}
        </>
      )}
    </QueryState>
  );
}
