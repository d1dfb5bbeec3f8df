import { and, asc, count, desc, eq, ilike, inArray, ne, type Placeholder, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { notDeleted, pageOf, sortOrder } from '../db/paging.js';
import { preparedOn } from '../db/prepared.js';
import { plugins, pluginVersions } from '../db/schema.js';
import { newId } from '../ids.js';

export type PluginRow = typeof plugins.$inferSelect;
export type PluginVersionRow = typeof pluginVersions.$inferSelect;
export type PluginType = PluginRow['type'];

export async function findPlugin(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(plugins)
    .where(
      and(eq(plugins.organizationId, organizationId), eq(plugins.id, id), notDeleted(plugins.deletedAt)),
    );
  return row;
}

/**
 * What the organization's settings show of the live plugins among `ids`: name, type, current
 * version and state, never the code. Ids of another organization or of a deleted plugin are absent.
 */
export async function describePlugins(db: Executor, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: plugins.id,
      name: plugins.name,
      type: plugins.type,
      version: plugins.currentVersion,
      enabled: plugins.enabled,
      quarantinedAt: plugins.quarantinedAt,
    })
    .from(plugins)
    .where(
      and(
        eq(plugins.organizationId, organizationId),
        inArray(plugins.id, [...ids]),
        notDeleted(plugins.deletedAt),
      ),
    );
}

export async function findPluginByName(db: Executor, organizationId: string, name: string) {
  const [row] = await db
    .select()
    .from(plugins)
    .where(
      and(eq(plugins.organizationId, organizationId), eq(plugins.name, name), notDeleted(plugins.deletedAt)),
    );
  return row;
}

export async function findVersion(db: Executor, pluginId: string, version: number) {
  const [row] = await db
    .select()
    .from(pluginVersions)
    .where(and(eq(pluginVersions.pluginId, pluginId), eq(pluginVersions.version, version)));
  return row;
}

export async function listVersions(db: Executor, pluginId: string) {
  return db
    .select()
    .from(pluginVersions)
    .where(eq(pluginVersions.pluginId, pluginId))
    .orderBy(desc(pluginVersions.version));
}

export async function insertPlugin(
  db: Executor,
  v: {
    organizationId: string;
    name: string;
    type: PluginType;
    className: string;
    description: string | null;
    createdBy: string | null;
  },
) {
  const [row] = await db
    .insert(plugins)
    .values({ id: newId(), ...v, currentVersion: 1 })
    .returning();
  if (!row) throw new Error('insert plugins returned nothing');
  return row;
}

export async function insertVersion(
  db: Executor,
  v: {
    pluginId: string;
    version: number;
    code: string;
    sha256: string;
    configs: Record<string, unknown>;
    manifest: Record<string, unknown>;
    createdBy: string | null;
  },
) {
  const [row] = await db.insert(pluginVersions).values(v).returning();
  if (!row) throw new Error('insert plugin_versions returned nothing');
  return row;
}

export async function updatePlugin(
  db: Executor,
  id: string,
  patch: Partial<Omit<PluginRow, 'id' | 'organizationId'>>,
) {
  const [row] = await db
    .update(plugins)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(plugins.id, id))
    .returning();
  return row;
}

export async function countPlugins(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(plugins)
    .where(and(eq(plugins.organizationId, organizationId), notDeleted(plugins.deletedAt)));
  return Number(row?.n ?? 0);
}

export async function listPlugins(
  db: Executor,
  organizationId: string,
  p: { page: number; size: number; type?: PluginType | undefined },
) {
  const where = p.type
    ? and(eq(plugins.organizationId, organizationId), notDeleted(plugins.deletedAt), eq(plugins.type, p.type))
    : and(eq(plugins.organizationId, organizationId), notDeleted(plugins.deletedAt));
  return pageOf(
    db.select().from(plugins).where(where).orderBy(asc(plugins.name)).$dynamic(),
    db.select({ n: count() }).from(plugins).where(where),
    p,
  );
}

/** Sortable columns of the plugin list (API name → column). */
const sortColumns = {
  name: plugins.name,
  created_at: plugins.createdAt,
  updated_at: plugins.updatedAt,
} as const;

/** `%`, `_` and `\` taken literally in a LIKE pattern (`\` is PostgreSQL’s default escape). */
function likeLiteral(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A page of the organization's live plugins, each with its current version row. `name` keeps
 * the plugins whose name holds it, in any case.
 *
 * @returns rows `{plugin, version}` and the total count of matching plugins
 */
export async function listPluginsWithVersion(
  db: Executor,
  organizationId: string,
  p: {
    page: number;
    size: number;
    type?: PluginType | undefined;
    name?: string | undefined;
    field: keyof typeof sortColumns;
    direction: 'asc' | 'desc';
  },
) {
  const where = and(
    eq(plugins.organizationId, organizationId),
    notDeleted(plugins.deletedAt),
    p.type ? eq(plugins.type, p.type) : undefined,
    p.name ? ilike(plugins.name, `%${likeLiteral(p.name)}%`) : undefined,
  );
  const column = sortColumns[p.field];
  return pageOf(
    db
      .select({ plugin: plugins, version: pluginVersions })
      .from(plugins)
      .innerJoin(
        pluginVersions,
        and(eq(pluginVersions.pluginId, plugins.id), eq(pluginVersions.version, plugins.currentVersion)),
      )
      .where(where)
      .orderBy(...sortOrder(column, p.direction, asc(plugins.id)))
      .$dynamic(),
    db.select({ n: count() }).from(plugins).where(where),
    p,
  );
}

/**
 * The live SOURCE plugin of the organization whose current version declares `sourceType`
 * (its `source_type` class attribute), other than `exceptId`.
 */
export async function findLiveSourceByType(
  db: Executor,
  organizationId: string,
  sourceType: string,
  exceptId?: string,
) {
  const [row] = await db
    .select({ id: plugins.id, name: plugins.name })
    .from(plugins)
    .innerJoin(
      pluginVersions,
      and(eq(pluginVersions.pluginId, plugins.id), eq(pluginVersions.version, plugins.currentVersion)),
    )
    .where(
      and(
        eq(plugins.organizationId, organizationId),
        notDeleted(plugins.deletedAt),
        eq(plugins.type, 'SOURCE'),
        sql`${pluginVersions.manifest} -> 'attributes' ->> 'source_type' = ${sourceType}`,
        exceptId ? ne(plugins.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/**
 * Live, enabled plugins of the organizations with the manifest of their current version (whose
 * `event_handlers` maps method name → declared event types, docs/plugin-runtime.md `load`).
 *
 * @returns rows `{id, organizationId, version, manifest}`; `version` is the current version number
 */
export async function enabledPluginsOf(db: Executor, organizationIds: readonly string[]) {
  if (organizationIds.length === 0) return [];
  return db
    .select({
      id: plugins.id,
      organizationId: plugins.organizationId,
      version: plugins.currentVersion,
      manifest: pluginVersions.manifest,
    })
    .from(plugins)
    .innerJoin(
      pluginVersions,
      and(eq(pluginVersions.pluginId, plugins.id), eq(pluginVersions.version, plugins.currentVersion)),
    )
    .where(
      and(
        inArray(plugins.organizationId, [...organizationIds]),
        eq(plugins.enabled, true),
        notDeleted(plugins.deletedAt),
      ),
    );
}

/**
 * A plugin (whatever its state: disabled and deleted ones too) with one of its versions.
 *
 * @returns `{plugin, version}`, or undefined when the plugin or that version does not exist
 */
export async function findPluginWithVersion(db: Executor, pluginId: string, version: number) {
  const [row] = await db
    .select({ plugin: plugins, version: pluginVersions })
    .from(plugins)
    .innerJoin(
      pluginVersions,
      and(eq(pluginVersions.pluginId, plugins.id), eq(pluginVersions.version, version)),
    )
    .where(eq(plugins.id, pluginId));
  return row;
}

/**
 * Serialises plugin writes of one organization until the transaction ends (a transaction-scoped
 * advisory lock), so quota, name and source_type checks cannot race.
 */
export async function lockOrganizationPlugins(tx: Executor, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`plugins:${organizationId}`}, 0))`);
}

// Benchmarks (read by benchmarks/ through records.ts)

/** The organization's live, enabled BENCHMARK plugins whose current version exists. */
function liveBenchmarks(organizationId: string | Placeholder) {
  return and(
    eq(plugins.organizationId, organizationId),
    eq(plugins.type, 'BENCHMARK'),
    eq(plugins.enabled, true),
    notDeleted(plugins.deletedAt),
  );
}

const currentVersion = and(
  eq(pluginVersions.pluginId, plugins.id),
  eq(pluginVersions.version, plugins.currentVersion),
);

/** The organization's live, enabled BENCHMARK plugins with their current version. */
export async function benchmarkPlugins(db: Executor, organizationId: string) {
  return db
    .select({ plugin: plugins, version: pluginVersions })
    .from(plugins)
    .innerJoin(pluginVersions, currentVersion)
    .where(liveBenchmarks(organizationId))
    .orderBy(plugins.name);
}

/**
 * The ids of {@link benchmarkPlugins}, in the same order, without their rows: the derive step asks
 * for them per document, and the full rows carry each version's code.
 */
export async function benchmarkPluginIds(db: Executor, organizationId: string): Promise<string[]> {
  const build = (x: Executor) =>
    x
      .select({ id: plugins.id })
      .from(plugins)
      .innerJoin(pluginVersions, currentVersion)
      .where(liveBenchmarks(sql.placeholder('organizationId')))
      .orderBy(plugins.name);
  // Asked by every document's derive step: built once (db/prepared.ts).
  const statement = preparedOn(db, 'benchmark_plugin_ids', (root) =>
    build(root).prepare('benchmark_plugin_ids'),
  );
  const rows = await (statement ?? build(db)).execute({ organizationId });
  return rows.map((r) => r.id);
}

/** Organizations with at least one live, enabled benchmark. */
export async function organizationsWithBenchmarks(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: plugins.organizationId })
    .from(plugins)
    .where(and(eq(plugins.type, 'BENCHMARK'), eq(plugins.enabled, true), notDeleted(plugins.deletedAt)));
  return rows.map((r) => r.id);
}
