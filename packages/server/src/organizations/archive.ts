import { type ArchiveTable, archiveTable, BY_ORGANIZATION, upsertArchiveRows } from '../db/archive-table.js';
import { organizationIdentities, organizationSettings } from '../db/schema.js';

/**
 * The organization's tables in its archive (docs/export.md), by manifest record type; exports/
 * orders them among the other domains' tables.
 */
export const organizationArchiveTables = {
  organization_identity: archiveTable(organizationIdentities, {
    type: 'organization_identity',
    scope: BY_ORGANIZATION,
    hasId: true,
  }),
  // The target organization already has its settings row (made with it): the archived one replaces it.
  organization_settings: archiveTable(
    organizationSettings,
    {
      type: 'organization_settings',
      scope: BY_ORGANIZATION,
      hasId: false,
      remap: ['classificationPluginId', 'extractionPluginId'],
    },
    (db, rows) => upsertArchiveRows(db, organizationSettings, 'organizationId', rows),
  ),
} satisfies Record<string, ArchiveTable>;
