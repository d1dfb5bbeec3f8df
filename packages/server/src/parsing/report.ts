import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ArchiveLimits } from './archive.js';
import { ParseError } from './errors.js';
import { type OcrReport, type OcrSettings, parseWithOcr } from './ocr.js';
import type { DocumentMetadata } from './types.js';

/**
 * What the pipeline's parse step gives plugins for one file (`document.text`, `document.pages`),
 * with what it detected; or why it failed. One line of `service-server parse`.
 */
export type ParseReport =
  | {
      file: string;
      kind: string;
      mime: string;
      text: string;
      pages: string[];
      metadata: DocumentMetadata;
      /** file names of the attachments (an email's, an archive's), which become documents of their own */
      attachments: string[];
      ocr?: OcrReport;
    }
  | { file: string; error: { code: string; message: string } };

/**
 * Parses the file at `file` as the pipeline's parse step does (pipeline/steps.ts `stepParse`: the
 * text layer by {@link parseWithOcr}, OCR for pages without one as `ocr` configures it, the
 * archive limits), on this thread rather than in the parser pool.
 * @param declaredMime the media type an upload would declare, if any
 * @returns the report; a file that cannot be read or parsed gives `{file, error}` (the
 *   ParseError's code, or `UNREADABLE`), never a throw
 */
export async function parseFileReport(
  file: string,
  settings: { archiveLimits: ArchiveLimits; ocr: OcrSettings; declaredMime?: string },
): Promise<ParseReport> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    return { file, error: { code: 'UNREADABLE', message: (error as Error).message } };
  }
  try {
    const parsed = await parseWithOcr(
      new Uint8Array(bytes),
      {
        filename: path.basename(file),
        archiveLimits: settings.archiveLimits,
        ...(settings.declaredMime ? { declaredMime: settings.declaredMime } : {}),
      },
      settings.ocr,
    );
    return {
      file,
      kind: parsed.kind,
      mime: parsed.mime,
      text: parsed.text,
      pages: parsed.pages,
      metadata: parsed.metadata,
      attachments: parsed.attachments.map((a) => a.filename),
      ...(parsed.ocr ? { ocr: parsed.ocr } : {}),
    };
  } catch (error) {
    if (error instanceof ParseError) return { file, error: { code: error.code, message: error.message } };
    throw error;
  }
}
