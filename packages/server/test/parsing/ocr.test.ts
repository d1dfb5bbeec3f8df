import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ParseError, parseDocument } from '../../src/parsing/index.js';
import { type OcrSettings, parseWithOcr, tsvConfidence } from '../../src/parsing/ocr.js';
import { BLANK_SEPARATOR_PDF, blankScanPng, CUAD_PDF, scanOf } from './ocr-scan.js';

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
    expect(parsed.ocr).toMatchObject({
      pages: [1],
      skipped_pages: [2, 3],
      blank_pages: [],
      languages: 'eng',
    });
    expect(parsed.ocr?.engine).toMatch(/^tesseract 5/);
    expect(parsed.pages).toHaveLength(3);
    expect(parsed.pages[0]).toMatch(/SPONSORSHIP AGREEMENT/i);
    expect(parsed.pages.slice(1)).toEqual(['', '']);
    expect(parsed.ocr?.confidence['1']).toBeGreaterThan(80);
  }, 60_000);

  it('does not OCR a blank page: a born-digital contract whose last page holds only a rule', async () => {
    const parsed = await parseWithOcr(readFileSync(BLANK_SEPARATOR_PDF), { filename: 'x.pdf' }, settings);
    expect(parsed.ocr).toMatchObject({
      pages: [],
      blank_pages: [8],
      skipped_pages: [],
      mean_confidence: null,
    });
    expect(parsed.pages).toHaveLength(8);
    expect(parsed.pages[7]).toBe('');
    expect(parsed.pages[6]).toMatch(/South America/);
    expect(parsed.text).toBe(parsed.pages.join('\n\n'));
  });

  it('OCRs the scanned page and skips the blank scanned page (with scanner specks) after it', async () => {
    const { scannedPdf } = scanOf(CUAD_PDF, { lastPage: 1, blankPageAfter: true });
    const parsed = await parseWithOcr(scannedPdf, { filename: 'scan.pdf' }, settings);
    expect(parsed.ocr).toMatchObject({ pages: [1], blank_pages: [2], skipped_pages: [] });
    expect(parsed.pages).toHaveLength(2);
    expect(parsed.pages[0]).toMatch(/SPONSORSHIP AGREEMENT/i);
    expect(parsed.pages[1]).toBe('');
  }, 60_000);

  it('fails a scan whose every page is blank as empty', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'blank-scan-'));
    const out = path.join(dir, 'blank.pdf');
    execFileSync('img2pdf', [blankScanPng(dir), '-o', out]);
    const parsed = parseWithOcr(readFileSync(out), { filename: 'blank.pdf' }, settings);
    await expect(parsed).rejects.toMatchObject({ code: 'EMPTY' });
  });

  it('stops a page that exceeds its time limit', async () => {
    const slow = parseWithOcr(scanned, {}, { ...settings, maxPages: 1, pageTimeoutSeconds: 0.05 });
    await expect(slow).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});

/**
 * A PNG decompression bomb: a 25,000 × 25,000 white greyscale image (625 MB of pixels) in about
 * 0.6 MB (PNG, RFC 2083: signature, IHDR, one IDAT, IEND).
 */
function pngBomb(side = 25_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const row = Buffer.alloc(side + 1, 0xff);
  row[0] = 0; // filter: none
  const pixels = deflateSync(Buffer.concat(Array.from({ length: side }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('OCR of hostile images', () => {
  it('fails a decompression bomb at the tool memory bound instead of decoding 625 MB of pixels', async () => {
    // Unbounded, Tesseract decodes this in 2.3 GB and ~25 s and finds no text (EMPTY); bounded by
    // prlimit it cannot allocate the image and the page fails as unreadable (CORRUPT). How fast
    // is for bench/, not for a test on a busy machine.
    const parsed = parseWithOcr(pngBomb(), { filename: 'bomb.png' }, settings);
    await expect(parsed).rejects.toMatchObject({ code: 'CORRUPT' });
    await expect(parsed).rejects.toThrow(/Tesseract could not read the page/);
  }, 120_000);
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
