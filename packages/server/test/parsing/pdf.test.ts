import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getResolvedPDFJS } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { ParseError, parseDocument } from '../../src/parsing/index.js';
import { type PdfTextItem, pageText, pdfDate } from '../../src/parsing/pdf.js';
import { corpusDir, corpusFile, fixturesDir, phraseCoverage, words } from './corpus.js';

async function parseError(promise: Promise<unknown>): Promise<ParseError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ParseError);
  return error as ParseError;
}

const CUAD = [
  'ABILITYINC_06_15_2020-EX-4.25-SERVICES AGREEMENT',
  'ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT',
  'ADUROBIOTECH,INC_06_02_2020-EX-10.7-CONSULTING AGREEMENT(1)',
  'CENTRACKINTERNATIONALINC_10_29_1999-EX-10.3-WEB SITE HOSTING AGREEMENT',
];

describe('PDF (CUAD contracts)', () => {
  it.each(CUAD)('%s: every page, text matches the CUAD transcript', async (name) => {
    const doc = await parseDocument(corpusFile('cuad', 'pdf', `${name}.pdf`), { filename: `${name}.pdf` });
    const transcript = corpusFile('cuad', 'txt', `${name}.txt`).toString('utf8');
    expect(doc.kind).toBe('pdf');
    expect(doc.mime).toBe('application/pdf');
    expect(doc.pages.length).toBeGreaterThan(1);
    expect(doc.metadata.page_count).toBe(doc.pages.length);
    expect(doc.text).toBe(doc.pages.join('\n\n'));
    expect(doc.attachments).toEqual([]);
    expect(phraseCoverage(transcript, doc.text)).toBeGreaterThanOrEqual(0.9);
    // a phrase from the start and one from the end land on the first and last page
    const first = words(transcript).split(' ').slice(0, 4).join(' ');
    expect(words(doc.pages[0] ?? '')).toContain(first);
    const last = words(transcript).split(' ').slice(-4).join(' ');
    expect(words(doc.pages.at(-1) ?? '')).toContain(last);
  });
});

describe('PDF parser on the patched pdf.js (scripts/patch-pdfjs.mjs)', () => {
  const vendor = new URL('../../vendor/pdfjs.mjs', import.meta.url);

  it('parses with packages/server/vendor/pdfjs.mjs, which carries the four changes', async () => {
    const name = CUAD[0];
    await parseDocument(corpusFile('cuad', 'pdf', `${name}.pdf`), { filename: `${name}.pdf` });
    expect(await getResolvedPDFJS()).toBe(await import(vendor.href));
    const source = readFileSync(vendor, 'utf8');
    expect(source).toContain('clone(){let e=Object.assign(Object.create(Object.getPrototypeOf(this)),this);');
    expect(source).not.toContain('clone(){let e=Object.assign(Object.create(this),this);');
    expect(source).toContain('FlateStream=class extends DecodeStream{#e=!1;');
    expect(source).toContain('?{...e,chunk:{...e.chunk}}:');
    expect(source).toContain('function getCurrentTextTransform(){let e=j.font,sx=');
  });

  it("gives the same text items as unpdf's stock pdf.js: strings, matrices, sizes, styles", async () => {
    type TextContent = { items: { fontName?: string }[]; styles: Record<string, unknown> };
    type PdfjsModule = {
      PDFWorker: { _setupFakeWorkerGlobal: Promise<unknown> };
      getDocument(src: object): {
        promise: Promise<{
          numPages: number;
          getPage(n: number): Promise<{ getTextContent(): Promise<TextContent> }>;
        }>;
        destroy(): Promise<void>;
      };
    };
    const textOf = async (pdfjs: PdfjsModule, bytes: Uint8Array) => {
      // the options unpdf's getDocumentProxy passes in Node without pdfjs-dist, as parsePdf does
      const task = pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: true, verbosity: 0 });
      const pdf = await task.promise;
      const pages: TextContent[] = [];
      for (let n = 1; n <= pdf.numPages; n++) pages.push(await (await pdf.getPage(n)).getTextContent());
      await task.destroy();
      // font names carry the document's number in its pdf.js instance ("g_d5_f1"): drop it
      const font = (name: string) => name.replace(/^g_d\d+_/, 'g_');
      return pages.map(({ items, styles }) => ({
        items: items.map((item) =>
          item.fontName === undefined ? item : { ...item, fontName: font(item.fontName) },
        ),
        styles: Object.fromEntries(Object.entries(styles).map(([name, style]) => [font(name), style])),
      }));
    };
    // Each bundle sets globalThis.pdfjsWorker to its worker half when evaluated and its PDFWorker
    // takes what is there at first use: pin each copy's right after its import, and check that the
    // two copies do run different worker halves (else worker-side changes would compare equal).
    const stock = (await import('unpdf/pdfjs')) as unknown as PdfjsModule;
    const stockWorker = await stock.PDFWorker._setupFakeWorkerGlobal;
    const patched = (await import(vendor.href)) as PdfjsModule;
    expect(await patched.PDFWorker._setupFakeWorkerGlobal).not.toBe(stockWorker);
    for (const name of CUAD.slice(0, 2)) {
      const bytes = corpusFile('cuad', 'pdf', `${name}.pdf`);
      const expected = await textOf(stock, bytes);
      expect(expected.flatMap((p) => p.items).length).toBeGreaterThan(100);
      // toStrictEqual compares numbers with Object.is: every matrix element is the same double
      expect(await textOf(patched, bytes)).toStrictEqual(expected);
    }
  });
});

describe('PDF text assembly', () => {
  it('puts an EDGAR footer pdf.js leaves unseparated on its own line', async () => {
    const name = 'ReynoldsConsumerProductsInc_20191115_S-1_EX-10.18_11896469_EX-10.18_Supply Agreement';
    const doc = await parseDocument(corpusFile('cuad', 'pdf', `${name}.pdf`), { filename: `${name}.pdf` });
    expect(doc.text).toContain(
      'the efforts\nundertaken by the\nSource: REYNOLDS CONSUMER PRODUCTS INC., S-1, 11/15/2019',
    );
    expect(doc.text).not.toMatch(/\wSource: REYNOLDS/);
  });

  it('joins a word hyphenated at a line end, keeping the hyphen', async () => {
    const name = 'BELLRINGBRANDS,INC_02_07_2020-EX-10.18-MASTER SUPPLY AGREEMENT';
    const doc = await parseDocument(corpusFile('cuad', 'pdf', `${name}.pdf`), { filename: `${name}.pdf` });
    expect(doc.text).toContain('any other applicable anti-corruption law.');
  });

  /** A horizontal text item of height 10 starting at (x, y). */
  const item = (str: string, x: number, y: number, width: number, hasEOL = false): PdfTextItem => ({
    str,
    transform: [10, 0, 0, 10, x, y],
    width,
    height: 10,
    hasEOL,
  });

  it('separates items by their position when pdf.js does not', () => {
    const items = [
      item('Page 3 of 36', 280, 331, 38),
      item('Source: ACME', 60, 36, 60),
      item('dated', 60, 20, 25),
      item('May 1, 2020', 90, 20, 50),
      item('10', 145, 20, 10),
      item('th', 155, 23, 6),
    ];
    expect(pageText(items)).toBe('Page 3 of 36\nSource: ACME\ndated May 1, 2020 10th');
  });

  it('reads the items of one baseline left to right, whatever order they were drawn in', () => {
    // EN16931_Einfach.pdf draws its heading's date before the number to its left
    const heading = [
      item('Handelsrechnung (380)', 60, 700, 110),
      item('05.03.2018', 260, 700, 50),
      item('Nr. 471102 vom', 180, 700, 75, true),
      item('Währung:', 60, 680, 45),
      item('EUR', 300, 680, 20, true),
    ];
    expect(pageText(heading)).toBe('Handelsrechnung (380) Nr. 471102 vom 05.03.2018\nWährung: EUR\n');
    // two columns drawn one after the other stay apart
    const columns = [
      item('left one', 60, 700, 40),
      item('left two', 60, 680, 40),
      item('right one', 300, 700, 45),
    ];
    expect(pageText(columns)).toBe('left one\nleft two\nright one');
    // a superscript inside a long item and text drawn twice keep the order they were drawn in
    const superscript = [
      item('before 31 March 2001, then the licence', 60, 700, 200),
      item('st', 110, 704, 6),
    ];
    expect(pageText(superscript)).toBe('before 31 March 2001, then the licencest');
    const bold = [item('Promoting full', 60, 700, 70), item('Promoting full', 60.4, 700, 70)];
    expect(pageText(bold)).toBe('Promoting fullPromoting full');
  });
});

describe('PDF (Kleister NDA)', () => {
  const labels = readFileSync(path.join(corpusDir, 'kleister-nda', 'labels.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { pdf: string; party: string[]; jurisdiction?: string });
  it.each(labels.slice(0, 6).map((l) => [l.pdf, l] as const))('%s names its parties', async (_pdf, label) => {
    const doc = await parseDocument(corpusFile('kleister-nda', label.pdf));
    expect(doc.kind).toBe('pdf');
    expect(doc.pages.length).toBe(doc.metadata.page_count);
    const text = words(doc.text);
    // Kleister normalises party names ("Nike Inc."); the first word of each is in the text
    for (const party of label.party) expect(text).toContain(words(party).split(' ')[0]);
    if (label.jurisdiction) expect(text).toContain(words(label.jurisdiction));
  });
});

describe('PDF (ZUGFeRD / Factur-X invoices)', () => {
  const INVOICES = ['EN16931_Einfach', 'EN16931_Rabatte', 'EN16931_Gutschrift', 'XRECHNUNG_Einfach'];
  it.each(INVOICES)('%s shows the invoice number of its embedded CII XML', async (name) => {
    const doc = await parseDocument(
      corpusFile('invoices', 'zugferd-facturx', 'XML-Rechnung', 'FX', `${name}.pdf`),
    );
    const xml = corpusFile('invoices', 'zugferd-facturx', 'XML-Rechnung', 'CII', `${name}.cii.xml`).toString(
      'utf8',
    );
    const id = /<rsm:ExchangedDocument>\s*<ram:ID>([^<]+)<\/ram:ID>/.exec(xml)?.[1];
    expect(id).toBeTruthy();
    expect(doc.kind).toBe('pdf');
    expect(doc.text).toContain(id);
    expect(doc.metadata.created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('reads the heading in the order it is printed, not the order it was drawn', async () => {
    const doc = await parseDocument(
      corpusFile('invoices', 'zugferd-facturx', 'XML-Rechnung', 'FX', 'EN16931_Einfach.pdf'),
    );
    expect(doc.text).toContain('Seite 1 von 2\nHandelsrechnung (380) Nr. 471102 vom 05.03.2018\n');
  });

  it('reads a French Factur-X sample', async () => {
    const doc = await parseDocument(
      corpusFile(
        'invoices',
        'zugferd-facturx',
        'ZUGFeRDv2',
        'correct',
        'FNFE-factur-x-examples',
        'Facture_FR_BASICWL.pdf',
      ),
    );
    expect(doc.kind).toBe('pdf');
    expect(doc.text.toLowerCase()).toContain('facture');
  });
});

describe('PDF failures', () => {
  it('a password-protected PDF is ENCRYPTED', async () => {
    const error = await parseError(parseDocument(readFileSync(path.join(fixturesDir, 'encrypted.pdf'))));
    expect(error.code).toBe('ENCRYPTED');
    expect(error.reason).toBe('The PDF is password-protected');
  });

  it('a truncated PDF (first 2000 bytes) is CORRUPT', async () => {
    const bytes = corpusFile('cuad', 'pdf', `${CUAD[0]}.pdf`).subarray(0, 2000);
    const error = await parseError(parseDocument(bytes, { filename: 'cut.pdf' }));
    expect(error.code).toBe('CORRUPT');
    expect(error.reason).toMatch(/PDF is damaged or truncated/);
  });

  it('a PDF header followed by garbage is CORRUPT', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x41)]);
    expect((await parseError(parseDocument(bytes))).code).toBe('CORRUPT');
  });

  it('a PDF without a text layer is EMPTY with the OCR reason', async () => {
    // a page with an empty content stream has no text layer, like a scan without OCR
    const pdf = minimalPdf('');
    const error = await parseError(parseDocument(pdf));
    expect(error.code).toBe('EMPTY');
    expect(error.reason).toBe('No text could be extracted; scanned PDFs need OCR, which is not enabled');
  });

  it('stops at the time limit with TIMEOUT', async () => {
    const bytes = corpusFile('cuad', 'pdf', `${CUAD[0]}.pdf`);
    const error = await parseError(parseDocument(bytes, { timeoutMs: 1 }));
    expect(error.code).toBe('TIMEOUT');
  });

  it('refuses input over maxBytes with TOO_LARGE', async () => {
    const bytes = corpusFile('cuad', 'pdf', `${CUAD[0]}.pdf`);
    expect((await parseError(parseDocument(bytes, { maxBytes: 1000 }))).code).toBe('TOO_LARGE');
  });

  it('converts PDF dates to ISO 8601', () => {
    expect(pdfDate("D:20220218171344+01'00'")).toBe('2022-02-18T16:13:44.000Z');
    expect(pdfDate('D:2005')).toBe('2005-01-01T00:00:00.000Z');
    expect(pdfDate("D:20200212133634+00'00'")).toBe('2020-02-12T13:36:34.000Z');
    expect(pdfDate("D:20200212133634Z00'00'")).toBe('2020-02-12T13:36:34.000Z');
    expect(pdfDate('D:20200212133634-0530')).toBe('2020-02-12T19:06:34.000Z');
    expect(pdfDate('2005. aprilis 32.')).toBeUndefined();
  });
});

/** A valid one-page PDF whose content stream is `content` (cross-reference offsets computed). */
function minimalPdf(content: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
