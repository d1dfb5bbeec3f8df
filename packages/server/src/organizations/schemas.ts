import { z } from 'zod';
import { iso, uuid } from '../http/schemas.js';
import type { MembershipRow } from './membership-repository.js';
import type { IdentityRow, OrganizationRow, QuotasRow, SettingsRow } from './repository.js';
import type { ChosenPlugin, DescribedSettings, QuotaUsage } from './service.js';
import { SLUG_PATTERN } from './slug.js';

const name = z.string().trim().min(1).max(200);
const slug = z
  .string()
  .regex(
    SLUG_PATTERN,
    'must be 2–63 lowercase letters, digits or single hyphens, starting and ending alphanumeric',
  );

export const organizationDto = z
  .object({
    id: uuid,
    name: z.string(),
    slug: z.string(),
    kind: z.enum(['PERSONAL', 'TEAM']),
    parent_id: uuid.nullable(),
    created_at: z.string(),
    deleted_at: z.string().nullable(),
  })
  .meta({ id: 'Organization' });

export function toOrganizationDto(o: OrganizationRow): z.infer<typeof organizationDto> {
  return {
    id: o.id,
    name: o.name,
    slug: o.slug,
    kind: o.kind,
    parent_id: o.parentId,
    created_at: o.createdAt.toISOString(),
    deleted_at: iso(o.deletedAt),
  };
}

export const organizationCreateRequest = z
  .object({
    name,
    slug: slug.optional().describe('derived from the name when absent; unique'),
    parent_id: uuid.nullish().describe('parent organization; you must be its OWNER or ADMIN'),
  })
  .strict()
  .meta({ id: 'OrganizationCreateRequest' });

export const organizationUpdateRequest = z
  .object({ name })
  .strict()
  .meta({ id: 'OrganizationUpdateRequest' });

export const updateOrganizationRequest = z
  .object({
    name: name.optional(),
    slug: slug.optional(),
    parent_id: uuid.nullish().describe('move under another organization; null makes it a root'),
  })
  .strict()
  .meta({ id: 'UpdateOrganizationRequest' });

export type TreeNode = z.infer<typeof organizationDto> & { children: TreeNode[] };
export const organizationTree: z.ZodType<TreeNode> = organizationDto
  .extend({ children: z.array(z.lazy(() => organizationTree)) })
  .meta({ id: 'OrganizationTree' });

export const identityKind = z.enum(['LEGAL_NAME', 'DOMAIN', 'TAX_ID', 'EMAIL_DOMAIN']);
export const identityDto = z
  .object({
    id: uuid,
    organization_id: uuid,
    kind: identityKind,
    value: z.string(),
    primary: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'OrganizationIdentity' });

export function toIdentityDto(r: IdentityRow): z.infer<typeof identityDto> {
  return {
    id: r.id,
    organization_id: r.organizationId,
    kind: r.kind,
    value: r.value,
    primary: r.isPrimary,
    created_at: r.createdAt.toISOString(),
  };
}

const identityValue = z.string().trim().min(1).max(300);
export const identityCreateRequest = z
  .object({ kind: identityKind, value: identityValue, primary: z.boolean().optional() })
  .strict()
  .meta({ id: 'OrganizationIdentityCreateRequest' });
export const identityUpdateRequest = z
  .object({ kind: identityKind.optional(), value: identityValue.optional(), primary: z.boolean().optional() })
  .strict()
  .meta({ id: 'OrganizationIdentityUpdateRequest' });

const limit = z.number().int().min(0).max(2_147_483_647).nullable();
export const quotasDto = z
  .object({
    max_documents_per_month: limit,
    max_storage_bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
    max_sources: limit,
    max_plugins: limit,
    max_members: limit,
    api_requests_per_minute: limit,
  })
  .meta({ id: 'OrganizationQuotasDto', description: 'null = unlimited' });

export const quotasRequest = quotasDto
  .partial()
  .strict()
  .transform((q) => ({
    max_documents_per_month: q.max_documents_per_month ?? null,
    max_storage_bytes: q.max_storage_bytes ?? null,
    max_sources: q.max_sources ?? null,
    max_plugins: q.max_plugins ?? null,
    max_members: q.max_members ?? null,
    api_requests_per_minute: q.api_requests_per_minute ?? null,
  }));

/** GET quotas: the limits of OrganizationQuotasDto plus what each one uses now. */
export const quotasWithUsageDto = quotasDto
  .extend({
    usage: z
      .object({
        documents_this_month: z.number().int(),
        storage_bytes: z.number().int(),
        sources: z.number().int(),
        plugins: z.number().int(),
        members: z.number().int(),
      })
      .describe('current use: documents since the first of the month (UTC), stored bytes, counted items'),
  })
  .meta({ id: 'OrganizationQuotasWithUsage', description: 'null limit = unlimited' });

export function toQuotasWithUsageDto(q: QuotasRow, u: QuotaUsage): z.infer<typeof quotasWithUsageDto> {
  return {
    ...toQuotasDto(q),
    usage: {
      documents_this_month: u.documentsThisMonth,
      storage_bytes: u.storageBytes,
      sources: u.sources,
      plugins: u.plugins,
      members: u.members,
    },
  };
}

export function toQuotasDto(q: QuotasRow): z.infer<typeof quotasDto> {
  return {
    max_documents_per_month: q.maxDocumentsPerMonth,
    max_storage_bytes: q.maxStorageBytes,
    max_sources: q.maxSources,
    max_plugins: q.maxPlugins,
    max_members: q.maxMembers,
    api_requests_per_minute: q.apiRequestsPerMinute,
  };
}

export function fromQuotasDto(q: z.infer<typeof quotasDto>): Omit<QuotasRow, 'organizationId' | 'updatedAt'> {
  return {
    maxDocumentsPerMonth: q.max_documents_per_month,
    maxStorageBytes: q.max_storage_bytes,
    maxSources: q.max_sources,
    maxPlugins: q.max_plugins,
    maxMembers: q.max_members,
    apiRequestsPerMinute: q.api_requests_per_minute,
  };
}

function isIanaZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const settingsFields = z.object({
  classification_plugin_id: uuid.nullable(),
  extraction_plugin_id: uuid.nullable(),
  renewal_alert_days: z.array(z.number().int().min(1).max(3650)).max(20),
  timezone: z.string().refine(isIanaZone, 'must be an IANA time zone such as Europe/Berlin'),
  email_forwarding_enabled: z.boolean(),
  email_forwarding_sender_policy: z.enum(['ALLOWLIST_AND_DMARC', 'ALLOWLIST_ONLY']).meta({
    description:
      'What forwarded mail must pass: ALLOWLIST_AND_DMARC (default) accepts it when its From address is on the allowlist and its domain authenticated it (DMARC: an aligned DKIM signature or SPF pass); ALLOWLIST_ONLY accepts an allowlisted envelope or From address without checking (docs/sources.md). A message that fails is quarantined in the email-forwarding audit.',
  }),
});

/** A plugin chosen in the settings as every member may see it: no code, no configs. */
export const chosenPluginDto = z
  .object({
    id: uuid,
    name: z.string(),
    version: z.number().int().describe('its current version, which the pipeline runs'),
    status: z.enum(['ENABLED', 'DISABLED']),
    quarantined: z.boolean().describe('true while the pipeline refuses to run it (docs/plugins.md)'),
  })
  .meta({ id: 'ChosenPlugin' });

export const settingsDto = settingsFields
  .extend({
    classification_plugin: chosenPluginDto
      .nullable()
      .describe('the plugin of classification_plugin_id (read-only); null for the built-in classifier'),
    extraction_plugin: chosenPluginDto
      .nullable()
      .describe('the plugin of extraction_plugin_id (read-only); null for the built-in extractor'),
  })
  .meta({ id: 'OrganizationSettingsDto' });

export const settingsRequest = settingsFields.partial().strict();

function toChosenPluginDto(id: string | null, plugins: readonly ChosenPlugin[]) {
  const p = id ? plugins.find((c) => c.id === id) : undefined;
  if (!p) return null;
  return {
    id: p.id,
    name: p.name,
    version: p.version,
    status: p.enabled ? ('ENABLED' as const) : ('DISABLED' as const),
    quarantined: p.quarantined,
  };
}

/** The API form of settings `s`, naming its plugins from `plugins` (see `describeSettings`). */
export function toSettingsDto({ settings: s, plugins }: DescribedSettings): z.infer<typeof settingsDto> {
  return {
    classification_plugin_id: s.classificationPluginId,
    extraction_plugin_id: s.extractionPluginId,
    classification_plugin: toChosenPluginDto(s.classificationPluginId, plugins),
    extraction_plugin: toChosenPluginDto(s.extractionPluginId, plugins),
    renewal_alert_days: s.renewalAlertDays,
    timezone: s.timezone,
    email_forwarding_enabled: s.emailForwardingEnabled,
    email_forwarding_sender_policy: s.emailForwardingSenderPolicy,
  };
}

export function fromSettingsDto(
  s: z.infer<typeof settingsRequest>,
): Partial<Omit<SettingsRow, 'organizationId' | 'updatedAt'>> {
  return {
    ...(s.classification_plugin_id !== undefined
      ? { classificationPluginId: s.classification_plugin_id }
      : {}),
    ...(s.extraction_plugin_id !== undefined ? { extractionPluginId: s.extraction_plugin_id } : {}),
    ...(s.renewal_alert_days !== undefined
      ? { renewalAlertDays: [...new Set(s.renewal_alert_days)].sort((a, b) => b - a) }
      : {}),
    ...(s.timezone !== undefined ? { timezone: s.timezone } : {}),
    ...(s.email_forwarding_enabled !== undefined
      ? { emailForwardingEnabled: s.email_forwarding_enabled }
      : {}),
    ...(s.email_forwarding_sender_policy !== undefined
      ? { emailForwardingSenderPolicy: s.email_forwarding_sender_policy }
      : {}),
  };
}

export const organizationSortFields = ['created_at', 'name', 'slug'] as const;

// Memberships (the members routes, GET /users/me/memberships, an accepted invitation)

export const membershipDto = z
  .object({
    organization_id: uuid,
    user_id: uuid,
    role: z.enum(['OWNER', 'ADMIN', 'MEMBER']),
    created_at: z.string(),
  })
  .meta({ id: 'Membership' });

export function toMembershipDto(m: MembershipRow): z.infer<typeof membershipDto> {
  return {
    organization_id: m.organizationId,
    user_id: m.userId,
    role: m.role,
    created_at: m.createdAt.toISOString(),
  };
}

export const membershipWithOrganization = membershipDto
  .extend({ organization: organizationDto })
  .meta({ id: 'MembershipWithOrganization' });

export function toMembershipWithOrganization(r: {
  membership: MembershipRow;
  organization: OrganizationRow;
}): z.infer<typeof membershipWithOrganization> {
  return { ...toMembershipDto(r.membership), organization: toOrganizationDto(r.organization) };
}
