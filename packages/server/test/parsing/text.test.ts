import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { ParseError, parseDocument } from '../../src/parsing/index.js';
import { corpusDir, corpusFile } from './corpus.js';

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return markdownFiles(p);
    return f.endsWith('.md') ? [p] : [];
  });
}

const agreements = markdownFiles(path.join(corpusDir, 'agreements-md'));
const policies = markdownFiles(path.join(corpusDir, 'policies-md')).filter((f) => !f.endsWith('LICENSE.md'));

describe('Markdown', () => {
  it('finds the corpus folders', () => {
    expect(agreements.length).toBeGreaterThanOrEqual(11);
    expect(policies.length).toBeGreaterThanOrEqual(20);
  });

  it('parses every agreements-md file, by name and by structure alone', async () => {
    for (const file of agreements) {
      const bytes = readFileSync(file);
      const named = await parseDocument(bytes, { filename: path.basename(file) });
      expect(named.kind, file).toBe('markdown');
      expect(named.mime).toBe('text/markdown');
      expect(named.pages).toEqual([named.text]);
      expect(named.metadata.charset).toBe('UTF-8');
      expect(named.text).toBe(
        bytes
          .toString('utf8')
          .replace(/\r\n?/g, '\n')
          .replace(/^\uFEFF/, ''),
      );
      const anonymous = await parseDocument(bytes);
      expect(anonymous.kind, file).toBe('markdown');
    }
  });

  it('takes the title from the first heading', async () => {
    const doc = await parseDocument(
      corpusFile('agreements-md', 'commonpaper', 'Mutual-NDA', 'Mutual-NDA-coverpage.md'),
      {
        filename: 'Mutual-NDA-coverpage.md',
      },
    );
    expect(doc.metadata.title).toBe('Mutual Non-Disclosure Agreement');
  });

  it('parses every policies-md file, title from the front matter, front matter removed', async () => {
    for (const file of policies) {
      const source = readFileSync(file, 'utf8');
      const doc = await parseDocument(readFileSync(file), { filename: path.basename(file) });
      expect(doc.kind, file).toBe('markdown');
      const title = /^title:\s*(.+)$/m.exec(source)?.[1]?.replace(/^['"]|['"]$/g, '');
      if (source.startsWith('---') && title) {
        expect(doc.metadata.title, file).toBe(title.trim());
        expect(doc.text.startsWith('---')).toBe(false);
      }
      expect(doc.text.length).toBeGreaterThan(100);
    }
  });
});

describe('plain text and charsets', () => {
  const cuadTxt = 'ABILITYINC_06_15_2020-EX-4.25-SERVICES AGREEMENT.txt';

  it('reads a CUAD transcript as UTF-8 text', async () => {
    const bytes = corpusFile('cuad', 'txt', cuadTxt);
    const doc = await parseDocument(bytes, { filename: cuadTxt });
    expect(doc.kind).toBe('text');
    expect(doc.mime).toBe('text/plain');
    expect(doc.metadata.charset).toBe('UTF-8');
    expect(doc.text).toContain('SERVICES AGREEMENT');
    expect(doc.text).not.toContain('\r');
  });

  it('decodes Windows-1252 text (curly quotes) from a real sentence', async () => {
    const nda = corpusFile('agreements-md', 'commonpaper', 'Mutual-NDA', 'Mutual-NDA.md').toString('utf8');
    const sentence = /Each party’s Confidential Information[^.]*\./.exec(nda)?.[0] ?? '';
    expect(sentence).toContain('’');
    const text = `${sentence}\r\n${sentence.replace('Each', 'Chaque')} — “copie”\r\n`;
    const doc = await parseDocument(iconv.encode(text, 'windows-1252'), { filename: 'note.txt' });
    expect(doc.kind).toBe('text');
    expect(doc.text).toBe(text.replace(/\r\n/g, '\n'));
    expect(doc.metadata.charset).toBe('windows-1252');
  });

  it('decodes Latin-1 German text from a real invoice', async () => {
    const xml = corpusFile(
      'invoices',
      'zugferd-facturx',
      'XML-Rechnung',
      'CII',
      'EN16931_Einfach.cii.xml',
    ).toString('utf8');
    const names = [...xml.matchAll(/<ram:(?:Name|LineOne|CityName)>([^<]*[äöüßÄÖÜ][^<]*)<\/ram:\w+>/g)].map(
      (m) => m[1],
    );
    expect(names.length).toBeGreaterThan(0);
    const text = `Rechnung an ${names.join(', ')}. Zahlbar innerhalb von 30 Tagen ohne Abzug; Gebühren für Überweisungen trägt der Käufer.\n`;
    const doc = await parseDocument(iconv.encode(text, 'latin1'));
    expect(doc.kind).toBe('text');
    expect(doc.text).toBe(text);
  });

  it('strips a UTF-8 BOM and reads UTF-16LE with BOM', async () => {
    const sentence =
      'This Mutual Non-Disclosure Agreement consists of this Cover Page.\r\nSecond line\rThird';
    const utf8 = await parseDocument(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sentence)]));
    expect(utf8.text).toBe(
      'This Mutual Non-Disclosure Agreement consists of this Cover Page.\nSecond line\nThird',
    );
    const utf16 = await parseDocument(
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(sentence, 'utf-16le')]),
    );
    expect(utf16.kind).toBe('text');
    expect(utf16.metadata.charset).toBe('UTF-16LE');
    expect(utf16.text).toBe(utf8.text);
  });

  it('rejects zero bytes and whitespace-only text with EMPTY', async () => {
    for (const bytes of [Buffer.alloc(0), Buffer.from(' \r\n\t\n')]) {
      const error = await parseDocument(bytes).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ParseError);
      expect((error as ParseError).code).toBe('EMPTY');
    }
  });
});

describe('HTML', () => {
  it('renders an HTML page built around a corpus sentence', async () => {
    const nda = corpusFile('agreements-md', 'commonpaper', 'Mutual-NDA', 'Mutual-NDA.md').toString('utf8');
    const sentence = /Each party’s Confidential Information[^.]*\./.exec(nda)?.[0] ?? '';
    const html = `<!DOCTYPE html>
<html><head><meta charset="windows-1252"><title>Mutual NDA &amp; Terms</title>
<meta name="author" content="Common Paper"><style>p{color:red}</style></head>
<body><h1>Standard Terms</h1><p>${sentence}</p><p><a href="https://example.com/x">Read more</a></p>
<script>var x = 1;</script></body></html>`;
    const doc = await parseDocument(iconv.encode(html, 'windows-1252'), { filename: 'page.html' });
    expect(doc.kind).toBe('html');
    expect(doc.mime).toBe('text/html');
    expect(doc.metadata.title).toBe('Mutual NDA & Terms');
    expect(doc.metadata.author).toBe('Common Paper');
    expect(doc.metadata.charset).toBe('windows-1252');
    expect(doc.text).toContain(sentence);
    expect(doc.text).toContain('Standard Terms');
    expect(doc.text).toContain('Read more');
    expect(doc.text).not.toMatch(/example\.com|var x|color:red|<p>/);
  });

  it("keeps a table's rows: one-line cells as a pipe row, a layout column as paragraphs", async () => {
    // the Mutual NDA cover page's fields, as an HTML cover sheet lays them out
    const cover = corpusFile(
      'agreements-md',
      'commonpaper',
      'Mutual-NDA',
      'Mutual-NDA-coverpage.md',
    ).toString('utf8');
    const sentence = /By signing this Cover Page[^.]*\./.exec(cover)?.[0] ?? '';
    const html = `<html><body><h1>Mutual Non-Disclosure Agreement</h1>
<table><tbody><tr><th>Effective Date</th><td>June 1, 2025</td></tr>
<tr><td>MNDA Term</td><td>Expires 1 year from Effective Date.</td></tr>
<tr><td>Governing Law</td><td></td></tr></tbody></table>
<table><tr><td><p>Purpose</p><p>${sentence}</p></td><td><p>Left</p><p>Right</p></td></tr></table>
</body></html>`;
    const doc = await parseDocument(Buffer.from(html), { filename: 'cover.html' });
    expect(doc.text).toContain(
      '| Effective Date | June 1, 2025 |\n| MNDA Term | Expires 1 year from Effective Date. |',
    );
    expect(doc.text).toContain('\nGoverning Law\n'); // its empty cell dropped
    // html-to-text's default glued these cells: "Effective DateJune 1, 2025"
    expect(doc.text).not.toContain('DateJune');
    expect(doc.text).toContain(`Purpose\n\n${sentence}\n\nLeft\n\nRight`);
  });

  it("reads a definition list's term and its descriptions as one row", async () => {
    const html = `<dl><dt>Effective Date</dt><dd>June 1, 2025</dd>
<dt>MNDA Term</dt><dd>Expires 1 year from Effective Date.</dd><dd>Continues until terminated.</dd></dl>`;
    const doc = await parseDocument(Buffer.from(html), { filename: 'cover.html' });
    // html-to-text's default glued them: "Effective DateJune 1, 2025"
    expect(doc.text).toBe(
      '| Effective Date | June 1, 2025 |\n| MNDA Term | Expires 1 year from Effective Date. | Continues until terminated. |',
    );
  });

  it('an HTML page with no visible text is EMPTY', async () => {
    const error = await parseDocument(Buffer.from('<html><body><img src="a.png"></body></html>')).catch(
      (e) => e,
    );
    expect((error as ParseError).code).toBe('EMPTY');
  });
});
