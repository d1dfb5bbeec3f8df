import { type ArchiveTable, archiveTable, BY_ORGANIZATION } from '../db/archive-table.js';
import { contracts, contractVersions } from '../db/schema.js';

/**
 * The contracts' tables in the organization archive (docs/export.md), by manifest record type;
 * exports/ orders them among the other domains' tables.
 */
export const contractArchiveTables = {
  contract: archiveTable(contracts, {
    type: 'contract',
    scope: BY_ORGANIZATION,
    hasId: true,
    remap: ['documentId'],
  }),
  contract_version: archiveTable(contractVersions, {
    type: 'contract_version',
    scope: { parentType: 'contract', parentColumn: 'contractId' },
    hasId: false,
    remap: ['contractId', 'documentId'],
  }),
} satisfies Record<string, ArchiveTable>;
