import { z } from 'zod';
import { SOURCE_KINDS, SOURCE_STATUSES } from '../db/schema-sources.js';
import { iso, timestamp, uuid } from '../http/schemas.js';
import { IGNORE_LIMITS, patternProblem } from './ignore.js';
import type { AllowlistRow, AuditRow, ConnectionRow, SyncRow } from './repository.js';

export const sourceIdParams = z.object({ sourceId: uuid.describe('UUID of the source connection') });
export const entryIdParams = z.object({ entryId: uuid.describe('UUID of the allowlist entry') });

const jsonObject = z.record(z.string(), z.unknown());

/**
 * A connection's configs: the service's ignore settings (ignore.ts) beside the SourcePlugin's
 * own parameters (checked against its configurable_parameters).
 */
const sourceConfigs = z
  .object({
    ignore_patterns: z
      .array(
        z
          .string()
          .min(1)
          .max(IGNORE_LIMITS.length)
          .superRefine((pattern, check) => {
            const problem = patternProblem(pattern);
            if (problem) check.addIssue({ code: 'custom', message: problem });
          }),
      )
      .min(1)
      .max(IGNORE_LIMITS.patterns)
      .optional()
      .describe(
        'glob patterns of files the sync skips (not downloaded, no document), matched case-sensitively against the path relative to the source ("folder/name"); a pattern without "/" matches the name in any folder (docs/sources.md "Ignoring files")',
      ),
    ignore_defaults: z
      .boolean()
      .optional()
      .describe(
        'false: do not also skip operating-system and editor junk (.DS_Store, Thumbs.db, ~$ lock files, ...); default true',
      ),
  })
  .catchall(z.unknown())
  .meta({ id: 'SourceConfigs' });

/** A source connection (api-decisions §2); never credentials. */
export const connectionDto = z.object({
  id: uuid,
  name: z.string(),
  provider: z
    .string()
    .describe('OAuth provider id, SourcePlugin source_type, manual_upload or email_forwarding'),
  kind: z.enum(SOURCE_KINDS),
  status: z.enum(SOURCE_STATUSES),
  auto_sync: z.boolean(),
  sync_interval_minutes: z.number().int(),
  plugin_id: uuid.nullable(),
  configs: sourceConfigs,
  last_synced_at: timestamp.nullable(),
  last_error: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export function toConnectionDto(r: ConnectionRow): z.infer<typeof connectionDto> {
  return {
    id: r.id,
    name: r.name,
    provider: r.provider,
    kind: r.kind,
    status: r.status,
    auto_sync: r.autoSync,
    sync_interval_minutes: r.syncIntervalMinutes,
    plugin_id: r.pluginId,
    configs: r.configs,
    last_synced_at: iso(r.lastSyncedAt),
    last_error: r.lastError,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export const listSourcesQuery = z.object({
  status: z.enum(SOURCE_STATUSES).optional(),
  provider: z.string().min(1).max(100).optional(),
});

/** CreateCustomSourceRequest (api-decisions §2). */
export const createCustomSourceRequest = z
  .object({
    source_type: z.string().min(1).max(100).describe("a registered SourcePlugin's source_type"),
    name: z.string().trim().min(1).max(200),
    credentials: z
      .record(z.string(), z.unknown())
      .default({})
      .describe('one value per credential_fields entry'),
    configs: sourceConfigs.default({}),
    auto_sync: z.boolean().default(false),
    interval_minutes: z.number().int().min(1).max(10_080).optional(),
  })
  .strict();

/** Source PATCH (the spec's byte-string body, api-decisions §2). */
export const updateSourceRequest = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    configs: sourceConfigs.optional(),
  })
  .strict();

export const autoSyncDto = z.object({
  enabled: z.boolean(),
  interval_minutes: z.number().int(),
  next_check_at: timestamp.nullable(),
});

export const autoSyncRequest = z
  .object({
    enabled: z.boolean().optional(),
    interval_minutes: z.number().int().min(1).max(10_080).optional(),
  })
  .strict();

export const syncDto = z.object({
  id: uuid,
  source_id: uuid,
  trigger: z.enum(['MANUAL', 'AUTO']),
  status: z.enum(['RUNNING', 'SUCCEEDED', 'FAILED', 'ABORTED']),
  started_at: timestamp,
  ended_at: timestamp.nullable(),
  documents_created: z.number().int(),
  documents_skipped: z.number().int().describe('items whose bytes were already a document (duplicates)'),
  documents_failed: z.number().int().describe('items refused (unsupported type, too large)'),
  documents_ignored: z
    .number()
    .int()
    .describe("items matched by the connection's ignore patterns: not downloaded, no document"),
  error: z.string().nullable(),
});

export function toSyncDto(r: SyncRow): z.infer<typeof syncDto> {
  return {
    id: r.id,
    source_id: r.connectionId,
    trigger: r.trigger,
    status: r.status,
    started_at: r.startedAt.toISOString(),
    ended_at: iso(r.endedAt),
    documents_created: r.documentsCreated,
    documents_skipped: r.documentsSkipped,
    documents_failed: r.documentsFailed,
    documents_ignored: r.documentsIgnored,
    error: r.error,
  };
}

const statusCounts = z.object({
  RECEIVED: z.number().int(),
  PROCESSING: z.number().int(),
  PROCESSED: z.number().int(),
  FAILED: z.number().int(),
});

export const coverageDto = z.object({
  source_id: uuid,
  name: z.string(),
  kind: z.enum(SOURCE_KINDS),
  total: z.number().int(),
  by_status: statusCounts,
  last_synced_at: timestamp.nullable(),
});

export const orgCoverageDto = z.object({
  organization_id: uuid,
  total: z.number().int(),
  by_status: statusCounts,
  without_source: z.number().int().describe('documents not linked to a connection'),
  sources: z.array(coverageDto),
});

export const foldersDto = z.object({
  folders: z.array(
    z.object({
      path: z.string().nullable().describe('metadata.folder; null for documents without one'),
      documents: z.number().int(),
      last_document_at: timestamp.nullable(),
    }),
  ),
});

export const stateDto = z.object({
  source_id: uuid,
  state: jsonObject.describe("the SourcePlugin's saved BaseSourceState (never credentials)"),
  updated_at: timestamp,
  last_synced_at: timestamp.nullable(),
});

export const providerDto = z.object({
  provider: z.string(),
  name: z.string(),
  kind: z.enum(SOURCE_KINDS),
  scopes: z.array(z.string()),
});

export const initiateConnectionRequest = z
  .object({
    provider: z.string().min(1).max(100),
    name: z.string().trim().min(1).max(200).optional(),
    redirect_uri: z.string().url().max(2000).optional(),
  })
  .strict();

/** POST /sources/{id}/reconnect: where the browser lands after the callback (optional). */
export const reconnectRequest = z
  .object({ redirect_uri: z.string().url().max(2000).optional() })
  .strict()
  .meta({ id: 'ReconnectRequest' });

export const connectResponse = z.object({ authorization_url: z.string(), state: z.string() });

export const addressDto = z.object({ address: z.string(), enabled: z.boolean(), source_id: uuid });

/**
 * `normalizePattern`'s rule (email.ts) as one JSON Schema pattern over the value as sent: it is
 * trimmed (whitespace around it) and lowered (any case; U+212A KELVIN SIGN lowers to "k"), then an
 * address or an "@domain" of dot-separated labels.
 */
const LETTER = 'a-zA-Z\\u212A0-9';
const LABEL = `[${LETTER}](?:[${LETTER}-]*[${LETTER}])?`;
export const ALLOWLIST_PATTERN = `^\\s*[${LETTER}!#$%&'*+/=?^_\`{|}~.-]*@${LABEL}(?:\\.${LABEL})+\\s*$`;

export const allowlistEntryRequest = z
  .object({
    pattern: z
      .string()
      .trim()
      .min(3)
      .max(254)
      .describe('an address (alice@example.com) or a domain (@example.com)')
      .meta({ pattern: ALLOWLIST_PATTERN }),
    note: z.string().max(500).nullable().optional(),
  })
  .strict();
export const allowlistPatchRequest = allowlistEntryRequest.partial().strict();

export const allowlistEntryDto = z.object({
  id: uuid,
  pattern: z.string(),
  note: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export function toAllowlistDto(r: AllowlistRow): z.infer<typeof allowlistEntryDto> {
  return {
    id: r.id,
    pattern: r.pattern,
    note: r.note,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export const auditDto = z.object({
  id: uuid,
  decision: z.enum(['ACCEPTED', 'REJECTED', 'QUARANTINED']).meta({
    description:
      'ACCEPTED: stored as a document; REJECTED: refused (recipient disabled, sender not allowlisted, storage refused, or a temporary failure the sender retries); QUARANTINED: allowlisted but failed sender authentication (DKIM/SPF/DMARC), not stored',
  }),
  reason: z.string(),
  sender: z.string().nullable(),
  recipient: z.string(),
  message_id: z.string().nullable(),
  document_id: uuid.nullable(),
  remote_address: z.string().nullable(),
  at: timestamp,
});

export function toAuditDto(r: AuditRow): z.infer<typeof auditDto> {
  return {
    id: r.id,
    decision: r.decision,
    reason: r.reason,
    sender: r.sender,
    recipient: r.recipient,
    message_id: r.messageId,
    document_id: r.documentId,
    remote_address: r.remoteAddress,
    at: r.createdAt.toISOString(),
  };
}
