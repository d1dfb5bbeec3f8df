import { type ArchiveTable, archiveTable, BY_ORGANIZATION } from '../db/archive-table.js';
import { alerts } from '../db/schema.js';

/**
 * The alerts' table in the organization archive (docs/export.md), by manifest record type;
 * exports/ orders it among the other domains' tables.
 */
export const alertArchiveTables = {
  alert: archiveTable(alerts, {
    type: 'alert',
    scope: BY_ORGANIZATION,
    hasId: true,
    remap: ['contractId', 'documentId'],
    rewriteIds: ['dedupeKey'],
  }),
} satisfies Record<string, ArchiveTable>;
