/**
 * Email forwarding: each organization has an inbound address `<local>@<SERVICE_EMAIL_DOMAIN>`;
 * mail to it from an allowlisted sender becomes a document of the organization's
 * EMAIL_FORWARDING connection (the raw message as a `.eml`; the pipeline splits body and
 * attachments). Every decision of the SMTP listener is audited.
 *
 * Forwarding is on when the organization setting `email_forwarding_enabled` is true. With the
 * setting `email_forwarding_sender_policy` at `ALLOWLIST_AND_DMARC` (the default) the `From:`
 * domain must also have authenticated the message (email-auth.ts); a message that does not is
 * quarantined: not stored, audited with the reason.
 * A sender matches an entry when its address equals the entry (`alice@example.com`) or its
 * domain equals the entry's domain (`@example.com`; subdomains do not match).
 */
import { randomBytes } from 'node:crypto';
import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import { ingestDocument } from '../documents/service.js';
import { badRequest, conflict, notFound } from '../http/problem.js';
import { findOrganizationById } from '../organizations/records.js';
import { getSettingsOf } from '../organizations/settings.js';
import { DEFAULT_SENDER_POLICY, type SenderPolicy } from './email-auth.js';
import * as repo from './repository.js';
import { WRITE_ROLES } from './service.js';
import { forwardingEnabled } from './status.js';

const ADDRESS =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~.-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;
const DOMAIN = /^@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

/** The organization's EMAIL_FORWARDING connection, created once. */
export async function emailConnection(ctx: Pick<AppContext, 'db'>, organizationId: string) {
  return (
    (await repo.findBuiltinConnection(ctx.db, organizationId, 'EMAIL_FORWARDING')) ??
    repo.insertBuiltinConnection(ctx.db, {
      organizationId,
      kind: 'EMAIL_FORWARDING',
      name: 'Email forwarding',
      provider: 'email_forwarding',
    })
  );
}

function localPartFor(slug: string): string {
  const base = slug
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  // A random suffix makes the address unguessable (the allowlist is the real gate).
  return `${base || 'org'}-${randomBytes(5).toString('hex')}`;
}

/** The organization's local part, created on first use. */
async function localPartOf(ctx: Pick<AppContext, 'db'>, organizationId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const found = await repo.findAddressOfOrg(ctx.db, organizationId);
    if (found) return found.localPart;
    const org = await findOrganizationById(ctx.db, organizationId);
    await repo.insertAddress(ctx.db, organizationId, localPartFor(org?.slug ?? 'org'));
  }
  throw new Error('could not allocate an inbound address');
}

/** GET /sources/email-forwarding/address: `{address, enabled, source_id}`. */
export async function forwardingAddress(ctx: Pick<AppContext, 'config' | 'db'>, tenant: Tenant) {
  const settings = ctx.config.sources;
  const [local, connection, enabled] = await Promise.all([
    localPartOf(ctx, tenant.organizationId),
    emailConnection(ctx, tenant.organizationId),
    forwardingEnabled(ctx, tenant.organizationId),
  ]);
  return {
    address: `${local}@${settings.emailDomain}`,
    enabled,
    source_id: connection.id,
  };
}

/**
 * Normalises an allowlist pattern: lower case; an address or `@domain`. The wildcard spelling
 * `*@domain` is stored as `@domain`: `*` is a valid local-part character, so kept as written it
 * would be an address that no real sender has and would silently never match.
 *
 * @throws HttpProblem 400 naming `body.pattern`
 */
export function normalizePattern(raw: string): string {
  const lowered = raw.trim().toLowerCase();
  const p = lowered.startsWith('*@') ? lowered.slice(1) : lowered;
  if (!ADDRESS.test(p) && !DOMAIN.test(p)) {
    throw badRequest(
      'Invalid request: body.pattern: must be an address (alice@example.com) or a domain (@example.com)',
      {
        errors: [
          {
            field: 'body.pattern',
            message: 'must be an address (alice@example.com) or a domain (@example.com)',
          },
        ],
      },
    );
  }
  return p;
}

/** Whether `sender` matches one of the patterns (exact address, or exact domain for `@domain`). */
export function senderAllowed(patterns: string[], sender: string | null | undefined): boolean {
  if (!sender) return false;
  const s = sender.trim().toLowerCase();
  const at = s.lastIndexOf('@');
  if (at < 1) return false;
  const domain = s.slice(at);
  // `*@domain` rows were stored as written before normalizePattern folded them into `@domain`.
  return patterns.some((p) =>
    p.startsWith('@') ? p === domain : p.startsWith('*@') ? p.slice(1) === domain : p === s,
  );
}

export async function listAllowlist(ctx: Pick<AppContext, 'db'>, tenant: Tenant) {
  return repo.listAllowlist(ctx.db, tenant.organizationId);
}

/** @throws HttpProblem 403 (role), 400 (pattern), 409 (pattern already listed) */
export async function addAllowlistEntry(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  body: { pattern: string; note?: string | null | undefined },
) {
  requireRole(principal, tenant.role, WRITE_ROLES);
  const pattern = normalizePattern(body.pattern);
  if (await repo.findAllowlistPattern(ctx.db, tenant.organizationId, pattern))
    throw conflict(`${pattern} is already on the allowlist`);
  return repo.insertAllowlistEntry(ctx.db, {
    organizationId: tenant.organizationId,
    pattern,
    note: body.note ?? null,
    createdBy: principal.user.id,
  });
}

/** @throws HttpProblem 403, 404, 400, 409 */
export async function updateAllowlistEntry(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  entryId: string,
  body: { pattern?: string | undefined; note?: string | null | undefined },
) {
  requireRole(principal, tenant.role, WRITE_ROLES);
  const entry = await repo.findAllowlistEntry(ctx.db, tenant.organizationId, entryId);
  if (!entry) throw notFound('Allowlist entry');
  const pattern = body.pattern !== undefined ? normalizePattern(body.pattern) : undefined;
  if (
    pattern &&
    pattern !== entry.pattern &&
    (await repo.findAllowlistPattern(ctx.db, tenant.organizationId, pattern))
  )
    throw conflict(`${pattern} is already on the allowlist`);
  const row = await repo.updateAllowlistEntry(ctx.db, entry.id, { pattern, note: body.note });
  if (!row) throw notFound('Allowlist entry');
  return row;
}

/** @throws HttpProblem 403, 404 */
export async function deleteAllowlistEntry(
  ctx: Pick<AppContext, 'db'>,
  principal: Principal,
  tenant: Tenant,
  entryId: string,
) {
  requireRole(principal, tenant.role, WRITE_ROLES);
  const entry = await repo.findAllowlistEntry(ctx.db, tenant.organizationId, entryId);
  if (!entry) throw notFound('Allowlist entry');
  await repo.deleteAllowlistEntry(ctx.db, entry.id);
  return entry;
}

export async function listAudit(
  ctx: Pick<AppContext, 'db'>,
  tenant: Tenant,
  p: Parameters<typeof repo.listAudit>[2],
) {
  return repo.listAudit(ctx.db, tenant.organizationId, p);
}

/** A recipient resolved to its organization. */
export interface InboundRecipient {
  organizationId: string;
  address: string;
  enabled: boolean;
  /** What the message must pass besides the allowlist (sources/email-auth.ts). */
  senderPolicy: SenderPolicy;
}

/**
 * Resolves an envelope recipient (RFC 5321 §4.1.1.3) to an organization: the domain must be
 * `SERVICE_EMAIL_DOMAIN`; a `+tag` after the local part is ignored.
 */
export async function resolveRecipient(
  ctx: Pick<AppContext, 'config' | 'db'>,
  address: string,
): Promise<InboundRecipient | undefined> {
  const a = address.trim().toLowerCase();
  const at = a.lastIndexOf('@');
  if (at < 1 || a.slice(at + 1) !== ctx.config.sources.emailDomain) return undefined;
  const local = a.slice(0, at).split('+')[0] ?? '';
  const found = await repo.findAddressByLocalPart(ctx.db, local);
  if (!found) return undefined;
  const settings = await getSettingsOf(ctx.db, found.organizationId);
  return {
    organizationId: found.organizationId,
    address: a,
    enabled: settings?.emailForwardingEnabled ?? false,
    senderPolicy: settings?.emailForwardingSenderPolicy ?? DEFAULT_SENDER_POLICY,
  };
}

/** The allowlist patterns of an organization. */
export async function allowlistPatterns(
  ctx: Pick<AppContext, 'db'>,
  organizationId: string,
): Promise<string[]> {
  return (await repo.listAllowlist(ctx.db, organizationId)).map((e) => e.pattern);
}

/** Writes one audit record. */
export async function audit(
  ctx: Pick<AppContext, 'db'>,
  v: {
    organizationId: string;
    decision: 'ACCEPTED' | 'REJECTED' | 'QUARANTINED';
    reason: string;
    sender: string | null;
    recipient: string;
    messageId: string | null;
    documentId?: string | null;
    remoteAddress: string | null;
  },
) {
  return repo.insertAudit(ctx.db, { ...v, documentId: v.documentId ?? null });
}

/** Headers of a raw message needed for the decision and the document (RFC 5322 §3.6). */
export function messageHeaders(raw: Buffer): {
  messageId: string | null;
  from: string | null;
  subject: string | null;
} {
  const text = raw.subarray(0, 64 * 1024).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const head = (end >= 0 ? text.slice(0, end) : text).replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => {
    const m = head.match(new RegExp(`^${name}:[ \\t]*(.*)$`, 'im'));
    return m?.[1]?.trim() ?? null;
  };
  const fromRaw = header('From');
  const from = fromRaw
    ? (fromRaw.match(/<([^>]+)>/)?.[1] ?? fromRaw.match(/[^\s<>"]+@[^\s<>"]+/)?.[0] ?? null)
    : null;
  return { messageId: header('Message-ID'), from: from?.toLowerCase() ?? null, subject: header('Subject') };
}

/**
 * Stores an accepted message as a document of the organization's EMAIL_FORWARDING connection.
 *
 * @returns the document and whether it was new (the same bytes again are one document)
 * @throws HttpProblem from ingest (quota 429/403, size 413)
 */
export async function ingestMessage(
  ctx: Pick<AppContext, 'blobs' | 'config' | 'db' | 'queue'>,
  v: {
    organizationId: string;
    raw: Buffer;
    sender: string | null;
    recipient: string;
    /** The sender-authentication summary (email-auth.ts), kept in the document's metadata. */
    authentication?: string | null;
  },
) {
  const connection = await emailConnection(ctx, v.organizationId);
  const h = messageHeaders(v.raw);
  const base = (h.subject ?? h.messageId ?? 'message')
    .replace(/[\\/:*?"<>|\r\n\t]+/g, ' ')
    .trim()
    .slice(0, 120);
  const result = await ingestDocument(ctx, v.organizationId, {
    bytes: v.raw,
    filename: `${base || 'message'}.eml`,
    declaredMime: 'message/rfc822',
    sourceId: connection.id,
    metadata: {
      folder: 'email',
      envelope_from: v.sender,
      from: h.from,
      to: v.recipient,
      subject: h.subject,
      message_id: h.messageId,
      ...(v.authentication ? { authentication: v.authentication } : {}),
      received_at: new Date().toISOString(),
    },
  });
  await repo.updateConnection(ctx.db, connection.id, { lastSyncedAt: new Date() });
  return result;
}
