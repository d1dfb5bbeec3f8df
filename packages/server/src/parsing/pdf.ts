import { setImmediate as nextTurn } from 'node:timers/promises';
import { definePDFJSModule, getDocumentProxy } from 'unpdf';
import { describeError, NO_TEXT_REASON, ParseError } from './errors.js';
import { normalizeNewlines } from './text.js';
import type { DocumentMetadata, ParseContext, ParsedContent } from './types.js';

/**
 * Extracts text per page from a PDF (ISO 32000) with pdf.js (through `unpdf`).
 *
 * Page text is the page's text items in content order ({@link pageText}). `text` is
 * `pages.join('\n\n')`, so page *i* starts at the sum of the earlier pages' lengths plus 2 per
 * earlier page. Metadata comes from the document
 * information dictionary (ISO 32000-1 §14.3.3): title, author, subject, keywords, creator,
 * producer, created/modified (ISO 8601), and `page_count`.
 *
 * Stops between pages when `ctx.signal` is aborted (the time limit) and frees pdf.js' memory.
 * @throws ParseError `ENCRYPTED` (needs a password), `CORRUPT` (unreadable structure),
 *   `EMPTY` (no text layer: a scan), or the abort reason.
 */
export async function parsePdf(bytes: Uint8Array, ctx: ParseContext): Promise<ParsedContent> {
  await usePatchedPdfjs();
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js may transfer (detach) the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (error) {
    throw pdfError(error);
  }
  const onAbort = () => void pdf.loadingTask.destroy().catch(() => undefined);
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      // pdf.js works in promise jobs only (no I/O: its inflater is synchronous, scripts/
      // patch-pdfjs.mjs), so without a turn of the event loop here the time limit's timer could
      // not fire before the whole document is done.
      await nextTurn();
      ctx.signal.throwIfAborted();
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        normalizeNewlines(pageText(content.items))
          .replace(/[ \t]+\n/g, '\n')
          .trim(),
      );
      page.cleanup();
    }
    ctx.signal.throwIfAborted();
    if (pages.every((p) => p === '')) throw new ParseError('EMPTY', NO_TEXT_REASON);
    const metadata = await readInfo(pdf);
    metadata.page_count = pdf.numPages;
    return { text: pages.join('\n\n'), pages, metadata, attachments: [] };
  } catch (error) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    throw pdfError(error);
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}

/**
 * unpdf's pdf.js with the project's changes (text extraction at ~half the CPU, the same text),
 * written by scripts/patch-pdfjs.mjs at install next to src/ and dist/ (packages/server/vendor/).
 */
const PATCHED_PDFJS = new URL('../../vendor/pdfjs.mjs', import.meta.url).href;
let patchedPdfjs: Promise<void> | undefined;

/**
 * Hands unpdf the patched pdf.js, once per thread, before its first document. Deliberately not at
 * import: a process that imports this module without parsing (e.g. bench/throughput, whose baseline
 * is stock unpdf) keeps stock pdf.js. Without the file (an install that skipped scripts) the
 * thread warns once and parses with unpdf's stock pdf.js: the same text at about twice the CPU.
 */
function usePatchedPdfjs(): Promise<void> {
  patchedPdfjs ??= definePDFJSModule(() =>
    import(PATCHED_PDFJS).catch((error: unknown) => {
      process.emitWarning(
        `patched pdf.js not found (${describeError(error)}); parsing with unpdf's stock pdf.js. Run 'make install' or 'node scripts/patch-pdfjs.mjs'.`,
        { code: 'SERVICE_PDFJS_STOCK' },
      );
      return import('unpdf/pdfjs');
    }),
  );
  return patchedPdfjs;
}

/** The fields of a pdf.js text item (`TextItem`) the page text is assembled from. */
export interface PdfTextItem {
  str: string;
  /** Text matrix `[a, b, c, d, x, y]`: the item starts at (x, y) on its baseline. */
  transform: number[];
  /** Width and height in page units (user space). */
  width: number;
  height: number;
  /** pdf.js found a line break after this item. */
  hasEOL: boolean;
}

/** Baseline moves by more than this share of the text height: the next item is on a new line. */
const NEW_LINE_RISE = 0.5;
/** A horizontal gap wider than this share of the text height reads as a space. */
const SPACE_GAP = 0.2;
/** A word broken at a line end with a hyphen: "non-" + line break + "exclusive". */
const HYPHEN_BREAK = /(\p{Ll}-)\n(?=\p{Ll})/gu;

/**
 * Text of one page from its pdf.js text items (marked-content items skipped), in content
 * order, a line break after items pdf.js marks as ending a line. pdf.js leaves some items
 * unseparated: where the next item starts on another baseline (a page footer drawn in another
 * font, "Page 3 of 36Source: ACME, 8-K") it gets a line break, and where it starts right of
 * the previous item's end by a visible gap, a space, so words are not glued together. A word
 * hyphenated at a line end is joined to its rest, keeping the hyphen ("non-exclusive").
 * Items sharing a baseline are read left to right ({@link readingOrder}). Horizontal text
 * only: rotated items are joined as pdf.js gives them.
 */
export function pageText(items: readonly (PdfTextItem | object)[]): string {
  const parts: string[] = [];
  let prev: PdfTextItem | undefined;
  // whether the text so far ends in whitespace (kept aside: reading the growing string's last
  // character would flatten it at every item)
  let spaced = true;
  for (const item of readingOrder(items.filter((i): i is PdfTextItem => 'str' in i))) {
    if (prev && item.str !== '' && !spaced && !/^\s/.test(item.str)) parts.push(separator(prev, item));
    const piece = item.str + (item.hasEOL ? '\n' : '');
    parts.push(piece);
    if (piece !== '') spaced = /\s$/.test(piece);
    if (item.str !== '') prev = item;
  }
  return parts.join('').replace(HYPHEN_BREAK, '$1');
}

/**
 * The items with each run that shares one baseline put left to right. pdf.js gives items in
 * content-stream order, and some generators draw a line out of order: a ZUGFeRD invoice's
 * "Handelsrechnung (380) Nr. 471102 vom 05.03.2018" came out as "Handelsrechnung (380)
 * 05.03.2018Nr. 471102 vom", its "Seite 1 von 2" as "Seite von1 2". A run ends at an item
 * pdf.js marks as ending a line and where the baseline moves, so columns drawn one after the
 * other stay apart; a run already in order, or whose items overlap ({@link sideBySide}), is
 * left as it is.
 */
function readingOrder(items: readonly PdfTextItem[]): PdfTextItem[] {
  const out: PdfTextItem[] = [];
  let run: PdfTextItem[] = [];
  const flush = (): void => {
    if (run.some((item, i) => i > 0 && x(item) < x(run[i - 1] as PdfTextItem))) {
      const sorted = [...run].sort((a, b) => x(a) - x(b));
      if (sideBySide(sorted)) {
        // the line ends after its rightmost item, not after the one drawn last
        const eol = run.some((item) => item.hasEOL);
        run = sorted.map((item) => ({ ...item, hasEOL: false }));
        (run[run.length - 1] as PdfTextItem).hasEOL = eol;
      }
    }
    out.push(...run);
    run = [];
  };
  for (const item of items) {
    const last = run[run.length - 1];
    if (last && !sameBaseline(last, item)) flush();
    run.push(item);
    if (item.hasEOL) flush();
  }
  flush();
  return out;
}

/**
 * Whether items sorted by position stand side by side, none starting inside another: text
 * drawn twice for a bold look, a redaction drawn over its words or a superscript inside a
 * long item ("31 March 2001" with "st" drawn after it) keep the order they were drawn in.
 */
function sideBySide(sorted: readonly PdfTextItem[]): boolean {
  // a space item spans the gap to the next word, whatever was drawn in it: it overlaps nothing
  const words = sorted.filter((item) => item.str.trim() !== '');
  return words.every((item, i) => {
    const prev = words[i - 1];
    return !prev || x(item) >= x(prev) + prev.width - 0.25 * Math.max(prev.height, item.height);
  });
}

function x(item: PdfTextItem): number {
  return item.transform[4] ?? 0;
}

function sameBaseline(a: PdfTextItem, b: PdfTextItem): boolean {
  const [aa = 1, ab = 0, , , , ay = 0] = a.transform;
  const [ba = 1, bb = 0, , , , by = 0] = b.transform;
  if (ab !== 0 || bb !== 0 || aa <= 0 || ba <= 0) return false;
  const height = Math.max(a.height, b.height);
  return height > 0 && Math.abs(by - ay) <= NEW_LINE_RISE * height;
}

function separator(prev: PdfTextItem, next: PdfTextItem): string {
  const [pa = 1, pb = 0, , , px = 0, py = 0] = prev.transform;
  const [na = 1, nb = 0, , , nx = 0, ny = 0] = next.transform;
  if (pb !== 0 || nb !== 0 || pa <= 0 || na <= 0) return '';
  const height = Math.max(prev.height, next.height);
  if (height <= 0) return '';
  if (Math.abs(ny - py) > NEW_LINE_RISE * height) return '\n';
  return nx - (px + prev.width) > SPACE_GAP * height ? ' ' : '';
}

function pdfError(error: unknown): ParseError {
  if (error instanceof ParseError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') {
    return new ParseError('ENCRYPTED', 'The PDF is password-protected', { cause: error });
  }
  return new ParseError(
    'CORRUPT',
    `The PDF is damaged or truncated and could not be read (${describeError(error)})`,
    {
      cause: error,
    },
  );
}

async function readInfo(pdf: Awaited<ReturnType<typeof getDocumentProxy>>): Promise<DocumentMetadata> {
  const metadata: DocumentMetadata = {};
  try {
    const { info } = (await pdf.getMetadata()) as unknown as { info: Record<string, unknown> };
    const fields: [string, keyof DocumentMetadata][] = [
      ['Title', 'title'],
      ['Author', 'author'],
      ['Subject', 'subject'],
      ['Keywords', 'keywords'],
      ['Creator', 'creator'],
      ['Producer', 'producer'],
    ];
    for (const [from, to] of fields) {
      const value = info[from];
      if (typeof value === 'string' && value.trim() !== '') metadata[to] = value.trim();
    }
    const created = pdfDate(info.CreationDate);
    if (created) metadata.created = created;
    const modified = pdfDate(info.ModDate);
    if (modified) metadata.modified = modified;
  } catch {
    // the information dictionary is optional; a broken one is not a reason to fail
  }
  return metadata;
}

/**
 * Converts a PDF date string `D:YYYYMMDDHHmmSSOHH'mm'` (ISO 32000-1 §7.9.4) to ISO 8601 UTC.
 * Returns undefined for anything that does not match.
 */
export function pdfDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m =
    /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z(?:00'?(?:00'?)?)?|[+-]\d{2}'?(?:\d{2}'?)?)?$/.exec(
      value.trim(),
    );
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', zone] = m;
  let offset = 'Z';
  if (zone && !zone.startsWith('Z')) {
    const z = zone.replace(/'/g, '');
    offset = `${z.slice(0, 3)}:${z.slice(3, 5) || '00'}`;
  }
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
