import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
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

/**
 * Makes a scan of a real PDF the way a scanner does: every page rendered to a 200-DPI grey
 * PNG (poppler's pdftoppm), the images wrapped into a PDF without any text layer (img2pdf).
 */
export function scanOf(pdf: string): { scannedPdf: Buffer; firstPagePng: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'scan-'));
  execFileSync('pdftoppm', ['-r', '200', '-gray', '-png', pdf, path.join(dir, 'page')]);
  const images = readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .sort()
    .map((f) => path.join(dir, f));
  const out = path.join(dir, 'scanned.pdf');
  execFileSync('img2pdf', [...images, '-o', out]);
  return { scannedPdf: readFileSync(out), firstPagePng: readFileSync(images[0] as string) };
}
