/**
 * Export of a selection of documents (issue 35, docs/api.md "Exporting a selection"): one request
 * answers a spreadsheet of what the service read from each document, or a ZIP of the originals
 * with that spreadsheet beside them. Unlike the organization export (exports/), which an OWNER
 * runs as a job to move everything to another instance, this is a member's download of a few
 * hundred documents for daily work, streamed as it is written.
 */
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { stringify } from 'csv-stringify/sync';
import { recordAudit } from '../audit/service.js';
import type { Tenant } from '../auth/principal.js';
import type { AppContext } from '../context.js';
import { HttpProblem } from '../http/problem.js';
import { cutFilename } from './filename.js';
import { type DocumentRow, findDocuments } from './repository.js';

export const EXPORT_FORMATS = ['csv', 'zip'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Largest selection one export may name (the bulk actions' bound). */
export const EXPORT_MAX_DOCUMENTS = 500;

/** The columns every row has, before one column per extracted field. */
const FIXED_COLUMNS = ['id', 'filename', 'status', 'labels', 'labels_confirmed', 'created_at', 'source_id'];

/**
 * One extracted value as a spreadsheet cell: text and numbers as they are, money as
 * `48000 USD`, a list one item after another separated by `; `, anything else as JSON.
 */
export function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (Array.isArray(value)) return value.map(cellOf).join('; ');
  const o = value as Record<string, unknown>;
  if ('amount' in o && 'currency' in o) return `${cellOf(o.amount)} ${cellOf(o.currency)}`.trim();
  return JSON.stringify(value);
}

/**
 * The selection as CSV (RFC 4180, written by csv-stringify): a header line, then a row per
 * document in the order given. After the fixed columns, one column per extracted field of any
 * document of the selection (in the order first met); `labels` is the path `Contract > Supply`.
 */
export function documentsCsv(rows: DocumentRow[]): string {
  const fields: string[] = [];
  for (const r of rows)
    for (const name of Object.keys(r.extraction?.data ?? {}))
      if (!name.startsWith('_') && !fields.includes(name)) fields.push(name);
  const columns = [...FIXED_COLUMNS, ...fields.filter((f) => !FIXED_COLUMNS.includes(f))];
  const records = rows.map((r) => ({
    id: r.id,
    filename: r.filename,
    status: r.status,
    labels: r.labels.join(' > '),
    labels_confirmed: String(r.labelsConfirmed),
    created_at: r.createdAt.toISOString(),
    source_id: r.sourceId ?? '',
    ...Object.fromEntries(
      fields.filter((f) => !FIXED_COLUMNS.includes(f)).map((f) => [f, cellOf(r.extraction?.data[f])]),
    ),
  }));
  return stringify(records, { header: true, columns });
}

/** Longest entry name in the archive's `files/`, in UTF-16 units: room for the folder it is unpacked into. */
const ENTRY_NAME_MAX_LENGTH = 150;

/**
 * Longest entry name in UTF-8 bytes: a file name is at most 255 bytes on Linux and macOS, and the
 * id prefix of a taken name adds 9.
 */
const ENTRY_NAME_MAX_BYTES = 240;

/** True when `name` is short enough for an archive entry on every common file system. */
const fitsEntry = (name: string) =>
  name.length <= ENTRY_NAME_MAX_LENGTH && Buffer.byteLength(name) <= ENTRY_NAME_MAX_BYTES;

/**
 * A name unique within the archive for each document: its own, without characters file systems
 * refuse, cut between characters keeping its extension; prefixed by its id when taken.
 */
export function entryNames(rows: Pick<DocumentRow, 'id' | 'filename'>[]): string[] {
  const taken = new Set<string>();
  return rows.map((r) => {
    const safe = cutFilename(r.filename.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_'), fitsEntry) || 'document';
    const name = taken.has(safe.toLowerCase()) ? `${r.id.slice(0, 8)}-${safe}` : safe;
    taken.add(name.toLowerCase());
    return `files/${name}`;
  });
}

/**
 * The ZIP (PKWARE APPNOTE, written by archiver): `documents.csv` and `files/<filename>` per
 * document, the bytes as uploaded (stored, not recompressed). Files are read from the blob store
 * one at a time as the reader takes the stream, so memory holds one file, not the selection.
 */
function documentsZip(ctx: Pick<AppContext, 'blobs'>, rows: DocumentRow[]): Readable {
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const names = entryNames(rows);
  const write = async () => {
    zip.append(documentsCsv(rows), { name: 'documents.csv' });
    for (const [i, r] of rows.entries()) {
      const bytes = await ctx.blobs.get(r.organizationId, r.sha256);
      const written = once(zip, 'entry');
      zip.append(bytes, { name: names[i] as string, store: true, date: r.createdAt });
      await written;
    }
    await zip.finalize();
  };
  write().catch((err: unknown) => {
    // A file missing from the store ends the download with an error, not a short archive.
    zip.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return zip;
}

/**
 * Exports the tenant's documents `documentIds` (duplicates counted once, in the order given) as
 * CSV or as a ZIP with the originals; recorded in the audit log as `document.export` (format and
 * count), since the organization's data leaves the service.
 *
 * @returns the body (a string for CSV, a stream for ZIP), its media type and a file name
 * @throws HttpProblem 404 naming `body.document_ids[i]` for each id that is not a document of the
 *   organization (nothing is exported: a download is whole or absent)
 */
export async function exportDocuments(
  ctx: Pick<AppContext, 'blobs' | 'db'>,
  tenant: Tenant,
  req: { documentIds: string[]; format: ExportFormat },
): Promise<{ body: string | Readable; type: string; filename: string }> {
  const ids = [...new Set(req.documentIds)];
  const found = new Map(
    (await findDocuments(ctx.db, tenant.organizationId, ids)).map((r) => [r.id, r] as const),
  );
  const missing = req.documentIds.map((id, i) => ({ id, i })).filter(({ id }) => !found.has(id));
  if (missing.length > 0)
    throw new HttpProblem(
      404,
      `${missing.length} of the selected documents ${missing.length === 1 ? 'does' : 'do'} not exist in this organization`,
      {
        errors: missing.map(({ i }) => ({ field: `body.document_ids[${i}]`, message: 'no such document' })),
      },
    );
  const rows = ids.map((id) => found.get(id) as DocumentRow);
  await recordAudit(ctx.db, {
    organizationId: tenant.organizationId,
    action: 'document.export',
    resourceType: 'document',
    resourceId: null,
    changes: { format: req.format, documents: rows.length },
  });
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return req.format === 'csv'
    ? { body: documentsCsv(rows), type: 'text/csv; charset=utf-8', filename: `documents-${stamp}.csv` }
    : { body: documentsZip(ctx, rows), type: 'application/zip', filename: `documents-${stamp}.zip` };
}
