import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectType, ParseError, parseDocument } from '../../src/parsing/index.js';
import { corpusFile, fixturesDir } from './corpus.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);

describe('detectType', () => {
  it('sniffs PDF and DOCX from magic bytes, whatever the name says', async () => {
    const pdf = corpusFile('kleister-nda', 'pdf', '2f9077637a572fb939dfc6e8b08c4ad8.pdf');
    expect(await detectType(pdf, 'notes.txt', 'text/plain')).toEqual({
      mime: 'application/pdf',
      kind: 'pdf',
    });
    const docx = readFileSync(path.join(fixturesDir, 'mutual-nda.docx'));
    expect((await detectType(docx, 'a.pdf')).kind).toBe('docx');
    expect(await detectType(readFileSync(path.join(fixturesDir, 'plain.zip')), 'a.docx')).toEqual({
      mime: 'application/zip',
      kind: 'unknown',
    });
    expect(await detectType(PNG, 'scan.pdf')).toEqual({ mime: 'image/png', kind: 'image' });
  });

  it('recognises email, HTML, Markdown and text from the text itself', async () => {
    const eml = corpusFile('email', 'paperless-ngx', 'html.eml');
    expect(await detectType(eml)).toEqual({ mime: 'message/rfc822', kind: 'email' });
    // leading blank line and an mbox "From " line are tolerated
    expect((await detectType(corpusFile('email', 'mailgun-flanker', 'enclosed.eml'))).kind).toBe('email');
    expect((await detectType(corpusFile('email', 'mikel-mail', 'attachment_pdf.eml'))).kind).toBe('email');
    expect((await detectType(Buffer.from('<!doctype html><p>Hi</p>'))).kind).toBe('html');
    expect((await detectType(Buffer.from('  <html lang="en"><p>Hi</p></html>'))).kind).toBe('html');
    const policy = corpusFile('policies-md', 'github-terms', 'github-event-terms.md');
    expect((await detectType(policy)).kind).toBe('markdown');
    expect((await detectType(Buffer.from('Just a note.\n'), 'note.md')).kind).toBe('markdown');
    expect((await detectType(Buffer.from('Just a note.\n'), 'n', 'text/markdown')).kind).toBe('markdown');
    expect(await detectType(Buffer.from('Just a note.\n'), 'note.pdf')).toEqual({
      mime: 'text/plain',
      kind: 'text',
    });
    const cuad = corpusFile('cuad', 'txt', 'ABILITYINC_06_15_2020-EX-4.25-SERVICES AGREEMENT.txt');
    expect((await detectType(cuad)).kind).toBe('text');
  });

  it('does not take ordinary text with a colon for an email', async () => {
    expect((await detectType(Buffer.from('Subject: renewal of the lease\n\nPlease see below.'))).kind).toBe(
      'text',
    );
    expect((await detectType(Buffer.from('Note: the term is 2 years.\nParties: A and B\n'))).kind).toBe(
      'text',
    );
  });

  it('calls empty and binary input unknown', async () => {
    expect((await detectType(Buffer.alloc(0))).kind).toBe('unknown');
    expect((await detectType(Buffer.from([0, 1, 2, 3, 0, 0, 0xff, 0xfe, 7, 8, 0, 0]))).kind).toBe('unknown');
  });

  it('reads an image as one page without a text layer (its text comes from OCR, src/parsing/ocr.ts)', async () => {
    const doc = await parseDocument(PNG, { filename: 'scan.png' });
    expect(doc).toMatchObject({ kind: 'image', mime: 'image/png', text: '', pages: [''] });
  });
});

/** parseDocument either resolves to a document or rejects with a ParseError: never anything else. */
async function resolvesOrParseError(bytes: Uint8Array): Promise<void> {
  try {
    const doc = await parseDocument(bytes, { timeoutMs: 10_000 });
    expect(typeof doc.text).toBe('string');
    expect(doc.pages.length).toBeGreaterThan(0);
  } catch (error) {
    expect(error).toBeInstanceOf(ParseError);
  }
}

describe('robustness (fast-check)', () => {
  it('random bytes never crash', async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), resolvesOrParseError), {
      numRuns: 300,
    });
  });

  it('random text-like bytes never crash', async () => {
    const header = fc.constantFrom(
      '',
      'From: a@b.c\nSubject: x\n\n',
      '<html><body>',
      '# Title\n\n',
      '%PDF-1.4\n',
    );
    await fc.assert(
      fc.asyncProperty(header, fc.string({ maxLength: 500 }), async (h, body) => {
        await resolvesOrParseError(Buffer.from(h + body));
      }),
      { numRuns: 200 },
    );
  });

  it('a corpus PDF with random bytes overwritten never crashes', async () => {
    const pdf = corpusFile('kleister-nda', 'pdf', '2f9077637a572fb939dfc6e8b08c4ad8.pdf');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: pdf.length - 1 }), fc.integer({ min: 0, max: 255 })), {
          maxLength: 20,
        }),
        fc.nat({ max: pdf.length }),
        async (flips, cut) => {
          const bytes = Buffer.from(pdf.subarray(0, Math.max(cut, 16)));
          for (const [at, value] of flips) if (at < bytes.length) bytes[at] = value;
          await resolvesOrParseError(bytes);
        },
      ),
      { numRuns: 60 },
    );
  });
});
