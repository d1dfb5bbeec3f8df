import { htmlToText } from 'html-to-text';
import { ParseError } from './errors.js';
import { decodeText, normalizeNewlines } from './text.js';
import type { DocumentMetadata, ParsedContent } from './types.js';

const TO_TEXT_OPTIONS = {
  wordwrap: false as const,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'h4', options: { uppercase: false } },
    { selector: 'h5', options: { uppercase: false } },
    { selector: 'h6', options: { uppercase: false } },
    { selector: 'table', options: { uppercaseHeaderCells: false } },
  ],
};

/**
 * Renders an HTML string as readable plain text (html-to-text: block elements become lines,
 * links keep their text only, images are dropped, no word wrapping). Newlines are `\n`.
 */
export function htmlToPlainText(html: string): string {
  return normalizeNewlines(htmlToText(html, TO_TEXT_OPTIONS)).trim();
}

/**
 * Finds the charset an HTML document declares in its first 1024 bytes
 * (`<meta charset=…>` or `<meta http-equiv="Content-Type" content="…; charset=…">`),
 * as the WHATWG HTML encoding sniffing "prescan" does, in simplified form.
 */
export function sniffHtmlCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).toString(
    'latin1',
  );
  const m = /<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_:.-]+)/i.exec(head);
  return m?.[1];
}

/**
 * Parses an HTML document: charset from the BOM or `<meta>` then detection; text via
 * {@link htmlToPlainText}; `title` from `<title>`, `author`/`subject`/`keywords` from
 * `<meta name="author|description|keywords">`.
 * @throws ParseError `EMPTY` when the page has no visible text.
 */
export function parseHtml(bytes: Uint8Array): ParsedContent {
  const decoded = decodeText(bytes, sniffHtmlCharset(bytes));
  const html = decoded.text;
  const metadata: DocumentMetadata = { charset: decoded.charset };
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  if (title?.[1]) {
    const value = htmlToPlainText(title[1]).replace(/\s+/g, ' ').trim();
    if (value) metadata.title = value;
  }
  for (const [name, key] of [
    ['author', 'author'],
    ['description', 'subject'],
    ['keywords', 'keywords'],
  ] as const) {
    const value = metaContent(html, name);
    if (value) metadata[key] = value;
  }
  const body = html.replace(/<title[^>]*>[\s\S]*?<\/title>/i, '');
  const text = htmlToPlainText(body);
  if (text === '') throw new ParseError('EMPTY', 'The document contains no text');
  return { text, pages: [text], metadata, attachments: [] };
}

function metaContent(html: string, name: string): string | undefined {
  const tag = new RegExp(`<meta[^>]+name\\s*=\\s*["']?${name}["']?[^>]*>`, 'i').exec(html)?.[0];
  if (!tag) return undefined;
  const content = /content\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
  const value = content?.[1] ?? content?.[2];
  return value ? htmlToPlainText(value) || undefined : undefined;
}
