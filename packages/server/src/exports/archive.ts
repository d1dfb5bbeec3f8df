import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { ZipArchive } from 'archiver';
import yauzl from 'yauzl';
import type { BlobStore } from '../blobs/store.js';
import type { ArchiveTable } from '../db/archive-table.js';
import type { Executor } from '../db/client.js';
import { newId } from '../ids.js';
import { TABLES } from './tables.js';

/** The manifest's first line names the format; import refuses what it does not know. */
export const ARCHIVE_FORMAT = 'document-intelligence-export';
export const ARCHIVE_VERSION = 1;
export const MANIFEST = 'manifest.jsonl';

/** One line of the manifest after the header: a row of a table, and for documents the file's entry. */
export interface ManifestRecord {
  type: string;
  data: Record<string, unknown>;
  file?: string;
}

export interface ArchiveHeader {
  type: 'header';
  format: typeof ARCHIVE_FORMAT;
  version: number;
  exported_at: string;
  organization: { id: string; name: string; slug: string };
  counts: Record<string, number>;
}

/** A file name safe inside a ZIP on every system: no path separators, no control characters. */
function entryName(sha256: string, filename: string): string {
  const safe = filename.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').slice(0, 150) || 'document';
  return `files/${sha256}/${safe}`;
}

/**
 * Writes the organization's archive: `manifest.jsonl` (a header line, then one line per row of
 * every table of tables.ts) and `files/<sha256>/<filename>` with each document's original bytes.
 * ZIP (PKWARE APPNOTE) written by archiver; documents' files are stored without recompression.
 */
export async function writeArchive(
  db: Executor,
  blobs: BlobStore,
  organization: { id: string; name: string; slug: string },
): Promise<{ bytes: Buffer; counts: Record<string, number> }> {
  const lines: string[] = [];
  const counts: Record<string, number> = {};
  const idsByType = new Map<string, string[]>();
  const files: { name: string; sha256: string }[] = [];
  for (const spec of TABLES) {
    const parentIds = 'parentType' in spec.scope ? (idsByType.get(spec.scope.parentType) ?? []) : [];
    const rows = await spec.select(db, organization.id, parentIds);
    if (spec.hasId)
      idsByType.set(
        spec.type,
        rows.map((r) => String(r.id)),
      );
    for (const row of rows) {
      const record: ManifestRecord = { type: spec.type, data: row };
      if (spec.type === 'document') {
        record.file = entryName(String(row.sha256), String(row.filename));
        files.push({ name: record.file, sha256: String(row.sha256) });
      }
      lines.push(JSON.stringify(record));
    }
    counts[spec.type] = rows.length;
  }
  const header: ArchiveHeader = {
    type: 'header',
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exported_at: new Date().toISOString(),
    organization,
    counts,
  };
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    zip.on('error', reject);
  });
  zip.pipe(sink);
  zip.append(`${[JSON.stringify(header), ...lines].join('\n')}\n`, { name: MANIFEST });
  for (const f of files)
    zip.append(await blobs.get(organization.id, f.sha256), { name: f.name, store: true });
  await zip.finalize();
  await done;
  return { bytes: Buffer.concat(chunks), counts };
}

/** Raised for an archive that cannot be imported; the message says why. */
export class ImportError extends Error {}

/** Reads every entry of a ZIP file into memory, refusing entries over `maxEntryBytes`. */
async function readZip(path: string, maxEntryBytes: number): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true }, (err, z) =>
      err || !z ? reject(new ImportError(`not a ZIP archive: ${err?.message}`)) : resolve(z),
    ),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      if (entry.uncompressedSize > maxEntryBytes) {
        zip.close();
        return reject(new ImportError(`${entry.fileName} is larger than ${maxEntryBytes} bytes`));
      }
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(err);
        const parts: Buffer[] = [];
        stream.on('data', (c: Buffer) => parts.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(parts));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return entries;
}

/** Parses the manifest: its header and records. @throws ImportError */
function parseManifest(text: string): { header: ArchiveHeader; records: ManifestRecord[] } {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const parse = (l: string, n: number) => {
    try {
      return JSON.parse(l) as Record<string, unknown>;
    } catch {
      throw new ImportError(`${MANIFEST} line ${n + 1} is not JSON`);
    }
  };
  const header = parse(lines[0] ?? '{}', 0) as unknown as ArchiveHeader;
  if (header.type !== 'header' || header.format !== ARCHIVE_FORMAT)
    throw new ImportError(`${MANIFEST} does not start with a ${ARCHIVE_FORMAT} header`);
  if (header.version > ARCHIVE_VERSION)
    throw new ImportError(
      `archive version ${header.version} is newer than this server reads (${ARCHIVE_VERSION})`,
    );
  return { header, records: lines.slice(1).map((l, i) => parse(l, i + 1) as unknown as ManifestRecord) };
}

/**
 * Restores an archive into `organizationId`, which must have no documents and no ontology yet.
 * Every row gets a new id; references follow (tables.ts). Files are checked against their
 * SHA-256 before they are stored. All rows are written in one transaction: an import is whole
 * or absent (files already stored are content-addressed and harmless).
 *
 * @returns rows restored per record type
 * @throws ImportError for a malformed archive, a missing or altered file, or a non-empty target
 */
export async function importArchive(
  db: Executor,
  blobs: BlobStore,
  archivePath: string,
  organizationId: string,
  opts: { maxFileBytes: number; afterInsert: (tx: Executor, documentIds: string[]) => Promise<void> },
): Promise<Record<string, number>> {
  const entries = await readZip(archivePath, Math.max(opts.maxFileBytes, 1024 * 1024 * 1024));
  const manifest = entries.get(MANIFEST);
  if (!manifest) throw new ImportError(`the archive has no ${MANIFEST}`);
  const { records } = parseManifest(manifest.toString('utf8'));
  const specs = new Map(TABLES.map((t) => [t.type, t]));
  const ids = new Map<string, string>();
  for (const r of records) {
    const spec = specs.get(r.type);
    if (!spec) throw new ImportError(`unknown record type ${r.type}`);
    if (spec.hasId) ids.set(String(r.data.id), newId());
  }
  for (const r of records.filter((x) => x.type === 'document')) {
    const bytes = r.file ? entries.get(r.file) : undefined;
    if (!bytes) throw new ImportError(`document ${String(r.data.filename)}: file ${r.file} missing`);
    const sha = createHash('sha256').update(bytes).digest('hex');
    if (sha !== r.data.sha256) throw new ImportError(`${r.file}: content does not match its SHA-256`);
    await blobs.put(organizationId, sha, bytes);
  }
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    for (const spec of TABLES.filter((t) => t.type === 'document' || t.type === 'ontology_version')) {
      if ((await spec.count(tx, organizationId)) > 0)
        throw new ImportError(
          `the organization already has ${spec.type}s: import into an empty organization`,
        );
    }
    for (const spec of TABLES) {
      const rows = records
        .filter((r) => r.type === spec.type)
        .map((r) => restoreRow(spec, r.data, ids, organizationId));
      counts[spec.type] = rows.length;
      if (rows.length > 0) await spec.insert(tx, rows);
    }
    await opts.afterInsert(
      tx,
      records.filter((r) => r.type === 'document').map((r) => ids.get(String(r.data.id)) as string),
    );
  });
  return counts;
}

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A manifest row as it goes into the target: new ids, references followed, dates revived. */
function restoreRow(
  spec: ArchiveTable,
  data: Record<string, unknown>,
  ids: Map<string, string>,
  organizationId: string,
): Record<string, unknown> {
  const row: Record<string, unknown> = { ...data };
  if (spec.hasId) row.id = ids.get(String(data.id));
  if ('organizationColumn' in spec.scope) row[spec.scope.organizationColumn] = organizationId;
  for (const col of spec.remap) {
    const old = data[col];
    // A reference to a row outside the archive (e.g. a deleted document) becomes null.
    if (typeof old === 'string') row[col] = ids.get(old) ?? null;
  }
  for (const col of spec.clear) row[col] = null;
  for (const col of spec.rewriteIds ?? []) {
    if (typeof row[col] === 'string')
      row[col] = (row[col] as string).replace(UUID_IN_TEXT, (id) => ids.get(id) ?? id);
  }
  for (const col of spec.timestamps) {
    if (typeof row[col] === 'string') row[col] = new Date(row[col] as string);
  }
  return row;
}
