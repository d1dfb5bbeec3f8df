/**
 * OCR of pages without a text layer and of image uploads, with Tesseract (Debian
 * `tesseract-ocr`, LSTM engine) run as a child process; PDF pages are rendered to images with
 * poppler's `pdftoppm`. Each page runs under a wall-clock limit (SIGKILL past it) with one
 * OpenMP thread; at most `maxPages` pages of a document are recognised.
 *
 * ```ts
 * const parsed = await parseWithOcr(bytes, { filename }, { enabled: true, languages: 'eng', maxPages: 50, pageTimeoutSeconds: 60 });
 * parsed.ocr; // { engine, languages, pages: [1, 2], confidence: { '1': 91.2, … }, mean_confidence, skipped_pages }
 * ```
 *
 * Sources: Tesseract command-line usage and TSV output (tesseract-ocr.github.io/tessdoc,
 * "Command Line Usage"; TSV columns level…conf…text), pdftoppm(1).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getDocumentProxy } from 'unpdf';
import { BLANK_CHECK_SIZE, isBlankPage, readPgm } from './blank-page.js';
import { ParseError } from './errors.js';
import { parseDocument } from './index.js';
import type { DocumentMetadata, ParsedDocument, ParseOptions } from './types.js';

const execFileAsync = promisify(execFile);

/** Address space (bytes) and output file size (bytes) of one OCR tool process. */
const TOOL_MEMORY_BYTES = 1024 * 1024 * 1024;
const TOOL_FILE_BYTES = 256 * 1024 * 1024;
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => existsSync(p));

/**
 * Runs pdftoppm or Tesseract on an uploaded file: with no environment of the server (its secrets
 * stay out of a process that decodes hostile input) and, through util-linux `prlimit`, bounded in
 * address space, file size and open files, so a decompression bomb fails that page, not the host.
 */
function run(
  tool: string,
  args: string[],
  opts: { timeout: number; killSignal?: NodeJS.Signals; maxBuffer?: number },
) {
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    OMP_THREAD_LIMIT: '1',
    ...(process.env.TESSDATA_PREFIX ? { TESSDATA_PREFIX: process.env.TESSDATA_PREFIX } : {}),
  };
  const [cmd, argv] = PRLIMIT
    ? [
        PRLIMIT,
        [`--as=${TOOL_MEMORY_BYTES}`, `--fsize=${TOOL_FILE_BYTES}`, '--nofile=64', '--', tool, ...args],
      ]
    : [tool, args];
  return execFileAsync(cmd, argv, { ...opts, env });
}

/** OCR settings (SERVICE_OCR_*). */
export interface OcrSettings {
  enabled: boolean;
  /** Tesseract languages joined by `+`, e.g. `eng+deu`. */
  languages: string;
  maxPages: number;
  pageTimeoutSeconds: number;
}

/** What the document records about its OCR (stored in the parse metadata). */
export interface OcrReport {
  engine: string;
  languages: string;
  /** 1-based numbers of the pages whose text came from OCR. */
  pages: number[];
  /** Mean word confidence (0–100) per OCRed page, keyed by page number. */
  confidence: Record<string, number>;
  /** Mean over the OCRed pages' words; null when no word was recognised. */
  mean_confidence: number | null;
  /** Pages without text left alone because of the page cap. */
  skipped_pages: number[];
  /** Pages without text not OCRed because their image is blank (parsing/blank-page.ts). */
  blank_pages: number[];
}

const OCR_OFF_REASON =
  'No text could be extracted; scanned pages need OCR, which is switched off (SERVICE_OCR_ENABLED)';

/** A parsed document and, when OCR ran, its report. */
export type OcrParsedDocument = ParsedDocument & { ocr?: OcrReport };

/** Resolution pages are rendered at for recognition (Tesseract works best around 300 DPI). */
const RENDER_DPI = 300;

/** One recognised page: its text and the mean confidence of its words. */
interface Recognised {
  text: string;
  confidence: number | null;
  words: number;
}

/**
 * Reads Tesseract's TSV output: level-5 rows are words with a confidence 0–100 (−1 for
 * non-word rows). Returns the mean confidence and the number of words per page (`page_num`).
 */
export function tsvConfidence(tsv: string): Map<number, { sum: number; words: number }> {
  const pages = new Map<number, { sum: number; words: number }>();
  for (const line of tsv.split('\n').slice(1)) {
    const cols = line.split('\t');
    if (cols[0] !== '5' || cols.length < 12) continue;
    const conf = Number(cols[10]);
    if (!(conf >= 0) || (cols[11] ?? '').trim() === '') continue;
    const page = Number(cols[1]);
    const entry = pages.get(page) ?? { sum: 0, words: 0 };
    entry.sum += conf;
    entry.words += 1;
    pages.set(page, entry);
  }
  return pages;
}

/**
 * Runs Tesseract on one image file (PNG, JPEG, TIFF — a multi-page TIFF gives several pages).
 *
 * @throws ParseError `TIMEOUT` past the limit, `CORRUPT` when Tesseract cannot read the image
 */
async function tesseract(image: string, settings: OcrSettings): Promise<Recognised[]> {
  const base = path.join(path.dirname(image), `${path.basename(image)}.out`);
  try {
    await run('tesseract', [image, base, '-l', settings.languages, 'txt', 'tsv'], {
      timeout: settings.pageTimeoutSeconds * 1000,
      killSignal: 'SIGKILL',
      maxBuffer: 1024 * 1024,
    });
  } catch (error) {
    throw childError('Tesseract', error, settings);
  }
  const [txt, tsv] = await Promise.all([readFile(`${base}.txt`, 'utf8'), readFile(`${base}.tsv`, 'utf8')]);
  const conf = tsvConfidence(tsv);
  // Tesseract ends every page of its text output with a form feed.
  const texts = txt.split('\f');
  if (texts.length > 1 && texts[texts.length - 1]?.trim() === '') texts.pop();
  return texts.map((t, i) => {
    const c = conf.get(i + 1);
    return {
      text: t
        .replace(/\r\n?/g, '\n')
        .replace(/[ \t]+\n/g, '\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim(),
      confidence: c && c.words > 0 ? Math.round((c.sum / c.words) * 10) / 10 : null,
      words: c?.words ?? 0,
    };
  });
}

function childError(tool: string, error: unknown, settings: OcrSettings): ParseError {
  const e = error as { killed?: boolean; signal?: string; stderr?: string; code?: unknown };
  if (e.killed || e.signal === 'SIGKILL') {
    return new ParseError(
      'TIMEOUT',
      `${tool} took longer than ${settings.pageTimeoutSeconds} s on a page and was stopped`,
    );
  }
  const detail = (e.stderr ?? String(error)).trim().split('\n').slice(-1)[0] ?? '';
  return new ParseError('CORRUPT', `${tool} could not read the page (${detail.slice(0, 200)})`, {
    cause: error,
  });
}

/** Renders PDF page `n` (1-based) to a grey PNG with pdftoppm; returns its path. */
async function renderPage(pdf: string, n: number, dir: string, settings: OcrSettings): Promise<string> {
  const out = path.join(dir, `page-${n}`);
  try {
    await run(
      'pdftoppm',
      ['-r', String(RENDER_DPI), '-gray', '-png', '-f', String(n), '-l', String(n), '-singlefile', pdf, out],
      {
        timeout: settings.pageTimeoutSeconds * 1000,
        killSignal: 'SIGKILL',
        maxBuffer: 1024 * 1024,
      },
    );
  } catch (error) {
    throw childError('pdftoppm', error, settings);
  }
  return `${out}.png`;
}

/**
 * Whether PDF page `n` (1-based) is blank: rendered small and grey (pdftoppm, PGM) and judged by
 * its ink (parsing/blank-page.ts). A few milliseconds, against ≈ 2 s to render and recognise it.
 *
 * @throws ParseError as {@link renderPage}
 */
async function pageIsBlank(pdf: string, n: number, dir: string, settings: OcrSettings): Promise<boolean> {
  const out = path.join(dir, `check-${n}`);
  try {
    await run(
      'pdftoppm',
      [
        '-scale-to',
        String(BLANK_CHECK_SIZE),
        '-gray',
        '-f',
        String(n),
        '-l',
        String(n),
        '-singlefile',
        pdf,
        out,
      ],
      { timeout: settings.pageTimeoutSeconds * 1000, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 },
    );
  } catch (error) {
    throw childError('pdftoppm', error, settings);
  }
  try {
    return isBlankPage(readPgm(await readFile(`${out}.pgm`)));
  } catch {
    return false; // an image we cannot judge is recognised, as before the check
  }
}

let version: Promise<string> | undefined;

/** Tesseract's version line, asked once per process. */
function engineVersion(): Promise<string> {
  version ??= run('tesseract', ['--version'], { timeout: 10_000 }).then(
    ({ stdout, stderr }) => (`${stdout}${stderr}`.split('\n')[0] ?? 'tesseract').trim(),
    () => {
      version = undefined;
      return 'tesseract';
    },
  );
  return version;
}

async function pageCount(bytes: Uint8Array): Promise<number> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    return pdf.numPages;
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}

/**
 * Parses a document and fills the pages that have no text by OCR: every empty page of a PDF
 * (a scan, or scanned pages inside a born-digital PDF) up to `maxPages`, and every page of an
 * image (PNG, JPEG, TIFF). Pages with a text layer are never OCRed, nor are PDF pages whose
 * image is blank (listed in the report's `blank_pages`; parsing/blank-page.ts). `text` stays
 * `pages.join('\n\n')`, so evidence offsets refer to the OCR text like to any other text.
 *
 * @param parse the parser of the text layer: {@link parseDocument} by default, the bounded
 *   worker-thread pool (parsing/pool.ts) in the pipeline
 * @returns the parsed document, with `ocr` (the {@link OcrReport}) when OCR ran
 * @throws ParseError as {@link parseDocument}; `EMPTY` when neither the text layer nor OCR
 *   gave any text (or OCR is off), `TIMEOUT` when a page exceeded its limit
 */
export async function parseWithOcr(
  bytes: Uint8Array,
  options: ParseOptions,
  settings: OcrSettings,
  parse: (bytes: Uint8Array, options: ParseOptions) => Promise<ParsedDocument> = parseDocument,
): Promise<OcrParsedDocument> {
  const parsed = await parseTextLayer(bytes, options, settings, parse);
  const needs = parsed.kind === 'image' || parsed.kind === 'pdf' ? emptyPages(parsed) : [];
  if (needs.length === 0) return parsed;
  if (!settings.enabled) {
    if (parsed.text.trim() !== '') return parsed;
    throw new ParseError(
      'EMPTY',
      'No text could be extracted; scanned pages need OCR, which is switched off (SERVICE_OCR_ENABLED)',
    );
  }
  const chosen = needs.slice(0, settings.maxPages);
  const dir = await mkdtemp(path.join(tmpdir(), 'ocr-'));
  const report: OcrReport = {
    engine: await engineVersion(),
    languages: settings.languages,
    pages: [],
    confidence: {},
    mean_confidence: null,
    skipped_pages: needs.slice(settings.maxPages),
    blank_pages: [],
  };
  let sum = 0;
  let words = 0;
  const pages = [...parsed.pages];
  try {
    const input = path.join(dir, parsed.kind === 'pdf' ? 'input.pdf' : 'input.img');
    await writeFile(input, bytes);
    const record = (n: number, r: Recognised) => {
      pages[n - 1] = r.text;
      report.pages.push(n);
      if (r.confidence !== null) report.confidence[String(n)] = r.confidence;
      sum += (r.confidence ?? 0) * r.words;
      words += r.words;
    };
    if (parsed.kind === 'image') {
      const recognised = await tesseract(input, settings);
      pages.length = 0;
      recognised.slice(0, settings.maxPages).forEach((r, i) => {
        pages.push('');
        record(i + 1, r);
      });
      report.skipped_pages = recognised.slice(settings.maxPages).map((_, i) => settings.maxPages + i + 1);
    } else {
      for (const n of chosen) {
        if (await pageIsBlank(input, n, dir, settings)) {
          report.blank_pages.push(n);
          continue;
        }
        const [r] = await tesseract(await renderPage(input, n, dir, settings), settings);
        if (r) record(n, r);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  report.mean_confidence = words > 0 ? Math.round((sum / words) * 10) / 10 : null;
  const text = pages.join('\n\n');
  if (text.trim() === '') {
    throw new ParseError(
      'EMPTY',
      'No text could be extracted, not even by OCR (the pages look blank or unreadable)',
    );
  }
  const metadata: DocumentMetadata = { ...parsed.metadata, page_count: pages.length };
  return { ...parsed, text, pages, metadata, ocr: report };
}

/**
 * The text layer by `parse`; a PDF without any (a scan) becomes its pages, all empty, for OCR.
 *
 * @throws ParseError as `parse`, and `EMPTY` for a document without text when OCR is off
 */
async function parseTextLayer(
  bytes: Uint8Array,
  options: ParseOptions,
  settings: OcrSettings,
  parse: (bytes: Uint8Array, options: ParseOptions) => Promise<ParsedDocument>,
): Promise<ParsedDocument> {
  let parsed: ParsedDocument;
  try {
    parsed = await parse(bytes, options);
  } catch (error) {
    // A PDF without any text layer is a scan: OCR all of it.
    if (!(error instanceof ParseError && error.code === 'EMPTY')) throw error;
    if (!settings.enabled) throw new ParseError('EMPTY', OCR_OFF_REASON);
    const { detectType } = await import('./detect.js');
    const type = await detectType(bytes, options.filename, options.declaredMime);
    if (type.kind !== 'pdf') throw error;
    const pages = Array.from({ length: await pageCount(bytes) }, () => '');
    parsed = {
      mime: type.mime,
      kind: 'pdf',
      text: '',
      pages,
      metadata: { page_count: pages.length },
      attachments: [],
    };
  }
  return parsed;
}

/** 1-based numbers of the pages without text (an image's single empty page included). */
function emptyPages(parsed: ParsedDocument): number[] {
  return parsed.pages.flatMap((p, i) => (p.trim() === '' ? [i + 1] : []));
}
