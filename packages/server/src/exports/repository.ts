import { and, count, desc, eq, getTableColumns, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { type PageWindow, pageOf } from '../db/paging.js';
import { organizationExports } from '../db/schema.js';
import { newId } from '../ids.js';
import type { TableSpec } from './tables.js';

export type ExportRow = typeof organizationExports.$inferSelect;

export async function insertExport(db: Executor, v: { organizationId: string; requestedBy: string | null }) {
  const [row] = await db
    .insert(organizationExports)
    .values({ id: newId(), status: 'PENDING', ...v })
    .returning();
  if (!row) throw new Error('insert organization_exports returned nothing');
  return row;
}

export async function findExport(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(organizationExports)
    .where(and(eq(organizationExports.organizationId, organizationId), eq(organizationExports.id, id)));
  return row;
}

export async function findExportById(db: Executor, id: string) {
  const [row] = await db.select().from(organizationExports).where(eq(organizationExports.id, id));
  return row;
}

export async function updateExport(
  db: Executor,
  id: string,
  patch: Partial<Omit<ExportRow, 'id' | 'organizationId'>>,
) {
  const [row] = await db
    .update(organizationExports)
    .set(patch)
    .where(eq(organizationExports.id, id))
    .returning();
  return row;
}

/** A page of the organization's exports, newest first. */
export async function listExports(db: Executor, organizationId: string, p: PageWindow) {
  const where = eq(organizationExports.organizationId, organizationId);
  return pageOf(
    db
      .select()
      .from(organizationExports)
      .where(where)
      .orderBy(desc(organizationExports.createdAt), desc(organizationExports.id))
      .$dynamic(),
    db.select({ n: count() }).from(organizationExports).where(where),
    p,
  );
}

/** Finished exports whose archive is past `expiresAt`. */
export async function expiredExports(db: Executor, now: Date) {
  return db
    .select()
    .from(organizationExports)
    .where(
      and(
        eq(organizationExports.status, 'SUCCEEDED'),
        lt(organizationExports.expiresAt, now),
        isNotNull(organizationExports.archiveSha256),
      ),
    );
}

function column(table: PgTable, name: string): PgColumn {
  const col = (getTableColumns(table as never) as Record<string, PgColumn>)[name];
  if (!col) throw new Error(`no column ${name}`);
  return col;
}

const CHUNK = 1000;

/**
 * The rows of one archived table: those of the organization, or the children of `parentIds`.
 * Returned with the drizzle property names (camelCase), without the omitted columns.
 */
export async function selectTableRows(
  db: Executor,
  spec: TableSpec,
  organizationId: string,
  parentIds: string[],
): Promise<Record<string, unknown>[]> {
  const columns = getTableColumns(spec.table as never) as Record<string, PgColumn>;
  const selected = Object.fromEntries(
    Object.entries(columns).filter(([name]) => !spec.omit?.includes(name)),
  ) as Record<string, PgColumn>;
  const run = (where: SQL | undefined) =>
    db.select(selected).from(spec.table).where(where) as unknown as Promise<Record<string, unknown>[]>;
  if ('organizationColumn' in spec.scope) {
    return run(eq(column(spec.table, spec.scope.organizationColumn), organizationId));
  }
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < parentIds.length; i += CHUNK) {
    rows.push(
      ...(await run(inArray(column(spec.table, spec.scope.parentColumn), parentIds.slice(i, i + CHUNK)))),
    );
  }
  return rows;
}

/** Inserts rows into an archived table (already remapped to the target organization). */
export async function insertTableRows(db: Executor, spec: TableSpec, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.insert(spec.table).values(rows.slice(i, i + CHUNK) as never);
  }
}

/** Replaces the target organization's settings row (made with the organization) by the archived one. */
export async function replaceSettingsRow(db: Executor, spec: TableSpec, row: Record<string, unknown>) {
  await db
    .insert(spec.table)
    .values(row as never)
    .onConflictDoUpdate({ target: column(spec.table, 'organizationId'), set: row as never });
}

/** Timestamp columns of a table (their JSON form is an ISO string; drizzle wants a Date). */
export function timestampColumns(table: PgTable): string[] {
  return Object.entries(getTableColumns(table as never) as Record<string, PgColumn>)
    .filter(([, c]) => c.columnType === 'PgTimestamp')
    .map(([name]) => name);
}

/** Rows the organization already has in a table, to refuse an import into a non-empty organization. */
export async function countOrganizationRows(db: Executor, table: PgTable, organizationId: string) {
  return db.$count(table, eq(column(table, 'organizationId'), organizationId));
}
