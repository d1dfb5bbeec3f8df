import { type ArchiveTable, archiveTable, BY_ORGANIZATION } from '../db/archive-table.js';
import { labelSuggestions, ontologyVersions } from '../db/schema.js';

/**
 * The ontology's tables in the organization archive (docs/export.md), by manifest record type;
 * exports/ orders them among the other domains' tables.
 */
export const ontologyArchiveTables = {
  ontology_version: archiveTable(ontologyVersions, {
    type: 'ontology_version',
    scope: BY_ORGANIZATION,
    hasId: false,
    clear: ['createdBy'],
  }),
  label_suggestion: archiveTable(labelSuggestions, {
    type: 'label_suggestion',
    scope: BY_ORGANIZATION,
    hasId: true,
    remap: ['documentId'],
  }),
} satisfies Record<string, ArchiveTable>;
