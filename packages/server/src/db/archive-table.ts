/**
 * How one table of an organization enters and leaves the organization archive (docs/export.md).
 * The owning domain declares its tables with `archiveTable` in its own `archive.ts` (one owner per
 * table, docs/architecture.md) and offers them through its service.ts; exports/ only orders them
 * and writes the manifest. The statements here are generic over the declared table, as
 * db/paging.ts is over a repository's query.
 */
import { eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/** A row as the manifest carries it: drizzle property names (camelCase) → values. */
export type ArchiveRow = Record<string, unknown>;

/**
 * What the archive knows of a table. `scope` says how its rows are found: by the organization
 * column, or as children of the rows of an earlier table. On import, `id` gets a new value, the
 * columns in `remap` follow the ids of the rows they point at, and the columns in `clear` (users,
 * sources, search vectors: not carried between instances) become null.
 */
export interface ArchiveTableSpec {
  /** The manifest record type, e.g. `document`. */
  type: string;
  scope: { organizationColumn: string } | { parentType: string; parentColumn: string };
  hasId: boolean;
  /** Columns that point at archived rows (none when left out). */
  remap?: string[];
  /** Columns set to null on import (none when left out). */
  clear?: string[];
  /** Leave out of the manifest (derived data rebuilt on import). */
  omit?: string[];
  /** Text columns that embed ids (e.g. an alert's dedupe key): every archived id in them is replaced. */
  rewriteIds?: string[];
}

/** A declared archive table with the statements that read and restore its rows. */
export interface ArchiveTable extends ArchiveTableSpec {
  remap: string[];
  clear: string[];
  /** Timestamp columns (their JSON form is an ISO string; drizzle wants a Date). */
  timestamps: string[];
  /**
   * The rows of the organization (organization scope) or the children of `parentIds` (parent
   * scope), without the omitted columns, in the order the database returns them.
   */
  select(db: Executor, organizationId: string, parentIds: string[]): Promise<ArchiveRow[]>;
  /** Inserts rows already remapped to the target organization. */
  insert(db: Executor, rows: ArchiveRow[]): Promise<void>;
  /** Rows the organization already has (organization scope only), to refuse a non-empty target. */
  count(db: Executor, organizationId: string): Promise<number>;
}

/** The scope of a table whose rows carry the organization's id in `organizationId`. */
export const BY_ORGANIZATION = { organizationColumn: 'organizationId' } as const;

const CHUNK = 1000;

function columnsOf(table: PgTable): Record<string, PgColumn> {
  return getTableColumns(table as never) as Record<string, PgColumn>;
}

function column(table: PgTable, name: string): PgColumn {
  const col = columnsOf(table)[name];
  if (!col) throw new Error(`no column ${name}`);
  return col;
}

/** Inserts `rows` into `table` in chunks of 1,000 (one statement each). */
export async function insertArchiveRows(db: Executor, table: PgTable, rows: ArchiveRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.insert(table).values(rows.slice(i, i + CHUNK) as never);
  }
}

/** Inserts each row, replacing the row with the same `key` column value (one statement a row). */
export async function upsertArchiveRows(
  db: Executor,
  table: PgTable,
  key: string,
  rows: ArchiveRow[],
): Promise<void> {
  for (const row of rows)
    await db
      .insert(table)
      .values(row as never)
      .onConflictDoUpdate({ target: column(table, key), set: row as never });
}

/**
 * Declares `table` for the archive. `insert` replaces the default chunked insert when the owner
 * restores its rows otherwise (a row made with the organization, a self-reference).
 *
 * @throws Error at declaration for a scope column the table does not have
 */
export function archiveTable(
  table: PgTable,
  spec: ArchiveTableSpec,
  insert?: (db: Executor, rows: ArchiveRow[]) => Promise<void>,
): ArchiveTable {
  const columns = columnsOf(table);
  const selected = Object.fromEntries(
    Object.entries(columns).filter(([name]) => !spec.omit?.includes(name)),
  ) as Record<string, PgColumn>;
  const scope = spec.scope;
  const scopeColumn = column(
    table,
    'organizationColumn' in scope ? scope.organizationColumn : scope.parentColumn,
  );
  const run = (db: Executor, where: SQL | undefined) =>
    db.select(selected).from(table).where(where) as unknown as Promise<ArchiveRow[]>;
  return {
    ...spec,
    remap: spec.remap ?? [],
    clear: spec.clear ?? [],
    timestamps: Object.entries(columns)
      .filter(([, c]) => c.columnType === 'PgTimestamp')
      .map(([name]) => name),
    async select(db, organizationId, parentIds) {
      if ('organizationColumn' in scope) return run(db, eq(scopeColumn, organizationId));
      const rows: ArchiveRow[] = [];
      for (let i = 0; i < parentIds.length; i += CHUNK)
        rows.push(...(await run(db, inArray(scopeColumn, parentIds.slice(i, i + CHUNK)))));
      return rows;
    },
    insert: insert ?? ((db, rows) => insertArchiveRows(db, table, rows)),
    async count(db, organizationId) {
      if (!('organizationColumn' in scope))
        throw new Error(`${spec.type} rows belong to ${scope.parentType}s`);
      return db.$count(table, eq(scopeColumn, organizationId));
    },
  };
}
