import { type AddressObject, simpleParser } from 'mailparser';
import { describeError, ParseError } from './errors.js';
import { htmlToPlainText } from './html.js';
import { normalizeNewlines } from './text.js';
import type { Attachment, DocumentMetadata, ParsedContent } from './types.js';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'message/rfc822': 'eml',
  'text/plain': 'txt',
  'text/html': 'html',
  'text/markdown': 'md',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
};

/**
 * Removes what precedes the header section in real-world files: leading blank or
 * whitespace-only lines and an mbox `From ` separator line (RFC 4155).
 */
export function stripEnvelope(bytes: Uint8Array): Buffer {
  let buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const head = buf.subarray(0, 4096).toString('latin1');
  const blank = /^(?:[ \t]*\r?\n)+/.exec(head);
  let skip = blank ? blank[0].length : 0;
  const mbox = /^From [^\r\n]*\r?\n/.exec(head.slice(skip));
  if (mbox) skip += mbox[0].length;
  if (skip > 0) buf = buf.subarray(skip);
  return buf;
}

/**
 * Parses an Internet message (RFC 5322 headers, MIME RFC 2045–2049, encoded words RFC 2047,
 * parameter encoding RFC 2231) with mailparser.
 *
 * - `text`: the plain-text body, else the HTML body rendered as text, else the subject.
 * - `metadata`: subject, from, to, cc (`Name <address>`, comma separated), date (ISO 8601 UTC),
 *   message_id.
 * - `attachments`: every part with a file name or `Content-Disposition: attachment`, and every
 *   `message/rfc822` part (kept whole as an `.eml`; its own attachments are found when it is
 *   parsed in turn). Unnamed inline parts (e.g. images referenced by the HTML) are left out.
 *   A part without a name gets `attachment-N.ext`.
 * @throws ParseError `CORRUPT` if the message cannot be read, `EMPTY` if it has neither text,
 *   subject nor attachments.
 */
export async function parseEmail(bytes: Uint8Array): Promise<ParsedContent> {
  let parsed: Awaited<ReturnType<typeof simpleParser>>;
  try {
    parsed = await simpleParser(stripEnvelope(bytes), {
      skipHtmlToText: true,
      skipImageLinks: true,
      skipTextToHtml: true,
      skipTextLinks: true,
    });
  } catch (error) {
    throw new ParseError('CORRUPT', `The email could not be read (${describeError(error)})`, {
      cause: error,
    });
  }
  const metadata: DocumentMetadata = {};
  const subject = parsed.subject?.trim();
  if (subject) metadata.subject = subject;
  const from = formatAddresses(parsed.from);
  if (from) metadata.from = from;
  const to = formatAddresses(parsed.to);
  if (to) metadata.to = to;
  const cc = formatAddresses(parsed.cc);
  if (cc) metadata.cc = cc;
  if (parsed.date && !Number.isNaN(parsed.date.getTime())) metadata.date = parsed.date.toISOString();
  if (parsed.messageId) metadata.message_id = parsed.messageId;

  const attachments: Attachment[] = [];
  for (const part of parsed.attachments) {
    const mime = (part.contentType || 'application/octet-stream').toLowerCase();
    const named = Boolean(part.filename);
    if (!named && part.contentDisposition !== 'attachment' && mime !== 'message/rfc822') continue;
    const filename = part.filename
      ? repairRawUtf8(part.filename)
      : `attachment-${attachments.length + 1}.${EXTENSIONS[mime] ?? 'bin'}`;
    attachments.push({ filename, mime, bytes: part.content });
  }

  let text = normalizeNewlines(parsed.text ?? '').trim();
  if (text === '' && typeof parsed.html === 'string') text = htmlToPlainText(parsed.html);
  if (text === '') text = subject ?? '';
  if (text === '' && attachments.length === 0) {
    throw new ParseError('EMPTY', 'The email has no text and no attachments');
  }
  return { text, pages: [text], metadata, attachments };
}

function formatAddresses(field: AddressObject | AddressObject[] | undefined): string | undefined {
  if (!field) return undefined;
  const list = (Array.isArray(field) ? field : [field]).flatMap((a) => a.value);
  const parts = list
    .map((a) => {
      const name = a.name?.trim();
      const address = a.address?.trim();
      if (name && address) return `${name} <${address}>`;
      return address || name || '';
    })
    .filter((s) => s !== '');
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/**
 * Header parameters sent as raw 8-bit UTF-8 (allowed by RFC 6532) come out of mailparser
 * as Latin-1 mojibake. When the string is pure Latin-1 with high characters and its bytes read
 * as UTF-8 (a final truncated sequence tolerated), return that reading.
 */
export function repairRawUtf8(value: string): string {
  let high = false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c > 0xff) return value;
    if (c >= 0x80) high = true;
  }
  if (!high) return value;
  const decoded = Buffer.from(value, 'latin1').toString('utf8');
  const bad = decoded.match(/\uFFFD/g)?.length ?? 0;
  if (bad === 0 || (bad === 1 && decoded.endsWith('\uFFFD'))) return decoded;
  return value;
}
