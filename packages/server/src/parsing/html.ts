import { type DomNode, type FormatCallback, htmlToText } from 'html-to-text';
import type { TablePrinterCell } from 'html-to-text/lib/block-text-builder.js';
import { ParseError } from './errors.js';
import { decodeText, normalizeNewlines } from './text.js';
import type { DocumentMetadata, ParsedContent } from './types.js';

/**
 * The text of a table's rows: a row whose cells are one line each is a pipe row, "| Initial Term
 * | 3 years |" (as Markdown writes it, and as the extractor reads a label and its value); a row
 * with a multi-line cell (a layout table's column) gives its cells one after another as
 * paragraphs; a one-cell row is its text. Empty cells are dropped.
 */
export function pipeRows(rows: TablePrinterCell[][]): string {
  const lines: string[] = [];
  for (const cells of rows) {
    const texts = cells.map((cell) => cell.text.trim()).filter((text) => text !== '');
    if (texts.length === 0) continue;
    if (texts.length === 1 || texts.some((text) => text.includes('\n'))) lines.push(texts.join('\n\n'));
    else lines.push(`| ${texts.join(' | ')} |`);
  }
  return lines.join('\n');
}

/**
 * html-to-text formatter of `<table>`: cells read as {@link pipeRows} writes them. The library's
 * own formats either glue a layout table's cells together ("CustomerBeta LLC", `table`) or set
 * multi-line cells side by side, line by line (`dataTable`).
 */
const pipeTable: FormatCallback = (elem, walk, builder) => {
  const visit = (node: DomNode): void => {
    if (node.type !== 'tag') return;
    if (node.name === 'thead' || node.name === 'tbody' || node.name === 'tfoot') {
      node.children.forEach(visit);
    } else if (node.name === 'tr') {
      builder.openTableRow();
      for (const cell of node.children) {
        if (cell.type !== 'tag' || (cell.name !== 'td' && cell.name !== 'th')) continue;
        builder.openTableCell();
        walk(cell.children, builder);
        builder.closeTableCell();
      }
      builder.closeTableRow();
    }
  };
  builder.openTable();
  elem.children.forEach(visit);
  builder.closeTable({ tableToString: pipeRows, leadingLineBreaks: 2, trailingLineBreaks: 2 });
};

/**
 * html-to-text formatter of `<dl>`: a term and its descriptions are one row of
 * {@link pipeRows} ("| Effective Date | June 1, 2025 |"), as a two-column table is. The library
 * formats `<dt>` and `<dd>` inline and glued them ("Effective DateJune 1, 2025").
 */
const definitionList: FormatCallback = (elem, walk, builder) => {
  let rowOpen = false;
  const closeRow = (): void => {
    if (rowOpen) builder.closeTableRow();
    rowOpen = false;
  };
  builder.openTable();
  for (const node of elem.children) {
    if (node.type !== 'tag' || (node.name !== 'dt' && node.name !== 'dd')) continue;
    // a term starts a row, and so does a description with no term before it
    if (node.name === 'dt' || !rowOpen) {
      closeRow();
      builder.openTableRow();
      rowOpen = true;
    }
    builder.openTableCell();
    walk(node.children, builder);
    builder.closeTableCell();
  }
  closeRow();
  builder.closeTable({ tableToString: pipeRows, leadingLineBreaks: 2, trailingLineBreaks: 2 });
};

const TO_TEXT_OPTIONS = {
  wordwrap: false as const,
  formatters: { pipeTable, definitionList },
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'h4', options: { uppercase: false } },
    { selector: 'h5', options: { uppercase: false } },
    { selector: 'h6', options: { uppercase: false } },
    { selector: 'table', format: 'pipeTable' },
    { selector: 'dl', format: 'definitionList' },
  ],
};

/**
 * Renders an HTML string as readable plain text (html-to-text: block elements become lines,
 * links keep their text only, images are dropped, no word wrapping; tables and definition lists as {@link pipeRows}).
 * Newlines are `\n`.
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
