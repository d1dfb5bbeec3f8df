import { and, asc, desc, eq, ilike, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { cappedPageOf, countUpTo, type PageWindow } from '../db/paging.js';
import { contracts, contractVersions } from '../db/schema.js';
import { newId } from '../ids.js';

export type ContractRow = typeof contracts.$inferSelect;
export type ContractInsert = Omit<
  typeof contracts.$inferInsert,
  'id' | 'version' | 'createdAt' | 'updatedAt'
>;
export type ContractVersionRow = typeof contractVersions.$inferSelect;

export async function findContract(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.organizationId, organizationId), eq(contracts.id, id)));
  return row;
}

export async function findContractByDocument(db: Executor, organizationId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.organizationId, organizationId), eq(contracts.documentId, documentId)));
  return row;
}

export async function insertContract(db: Executor, v: ContractInsert) {
  const [row] = await db
    .insert(contracts)
    .values({ ...v, id: newId(), version: 1 })
    .returning();
  if (!row) throw new Error('insert contracts returned nothing');
  return row;
}

/** Updates a contract and bumps its version. */
export async function updateContract(db: Executor, id: string, patch: Partial<ContractInsert>) {
  const [row] = await db
    .update(contracts)
    .set({ ...patch, version: sql`${contracts.version} + 1`, updatedAt: new Date() })
    .where(eq(contracts.id, id))
    .returning();
  if (!row) throw new Error(`contract ${id} vanished`);
  return row;
}

/** Deletes a contract; its versions and alerts go with it (foreign keys on delete cascade). */
export async function deleteContract(db: Executor, id: string) {
  await db.delete(contracts).where(eq(contracts.id, id));
}

export async function insertContractVersion(
  db: Executor,
  v: {
    contractId: string;
    version: number;
    snapshot: Record<string, unknown>;
    reason: string;
    documentId: string | null;
  },
) {
  await db.insert(contractVersions).values(v);
}

export async function listContractVersions(db: Executor, contractId: string) {
  return db
    .select()
    .from(contractVersions)
    .where(eq(contractVersions.contractId, contractId))
    .orderBy(desc(contractVersions.version));
}

/** Serialises contract writes for one document until the transaction ends. */
export async function lockDocumentContract(tx: Executor, documentId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`contract:${documentId}`}, 0))`);
}

const sortColumns = {
  renewal_date: contracts.renewalDate,
  annual_value: contracts.annualValue,
  vendor: contracts.vendor,
} as const;
export type ContractSortField = keyof typeof sortColumns;

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function likeLiteral(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A page of the organization's contracts. `vendor` matches case-insensitively anywhere in the
 * name; `renewalBefore` keeps contracts renewing strictly before that date. Nulls sort last in
 * either order; ties break on id.
 */
export async function listContracts(
  db: Executor,
  organizationId: string,
  p: PageWindow & {
    status?: string | undefined;
    vendor?: string | undefined;
    renewalBefore?: string | undefined;
    sort: ContractSortField;
    order: 'asc' | 'desc';
  },
) {
  const where = and(
    eq(contracts.organizationId, organizationId),
    p.status ? eq(contracts.status, p.status as ContractRow['status']) : undefined,
    p.vendor ? ilike(contracts.vendor, `%${likeLiteral(p.vendor)}%`) : undefined,
    p.renewalBefore ? lt(contracts.renewalDate, p.renewalBefore) : undefined,
  );
  const column = sortColumns[p.sort];
  const order = p.order === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  return cappedPageOf(
    db.select().from(contracts).where(where).orderBy(order, asc(contracts.id)).$dynamic(),
    (limit) => countUpTo(db, contracts, contracts.renewalDate, where, limit),
    p,
    { db, key: ['contracts', organizationId, p.status ?? null, p.vendor ?? null, p.renewalBefore ?? null] },
  );
}

/** Contracts a scan refreshes: all but TERMINATED, with a known end date. */
export async function contractsToScan(db: Executor, organizationId: string) {
  return db
    .select()
    .from(contracts)
    .where(
      and(
        eq(contracts.organizationId, organizationId),
        ne(contracts.status, 'TERMINATED'),
        isNotNull(contracts.renewalDate),
      ),
    );
}

/** Organizations that have at least one contract a scan could touch. */
export async function organizationsWithContracts(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: contracts.organizationId })
    .from(contracts)
    .where(and(ne(contracts.status, 'TERMINATED'), isNotNull(contracts.renewalDate)));
  return rows.map((r) => r.id);
}
