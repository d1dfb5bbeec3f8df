import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { corpusDir } from '../support/paths.js';

/** A 3-page CUAD contract (SEC filing) whose governing law clause names Florida. */
export const CUAD_PDF = path.join(
  corpusDir,
  'cuad',
  'pdf',
  'EcoScienceSolutionsInc_20180406_8-K_EX-10.1_11135398_EX-10.1_Sponsorship Agreement.pdf',
);

/** An 8-page CUAD contract whose last page has no text layer and no text: only a footer rule. */
export const BLANK_SEPARATOR_PDF = path.join(
  corpusDir,
  'cuad',
  'pdf',
  'BLACKBOXSTOCKSINC_08_05_2014-EX-10.1-DISTRIBUTOR AGREEMENT.pdf',
);

/**
 * A scanned blank page as a PDF (img2pdf of a 200-DPI grey letter page): white, with 2,000
 * isolated black specks of scanner dust.
 */
export function blankScanPng(dir: string): string {
  const [width, height] = [1700, 2200];
  const pixels = Buffer.alloc(width * height, 255);
  let seed = 1;
  for (let i = 0; i < 2000; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    pixels[seed % pixels.length] = 0;
  }
  const file = path.join(dir, 'blank.pgm');
  writeFileSync(file, Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1'), pixels]));
  return file;
}

/**
 * Makes a scan of a real PDF the way a scanner does: every page (up to `lastPage`) rendered to a
 * 200-DPI grey PNG (poppler's pdftoppm), and with `blankPageAfter` a blank scanned page
 * ({@link blankScanPng}) after them, the images wrapped into a PDF without any text layer (img2pdf).
 */
export function scanOf(
  pdf: string,
  opts: { lastPage?: number; blankPageAfter?: boolean } = {},
): { scannedPdf: Buffer; firstPagePng: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'scan-'));
  const last = opts.lastPage ? ['-l', String(opts.lastPage)] : [];
  execFileSync('pdftoppm', ['-r', '200', '-gray', '-png', ...last, pdf, path.join(dir, 'page')]);
  const images = readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort()
    .map((f) => path.join(dir, f));
  if (opts.blankPageAfter) images.push(blankScanPng(dir));
  const out = path.join(dir, 'scanned.pdf');
  execFileSync('img2pdf', [...images, '-o', out]);
  return { scannedPdf: readFileSync(out), firstPagePng: readFileSync(images[0] as string) };
}
