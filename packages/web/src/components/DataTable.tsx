/**
 * A sortable table (TanStack Table) with Mantine styling; scrolls sideways on narrow screens. It
 * sorts the rows it holds, or, given `sorting` and `onSortingChange`, leaves sorting to the server
 * (the rows arrive sorted; a header click only reports the wanted order).
 */
import { Table, UnstyledButton } from '@mantine/core';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type RowSelectionState,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useState } from 'react';

export function DataTable<T>({
  data,
  columns,
  label,
  initialSort = [],
  sorting: serverSorting,
  onSortingChange,
  rowSelection,
  onRowSelectionChange,
  getRowId,
}: {
  data: T[];
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<T, any>[];
  label: string;
  initialSort?: SortingState;
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** Selected rows by id (with `getRowId`), for tables whose rows can be chosen for a bulk action. */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: (selection: RowSelectionState) => void;
  getRowId?: (row: T) => string;
}) {
  const [localSorting, setLocalSorting] = useState<SortingState>(initialSort);
  const manual = serverSorting !== undefined && onSortingChange !== undefined;
  const sorting = manual ? serverSorting : localSorting;
  const table = useReactTable({
    data,
    columns,
    state: { sorting, ...(rowSelection ? { rowSelection } : {}) },
    enableRowSelection: rowSelection !== undefined,
    onRowSelectionChange: (updater) => {
      if (!rowSelection || !onRowSelectionChange) return;
      onRowSelectionChange(typeof updater === 'function' ? updater(rowSelection) : updater);
    },
    ...(getRowId ? { getRowId } : {}),
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (manual) onSortingChange(next);
      else setLocalSorting(next);
    },
    manualSorting: manual,
    getCoreRowModel: getCoreRowModel(),
    ...(manual ? {} : { getSortedRowModel: getSortedRowModel() }),
  });
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const title = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <Table.Th
                    key={header.id}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <UnstyledButton onClick={header.column.getToggleSortingHandler()} fw={600} fz="sm">
                        {title} {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                      </UnstyledButton>
                    ) : (
                      title
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {table.getRowModel().rows.map((row) => (
            <Table.Tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
