import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Attachment, parseDocument } from '../../src/parsing/index.js';
import { corpusDir } from './corpus.js';

interface ManifestEntry {
  file: string;
  subject: string | null;
  from: string | null;
  attachments: { content_type: string; filename: string | null; disposition: string | null }[];
}

const emailDir = path.join(corpusDir, 'email');
const manifest = JSON.parse(
  readFileSync(path.join(emailDir, 'email_manifest_derived.json'), 'utf8'),
) as ManifestEntry[];

/**
 * Where Python's `email` package (which wrote the manifest) and mailparser legitimately differ:
 * - attachment_with_unquoted_name: `name=This is a test.txt` unquoted; Python keeps "This".
 * - attachment_with_encoded_name / outlook-express: undeclared 8-bit names; both give mojibake.
 */
const NAME_EXCEPTIONS = new Set([
  'mikel-mail/attachment_with_unquoted_name.eml',
  'mikel-mail/attachment_with_encoded_name.eml',
  'mailgun-flanker/outlook-express.eml',
]);

/** Attachments of a message and, recursively, of the messages attached to it. */
async function allAttachments(attachments: Attachment[]): Promise<Attachment[]> {
  const out: Attachment[] = [];
  for (const a of attachments) {
    out.push(a);
    if (a.mime === 'message/rfc822') {
      const inner = await parseDocument(a.bytes, { filename: a.filename, declaredMime: a.mime });
      expect(inner.kind).toBe('email');
      out.push(...(await allAttachments(inner.attachments)));
    }
  }
  return out;
}

describe('email (corpus messages vs email_manifest_derived.json)', () => {
  it('has all 29 messages in the manifest', () => {
    expect(manifest.length).toBe(29);
  });

  it.each(manifest.map((m) => [m.file, m] as const))('%s', async (file, entry) => {
    const bytes = readFileSync(path.join(emailDir, file));
    const doc = await parseDocument(bytes, { filename: path.basename(file) });
    expect(doc.kind).toBe('email');
    expect(doc.mime).toBe('message/rfc822');
    expect(doc.pages).toEqual([doc.text]);
    expect(doc.metadata.subject).toBe(entry.subject ?? undefined);
    expect(doc.metadata.from).toBe(entry.from ?? undefined);

    const found = await allAttachments(doc.attachments);
    const byName = new Map(found.map((a) => [a.filename, a]));
    if (!NAME_EXCEPTIONS.has(file)) {
      for (const expected of entry.attachments) {
        if (expected.filename === null) continue;
        const got = byName.get(expected.filename);
        expect(got, `${file}: attachment ${expected.filename}`).toBeDefined();
        expect(got?.mime).toBe(expected.content_type);
        expect(got?.bytes.length).toBeGreaterThan(0);
      }
    }
    // every attachment Python saw is found, at this level or inside an attached message
    expect(found.length).toBeGreaterThanOrEqual(entry.attachments.length);
  });

  it('detects an email without its name and returns the body as text', async () => {
    const bytes = readFileSync(path.join(emailDir, 'paperless-ngx', 'simple_text.eml'));
    const doc = await parseDocument(bytes);
    expect(doc.kind).toBe('email');
    expect(doc.text.length).toBeGreaterThan(0);
    expect(doc.metadata.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('renders an HTML-only body as text', async () => {
    const bytes = readFileSync(
      path.join(emailDir, 'mikel-mail', 'attachment_message_rfc822_inline_image.eml'),
    );
    const doc = await parseDocument(bytes);
    expect(doc.text).not.toMatch(/<[a-z]+[ >]/i);
    expect(doc.text.trim().length).toBeGreaterThan(0);
  });

  it('returns a forwarded message as an .eml attachment with its own attachment inside', async () => {
    const bytes = readFileSync(path.join(emailDir, 'mikel-mail', 'attachment_message_rfc822.eml'));
    const doc = await parseDocument(bytes);
    expect(doc.attachments.map((a) => [a.filename, a.mime])).toEqual([
      ['ForwardedMessage.eml', 'message/rfc822'],
    ]);
    const inner = await parseDocument(doc.attachments[0]?.bytes ?? Buffer.alloc(0));
    expect(inner.attachments.map((a) => a.filename)).toContain('broken.pdf');
  });

  it('decodes a raw UTF-8 attachment name (RFC 6532)', async () => {
    const bytes = readFileSync(path.join(emailDir, 'mailgun-flanker', 'russian-attachment-yahoo.eml'));
    const doc = await parseDocument(bytes);
    expect(doc.attachments[0]?.filename.startsWith('Картинка с очень')).toBe(true);
  });
});
