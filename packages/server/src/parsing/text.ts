import chardet from 'chardet';
import iconv from 'iconv-lite';
import { ParseError } from './errors.js';
import type { ParsedContent } from './types.js';

/** Text decoded from bytes, with the charset that was used. */
export interface DecodedText {
  text: string;
  /** Charset name as iconv-lite knows it, e.g. `UTF-8`, `UTF-16LE`, `windows-1252`. */
  charset: string;
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes bytes of unknown charset to a string.
 *
 * Order: a byte-order mark (UTF-8, UTF-16LE/BE) wins; then strict UTF-8 (RFC 3629) if the
 * bytes are valid UTF-8; then the best `chardet` guess that iconv-lite can decode; else
 * windows-1252, which maps every byte. ISO-8859-1 is read as windows-1252, as the WHATWG
 * Encoding Standard does. The BOM is stripped; newlines are NOT normalised here.
 * Never throws.
 *
 * @param bytes raw file content
 * @param hint optional charset label (e.g. from a MIME header or `<meta charset>`), tried after the BOM
 */
export function decodeText(bytes: Uint8Array, hint?: string): DecodedText {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    return { text: buf.subarray(3).toString('utf8'), charset: 'UTF-8' };
  }
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) {
    return { text: iconv.decode(buf.subarray(2), 'utf-16le'), charset: 'UTF-16LE' };
  }
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) {
    return { text: iconv.decode(buf.subarray(2), 'utf-16be'), charset: 'UTF-16BE' };
  }
  if (hint && iconv.encodingExists(hint)) {
    const charset = normaliseCharset(hint);
    return { text: stripBom(iconv.decode(buf, charset)), charset };
  }
  try {
    return { text: utf8Strict.decode(buf), charset: 'UTF-8' };
  } catch {
    // not UTF-8: guess below
  }
  for (const match of chardet.analyse(buf)) {
    if (match.name === 'UTF-8' || !iconv.encodingExists(match.name)) continue;
    const charset = normaliseCharset(match.name);
    return { text: stripBom(iconv.decode(buf, charset)), charset };
  }
  return { text: iconv.decode(buf, 'windows-1252'), charset: 'windows-1252' };
}

function normaliseCharset(name: string): string {
  const lower = name.toLowerCase().replace(/_/g, '-');
  if (lower === 'iso-8859-1' || lower === 'latin1' || lower === 'us-ascii' || lower === 'ascii') {
    return 'windows-1252';
  }
  if (lower === 'utf8' || lower === 'utf-8') return 'UTF-8';
  return name;
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Converts CRLF and lone CR line ends to LF. */
export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * True when a decoded string reads as human text: no NUL characters and at least 95 % of
 * the characters are printable (tab, LF, CR, FF allowed; C0/C1 controls and U+FFFD are not).
 * Looks at the first 64 Ki characters only.
 */
export function looksLikeText(text: string): boolean {
  const sample = text.length > 65_536 ? text.slice(0, 65_536) : text;
  if (sample.length === 0) return false;
  let bad = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0) return false;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || (c >= 0x7f && c <= 0x9f)) {
      bad++;
    } else if (c === 0xfffd) {
      bad++;
    }
  }
  return bad / sample.length <= 0.05;
}

/**
 * Parses plain text in any charset (see {@link decodeText}).
 * @returns `{text, pages: [text], metadata: {charset}, attachments: []}`
 * @throws ParseError `EMPTY` when only whitespace remains.
 */
export function parseText(bytes: Uint8Array, decoded: DecodedText = decodeText(bytes)): ParsedContent {
  const text = normalizeNewlines(decoded.text);
  if (text.trim() === '') throw new ParseError('EMPTY', 'The document contains no text');
  return { text, pages: [text], metadata: { charset: decoded.charset }, attachments: [] };
}
