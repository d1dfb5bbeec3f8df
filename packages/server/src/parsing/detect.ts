import { fileTypeFromBuffer } from 'file-type';
import { stripEnvelope } from './email.js';
import { hasMarkdownStructure } from './markdown.js';
import { type DecodedText, decodeText, looksLikeText } from './text.js';
import type { DetectedType } from './types.js';

const DOCX_MIMES = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
]);

/** Sniffed types that are text underneath, so the text heuristics still apply. */
/** Raster images whose text OCR reads (Tesseract's input formats that scanners produce). */
const OCR_IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/tiff']);
const TEXTUAL_MIMES = new Set(['application/xml', 'image/svg+xml', 'text/calendar', 'text/vtt']);

/** Header fields whose presence at the top marks an Internet message (RFC 5322 §3.6). */
const MESSAGE_FIELDS = new Set([
  'from',
  'to',
  'subject',
  'received',
  'mime-version',
  'message-id',
  'return-path',
  'delivered-to',
]);

const MARKDOWN_NAME = /\.(md|markdown|mdown|mkd)$/i;

/** A detection plus, for text-like kinds, the decoded text so it is not decoded twice. */
export interface Sniffed {
  type: DetectedType;
  decoded?: DecodedText;
}

/**
 * Detects what the bytes are, trusting content over names.
 *
 * 1. Magic bytes via `file-type`: PDF (`%PDF-`, also within the first 1 KiB as readers allow),
 *    DOCX (a ZIP whose parts make it a WordprocessingML package, not any ZIP). Any other
 *    binary type it recognises → `unknown` with that mime.
 * 2. Text heuristics on the decoded text (see `decodeText`): RFC 5322 header block at the
 *    start → `email`; an HTML document start (`<!doctype html`, `<html`, `<head`, `<body`)
 *    → `html`; Markdown when the name says `.md`/`.markdown` (or `declaredMime` is
 *    `text/markdown`) or the text has clear Markdown structure; otherwise mostly printable
 *    text without NULs → `text`.
 * 3. Anything else → `{mime: 'application/octet-stream', kind: 'unknown'}`.
 *
 * `filename` and `declaredMime` are hints that only choose between text kinds. Never throws.
 */
export async function detectType(
  bytes: Uint8Array,
  filename?: string,
  declaredMime?: string,
  opts: { textSampleBytes?: number } = {},
): Promise<DetectedType> {
  return (await sniffType(bytes, filename, declaredMime, opts)).type;
}

/**
 * The first `max` bytes of `bytes`, shortened so that a UTF-8 sequence is not cut in two (a cut
 * one would make the strict UTF-8 decoding fail and the charset be guessed).
 */
function utf8Sample(bytes: Uint8Array, max: number): Uint8Array {
  if (bytes.byteLength <= max) return bytes;
  let end = max;
  // Back over continuation bytes (10xxxxxx) to the lead byte of the sequence cut at `max`, and drop it.
  while (end > max - 4 && end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end);
}

/**
 * {@link detectType} that also returns the decoded text for text-like kinds.
 *
 * @param opts.textSampleBytes decode only this many first bytes for the text heuristics (then
 *   no decoded text is returned); magic bytes are still read from the whole file
 */
export async function sniffType(
  bytes: Uint8Array,
  filename?: string,
  declaredMime?: string,
  opts: { textSampleBytes?: number } = {},
): Promise<Sniffed> {
  const declared = declaredMime?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (bytes.byteLength === 0) return { type: { mime: 'application/octet-stream', kind: 'unknown' } };
  let sniffed: { mime: string } | undefined;
  try {
    sniffed = await fileTypeFromBuffer(bytes);
  } catch {
    sniffed = undefined;
  }
  if (sniffed?.mime === 'application/pdf' || hasPdfHeader(bytes)) {
    return { type: { mime: 'application/pdf', kind: 'pdf' } };
  }
  if (sniffed && DOCX_MIMES.has(sniffed.mime)) return { type: { mime: sniffed.mime, kind: 'docx' } };
  if (sniffed && OCR_IMAGE_MIMES.has(sniffed.mime)) return { type: { mime: sniffed.mime, kind: 'image' } };
  if (sniffed && !TEXTUAL_MIMES.has(sniffed.mime)) return { type: { mime: sniffed.mime, kind: 'unknown' } };

  const sampled = opts.textSampleBytes !== undefined && bytes.byteLength > opts.textSampleBytes;
  const fullText = decodeText(sampled ? utf8Sample(bytes, opts.textSampleBytes ?? 0) : bytes);
  if (!looksLikeText(fullText.text)) return { type: { mime: 'application/octet-stream', kind: 'unknown' } };
  const text = fullText.text;
  const decoded = sampled ? undefined : fullText;
  const name = filename ?? '';

  const emailHint = /\.eml$/i.test(name) || declared === 'message/rfc822';
  if (looksLikeEmail(stripEnvelope(bytes).subarray(0, 16_384).toString('latin1'), emailHint)) {
    return { type: { mime: 'message/rfc822', kind: 'email' }, ...(decoded ? { decoded } : {}) };
  }
  const markdownHint = MARKDOWN_NAME.test(name) || declared === 'text/markdown';
  const htmlHint =
    /\.x?html?$/i.test(name) || declared === 'text/html' || declared === 'application/xhtml+xml';
  if (!markdownHint && looksLikeHtml(text, htmlHint))
    return { type: { mime: 'text/html', kind: 'html' }, ...(decoded ? { decoded } : {}) };
  if (markdownHint || hasMarkdownStructure(text)) {
    return { type: { mime: 'text/markdown', kind: 'markdown' }, ...(decoded ? { decoded } : {}) };
  }
  return { type: { mime: sniffed?.mime ?? 'text/plain', kind: 'text' }, ...(decoded ? { decoded } : {}) };
}

function hasPdfHeader(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024));
  return head.indexOf('%PDF-', 0, 'latin1') >= 0;
}

/**
 * True when `head` starts with an RFC 5322 header section: consecutive `name: value` fields
 * (field names are printable ASCII without `:`, §2.2) or folded continuation lines, at least
 * two fields (one with a hint) of which one is From/To/Subject/Received/MIME-Version/
 * Message-ID/Return-Path/Delivered-To.
 */
export function looksLikeEmail(head: string, hint = false): boolean {
  const lines = head.split(/\r?\n/);
  let fields = 0;
  let known = false;
  for (const [i, line] of lines.entries()) {
    if (line === '') break;
    if (/^[ \t]/.test(line)) {
      if (i === 0) return false;
      continue;
    }
    const m = /^([!-9;-~]+)[ \t]*:/.exec(line);
    if (!m?.[1]) return false;
    fields++;
    if (MESSAGE_FIELDS.has(m[1].toLowerCase())) known = true;
    if (i > 500) break;
  }
  return known && fields >= (hint ? 1 : 2);
}

function looksLikeHtml(text: string, hint: boolean): boolean {
  const head = text.slice(0, 4096);
  const start = head.replace(/^(?:\s|<\?xml[^>]*>|<!--[\s\S]*?-->)*/, '');
  if (/^<!doctype\s+html|^<html[\s>]/i.test(start)) return true;
  if (/<(?:head|body)[\s>]/i.test(head)) return true;
  return hint && /<[a-z][a-z0-9]*[\s>/]/i.test(head);
}
