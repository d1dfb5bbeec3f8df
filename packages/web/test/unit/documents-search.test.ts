import { describe, expect, it } from 'vitest';
import {
  documentsQuery,
  labelFilter,
  labelNames,
  labelStillTyping,
  parseDocumentsSearch,
  querySingleLettersOnly,
  shownColumns,
  showsView,
  snippetParts,
  viewQuery,
  viewSearch,
} from '../../src/lib/documents-search';
import { parseSearch, stringifySearch } from '../../src/lib/search-params';

describe("the documents page's address", () => {
  it('keeps the query, filters, page and sort it understands', () => {
    expect(
      parseDocumentsSearch({
        q: ' governing law ',
        status: 'PROCESSED',
        label: 'Contract',
        page: '3',
        sort: 'filename',
        dir: 'desc',
      }),
    ).toEqual({
      q: 'governing law',
      status: 'PROCESSED',
      label: 'Contract',
      page: 3,
      sort: 'filename',
      dir: 'desc',
    });
  });

  it('drops what is absent or invalid, so a hand-edited address still opens the list', () => {
    expect(parseDocumentsSearch({ q: '  ', status: 'LOST', page: '-2', sort: 'size', dir: 'up' })).toEqual(
      {},
    );
    expect(parseDocumentsSearch({ page: '1' })).toEqual({});
    expect(parseDocumentsSearch({ page: '2.5' })).toEqual({});
  });

  it('keeps a source filter (a connection id), asks the API for it and saves it with a view', () => {
    const id = '0190A1B2-C3D4-7E5F-8A9B-0C1D2E3F4A5B';
    const s = parseDocumentsSearch({ source_id: id, status: 'FAILED' });
    expect(s).toEqual({ source_id: id.toLowerCase(), status: 'FAILED' });
    expect(documentsQuery(s)).toMatchObject({ source_id: id.toLowerCase(), status: 'FAILED' });
    expect(viewQuery(s)).toEqual({ source_id: id.toLowerCase(), status: 'FAILED' });
    expect(parseDocumentsSearch({ source_id: 'manual' })).toEqual({});
  });

  it('asks the API for a 0-based page of 25, newest first unless a sort is chosen', () => {
    expect(documentsQuery({})).toEqual({ pageable: { page: 0, size: 25, sort: 'created_at,desc' } });
    expect(documentsQuery({ page: 3, sort: 'filename' }).pageable).toEqual({
      page: 2,
      size: 25,
      sort: 'filename,asc',
    });
    expect(documentsQuery({ q: 'delaware', status: 'FAILED', label: 'Invoice' })).toMatchObject({
      q: 'delaware',
      status: 'FAILED',
      label: 'Invoice',
    });
  });
});

describe('a search snippet', () => {
  it('becomes text parts with the matches marked, the entities decoded', () => {
    expect(snippetParts('the <mark>laws</mark> of &quot;Delaware&quot; &amp; <mark>New</mark>')).toEqual([
      { text: 'the ', mark: false },
      { text: 'laws', mark: true },
      { text: ' of "Delaware" & ', mark: false },
      { text: 'New', mark: true },
    ]);
  });

  it('never yields markup: a document that contains tags stays text', () => {
    const parts = snippetParts('&lt;script&gt;alert(1)&lt;/script&gt; <mark>x</mark>');
    expect(parts[0]).toEqual({ text: '<script>alert(1)</script> ', mark: false });
  });
});

describe('saved views of the documents list', () => {
  const view = { query: { status: 'FAILED', sort: 'filename', dir: 'asc' }, columns: ['filename', 'status'] };

  it('keeps known columns in the address, in their order, and all columns as none', () => {
    expect(parseDocumentsSearch({ cols: 'status,filename,secret,status' }).cols).toBe('status,filename');
    expect(shownColumns(parseDocumentsSearch({ cols: 'labels,filename' }))).toEqual(['labels', 'filename']);
    expect(
      parseDocumentsSearch({ cols: 'filename,status,labels,label_confidence,fields,confidence,created_at' })
        .cols,
    ).toBeUndefined();
    expect(shownColumns({})).toHaveLength(7);
  });

  it('saves the filters and sort without the page or columns, and opens a view as the address it came from', () => {
    const search = parseDocumentsSearch({
      status: 'FAILED',
      sort: 'filename',
      dir: 'asc',
      page: '3',
      cols: 'filename,status',
    });
    expect(viewQuery(search)).toEqual(view.query);
    expect(viewSearch(view)).toEqual({
      status: 'FAILED',
      sort: 'filename',
      dir: 'asc',
      cols: 'filename,status',
    });
    expect(showsView(search, view)).toBe(true);
  });

  it('tells a view from the same filters with other columns, another sort or a query', () => {
    const base = { status: 'FAILED', sort: 'filename', dir: 'asc', cols: 'filename,status' } as const;
    expect(showsView(parseDocumentsSearch({ ...base, cols: 'filename' }), view)).toBe(false);
    expect(showsView(parseDocumentsSearch({ ...base, dir: 'desc' }), view)).toBe(false);
    expect(showsView(parseDocumentsSearch({ ...base, q: 'renewal' }), view)).toBe(false);
  });
});

describe("the console's addresses", () => {
  const read = (query: string) => parseDocumentsSearch(parseSearch(query));

  it('keep the quotes of a phrase, in a link and in what the console writes', () => {
    expect(read('?q=%22governing+law%22')).toEqual({ q: '"governing law"' });
    expect(read('?q="governing law" -delaware')).toEqual({ q: '"governing law" -delaware' });
    expect(stringifySearch({ q: '"governing law"', page: 2 })).toBe('?q=%22governing+law%22&page=2');
    expect(read(stringifySearch({ q: '"governing law"', label: 'Contract' }))).toEqual({
      q: '"governing law"',
      label: 'Contract',
    });
  });

  it('search for a number or a word the router would read as a value', () => {
    expect(read('?q=471102&label=2020')).toEqual({ q: '471102', label: '2020' });
    expect(read('?q=true')).toEqual({ q: 'true' });
    expect(read(stringifySearch({ q: '471102', page: 3 }))).toEqual({ q: '471102', page: 3 });
  });
});

describe('the label filter', () => {
  const tree = [
    {
      name: 'Contract',
      children: [
        { name: 'Non-Disclosure', children: [] },
        { name: 'Supply', children: [] },
      ],
    },
    { name: 'Invoice', children: [] },
  ];
  const names = labelNames(tree);

  it('offers every label of the ontology once', () => {
    expect(names).toEqual(['Contract', 'Invoice', 'Non-Disclosure', 'Supply']);
  });

  it('asks for a label as the ontology spells it, from another case or a copied path', () => {
    expect(labelFilter('non-disclosure', names)).toBe('Non-Disclosure');
    expect(labelFilter(' Contract › Non-Disclosure ', names)).toBe('Non-Disclosure');
    expect(labelFilter('Contract > supply', names)).toBe('Supply');
    expect(labelFilter('Lease', names)).toBe('Lease');
    expect(labelFilter('  ', names)).toBeUndefined();
  });

  it('waits while the typed text is only the start of a known name', () => {
    expect(labelStillTyping('Non-Dis', names)).toBe(true);
    expect(labelStillTyping('contract › sup', names)).toBe(true);
    // A whole name (in any case), a name the ontology lacks, or nothing: asked for at once.
    expect(labelStillTyping('supply', names)).toBe(false);
    expect(labelStillTyping('Lease', names)).toBe(false);
    expect(labelStillTyping('', names)).toBe(false);
  });
});

describe('a query of single letters only', () => {
  it('is what the API refuses: lone letters of a cased script, whatever the operators around them', () => {
    for (const q of ['c', 'C++ & <b>', '"a b"', '-x or y']) expect(querySingleLettersOnly(q), q).toBe(true);
  });
  it('is not a word, a letter beside a word, a number, a Chinese character or nothing yet', () => {
    for (const q of ['co', 'plan b', '7', '合', '', '  ', '-'])
      expect(querySingleLettersOnly(q), q).toBe(false);
  });
});
