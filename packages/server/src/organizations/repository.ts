import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { deletedFilter, notDeleted, pageOf, sortOrder } from '../db/paging.js';
import { preparedOn } from '../db/prepared.js';
import {
  organizationIdentities,
  organizationQuotas,
  organizationSettings,
  organizations,
} from '../db/schema.js';
import { newId } from '../ids.js';

export type OrganizationRow = typeof organizations.$inferSelect;
export type IdentityRow = typeof organizationIdentities.$inferSelect;
export type QuotasRow = typeof organizationQuotas.$inferSelect;
export type SettingsRow = typeof organizationSettings.$inferSelect;

export async function findOrganizationById(
  db: Executor,
  id: string,
  opts: { includeDeleted?: boolean } = {},
) {
  const [row] = await db
    .select()
    .from(organizations)
    .where(
      opts.includeDeleted
        ? eq(organizations.id, id)
        : and(eq(organizations.id, id), notDeleted(organizations.deletedAt)),
    );
  return row;
}

export async function findOrganizationBySlug(db: Executor, slug: string) {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.slug, slug), notDeleted(organizations.deletedAt)));
  return row;
}

export async function slugTaken(db: Executor, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, slug));
  return row !== undefined;
}

/**
 * Inserts an organization with its default quota and settings rows. Returns undefined when the
 * slug is taken, also by a concurrent transaction (ON CONFLICT DO NOTHING waits for it), so the
 * caller can pick another slug without aborting its transaction.
 */
export async function insertOrganization(
  db: Executor,
  v: { name: string; slug: string; kind: 'PERSONAL' | 'TEAM'; parentId?: string | null },
): Promise<OrganizationRow | undefined> {
  const id = newId();
  const [row] = await db
    .insert(organizations)
    .values({ id, name: v.name, slug: v.slug, kind: v.kind, parentId: v.parentId ?? null })
    .onConflictDoNothing({ target: organizations.slug })
    .returning();
  if (!row) return undefined;
  await db.insert(organizationQuotas).values({ organizationId: id });
  await db.insert(organizationSettings).values({ organizationId: id });
  return row;
}

export async function updateOrganization(
  db: Executor,
  id: string,
  patch: Partial<Pick<OrganizationRow, 'name' | 'slug' | 'parentId' | 'deletedAt'>>,
) {
  const [row] = await db
    .update(organizations)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning();
  return row;
}

const orgSort = {
  created_at: organizations.createdAt,
  name: organizations.name,
  slug: organizations.slug,
} as const;
export type OrganizationSortField = keyof typeof orgSort;

export async function listOrganizations(
  db: Executor,
  p: {
    page: number;
    size: number;
    field: OrganizationSortField;
    direction: 'asc' | 'desc';
    deleted: 'exclude' | 'include' | 'only';
  },
) {
  const where = deletedFilter(organizations.deletedAt, p.deleted);
  const column = orgSort[p.field];
  return pageOf(
    db
      .select()
      .from(organizations)
      .where(where)
      .orderBy(...sortOrder(column, p.direction, asc(organizations.id)))
      .$dynamic(),
    db.select({ n: count() }).from(organizations).where(where),
    p,
  );
}

export async function listChildren(db: Executor, id: string) {
  return db
    .select()
    .from(organizations)
    .where(and(eq(organizations.parentId, id), notDeleted(organizations.deletedAt)))
    .orderBy(asc(organizations.name));
}

type RawOrg = {
  id: string;
  name: string;
  slug: string;
  kind: 'PERSONAL' | 'TEAM';
  parent_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  deleted_at: Date | string | null;
  depth: number;
};

function fromRaw(r: RawOrg): OrganizationRow & { depth: number } {
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    kind: r.kind,
    parentId: r.parent_id,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at),
    depth: Number(r.depth),
  };
}

/**
 * Ancestors of an organization, nearest first (recursive CTE). `depth` 1 is the parent.
 * The walk stops after `limit` levels, so a corrupt cycle cannot loop forever.
 */
export async function listAncestors(db: Executor, id: string, limit = 64) {
  const result = await db.execute(sql`
    with recursive up as (
      select o.*, 0 as depth from organizations o where o.id = ${id}
      union all
      select p.*, up.depth + 1 from organizations p join up on p.id = up.parent_id where up.depth < ${limit}
    )
    select id, name, slug, kind, parent_id, created_at, updated_at, deleted_at, depth
    from up where depth > 0 and deleted_at is null order by depth`);
  return (result as { rows: RawOrg[] }).rows.map(fromRaw);
}

/** The organization and all its non-deleted descendants with their depth below it (root = 0). */
export async function listSubtree(db: Executor, id: string, limit = 64) {
  const result = await db.execute(sql`
    with recursive down as (
      select o.*, 0 as depth from organizations o where o.id = ${id}
      union all
      select c.*, down.depth + 1 from organizations c join down on c.parent_id = down.id
      where c.deleted_at is null and down.depth < ${limit}
    )
    select id, name, slug, kind, parent_id, created_at, updated_at, deleted_at, depth
    from down order by depth, name`);
  return (result as { rows: RawOrg[] }).rows.map(fromRaw);
}

export async function countActiveChildren(db: Executor, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(organizations)
    .where(and(eq(organizations.parentId, id), notDeleted(organizations.deletedAt)));
  return Number(row?.n ?? 0);
}

// Identities

export async function listIdentities(db: Executor, organizationId: string) {
  const build = (x: Executor) =>
    x
      .select()
      .from(organizationIdentities)
      .where(eq(organizationIdentities.organizationId, sql.placeholder('organizationId')))
      .orderBy(desc(organizationIdentities.isPrimary), asc(organizationIdentities.createdAt));
  // Read by every pipeline run that extracts: built once (db/prepared.ts).
  const statement = preparedOn(db, 'organization_identities_list', (root) =>
    build(root).prepare('organization_identities_list'),
  );
  return (statement ?? build(db)).execute({ organizationId });
}

export async function findIdentity(db: Executor, organizationId: string, identityId: string) {
  const [row] = await db
    .select()
    .from(organizationIdentities)
    .where(
      and(
        eq(organizationIdentities.organizationId, organizationId),
        eq(organizationIdentities.id, identityId),
      ),
    );
  return row;
}

export async function findIdentityByValue(
  db: Executor,
  organizationId: string,
  kind: IdentityRow['kind'],
  value: string,
) {
  const [row] = await db
    .select()
    .from(organizationIdentities)
    .where(
      and(
        eq(organizationIdentities.organizationId, organizationId),
        eq(organizationIdentities.kind, kind),
        eq(organizationIdentities.value, value),
      ),
    );
  return row;
}

export async function insertIdentity(
  db: Executor,
  v: { organizationId: string; kind: IdentityRow['kind']; value: string; isPrimary: boolean },
) {
  const [row] = await db
    .insert(organizationIdentities)
    .values({ id: newId(), ...v })
    .returning();
  if (!row) throw new Error('insert organization_identities returned nothing');
  return row;
}

export async function updateIdentity(
  db: Executor,
  identityId: string,
  patch: Partial<Pick<IdentityRow, 'kind' | 'value' | 'isPrimary'>>,
) {
  const [row] = await db
    .update(organizationIdentities)
    .set(patch)
    .where(eq(organizationIdentities.id, identityId))
    .returning();
  return row;
}

export async function clearPrimaryIdentity(db: Executor, organizationId: string) {
  await db
    .update(organizationIdentities)
    .set({ isPrimary: false })
    .where(
      and(
        eq(organizationIdentities.organizationId, organizationId),
        eq(organizationIdentities.isPrimary, true),
      ),
    );
}

export async function deleteIdentity(db: Executor, identityId: string) {
  await db.delete(organizationIdentities).where(eq(organizationIdentities.id, identityId));
}

// Quotas and settings

export async function getQuotas(db: Executor, organizationId: string) {
  const [row] = await db
    .select()
    .from(organizationQuotas)
    .where(eq(organizationQuotas.organizationId, organizationId));
  return row;
}

export async function putQuotas(
  db: Executor,
  organizationId: string,
  v: Omit<QuotasRow, 'organizationId' | 'updatedAt'>,
) {
  const [row] = await db
    .insert(organizationQuotas)
    .values({ organizationId, ...v })
    .onConflictDoUpdate({ target: organizationQuotas.organizationId, set: { ...v, updatedAt: new Date() } })
    .returning();
  return row;
}

export async function getSettings(db: Executor, organizationId: string) {
  const build = (x: Executor) =>
    x
      .select()
      .from(organizationSettings)
      .where(eq(organizationSettings.organizationId, sql.placeholder('organizationId')));
  // Read by every pipeline run: built once (db/prepared.ts).
  const statement = preparedOn(db, 'organization_settings_get', (root) =>
    build(root).prepare('organization_settings_get'),
  );
  const [row] = await (statement ?? build(db)).execute({ organizationId });
  return row;
}

export async function putSettings(
  db: Executor,
  organizationId: string,
  v: Partial<Omit<SettingsRow, 'organizationId' | 'updatedAt'>>,
) {
  const [row] = await db
    .insert(organizationSettings)
    .values({ organizationId, ...v })
    .onConflictDoUpdate({ target: organizationSettings.organizationId, set: { ...v, updatedAt: new Date() } })
    .returning();
  return row;
}
