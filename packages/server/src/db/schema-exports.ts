// Tables of the exports domain; re-exported by schema.ts so migrations and the query layer see them.
import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { organizations, users } from './schema-core.js';

/**
 * An export of an organization (docs/export.md): a job on the queue writes a ZIP archive of
 * every document's file and a JSON Lines manifest into the blob store.
 */
export const organizationExports = pgTable(
  'organization_exports',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED'] }).notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** Blob-store address of the archive (content hash), once written. */
    archiveSha256: text('archive_sha256'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Rows written per manifest record type. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    /** After this the archive is deleted and the export reads as expired (404 on download). */
    expiresAt: ts('expires_at'),
  },
  (t) => [index('organization_exports_org_created_idx').on(t.organizationId, t.createdAt)],
);
