import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ParseError, parseDocument } from '../../src/parsing/index.js';
import { corpusFile, fixturesDir, phraseCoverage } from './corpus.js';

const docx = readFileSync(path.join(fixturesDir, 'mutual-nda.docx'));

describe('DOCX', () => {
  it('extracts the text and core properties of a Word document', async () => {
    const doc = await parseDocument(docx, { filename: 'mutual-nda.docx' });
    expect(doc.kind).toBe('docx');
    expect(doc.mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(doc.pages).toEqual([doc.text]);
    expect(doc.metadata).toMatchObject({
      title: 'Mutual Non-Disclosure Agreement',
      author: 'Common Paper',
      subject: 'Standard Terms',
    });
    const source = corpusFile('agreements-md', 'commonpaper', 'Mutual-NDA', 'Mutual-NDA.md').toString('utf8');
    expect(phraseCoverage(source.replace(/<[^>]+>/g, ''), doc.text)).toBeGreaterThanOrEqual(0.95);
    expect(doc.text.startsWith('Standard Terms')).toBe(true);
  });

  it("keeps a Word table's rows as rows, each heading and paragraph on a line of its own", async () => {
    // cover-page.docx: the Mutual NDA cover page, its signature table a Word table
    const doc = await parseDocument(readFileSync(path.join(fixturesDir, 'cover-page.docx')), {
      filename: 'cover-page.docx',
    });
    expect(doc.text).toContain('\n\nEffective Date\n\n[Today’s date]\n\n');
    expect(doc.text).toContain('Governing Law: [Fill in state]');
    expect(doc.text).toContain('\n| PARTY 1 | PARTY 2 |\nSignature\nPrint Name\n');
    expect(doc.text).not.toMatch(/<[a-z]+>/); // no HTML left
  });

  it('is detected by content even when named .pdf', async () => {
    const doc = await parseDocument(docx, { filename: 'contract.pdf', declaredMime: 'application/pdf' });
    expect(doc.kind).toBe('docx');
  });

  it('a truncated Word document is CORRUPT', async () => {
    const error = await parseDocument(docx.subarray(0, 3000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).code).toBe('CORRUPT');
  });

  it('a ZIP that is not a Word document is UNSUPPORTED_TYPE', async () => {
    const error = await parseDocument(readFileSync(path.join(fixturesDir, 'plain.zip')), {
      filename: 'x.docx',
    }).catch((e: unknown) => e);
    expect((error as ParseError).code).toBe('UNSUPPORTED_TYPE');
    expect((error as ParseError).reason).toContain('application/zip');
  });
});
