import mammoth from 'mammoth';
import { describeError, ParseError } from './errors.js';
import { htmlToPlainText } from './html.js';
import { normalizeNewlines } from './text.js';
import type { DocumentMetadata, ParsedContent } from './types.js';
import { readZipEntry } from './zip.js';

/**
 * Parses a Word document (Office Open XML, ECMA-376 WordprocessingML) with mammoth's HTML
 * conversion rendered as text ({@link htmlToPlainText}): paragraphs and headings on their own
 * lines, lists as items, and a table's rows kept as rows ("| Initial Term | 3 years |"; mammoth's
 * raw text put every cell on a line of its own, so a cover sheet's labels lost their values).
 * Images are dropped. Metadata from the OPC core properties part
 * `docProps/core.xml` (ECMA-376 Part 2 §11): title, author (`dc:creator`), subject, keywords,
 * created, modified.
 * @throws ParseError `CORRUPT` when the package cannot be read, `EMPTY` when it has no text.
 */
export async function parseDocx(bytes: Uint8Array): Promise<ParsedContent> {
  let raw: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes) },
      { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })) },
    );
    raw = htmlToPlainText(result.value);
  } catch (error) {
    throw new ParseError('CORRUPT', `The Word document could not be read (${describeError(error)})`, {
      cause: error,
    });
  }
  const text = normalizeNewlines(raw)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text === '') throw new ParseError('EMPTY', 'The document contains no text');
  return { text, pages: [text], metadata: readCoreProperties(bytes), attachments: [] };
}

/** Reads `docProps/core.xml` of an OOXML package; empty object when absent. Never throws. */
export function readCoreProperties(bytes: Uint8Array): DocumentMetadata {
  const xml = readZipEntry(bytes, 'docProps/core.xml')?.toString('utf8');
  const metadata: DocumentMetadata = {};
  if (!xml) return metadata;
  const fields: [string, keyof DocumentMetadata][] = [
    ['dc:title', 'title'],
    ['dc:creator', 'author'],
    ['dc:subject', 'subject'],
    ['cp:keywords', 'keywords'],
    ['dcterms:created', 'created'],
    ['dcterms:modified', 'modified'],
  ];
  for (const [tag, key] of fields) {
    const m = new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`).exec(xml);
    const value = m?.[1] ? decodeXmlEntities(m[1]).trim() : '';
    if (value) metadata[key] = value;
  }
  return metadata;
}

function decodeXmlEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (all, e: string) => {
    const lower = e.toLowerCase();
    if (lower === 'amp') return '&';
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'quot') return '"';
    if (lower === 'apos') return "'";
    const code = lower.startsWith('#x')
      ? Number.parseInt(lower.slice(2), 16)
      : Number.parseInt(lower.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
}
