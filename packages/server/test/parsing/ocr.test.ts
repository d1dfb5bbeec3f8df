import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ParseError, parseDocument } from '../../src/parsing/index.js';
import { type OcrSettings, parseWithOcr, tsvConfidence } from '../../src/parsing/ocr.js';
import { CUAD_PDF, scanOf } from './ocr-scan.js';

const settings: OcrSettings = { enabled: true, languages: 'eng', maxPages: 50, pageTimeoutSeconds: 60 };

describe('OCR of pages without a text layer', () => {
  let scanned: Buffer;

  beforeAll(() => {
    scanned = scanOf(CUAD_PDF).scannedPdf;
  });

  it('leaves a born-digital PDF alone: no page is OCRed', async () => {
    const parsed = await parseWithOcr(readFileSync(CUAD_PDF), { filename: 'x.pdf' }, settings);
    expect(parsed.ocr).toBeUndefined();
    expect(parsed.text).toMatch(/governed by and interpreted/);
  });

  it('says a scan needs OCR when it is switched off', async () => {
    await expect(parseDocument(scanned)).rejects.toMatchObject({ code: 'EMPTY' });
    const off = parseWithOcr(scanned, {}, { ...settings, enabled: false });
    await expect(off).rejects.toBeInstanceOf(ParseError);
    await expect(off).rejects.toThrow(/SERVICE_OCR_ENABLED/);
  });

  it('reads only up to the page cap and records the pages left out', async () => {
    const parsed = await parseWithOcr(scanned, { filename: 'scan.pdf' }, { ...settings, maxPages: 1 });
    expect(parsed.ocr).toMatchObject({ pages: [1], skipped_pages: [2, 3], languages: 'eng' });
    expect(parsed.ocr?.engine).toMatch(/^tesseract 5/);
    expect(parsed.pages).toHaveLength(3);
    expect(parsed.pages[0]).toMatch(/SPONSORSHIP AGREEMENT/i);
    expect(parsed.pages.slice(1)).toEqual(['', '']);
    expect(parsed.ocr?.confidence['1']).toBeGreaterThan(80);
  }, 60_000);

  it('stops a page that exceeds its time limit', async () => {
    const slow = parseWithOcr(scanned, {}, { ...settings, maxPages: 1, pageTimeoutSeconds: 0.05 });
    await expect(slow).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});

describe('tsvConfidence', () => {
  it('averages the confidence of words (level 5) per page and ignores empty and non-word rows', () => {
    const header =
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
    const rows = [
      '1\t1\t0\t0\t0\t0\t0\t0\t100\t100\t-1\t',
      '5\t1\t1\t1\t1\t1\t0\t0\t10\t10\t90\tGoverning',
      '5\t1\t1\t1\t1\t2\t0\t0\t10\t10\t80\tLaw',
      '5\t1\t1\t1\t1\t3\t0\t0\t10\t10\t95\t ',
      '5\t2\t1\t1\t1\t1\t0\t0\t10\t10\t70\tFlorida',
    ];
    expect(tsvConfidence([header, ...rows].join('\n'))).toEqual(
      new Map([
        [1, { sum: 170, words: 2 }],
        [2, { sum: 70, words: 1 }],
      ]),
    );
  });
});
