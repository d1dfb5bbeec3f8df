import { describe, expect, it } from 'vitest';
import { PluginError } from '../../src/engine/runtime-protocol.js';
import { toStoredExtraction } from '../../src/pipeline/extract.js';

/** Three pages as the parser joins them: `pages.join('\n\n')` is the document text. */
const PAGES = [
  'This Agreement is made between Acme Corp and Beta LLC.',
  'Term: two (2) years.',
  'Delaware law.',
];
const TEXT = PAGES.join('\n\n');

/** A span of TEXT as a plugin reports it: offsets of `needle`, end exclusive. */
function span(needle: string) {
  const start = TEXT.indexOf(needle);
  if (start < 0) throw new Error(`"${needle}" is not in the text`);
  return { start, end: start + needle.length, text: needle };
}

describe('toStoredExtraction (ExtractionResult → stored extraction)', () => {
  it('keeps data, llm_fields and document_type, and names the plugin', () => {
    const stored = toStoredExtraction(
      {
        data: { governing_law: 'Delaware', parties: ['Acme Corp', 'Beta LLC'] },
        llm_fields: ['parties', 42],
        document_type: 'contract',
      },
      PAGES,
      'builtin:contract-extractor@abc',
    );
    expect(stored).toEqual({
      data: { governing_law: 'Delaware', parties: ['Acme Corp', 'Beta LLC'] },
      llm_fields: ['parties'],
      document_type: 'contract',
      evidence: {},
      confidence: {},
      unsupported_fields: [],
      plugin: 'builtin:contract-extractor@abc',
      corrections: {},
    });
  });

  it('moves data._confidence and data._unsupported next to the evidence, dropping malformed entries', () => {
    const stored = toStoredExtraction(
      {
        data: {
          governing_law: 'Delaware',
          _confidence: { governing_law: 0.97, parties: 1.5, term: 'high' },
          _unsupported: ['favourite_colour', 7],
        },
      },
      PAGES,
      'p',
    );
    expect(stored.data).toEqual({ governing_law: 'Delaware' });
    expect(stored.confidence).toEqual({ governing_law: 0.97 });
    expect(stored.unsupported_fields).toEqual(['favourite_colour']);
  });

  it('moves data._evidence to evidence with the 1-based page of each span', () => {
    const parties = span('Acme Corp');
    const term = span('two (2) years');
    const law = span('Delaware');
    const stored = toStoredExtraction(
      {
        data: {
          parties: ['Acme Corp'],
          term: { value: 2, unit: 'year' },
          governing_law: 'Delaware',
          _evidence: { parties: [parties], term: [term], governing_law: [law] },
        },
      },
      PAGES,
      'p',
    );
    expect(stored.data).not.toHaveProperty('_evidence');
    expect(stored.evidence).toEqual({
      parties: [{ ...parties, page: 1 }],
      term: [{ ...term, page: 2 }],
      governing_law: [{ ...law, page: 3 }],
    });
    for (const spans of Object.values(stored.evidence))
      for (const e of spans) expect(TEXT.slice(e.start, e.end)).toBe(e.text);
  });

  it('maps a span that starts on a page boundary to that page', () => {
    const secondPageStart = (PAGES[0] as string).length + 2;
    const stored = toStoredExtraction(
      { data: { _evidence: { term: [{ start: secondPageStart, end: secondPageStart + 4, text: 'Term' }] } } },
      PAGES,
      'p',
    );
    expect(stored.evidence.term).toEqual([
      { start: secondPageStart, end: secondPageStart + 4, page: 2, text: 'Term' },
    ]);
  });

  it('gives page 1 for a one-page text and null when the parser saw no pages', () => {
    const one = toStoredExtraction(
      { data: { _evidence: { a: [{ start: 0, end: 4, text: 'This' }] } } },
      [TEXT],
      'p',
    );
    expect(one.evidence.a?.[0]?.page).toBe(1);
    const none = toStoredExtraction(
      { data: { _evidence: { a: [{ start: 0, end: 4, text: 'This' }] } } },
      [],
      'p',
    );
    expect(none.evidence.a?.[0]?.page).toBeNull();
  });

  it('keeps the id of the rule that produced each value, dropping one that is not a non-empty string', () => {
    const stored = toStoredExtraction(
      {
        data: {
          _evidence: {
            term: [{ start: 0, end: 4, text: 'This', rule: 'term.clause' }],
            a: [
              { start: 0, end: 4, text: 'This', rule: 7 },
              { start: 0, end: 4, text: 'This', rule: '' },
            ],
          },
        },
      },
      PAGES,
      'p',
    );
    expect(stored.evidence.term).toEqual([{ start: 0, end: 4, page: 1, text: 'This', rule: 'term.clause' }]);
    expect(stored.evidence.a?.every((e) => !('rule' in e))).toBe(true);
  });

  it('drops malformed spans (non-integer offsets, start after end) and non-list evidence; missing text becomes ""', () => {
    const stored = toStoredExtraction(
      {
        data: {
          _evidence: {
            a: [
              { start: 0, end: 4 },
              { start: 5, end: 2, text: 'backwards' },
              { start: '0', end: 4, text: 'string offset' },
              { start: 1.5, end: 4, text: 'fraction' },
            ],
            b: 'not a list',
          },
        },
      },
      PAGES,
      'p',
    );
    expect(stored.evidence).toEqual({ a: [{ start: 0, end: 4, page: 1, text: '' }] });
  });

  it('defaults the optional members: llm_fields [] and document_type null', () => {
    const stored = toStoredExtraction({ data: {} }, PAGES, 'p');
    expect(stored).toMatchObject({ data: {}, llm_fields: [], document_type: null, evidence: {} });
  });

  it.each([
    ['None', null],
    ['a bare dict (the data without ExtractionResult)', { governing_law: 'Delaware' }],
    ['a list', [{ data: {} }]],
    ['a string', 'Delaware'],
    ['data that is a list', { data: ['Delaware'] }],
    ['data that is null', { data: null }],
  ])('answers WrongReturnType for %s', (_what, result) => {
    let caught: unknown;
    try {
      toStoredExtraction(result, PAGES, 'p');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(PluginError);
    expect(caught).toMatchObject({ errorType: 'WrongReturnType' });
    expect((caught as PluginError).permanent).toBe(true);
    expect((caught as PluginError).message).toMatch(/ExtractionResult/);
  });
});

describe('evidence offsets across characters outside the BMP', () => {
  it('converts the plugin’s code-point offsets to UTF-16 offsets of the stored text', () => {
    const text = 'Party 😀 ACME Corp agrees';
    // Python counts 😀 as one character: "ACME Corp" starts at code point 8.
    const start = [...text].indexOf('A');
    const stored = toStoredExtraction(
      {
        data: {
          counterparty: 'ACME Corp',
          _evidence: { counterparty: [{ start, end: start + 9, text: 'ACME Corp' }] },
        },
      },
      [text],
      'p',
    );
    const span = stored.evidence.counterparty?.[0];
    expect(span && text.slice(span.start, span.end)).toBe('ACME Corp');
  });
});
