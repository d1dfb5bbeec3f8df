import { recordAudit } from '../audit/service.js';
import type { Principal, Tenant } from '../auth/principal.js';
import { propagateAuthChange } from '../auth/principal-cache.js';
import { requireKeyScope, requireRole, requireSystemAdmin } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../http/problem.js';
import * as membershipRepo from './membership-repository.js';
import * as repo from './repository.js';
import { slugify, withSuffix } from './slug.js';

export { organizationArchiveTables } from './archive.js';
export type { OrganizationRow } from './repository.js';

/** Picks a free slug: the requested one (409 when taken), else one derived from the name. */
async function chooseSlug(db: Executor, name: string, requested: string | undefined): Promise<string> {
  if (requested) {
    if (await repo.slugTaken(db, requested)) throw conflict(`The slug "${requested}" is already taken`);
    return requested;
  }
  const base = slugify(name);
  if (!(await repo.slugTaken(db, base))) return base;
  for (;;) {
    const candidate = withSuffix(base);
    if (!(await repo.slugTaken(db, candidate))) return candidate;
  }
}

/**
 * Creates the PERSONAL organization of a new user, who becomes its OWNER (api-decisions §1).
 * Takes the user fields it reads, so organizations need not know the users domain.
 */
export async function createPersonalOrganization(
  db: Executor,
  user: { id: string; email: string; name: string | null },
) {
  const name = user.name ? `${user.name}'s workspace` : `${user.email.split('@')[0]}'s workspace`;
  const base = slugify(user.email.split('@')[0] ?? 'user');
  const org = await insertWithFreeSlug(
    db,
    { name, kind: 'PERSONAL' },
    await chooseSlug(db, withSuffix(base), undefined),
    () => withSuffix(base),
  );
  await membershipRepo.insertMembership(db, { organizationId: org.id, userId: user.id, role: 'OWNER' });
  return org;
}

/**
 * Inserts the organization under `slug`; when a concurrent request took that slug meanwhile,
 * retries with `next()`, or, when `next` is absent (the client asked for that slug), answers 409.
 */
async function insertWithFreeSlug(
  db: Executor,
  v: { name: string; kind: 'PERSONAL' | 'TEAM'; parentId?: string | null },
  slug: string,
  next: (() => string) | undefined,
): Promise<repo.OrganizationRow> {
  let candidate = slug;
  for (let attempt = 0; attempt < 10; attempt++) {
    const org = await repo.insertOrganization(db, { ...v, slug: candidate });
    if (org) return org;
    if (!next) throw conflict(`The slug "${candidate}" is already taken`);
    candidate = next();
  }
  throw conflict('Could not find a free slug; give one explicitly');
}

/**
 * Depth of an organization in its hierarchy (a root is 1).
 */
async function depthOf(db: Executor, id: string): Promise<number> {
  return (await repo.listAncestors(db, id)).length + 1;
}

/** Height of the subtree under an organization (a leaf is 1). */
async function heightOf(db: Executor, id: string): Promise<number> {
  const subtree = await repo.listSubtree(db, id);
  return Math.max(...subtree.map((o) => o.depth)) + 1;
}

/**
 * Validates a (new) parent for an organization: the caller must be OWNER or ADMIN of the
 * parent, the parent must not be the organization or one of its descendants (a cycle), and
 * the hierarchy must stay within SERVICE_MAX_ORGANIZATION_DEPTH levels.
 */
async function checkParent(
  ctx: Pick<AppContext, 'config' | 'db'>,
  principal: Principal,
  parentId: string,
  movingId: string | undefined,
) {
  const parent = await repo.findOrganizationById(ctx.db, parentId);
  if (!parent)
    throw badRequest('parent_id does not name an organization', {
      errors: [{ field: 'body.parent_id', message: 'organization not found' }],
    });
  requireKeyScope(principal, parentId);
  requireRole(principal, await membershipRepo.findMembershipRole(ctx.db, parentId, principal.user.id), [
    'OWNER',
    'ADMIN',
  ]);
  let height = 1;
  if (movingId) {
    const subtree = await repo.listSubtree(ctx.db, movingId);
    if (subtree.some((o) => o.id === parentId)) {
      throw badRequest('An organization cannot be moved under itself or one of its descendants', {
        errors: [{ field: 'body.parent_id', message: 'would create a cycle' }],
      });
    }
    height = await heightOf(ctx.db, movingId);
  }
  const max = ctx.config.maxOrganizationDepth;
  if ((await depthOf(ctx.db, parentId)) + height > max) {
    throw badRequest(`The organization hierarchy is limited to ${max} levels`, {
      errors: [{ field: 'body.parent_id', message: `hierarchy deeper than ${max} levels` }],
    });
  }
}

/** POST /organizations: a TEAM organization whose OWNER is the caller. */
export async function createTeamOrganization(
  ctx: Pick<AppContext, 'config' | 'db'>,
  principal: Principal,
  input: { name: string; slug?: string | undefined; parent_id?: string | null | undefined },
) {
  if (input.parent_id) await checkParent(ctx, principal, input.parent_id, undefined);
  return ctx.db.transaction(async (tx) => {
    const slug = await chooseSlug(tx, input.name, input.slug);
    const base = slugify(input.name);
    const org = await insertWithFreeSlug(
      tx,
      { name: input.name, kind: 'TEAM', parentId: input.parent_id ?? null },
      slug,
      input.slug ? undefined : () => withSuffix(base),
    );
    await membershipRepo.insertMembership(tx, {
      organizationId: org.id,
      userId: principal.user.id,
      role: 'OWNER',
    });
    await recordAudit(tx, {
      organizationId: org.id,
      action: 'organization.create',
      resourceType: 'organization',
      resourceId: org.id,
      changes: { name: org.name, slug: org.slug, parent_id: org.parentId },
    });
    return org;
  });
}

/**
 * An organization the caller may read: member or SYSTEM_ADMIN (spec 4.7).
 *
 * @throws HttpProblem 404 when it does not exist (or is deleted), 403 when not a member
 */
export async function getReadableOrganization(ctx: Pick<AppContext, 'db'>, principal: Principal, id: string) {
  const org = await repo.findOrganizationById(ctx.db, id);
  if (!org) throw notFound('Organization');
  requireKeyScope(principal, id);
  const role = await membershipRepo.findMembershipRole(ctx.db, id, principal.user.id);
  if (!role && !principal.user.isSystemAdmin) throw forbidden('You are not a member of this organization');
  return { org, role };
}

export async function getOrganizationBySlug(ctx: Pick<AppContext, 'db'>, principal: Principal, slug: string) {
  const org = await repo.findOrganizationBySlug(ctx.db, slug);
  if (!org) throw notFound('Organization');
  return (await getReadableOrganization(ctx, principal, org.id)).org;
}

/** An organization the caller administers (OWNER or ADMIN, or SYSTEM_ADMIN). */
export async function getAdministeredOrganization(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  id: string,
) {
  const { org, role } = await getReadableOrganization(ctx, principal, id);
  requireRole(principal, role, ['OWNER', 'ADMIN']);
  return org;
}

/** An organization named by id or slug, for operator commands (no caller to authorize). */
export async function findOrganizationByRef(ctx: Pick<AppContext, 'db'>, ref: string) {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  return UUID.test(ref) ? repo.findOrganizationById(ctx.db, ref) : repo.findOrganizationBySlug(ctx.db, ref);
}

export async function getActiveOrganization(ctx: Pick<AppContext, 'db'>, tenant: Tenant) {
  const org = await repo.findOrganizationById(ctx.db, tenant.organizationId);
  if (!org) throw notFound('Organization');
  return org;
}

export async function updateOrganization(
  ctx: Pick<AppContext, 'config' | 'db'>,
  principal: Principal,
  id: string,
  input: { name?: string | undefined; slug?: string | undefined; parent_id?: string | null | undefined },
) {
  const org = await getAdministeredOrganization(ctx, principal, id);
  if (input.parent_id) await checkParent(ctx, principal, input.parent_id, id);
  if (input.parent_id !== undefined && org.kind === 'PERSONAL' && input.parent_id !== null) {
    throw badRequest('A personal organization cannot be placed in a hierarchy', {
      errors: [{ field: 'body.parent_id', message: 'personal organizations have no parent' }],
    });
  }
  if (input.slug && input.slug !== org.slug && (await repo.slugTaken(ctx.db, input.slug))) {
    throw conflict(`The slug "${input.slug}" is already taken`);
  }
  const updated = await repo.updateOrganization(ctx.db, id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.slug !== undefined ? { slug: input.slug } : {}),
    ...(input.parent_id !== undefined ? { parentId: input.parent_id } : {}),
  });
  if (!updated) throw notFound('Organization');
  return updated;
}

/** Soft delete by the OWNER (spec §3). Personal organizations and ones with children stay. */
export async function deleteOrganization(
  ctx: Pick<AppContext, 'database' | 'db'>,
  principal: Principal,
  id: string,
) {
  const { org, role } = await getReadableOrganization(ctx, principal, id);
  if (role !== 'OWNER' && !principal.user.isSystemAdmin)
    throw forbidden('Only the OWNER can delete an organization');
  if (org.kind === 'PERSONAL') throw badRequest('A personal organization cannot be deleted');
  if ((await repo.countActiveChildren(ctx.db, id)) > 0) {
    throw conflict('The organization has child organizations; delete or move them first');
  }
  await repo.updateOrganization(ctx.db, id, { deletedAt: new Date() });
  await propagateAuthChange(ctx.database);
}

/** Restore by a SYSTEM_ADMIN (spec §3). @throws 404 when there is no deleted organization with this id */
export async function restoreOrganization(ctx: Pick<AppContext, 'db'>, principal: Principal, id: string) {
  requireSystemAdmin(principal);
  requireKeyScope(principal, id);
  const org = await repo.findOrganizationById(ctx.db, id, { includeDeleted: true });
  if (!org?.deletedAt) throw notFound('Deleted organization');
  if (org.parentId && !(await repo.findOrganizationById(ctx.db, org.parentId))) {
    throw conflict('The parent organization is deleted; restore it first');
  }
  const restored = await repo.updateOrganization(ctx.db, id, { deletedAt: null });
  if (!restored) throw notFound('Organization');
  return restored;
}

export async function listOrganizations(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  p: {
    page: number;
    size: number;
    field: repo.OrganizationSortField;
    direction: 'asc' | 'desc';
    deleted: 'exclude' | 'include' | 'only';
  },
) {
  requireSystemAdmin(principal);
  return repo.listOrganizations(ctx.db, p);
}

export async function ancestors(ctx: Pick<AppContext, 'db'>, principal: Principal, id: string) {
  await getReadableOrganization(ctx, principal, id);
  return repo.listAncestors(ctx.db, id);
}

export async function children(ctx: Pick<AppContext, 'db'>, principal: Principal, id: string) {
  await getReadableOrganization(ctx, principal, id);
  return repo.listChildren(ctx.db, id);
}

export interface OrganizationTree {
  org: repo.OrganizationRow;
  children: OrganizationTree[];
}

/** The full subtree rooted at the organization, nested. */
export async function tree(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  id: string,
): Promise<OrganizationTree> {
  await getReadableOrganization(ctx, principal, id);
  const rows = await repo.listSubtree(ctx.db, id);
  const nodes = new Map<string, OrganizationTree>(rows.map((o) => [o.id, { org: o, children: [] }]));
  let root: OrganizationTree | undefined;
  for (const o of rows) {
    const node = nodes.get(o.id) as OrganizationTree;
    if (o.id === id) root = node;
    else if (o.parentId) nodes.get(o.parentId)?.children.push(node);
  }
  if (!root) throw notFound('Organization');
  return root;
}

/** The organization's own identities (legal names, domains…), for telling "us" from a counterparty. */
export async function identitiesOf(ctx: Pick<AppContext, 'db'>, orgId: string) {
  return repo.listIdentities(ctx.db, orgId);
}

// Quotas and settings

export async function getQuotas(ctx: Pick<AppContext, 'db'>, principal: Principal, orgId: string) {
  await getAdministeredOrganization(ctx, principal, orgId);
  const row = await repo.getQuotas(ctx.db, orgId);
  if (!row) throw notFound('Quotas');
  return row;
}

/** Current use of each counted quota, beside its limit in GET /organizations/{orgId}/quotas. */
export interface QuotaUsage {
  /** Documents ingested since the first of this month (UTC): max_documents_per_month. */
  documentsThisMonth: number;
  /** Bytes of all stored documents: max_storage_bytes. */
  storageBytes: number;
  /** OAUTH and CUSTOM source connections: max_sources. */
  sources: number;
  /** Plugins not deleted: max_plugins. */
  plugins: number;
  /** Members whose user is not deleted: max_members. */
  members: number;
}

/**
 * The counts behind {@link QuotaUsage}, one per counted domain (the same counts the enforcing
 * services compare). Those domains sit above organizations (they check its quotas), so app.ts
 * passes their counters in: documents, sources, plugins and members.
 */
export interface QuotaUsageCounters {
  /** Documents ingested since `monthStart` and bytes stored. */
  documents(
    db: Executor,
    organizationId: string,
    monthStart: Date,
  ): Promise<{ documentsThisMonth: number; storageBytes: number }>;
  /** OAUTH and CUSTOM source connections. */
  sources(db: Executor, organizationId: string): Promise<number>;
  /** Plugins not deleted. */
  plugins(db: Executor, organizationId: string): Promise<number>;
  /** Members whose user is not deleted. */
  members(db: Executor, organizationId: string): Promise<number>;
}

/** What each quota of the organization uses now, counted by `counters`. */
export async function quotaUsage(
  ctx: Pick<AppContext, 'db'>,
  orgId: string,
  counters: QuotaUsageCounters,
): Promise<QuotaUsage> {
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [docs, sources, plugins, members] = await Promise.all([
    counters.documents(ctx.db, orgId, monthStart),
    counters.sources(ctx.db, orgId),
    counters.plugins(ctx.db, orgId),
    counters.members(ctx.db, orgId),
  ]);
  return { ...docs, sources, plugins, members };
}

export async function putQuotas(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  orgId: string,
  v: Omit<repo.QuotasRow, 'organizationId' | 'updatedAt'>,
) {
  requireSystemAdmin(principal);
  requireKeyScope(principal, orgId);
  if (!(await repo.findOrganizationById(ctx.db, orgId))) throw notFound('Organization');
  const row = await repo.putQuotas(ctx.db, orgId, v);
  if (!row) throw notFound('Quotas');
  return row;
}

/** A plugin chosen in the settings as members see it (plugins/service.ts `describePlugins`). */
export interface ChosenPlugin {
  id: string;
  name: string;
  version: number;
  enabled: boolean;
  quarantined: boolean;
}

/**
 * Names the organization's live plugins among `ids` (plugins/service.ts `describePlugins`, passed
 * in by app.ts: plugins sit above organizations); ids it does not know are left out.
 */
export type PluginDescriber = (
  ctx: Pick<AppContext, 'db'>,
  organizationId: string,
  ids: readonly string[],
) => Promise<ChosenPlugin[]>;

/** An organization's settings with the plugins they choose, named. */
export interface DescribedSettings {
  settings: repo.SettingsRow;
  plugins: ChosenPlugin[];
}

async function describeSettings(
  ctx: Pick<AppContext, 'db'>,
  orgId: string,
  settings: repo.SettingsRow | undefined,
  describe: PluginDescriber,
): Promise<DescribedSettings> {
  if (!settings) throw notFound('Settings');
  const ids = [settings.classificationPluginId, settings.extractionPluginId].filter((id) => id !== null);
  return { settings, plugins: await describe(ctx, orgId, ids) };
}

/** GET settings (OWNER or ADMIN, spec 4.7), the chosen plugins named. */
export async function getSettings(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  orgId: string,
  describe: PluginDescriber,
) {
  await getAdministeredOrganization(ctx, principal, orgId);
  return describeSettings(ctx, orgId, await repo.getSettings(ctx.db, orgId), describe);
}

/**
 * GET settings/summary: the same settings for any member (or SYSTEM_ADMIN) to read. Spec 4.7
 * keeps GET settings to OWNER and ADMIN; a member still sees what the pipeline does with the
 * organization's documents (which plugins by name, alert days, time zone, forwarding) and
 * nothing a member could not know, since the chosen plugins come without code or configs.
 */
export async function getSettingsSummary(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  orgId: string,
  describe: PluginDescriber,
) {
  await getReadableOrganization(ctx, principal, orgId);
  return describeSettings(ctx, orgId, await repo.getSettings(ctx.db, orgId), describe);
}

/**
 * Checks that a plugin may be chosen in the settings (plugins/service.ts `requireSelectablePlugin`,
 * passed in by app.ts: plugins sit above organizations).
 *
 * @throws HttpProblem 400 naming `field` when it may not
 */
export type PluginChoiceCheck = (
  ctx: AppContext,
  organizationId: string,
  pluginId: string,
  type: 'CLASSIFICATION' | 'EXTRACTION',
  field: string,
) => Promise<void>;

/** PUT settings: the chosen plugins checked by `requireSelectablePlugin`, the change audited. */
export async function putSettings(
  ctx: AppContext,
  principal: Principal,
  orgId: string,
  v: Partial<Omit<repo.SettingsRow, 'organizationId' | 'updatedAt'>>,
  requireSelectablePlugin: PluginChoiceCheck,
  describe: PluginDescriber,
): Promise<DescribedSettings> {
  await getAdministeredOrganization(ctx, principal, orgId);
  if (v.classificationPluginId) {
    await requireSelectablePlugin(
      ctx,
      orgId,
      v.classificationPluginId,
      'CLASSIFICATION',
      'body.classification_plugin_id',
    );
  }
  if (v.extractionPluginId) {
    await requireSelectablePlugin(
      ctx,
      orgId,
      v.extractionPluginId,
      'EXTRACTION',
      'body.extraction_plugin_id',
    );
  }
  const before = await repo.getSettings(ctx.db, orgId);
  const saved = await ctx.db.transaction(async (tx) => {
    const row = await repo.putSettings(tx, orgId, v);
    if (!row) throw notFound('Settings');
    const changes: Record<string, unknown> = {};
    for (const [field, to] of Object.entries(v)) {
      const from = before?.[field as keyof typeof v];
      if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from: from ?? null, to };
    }
    await recordAudit(tx, {
      organizationId: orgId,
      action: 'organization.settings_update',
      resourceType: 'organization_settings',
      resourceId: orgId,
      changes,
    });
    return row;
  });
  return describeSettings(ctx, orgId, saved, describe);
}
