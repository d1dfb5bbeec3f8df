import { type UnzipFileInfo, unzipSync } from 'fflate';
import { ParseError } from './errors.js';

/** Bounds on what a ZIP-based file (.docx, .xlsx, .zip) may expand to; settings SERVICE_ARCHIVE_*. */
export interface ArchiveLimits {
  /** Most entries (files and folders) in the central directory. */
  maxEntries: number;
  /** Most bytes all entries together may declare uncompressed. */
  maxUncompressedBytes: number;
  /** Largest uncompressed / compressed ratio of one entry, and of the whole archive. */
  maxRatio: number;
}

/** Defaults: 10 000 entries, 256 MiB uncompressed, ratio 100 (real Office files stay far below). */
export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 10_000,
  maxUncompressedBytes: 256 * 1024 * 1024,
  maxRatio: 100,
};

/** True when the bytes start with a ZIP local file header (`PK\x03\x04`, APPNOTE.TXT §4.3.7). */
export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  );
}

/** Entries below this compressed size are not judged by ratio alone (tiny parts compress well). */
const RATIO_FLOOR_BYTES = 64 * 1024;

/**
 * Checks a ZIP archive against `limits` from its central directory only (PKWARE APPNOTE.TXT §4.3.12,
 * read with fflate; nothing is inflated): entry count, the sum of the declared uncompressed sizes,
 * and the compression ratio of each entry and of the whole. A "zip bomb" (e.g. a 735 KB .docx
 * whose document.xml declares 300 MB) fails here, before any parser expands it.
 *
 * Declared sizes can lie; the parser worker's memory and time limits (parsing/pool.ts) stop an
 * archive that expands beyond what it declares.
 *
 * @throws ParseError `TOO_LARGE` naming the limit passed and its setting; `CORRUPT` when the
 *   central directory cannot be read
 */
export function checkArchive(bytes: Uint8Array, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): void {
  const entries: UnzipFileInfo[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries.push(file);
        return false;
      },
    });
  } catch (error) {
    throw new ParseError(
      'CORRUPT',
      `The archive's central directory cannot be read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (entries.length > limits.maxEntries) {
    throw new ParseError(
      'TOO_LARGE',
      `The archive has ${entries.length} entries; the limit is ${limits.maxEntries} (SERVICE_ARCHIVE_MAX_ENTRIES)`,
    );
  }
  let total = 0;
  let compressed = 0;
  for (const e of entries) {
    total += e.originalSize;
    compressed += e.size;
    if (e.originalSize > RATIO_FLOOR_BYTES && e.originalSize > limits.maxRatio * Math.max(e.size, 1)) {
      throw new ParseError(
        'TOO_LARGE',
        `The archive entry ${e.name} expands from ${e.size} to ${e.originalSize} bytes (ratio ${Math.round(e.originalSize / Math.max(e.size, 1))}); the limit is ${limits.maxRatio} (SERVICE_ARCHIVE_MAX_RATIO)`,
      );
    }
  }
  if (total > limits.maxUncompressedBytes) {
    throw new ParseError(
      'TOO_LARGE',
      `The archive expands to ${total} bytes; the limit is ${limits.maxUncompressedBytes} bytes (SERVICE_ARCHIVE_MAX_UNCOMPRESSED_BYTES)`,
    );
  }
  if (total > RATIO_FLOOR_BYTES && total > limits.maxRatio * Math.max(compressed, 1)) {
    throw new ParseError(
      'TOO_LARGE',
      `The archive expands from ${compressed} to ${total} bytes (ratio ${Math.round(total / Math.max(compressed, 1))}); the limit is ${limits.maxRatio} (SERVICE_ARCHIVE_MAX_RATIO)`,
    );
  }
}
