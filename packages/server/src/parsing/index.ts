/**
 * Parsing step of the document pipeline: bytes → text, pages and metadata per DETECTED type.
 *
 * ```ts
 * const doc = await parseDocument(bytes, { filename: 'contract.pdf' });
 * doc.kind; doc.text; doc.pages; doc.metadata.page_count; doc.attachments;
 * ```
 * Failures are always a {@link ParseError} with a `code` and a readable `reason`.
 */
import { checkArchive, isZip } from './archive.js';
import { sniffType } from './detect.js';
import { parseDocx } from './docx.js';
import { parseEmail } from './email.js';
import { describeError, ParseError } from './errors.js';
import { parseHtml } from './html.js';
import { parseMarkdown } from './markdown.js';
import { parsePdf } from './pdf.js';
import { decodeText, parseText } from './text.js';
import type { ParseContext, ParsedContent, ParsedDocument, ParseOptions } from './types.js';

export { type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS } from './archive.js';
export { detectType } from './detect.js';
export { ParseError, type ParseErrorCode } from './errors.js';
export { htmlToPlainText } from './html.js';
export { decodeText } from './text.js';
export type * from './types.js';

/** Default wall-clock limit of one parse, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Default size limit of one input, in bytes (100 MiB). */
export const DEFAULT_MAX_BYTES = 100 * 1024 * 1024;

/**
 * Characters of text a parse keeps by default (ParseOptions.maxTextChars): about 300 pages of
 * dense prose, far beyond a contract, and small enough that storing, indexing and handing the
 * text to plugins never holds the server's event loop for long (docs/pipeline.md "Parse").
 */
export const DEFAULT_MAX_TEXT_CHARS = 1_000_000;

/** The page separator of a parsed text (`text` is `pages.join(PAGE_SEPARATOR)` for PDFs). */
const PAGE_SEPARATOR = '\n\n';

/** `text.slice(0, end)` without cutting a surrogate pair in two (a lone surrogate is not valid JSON for PostgreSQL). */
function cutAt(text: string, end: number): string {
  const code = text.charCodeAt(end - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? end - 1 : end);
}

/**
 * A parsed document whose text is at most `max` characters: the pages are kept in order up to
 * the limit, the last one cut; `metadata.text_truncated_from` gives the full text's length.
 * Runs in the parser thread, so the main thread never receives a text longer than `max`.
 */
export function boundText(doc: ParsedDocument, max: number): ParsedDocument {
  if (doc.text.length <= max) return doc;
  const joined = doc.pages.length > 1 && doc.pages.join(PAGE_SEPARATOR) === doc.text;
  const text = cutAt(doc.text, max);
  let pages = [text];
  if (joined) {
    pages = [];
    let used = 0;
    for (const page of doc.pages) {
      const room = max - used;
      if (room <= 0) break;
      pages.push(page.length <= room ? page : cutAt(page, room));
      used += page.length + PAGE_SEPARATOR.length;
    }
  }
  return {
    ...doc,
    text: joined ? pages.join(PAGE_SEPARATOR) : text,
    pages,
    metadata: { ...doc.metadata, text_truncated_from: doc.text.length },
  };
}

/**
 * Detects the type of `bytes` (content first, see `detectType`) and extracts its text.
 *
 * @param bytes the file content
 * @param options `filename` / `declaredMime` hints, `timeoutMs` (default 60 000 ms),
 *   `maxBytes` (default 100 MiB)
 * @returns `{mime, kind, text, pages, metadata, attachments}`; `pages` has one entry per PDF
 *   page, `[text]` otherwise; `attachments` only for email.
 * @throws ParseError (rejects with nothing else):
 *   `EMPTY` for zero bytes or no extractable text, `TOO_LARGE` over `maxBytes`,
 *   `UNSUPPORTED_TYPE` for formats not read, `ENCRYPTED` for password-protected PDFs,
 *   `CORRUPT` for damaged files, `TIMEOUT` past `timeoutMs`; `TOO_LARGE` also for a ZIP-based
 *   file (.docx, .xlsx) over `archiveLimits` (entries, uncompressed size, compression ratio).
 *
 * The time limit stops the parse between steps (e.g. PDF pages) and rejects at once; it cannot
 * pre-empt a single synchronous step of a parser library, so run workers with process limits too.
 */
export async function parseDocument(bytes: Uint8Array, options: ParseOptions = {}): Promise<ParsedDocument> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.byteLength === 0) throw new ParseError('EMPTY', 'The file is empty (0 bytes)');
  if (bytes.byteLength > maxBytes) {
    throw new ParseError(
      'TOO_LARGE',
      `The file is ${bytes.byteLength} bytes; the limit is ${maxBytes} bytes`,
    );
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ParseError('TIMEOUT', `Parsing took longer than ${timeoutMs} ms and was stopped`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  const work = run(bytes, options, { signal: controller.signal });
  work.catch(() => undefined); // a late failure after the time limit must not go unhandled
  try {
    return boundText(await Promise.race([work, timeout]), options.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS);
  } catch (error) {
    if (error instanceof ParseError) throw error;
    throw new ParseError('CORRUPT', `The document could not be read (${describeError(error)})`, {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
}

async function run(bytes: Uint8Array, options: ParseOptions, ctx: ParseContext): Promise<ParsedDocument> {
  // Archives are judged by their central directory before anything (type sniffing included) inflates them.
  if (isZip(bytes)) checkArchive(bytes, options.archiveLimits);
  const { type, decoded } = await sniffType(bytes, options.filename, options.declaredMime);
  ctx.signal.throwIfAborted();
  let content: ParsedContent;
  switch (type.kind) {
    case 'pdf':
      content = await parsePdf(bytes, ctx);
      break;
    case 'docx':
      content = await parseDocx(bytes);
      break;
    case 'email':
      content = await parseEmail(bytes);
      break;
    case 'html':
      content = parseHtml(bytes);
      break;
    case 'markdown':
      content = parseMarkdown(decoded ?? decodeText(bytes));
      break;
    case 'text':
      content = parseText(bytes, decoded);
      break;
    case 'image':
      // A raster image has no text layer: its text comes from OCR (ocr.ts).
      content = { text: '', pages: [''], metadata: {}, attachments: [] };
      break;
    default:
      throw new ParseError(
        'UNSUPPORTED_TYPE',
        `Files of type ${type.mime} are not supported; upload PDF, DOCX, HTML, Markdown, plain text or email`,
      );
  }
  return { mime: type.mime, kind: type.kind, ...content };
}
