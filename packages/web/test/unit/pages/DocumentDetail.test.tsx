// @vitest-environment jsdom
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentDetailPage } from '../../../src/pages/DocumentDetail';
import { problem, uuid } from '../support/answers';
import { renderPage } from '../support/render';

/** The page's route as routes.tsx declares it. */
const documentRoute = (root: AnyRoute) =>
  createRoute({ getParentRoute: () => root, path: '/documents/$id', component: DocumentDetailPage });

const ID = uuid(7);
const TEXT = 'This Supply Agreement is made between Acme Corp and Beta LLC for a term of 2 years.';
const at = (s: string) => TEXT.indexOf(s);

/** A processed supply contract: two fields with evidence (one found by a rule), one read by the LLM. */
const processed = (corrections: Record<string, unknown> = {}, data: Record<string, unknown> = {}) => ({
  id: ID,
  filename: 'supply.pdf',
  mime_type: 'application/pdf',
  size_bytes: 1000,
  sha256: 'a'.repeat(64),
  source_id: null,
  parent_document_id: null,
  status: 'PROCESSED',
  step: null,
  error: null,
  attempts: 1,
  metadata: {},
  labels: ['Contract', 'Supply'],
  labels_confirmed: false,
  llm_suggested: null,
  classification_trace: [
    {
      level: 0,
      available_labels: ['Contract', 'Invoice'],
      returned: 'Contract',
      outcome: 'CONTINUE',
      decision: null,
    },
    {
      level: 1,
      available_labels: ['Supply', 'License'],
      returned: 'Supply',
      outcome: 'LEAF',
      decision: null,
    },
  ],
  ontology_version: 1,
  extraction: {
    data: { vendor: 'Acme Corp', term: { value: 2, unit: 'year' }, governing_law: 'Delaware', ...data },
    llm_fields: ['governing_law'],
    document_type: 'supply_contract',
    evidence: {
      vendor: [
        {
          start: at('Acme Corp'),
          end: at('Acme Corp') + 9,
          page: 1,
          text: 'Acme Corp',
          rule: 'party.between',
        },
      ],
      term: [{ start: at('2 years'), end: at('2 years') + 7, page: 1, text: '2 years' }],
    },
    confidence: { vendor: 0.92, term: 0.6, governing_law: 0.455 },
    unsupported_fields: [],
    plugin: 'builtin.contracts',
    corrections,
  },
  contract_id: uuid(9),
  benchmark_scores: [],
  step_timings: { parse: 120.4, classify: 30, extract: 45.6 },
  created_at: '2026-11-01T00:00:00.000Z',
  processed_at: '2026-11-01T00:01:00.000Z',
});

/** The tree the corrections form reads its fields' dtypes from. */
const ontology = {
  version: 1,
  labels: [
    {
      name: 'Contract',
      description: '',
      keywords: [],
      fields: [{ name: 'vendor', dtype: 'string' }],
      children: [
        {
          name: 'Supply',
          description: '',
          keywords: [],
          fields: [
            { name: 'term', dtype: 'duration' },
            { name: 'governing_law', dtype: 'string' },
          ],
          children: [],
        },
      ],
    },
  ],
};

afterEach(cleanup);

describe('the document page', () => {
  it('shows each field with its confidence and evidence rule, the highlighted text and the classification path', async () => {
    const { requests } = await renderPage(documentRoute, `/documents/${ID}`, {
      [`GET /api/v1/documents/${ID}`]: () => ({ body: processed() }),
      [`GET /api/v1/documents/${ID}/text`]: () => ({ body: { text: TEXT } }),
    });
    expect(await screen.findByRole('heading', { name: 'supply.pdf' })).toBeTruthy();
    const fields = screen.getByRole('table', { name: 'Extracted fields' });
    const row = (name: string) => within(fields).getByTestId(`field-${name}`).closest('tr') as HTMLElement;
    expect(screen.getByTestId('field-vendor').textContent).toBe('Acme Corp');
    expect(screen.getByTestId('field-term').textContent).toBe('2 years');
    expect(within(row('vendor')).getByText('92 %')).toBeTruthy();
    expect(within(row('term')).getByText('60 %')).toBeTruthy();
    expect(within(row('governing_law')).getByText('46 %')).toBeTruthy();
    expect(within(row('governing_law')).getByText('LLM')).toBeTruthy();
    // The rule id only where the plugin named one; no evidence says so.
    expect(screen.getByTestId('rule-vendor').textContent).toBe('party.between');
    expect(screen.queryByTestId('rule-term')).toBeNull();
    expect(within(row('governing_law')).getByText('no evidence')).toBeTruthy();
    expect(within(row('vendor')).getByRole('button', { name: 'show (p. 1)' })).toBeTruthy();

    const text = await screen.findByTestId('document-text');
    expect(text.textContent).toBe(TEXT);
    const marks = [...text.querySelectorAll('mark')];
    expect(marks.map((m) => [m.dataset.field, m.textContent, m.title])).toEqual([
      ['vendor', 'Acme Corp', 'vendor — rule party.between'],
      ['term', '2 years', 'term'],
    ]);
    fireEvent.click(within(row('term')).getByRole('button', { name: 'show (p. 1)' }));
    await waitFor(() => expect(row('term').getAttribute('style') ?? '').toContain('yellow'));

    const path = screen.getByRole('table', { name: 'Classification path' });
    expect(within(path).getByText('LEAF')).toBeTruthy();
    expect(within(path).getByText('among Supply, License')).toBeTruthy();
    expect(screen.getByText('Contract › Supply')).toBeTruthy();
    expect(screen.getByText('120 ms')).toBeTruthy();
    expect(requests.map((u) => u.pathname)).toEqual([
      `/api/v1/documents/${ID}`,
      `/api/v1/documents/${ID}/text`,
    ]);
  });

  it("opens what an evidence's rule is for, asked only then", async () => {
    const { requests } = await renderPage(documentRoute, `/documents/${ID}`, {
      [`GET /api/v1/documents/${ID}`]: () => ({ body: processed() }),
      [`GET /api/v1/documents/${ID}/text`]: () => ({ body: { text: TEXT } }),
      'GET /api/v1/extraction-rules/party.between': () => ({
        body: {
          id: 'party.between',
          field: 'party',
          language: 'en',
          doc: 'the parties named after "between"',
          production: 'two_parties',
          examples: [{ text: 'between Acme Corp and Beta LLC' }],
          counterexamples: [],
          decisions: [310],
          source: 'en/parties.toml',
        },
      }),
    });
    fireEvent.click(await screen.findByTestId('rule-vendor'));
    const info = await screen.findByTestId('rule-vendor-info');
    await waitFor(() => expect(info.textContent).toContain('the parties named after "between"'));
    expect(info.textContent).toContain('en/parties.toml · decisions 310');
    expect(requests.map((u) => u.pathname)).toContain('/api/v1/extraction-rules/party.between');
  });

  it('does not read the text of a document still processing', async () => {
    const { requests } = await renderPage(documentRoute, `/documents/${ID}`, {
      [`GET /api/v1/documents/${ID}`]: () => ({
        body: { ...processed(), status: 'PROCESSING', extraction: null, processed_at: null },
      }),
    });
    expect(await screen.findByText('Processing…')).toBeTruthy();
    expect(screen.getByText('No fields extracted.')).toBeTruthy();
    expect(requests.map((u) => u.pathname)).toEqual([`/api/v1/documents/${ID}`]);
  });

  it('sends a corrected value (which confirms the labels), then shows the document read again', async () => {
    let doc = processed();
    const bodies: unknown[] = [];
    const { requests } = await renderPage(
      documentRoute,
      `/documents/${ID}`,
      {
        [`GET /api/v1/documents/${ID}`]: () => ({ body: doc }),
        [`GET /api/v1/documents/${ID}/text`]: () => ({ body: { text: TEXT } }),
        'GET /api/v1/ontology': () => ({ body: ontology }),
        [`PATCH /api/v1/documents/${ID}/extraction`]: () => {
          doc = {
            ...processed(
              {
                vendor: {
                  value: 'Acme Inc',
                  original: 'Acme Corp',
                  corrected_by: uuid(1),
                  corrected_by_email: 'reviewer@example.com',
                  corrected_at: '2026-11-02T00:00:00.000Z',
                },
              },
              { vendor: 'Acme Inc', term: { value: 3, unit: 'year' } },
            ),
            labels_confirmed: true,
          };
          return { body: doc };
        },
      },
      (body) => bodies.push(body),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Correct values' }));
    const form = await screen.findByRole('form', { name: 'Correct the values of supply.pdf' });
    const vendor = (await within(form).findByLabelText('vendor (string)')) as HTMLInputElement;
    expect(vendor.value).toBe('Acme Corp');
    // A duration reads as the fields table reads it, not "2 year".
    expect((within(form).getByLabelText('term (duration)') as HTMLInputElement).value).toBe('2 years');
    fireEvent.change(vendor, { target: { value: 'Acme Inc' } });
    fireEvent.change(within(form).getByLabelText('term (duration)'), { target: { value: '3 years' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save 2 corrections' }));
    expect(await within(form).findByRole('status')).toBeTruthy();
    expect(bodies).toEqual([{ data: { vendor: 'Acme Inc', term: { value: 3, unit: 'year' } } }]);
    expect(requests.filter((u) => u.pathname === `/api/v1/documents/${ID}/extraction`)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect((await screen.findByTestId('field-vendor')).textContent).toBe('Acme Inc');
    expect(screen.getByTestId('field-term').textContent).toBe('3 years');
    expect(screen.getByText('corrected').closest('[title]')?.getAttribute('title')).toContain(
      'extracted: Acme Corp; by reviewer@example.com',
    );
    expect(requests.filter((u) => u.pathname === `/api/v1/documents/${ID}`).length).toBeGreaterThanOrEqual(2);
  });

  it('reprocesses the document and reads it again', async () => {
    let runs = 0;
    const { requests } = await renderPage(documentRoute, `/documents/${ID}`, {
      [`GET /api/v1/documents/${ID}`]: () => ({ body: { ...processed(), attempts: 1 + runs } }),
      [`GET /api/v1/documents/${ID}/text`]: () => ({ body: { text: TEXT } }),
      [`POST /api/v1/documents/${ID}/reprocess`]: () => {
        runs++;
        return { status: 202, body: { id: ID, status: 'RECEIVED' } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reprocess' }));
    await waitFor(() =>
      expect(requests.filter((u) => u.pathname === `/api/v1/documents/${ID}`)).toHaveLength(2),
    );
    expect(requests.map((u) => u.pathname)).toContain(`/api/v1/documents/${ID}/reprocess`);
    expect(runs).toBe(1);
  });

  it('shows the original PDF, read with the session, on demand', async () => {
    const urls: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      urls.push(blob);
      return 'blob:http://console.test/pdf';
    };
    const { requests } = await renderPage(documentRoute, `/documents/${ID}`, {
      [`GET /api/v1/documents/${ID}`]: () => ({ body: processed() }),
      [`GET /api/v1/documents/${ID}/text`]: () => ({ body: { text: TEXT } }),
      [`GET /api/v1/documents/${ID}/content`]: () => ({
        body: '%PDF-1.4',
        headers: { 'content-type': 'application/pdf' },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show the PDF' }));
    expect((await screen.findByTitle('PDF')).getAttribute('src')).toBe('blob:http://console.test/pdf');
    expect(urls.map((b) => b.type)).toEqual(['application/pdf']);
    expect(requests.map((u) => u.pathname)).toContain(`/api/v1/documents/${ID}/content`);
  });

  it("shows the API's detail when the document is not found, and a refused correction's field", async () => {
    await renderPage(documentRoute, `/documents/${uuid(8)}`, {
      [`GET /api/v1/documents/${uuid(8)}`]: () => problem(404, 'Document not found'),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Document not found');
    // The way back to the list stays, though the document is gone.
    expect(screen.getByRole('link', { name: '← Documents' }).getAttribute('href')).toBe('/documents');
    cleanup();

    await renderPage(documentRoute, `/documents/${ID}`, {
      [`GET /api/v1/documents/${ID}`]: () => ({ body: processed() }),
      [`GET /api/v1/documents/${ID}/text`]: () => ({ body: { text: TEXT } }),
      'GET /api/v1/ontology': () => ({ body: ontology }),
      [`PATCH /api/v1/documents/${ID}/extraction`]: () =>
        problem(400, 'Invalid extraction values', [
          { field: 'data.term', message: 'expected a duration such as 60 days or P90D' },
        ]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Correct values' }));
    fireEvent.change(await screen.findByLabelText('term (duration)'), { target: { value: 'soon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save 1 correction' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid extraction values');
    expect(alert.textContent).toContain('data.term: expected a duration such as 60 days or P90D');
    // The refused input itself is marked, with the reason under it; the others are not.
    const term = screen.getByLabelText('term (duration)');
    expect(term.getAttribute('aria-invalid')).toBe('true');
    expect(term.getAttribute('aria-describedby') ?? '').toContain('error');
    expect(screen.getByLabelText('vendor (string)').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('shows the evidence of a field whose words are also the evidence of another field', async () => {
    // One phrase gives the vendor and the party; the term's evidence starts inside the vendor's.
    const both = processed({}, { party: 'Acme Corp' });
    both.extraction.evidence = {
      vendor: [
        {
          start: at('Acme Corp'),
          end: at('Acme Corp') + 9,
          page: 1,
          text: 'Acme Corp',
          rule: 'party.between',
        },
      ],
      party: [{ start: at('Acme Corp'), end: at('Acme Corp') + 9, page: 1, text: 'Acme Corp' }],
      term: [{ start: at('Corp'), end: at('Beta LLC') + 8, page: 1, text: 'Corp and Beta LLC' }],
    } as typeof both.extraction.evidence;
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.textContent ?? '');
    };
    await renderPage(documentRoute, `/documents/${ID}`, {
      [`GET /api/v1/documents/${ID}`]: () => ({ body: both }),
      [`GET /api/v1/documents/${ID}/text`]: () => ({ body: { text: TEXT } }),
    });
    const text = await screen.findByTestId('document-text');
    expect(text.textContent).toBe(TEXT);
    const marks = [...text.querySelectorAll('mark')].map((m) => [m.textContent, m.dataset.fields]);
    expect(marks).toEqual([
      ['Acme ', 'vendor party'],
      ['Corp', 'vendor party term'],
      [' and Beta LLC', 'term'],
    ]);
    const fields = screen.getByRole('table', { name: 'Extracted fields' });
    const show = (name: string) =>
      within(within(fields).getByTestId(`field-${name}`).closest('tr') as HTMLElement).getByRole('button', {
        name: 'show (p. 1)',
      });
    fireEvent.click(show('party'));
    fireEvent.click(show('term'));
    // Each "show" reaches its own evidence, and the term's words are marked as the active ones.
    expect(scrolled).toEqual(['Acme ', 'Corp']);
    await waitFor(() =>
      expect(
        [...text.querySelectorAll('mark')].map((m) =>
          (m as HTMLElement).style.background.includes('255, 212, 59'),
        ),
      ).toEqual([false, true, true]),
    );
  });
});

describe('the evidence rule and the contract of a document', () => {
  it('lets a rule id wrap only between its words, never inside one', async () => {
    await renderPage(documentRoute, `/documents/${ID}`, {
      [`GET /api/v1/documents/${ID}`]: () => ({ body: processed() }),
      [`GET /api/v1/documents/${ID}/text`]: () => ({ body: { text: TEXT } }),
    });
    const rule = await screen.findByTestId('rule-vendor');
    expect(rule.textContent).toBe('party.between');
    // One break opportunity, after the dot; "anywhere" wrapping would cut "betw|een".
    expect(rule.querySelectorAll('wbr')).toHaveLength(1);
    expect(rule.innerHTML).toBe('party.<wbr>between');
    expect(rule.style.overflowWrap).toBe('break-word');
  });

  it('links to its contract itself, not to the whole table', async () => {
    await renderPage(documentRoute, `/documents/${ID}`, {
      [`GET /api/v1/documents/${ID}`]: () => ({ body: processed() }),
      [`GET /api/v1/documents/${ID}/text`]: () => ({ body: { text: TEXT } }),
    });
    const link = await screen.findByRole('link', { name: 'contract' });
    expect(link.getAttribute('href')).toBe(`/contracts?contract=${uuid(9)}`);
  });
  it('fits the fields in three columns, each value with its evidence under it', async () => {
    await renderPage(documentRoute, `/documents/${ID}`, {
      [`GET /api/v1/documents/${ID}`]: () => ({ body: processed() }),
      [`GET /api/v1/documents/${ID}/text`]: () => ({ body: { text: TEXT } }),
    });
    await screen.findByRole('heading', { name: 'supply.pdf' });
    const fields = screen.getByRole('table', { name: 'Extracted fields' });
    // No fourth column (Evidence) to scroll to in half of a 1280 px page; the soft hyphen lets
    // "Confidence" break on a phone.
    expect(
      within(fields)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/\u00ad/g, '')),
    ).toEqual(['Field', 'Value', 'Confidence']);
    // Widths set by the table, not by the longest value or rule id.
    expect(fields.style.getPropertyValue('--table-layout')).toBe('fixed');
    const cell = (name: string) => screen.getByTestId(`field-${name}`).closest('td') as HTMLElement;
    // The value, then "show" with its page and the rule id, in one cell.
    expect(screen.getByTestId('field-vendor').textContent).toBe('Acme Corp');
    expect(within(cell('vendor')).getByRole('button', { name: 'show (p. 1)' })).toBeTruthy();
    expect(within(cell('vendor')).getByTestId('rule-vendor').textContent).toBe('party.between');
    expect(within(cell('governing_law')).getByText('no evidence')).toBeTruthy();
    // A long field name may wrap only after its "_", like a rule id.
    const name = within(cell('governing_law').closest('tr') as HTMLElement).getByText(
      (_, e) => e?.tagName === 'CODE' && e.textContent === 'governing_law',
    );
    expect(name.querySelectorAll('wbr')).toHaveLength(1);
  });
});

describe('the classification path', () => {
  it('says a level where the classifier abstained out of domain chose no label, without a percentage', async () => {
    // What the built-in classifier reports for an e-mail at the root: a softmax among the
    // ontology's labels is 0.9967 for one of them even for a document that is none of them.
    const email = {
      ...processed(),
      filename: 'mailgun-pic.eml',
      labels: [],
      extraction: null,
      contract_id: null,
      classification_trace: [
        {
          level: 0,
          available_labels: ['Contract', 'Invoice', 'Policy'],
          returned: null,
          outcome: 'SUGGESTION',
          decision: {
            label: 'Invoice',
            probability: 0.996656,
            runner_up: 'Policy',
            runner_up_probability: 0.0031558,
            evidence: [],
            abstention_reason: 'out of domain',
          },
        },
      ],
    };
    await renderPage(documentRoute, `/documents/${ID}`, {
      [`GET /api/v1/documents/${ID}`]: () => ({ body: email }),
      [`GET /api/v1/documents/${ID}/text`]: () => ({ body: { text: 'See the picture.' } }),
    });
    const path = await screen.findByRole('table', { name: 'Classification path' });
    const decision = within(path).getByTestId('classification-decision');
    expect(decision.textContent).toBe('No label: out of domainthe closest was Invoice, then Policy');
    expect(path.textContent).not.toMatch(/%/);
  });

  it("marks a low-confidence abstention's percentages as those of labels not chosen", async () => {
    const base = processed();
    const unsure = {
      ...base,
      classification_trace: [
        base.classification_trace[0],
        {
          level: 1,
          available_labels: ['Supply', 'License'],
          returned: null,
          outcome: 'SUGGESTION',
          decision: {
            label: 'Supply',
            probability: 0.41,
            runner_up: 'License',
            runner_up_probability: 0.38,
            evidence: ['supply', 'goods'],
            abstention_reason: 'low confidence',
          },
        },
      ],
    };
    await renderPage(documentRoute, `/documents/${ID}`, {
      [`GET /api/v1/documents/${ID}`]: () => ({ body: unsure }),
      [`GET /api/v1/documents/${ID}/text`]: () => ({ body: { text: TEXT } }),
    });
    const path = await screen.findByRole('table', { name: 'Classification path' });
    // Level 0 reported nothing; level 1 is the abstention.
    const level1 = within(path).getByTestId('classification-decision');
    expect(within(level1).getByText('No label: low confidence')).toBeTruthy();
    expect(
      within(level1).getByText('the closest was Supply (41 %), not chosen, then License (38 %)'),
    ).toBeTruthy();
    expect(within(level1).getByText('evidence: supply, goods')).toBeTruthy();
  });

  it('fits the path in three columns, the labels offered under each decision and a long list folded', async () => {
    const types = Array.from({ length: 26 }, (_, i) => `Type ${i + 1}`);
    const many = processed();
    many.classification_trace[1] = {
      ...many.classification_trace[1],
      available_labels: types,
    } as (typeof many.classification_trace)[number];
    await renderPage(documentRoute, `/documents/${ID}`, {
      [`GET /api/v1/documents/${ID}`]: () => ({ body: many }),
      [`GET /api/v1/documents/${ID}/text`]: () => ({ body: { text: TEXT } }),
    });
    const path = await screen.findByRole('table', { name: 'Classification path' });
    // No fourth and fifth column to scroll to in half of a 1280 px page.
    expect(
      within(path)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Level', 'Decision', 'Confidence']);
    const [root, type] = within(path).getAllByRole('row').slice(1) as HTMLElement[];
    expect(within(root as HTMLElement).getByText('among Contract, Invoice')).toBeTruthy();
    const folded = (type as HTMLElement).querySelector('details') as HTMLDetailsElement;
    expect(folded.querySelector('summary')?.textContent).toBe('among 26 labels');
    expect(folded.textContent).toContain('Type 1, Type 2');
    expect(folded.open).toBe(false);
  });
});
