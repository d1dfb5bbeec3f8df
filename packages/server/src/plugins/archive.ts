import { type ArchiveTable, archiveTable, BY_ORGANIZATION } from '../db/archive-table.js';
import { plugins, pluginVersions } from '../db/schema.js';

/**
 * The plugins' tables in the organization archive (docs/export.md), by manifest record type;
 * exports/ orders them among the other domains' tables.
 */
export const pluginArchiveTables = {
  plugin: archiveTable(plugins, {
    type: 'plugin',
    scope: BY_ORGANIZATION,
    hasId: true,
    clear: ['createdBy'],
  }),
  plugin_version: archiveTable(pluginVersions, {
    type: 'plugin_version',
    scope: { parentType: 'plugin', parentColumn: 'pluginId' },
    hasId: false,
    remap: ['pluginId'],
    clear: ['createdBy'],
  }),
} satisfies Record<string, ArchiveTable>;
