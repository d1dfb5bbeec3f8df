import { type ArchiveTable, archiveTable, BY_ORGANIZATION, insertArchiveRows } from '../db/archive-table.js';
import { documentContents, documents } from '../db/schema.js';

/**
 * The documents' tables in the organization archive (docs/export.md), by manifest record type;
 * exports/ orders them among the other domains' tables and carries each document's file.
 */
export const documentArchiveTables = {
  document: archiveTable(
    documents,
    {
      type: 'document',
      scope: BY_ORGANIZATION,
      hasId: true,
      remap: ['parentDocumentId', 'contractId'],
      clear: ['sourceId'],
      // Derived by the database from the trace and the confirmation (a generated column).
      omit: ['labelConfidence'],
    },
    // Parents (emails) before their attachments: the self-reference is checked per row.
    async (db, rows) => {
      await insertArchiveRows(
        db,
        documents,
        rows.filter((r) => r.parentDocumentId === null),
      );
      await insertArchiveRows(
        db,
        documents,
        rows.filter((r) => r.parentDocumentId !== null),
      );
    },
  ),
  document_content: archiveTable(documentContents, {
    type: 'document_content',
    scope: { parentType: 'document', parentColumn: 'documentId' },
    hasId: false,
    remap: ['documentId'],
    omit: ['textVector'],
  }),
} satisfies Record<string, ArchiveTable>;
