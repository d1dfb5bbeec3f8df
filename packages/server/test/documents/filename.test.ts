import { describe, expect, it } from 'vitest';
import { cutFilename, documentFilename, MAX_FILENAME_LENGTH } from '../../src/documents/filename.js';

describe('documentFilename: the name a document is stored under', () => {
  it('keeps the last segment of a path an attachment or a source plugin may send', () => {
    expect(documentFilename('../../x.pdf')).toBe('x.pdf');
    expect(documentFilename('C:\\scans\\..\\invoice 2024.pdf')).toBe('invoice 2024.pdf');
    expect(documentFilename('/etc/passwd')).toBe('passwd');
  });

  it('falls back to "document" when no name is left', () => {
    for (const raw of ['', '   ', '..', '.', 'folder/', '\u0007'])
      expect(documentFilename(raw)).toBe('document');
  });

  it('drops control characters (a header injection attempt stays one harmless name)', () => {
    expect(documentFilename('a\r\nX-Injected: 1\r\n.md')).toBe('aX-Injected: 1.md');
  });

  it('keeps unicode names whole', () => {
    expect(documentFilename('Vertrag über Lieferung – 契約書 😀.pdf')).toBe(
      'Vertrag über Lieferung – 契約書 😀.pdf',
    );
  });

  it('cuts a long name without splitting a character, keeping its extension', () => {
    const name = documentFilename(`a${'😀'.repeat(300)}.pdf`);
    expect(name.length).toBeLessThanOrEqual(MAX_FILENAME_LENGTH);
    expect(name.endsWith('😀.pdf')).toBe(true);
    expect(name).not.toMatch(/[\uD800-\uDFFF](?![\uDC00-\uDFFF])/u);
    expect(documentFilename(`${'L'.repeat(600)}.docx`)).toBe(`${'L'.repeat(MAX_FILENAME_LENGTH - 5)}.docx`);
  });
});

describe('cutFilename: a name cut to any limit between characters', () => {
  const units = (n: number) => (s: string) => s.length <= n;
  const bytes = (n: number) => (s: string) => Buffer.byteLength(s) <= n;

  it('leaves a name that fits alone', () => {
    expect(cutFilename('Lieferung.pdf', units(13))).toBe('Lieferung.pdf');
  });

  it('never separates a letter from its accent, nor the people of a family emoji', () => {
    expect(cutFilename('Cafe\u0301 menu.pdf', units(8))).toBe('Caf.pdf');
    expect(cutFilename('Cafe\u0301 menu.pdf', units(9))).toBe('Cafe\u0301.pdf');
    const family = '👨‍👩‍👧'; // three people joined by ZWJ: 8 UTF-16 units, one character
    expect(cutFilename(`${family}${family}.md`, units(12))).toBe(`${family}.md`);
    expect(cutFilename(`${family}${family}.md`, units(9))).toBe('.md');
  });

  it('cuts to a byte budget (UTF-8) as well as to UTF-16 units', () => {
    const name = cutFilename(`${'契'.repeat(200)}.docx`, bytes(240));
    expect(name).toBe(`${'契'.repeat(78)}.docx`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(240);
  });

  it('drops an extension that cannot fit', () => {
    expect(cutFilename('abcdef.longext', units(4))).toBe('abcd');
  });
});
