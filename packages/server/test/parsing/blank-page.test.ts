import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type GreyImage, inkShare, isBlankPage, readPgm } from '../../src/parsing/blank-page.js';
import { BLANK_SEPARATOR_PDF } from './ocr-scan.js';

/** A white `width × height` image with the given pixels (x, y) painted black. */
function white(width: number, height: number, ink: [number, number][] = []): GreyImage {
  const pixels = new Uint8Array(width * height).fill(255);
  for (const [x, y] of ink) pixels[y * width + x] = 0;
  return { width, height, pixels };
}

/** The page rendered as the OCR check renders it (pdftoppm, grey PGM, long side 550 px). */
function rendered(pdf: string, page: number): GreyImage {
  const dir = mkdtempSync(path.join(tmpdir(), 'blank-check-'));
  const out = path.join(dir, 'p');
  execFileSync('pdftoppm', [
    '-scale-to',
    '550',
    '-gray',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    pdf,
    out,
  ]);
  return readPgm(readFileSync(`${out}.pgm`));
}

describe('readPgm', () => {
  it('reads a binary PGM with a comment in its header', () => {
    const data = Buffer.concat([
      Buffer.from('P5\n# made by hand\n3 2\n255\n', 'latin1'),
      Buffer.from([0, 128, 255, 1, 2, 3]),
    ]);
    const image = readPgm(data);
    expect(image).toMatchObject({ width: 3, height: 2 });
    expect([...image.pixels]).toEqual([0, 128, 255, 1, 2, 3]);
  });

  it('refuses what is not an 8-bit binary PGM, or is cut short', () => {
    expect(() => readPgm(Buffer.from('P6\n1 1\n255\n\0\0\0', 'latin1'))).toThrow(/not a binary 8-bit PGM/);
    expect(() => readPgm(Buffer.from('P5\n1 1\n65535\n\0\0', 'latin1'))).toThrow(/not a binary 8-bit PGM/);
    expect(() => readPgm(Buffer.from('P5\n4 4\n255\n\0\0', 'latin1'))).toThrow(/truncated/);
  });
});

describe('isBlankPage', () => {
  it('calls a white page blank, with a rule across it too', () => {
    expect(isBlankPage(white(400, 500))).toBe(true);
    const rule = Array.from({ length: 300 }, (_, i): [number, number] => [50 + i, 480]);
    expect(inkShare(white(400, 500, rule))).toBe(0);
    expect(isBlankPage(white(400, 500, rule))).toBe(true);
  });

  it('does not call a page with a word-sized patch of ink blank', () => {
    // 60 ink pixels in a 30 × 2 block: about one short bold word at this size.
    const word = Array.from({ length: 60 }, (_, i): [number, number] => [
      100 + (i % 30),
      40 + Math.floor(i / 30),
    ]);
    expect(isBlankPage(white(400, 500, word))).toBe(false);
  });

  it('judges real contract pages: a footer rule alone is blank, a short exhibit page is not', () => {
    // Page 8 of this CUAD contract has no text layer and only a footer rule; page 7 has four
    // lines of text (Exhibit B) above two rules.
    expect(isBlankPage(rendered(BLANK_SEPARATOR_PDF, 8))).toBe(true);
    expect(isBlankPage(rendered(BLANK_SEPARATOR_PDF, 7))).toBe(false);
  });
});
