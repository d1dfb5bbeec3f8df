/**
 * Tells blank pages from pages worth recognising, before OCR renders them at 300 DPI and runs
 * Tesseract on them (≈ 2 s of CPU per page): a blank separator page, or the last page of a
 * contract with only a footer rule, has no text layer and would otherwise be OCRed for nothing.
 *
 * The check reads a coarse greyscale rendering of the page (poppler's `pdftoppm -gray
 * -scale-to 550`, binary PGM, netpbm's pgm(5)): at that size a scanner's specks and paper
 * texture average out to light grey, while text stays dark. A page is blank when, rows of ink
 * across at least a quarter of its width (rules, lines drawn across) set aside, fewer than
 * 1 in 10,000 of its pixels are ink (darker than grey level 160 of 255): about 20 pixels,
 * less than one short word ("EXHIBIT B" in 9-point bold is 56).
 */

/** The long side of the check's rendering, in pixels (a letter page: 425 × 550). */
export const BLANK_CHECK_SIZE = 550;
/** Grey level (0 black … 255 white) below which a pixel counts as ink. */
const INK_LEVEL = 160;
/** Largest share of ink pixels (rules excluded) of a blank page. */
const MAX_INK_SHARE = 1e-4;
/** A row whose longest run of ink spans this share of the width is a rule, not text. */
const RULE_SHARE = 0.25;

/** A greyscale image: `width × height` pixels, one byte each (0 black … 255 white), row by row. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/**
 * Reads a binary PGM (`P5`, maxval ≤ 255; pgm(5)), as `pdftoppm -gray` writes it.
 *
 * @throws Error when the data is not such a PGM or is shorter than its header says
 */
export function readPgm(data: Uint8Array): GreyImage {
  // Header: magic, width, height, maxval, separated by whitespace (comments start with #).
  const tokens: string[] = [];
  let at = 0;
  while (tokens.length < 4 && at < data.length) {
    const c = data[at] as number;
    if (c === 0x23) {
      while (at < data.length && data[at] !== 0x0a) at++;
    } else if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) {
      at++;
    } else {
      const start = at;
      while (at < data.length && !/\s/.test(String.fromCharCode(data[at] as number))) at++;
      tokens.push(Buffer.from(data.subarray(start, at)).toString('latin1'));
    }
  }
  const [magic, w, h, max] = tokens;
  const width = Number(w);
  const height = Number(h);
  if (magic !== 'P5' || !(width > 0) || !(height > 0) || !(Number(max) > 0 && Number(max) <= 255)) {
    throw new Error('not a binary 8-bit PGM image');
  }
  const pixels = data.subarray(at + 1, at + 1 + width * height);
  if (pixels.length < width * height) throw new Error('the PGM image is truncated');
  return { width, height, pixels };
}

/**
 * Share of the image's pixels that are ink, leaving out rows that carry a rule (a run of ink
 * across at least a quarter of the width).
 */
export function inkShare(image: GreyImage): number {
  const { width, height, pixels } = image;
  const ruleRun = Math.max(1, Math.ceil(width * RULE_SHARE));
  let ink = 0;
  for (let y = 0; y < height; y++) {
    let inRow = 0;
    let run = 0;
    let longest = 0;
    for (let x = y * width, end = x + width; x < end; x++) {
      if ((pixels[x] as number) < INK_LEVEL) {
        inRow++;
        run++;
        if (run > longest) longest = run;
      } else run = 0;
    }
    if (longest < ruleRun) ink += inRow;
  }
  return ink / (width * height);
}

/** Whether the page in `image` is blank (see the module comment for the rule). */
export function isBlankPage(image: GreyImage): boolean {
  return inkShare(image) < MAX_INK_SHARE;
}
