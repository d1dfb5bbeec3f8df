// @vitest-environment jsdom
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDocumentsSearch } from '../../../src/lib/documents-search';
import { DocumentDetailPage } from '../../../src/pages/DocumentDetail';
import { DocumentsPage } from '../../../src/pages/Documents';
import { pageOf, uuid } from '../support/answers';
import { renderPage } from '../support/render';

/** The page's route as routes.tsx declares it. */
const documentsRoute = (root: AnyRoute) =>
  createRoute({
    getParentRoute: () => root,
    path: '/documents',
    validateSearch: parseDocumentsSearch,
    component: DocumentsPage,
  });

/** A processed document as the list gives it. */
const row = {
  id: uuid(1),
  filename: 'supply-agreement.pdf',
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
  classification_trace: [],
  ontology_version: 1,
  extraction: null,
  contract_id: null,
  benchmark_scores: [],
  step_timings: {},
  created_at: '2026-11-01T00:00:00.000Z',
  processed_at: '2026-11-01T00:01:00.000Z',
};

/** The first page of a list whose total is `total`, exact or a lower bound (docs/api.md "Totals"). */
const counted = (total: number, exact: boolean) => ({
  body: {
    content: [row],
    page: {
      number: 0,
      size: 20,
      total_elements: total,
      total_pages: Math.ceil(total / 20),
      total_exact: exact,
    },
  },
});

const around = {
  'GET /api/v1/saved-views': () => pageOf([]),
  'GET /api/v1/ontology': () => ({ body: { version: 1, labels: [] } }),
};

afterEach(cleanup);

describe('the documents page', () => {
  it('says a capped total is a lower bound, for the list and for a search', async () => {
    await renderPage(documentsRoute, '/documents', {
      ...around,
      'GET /api/v1/documents': () => counted(1000, false),
    });
    expect((await screen.findByTestId('documents-total')).textContent).toBe('1,000+ documents');
    cleanup();
    await renderPage(documentsRoute, '/documents?q=indemnify', {
      ...around,
      'GET /api/v1/documents': () => counted(1000, false),
    });
    expect((await screen.findByTestId('documents-total')).textContent).toBe(
      '1,000+ matching documents, best first',
    );
  });

  it('lists one source’s documents from the address, names the source and shows every source again', async () => {
    const { requests, router } = await renderPage(documentsRoute, `/documents?source_id=${uuid(7)}`, {
      ...around,
      'GET /api/v1/documents': () => counted(1, true),
      [`GET /api/v1/sources/${uuid(7)}`]: () => ({ body: { id: uuid(7), name: 'Manual upload' } }),
    });
    const filter = await screen.findByTestId('source-filter');
    expect(await within(filter).findByText('Manual upload')).toBeTruthy();
    const asked = requests.find((u) => u.pathname === '/api/v1/documents');
    expect(asked?.searchParams.get('source_id')).toBe(uuid(7));
    fireEvent.click(within(filter).getByRole('button', { name: 'Show documents of every source' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.queryByTestId('source-filter')).toBeNull();
  });

  it('gives an exact total as it is', async () => {
    await renderPage(documentsRoute, '/documents', {
      ...around,
      'GET /api/v1/documents': () => counted(42, true),
    });
    expect((await screen.findByTestId('documents-total')).textContent).toBe('42 documents');
  });

  it('counts one document in the singular', async () => {
    await renderPage(documentsRoute, '/documents', {
      ...around,
      'GET /api/v1/documents': () => counted(1, true),
    });
    expect((await screen.findByTestId('documents-total')).textContent).toBe('1 document');
  });

  it('shows the last page when the page of its address is past the end, keeping the filters', async () => {
    // 30 documents are two pages of 25; page 5 (an old bookmark, or the last rows deleted) is empty.
    const { requests, router } = await renderPage(documentsRoute, '/documents?label=Contract&page=5', {
      ...around,
      'GET /api/v1/documents': (u) => {
        const page = Number(u.searchParams.get('page'));
        return {
          body: {
            content: page === 1 ? [row] : [],
            page: { number: page, size: 25, total_elements: 30, total_pages: 2 },
          },
        };
      },
    });
    expect(await screen.findByText('supply-agreement.pdf')).toBeTruthy();
    expect(router.state.location.search).toEqual({ label: 'Contract', page: 2 });
    expect(screen.queryByTestId('empty')).toBeNull();
    expect(requests.filter((u) => u.pathname === '/api/v1/documents')).toHaveLength(2);
  });

  it('returns from a document to the page, filters and sort it was opened from', async () => {
    const withDetail = (root: AnyRoute) => [
      documentsRoute(root),
      createRoute({ getParentRoute: () => root, path: '/documents/$id', component: DocumentDetailPage }),
    ];
    const { router } = await renderPage(
      withDetail,
      '/documents?label=Contract&sort=filename&dir=asc&page=2',
      {
        ...around,
        'GET /api/v1/documents': () => ({
          body: { content: [row], page: { number: 1, size: 25, total_elements: 26, total_pages: 2 } },
        }),
        [`GET /api/v1/documents/${row.id}`]: () => ({ body: { ...row, extraction: null } }),
        [`GET /api/v1/documents/${row.id}/text`]: () => ({ body: { text: 'This Supply Agreement' } }),
      },
    );
    fireEvent.click(await screen.findByRole('link', { name: 'supply-agreement.pdf' }));
    fireEvent.click(await screen.findByRole('link', { name: '← Documents' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents'));
    expect(router.state.location.search).toEqual({
      label: 'Contract',
      sort: 'filename',
      dir: 'asc',
      page: 2,
    });
  });

  it('filters by a label as the ontology spells it, whatever the case typed', async () => {
    const { requests, router } = await renderPage(documentsRoute, '/documents', {
      ...around,
      'GET /api/v1/ontology': () => ({
        body: {
          version: 1,
          labels: [
            {
              name: 'Contract',
              children: [{ name: 'Non-Disclosure', children: [], fields: [] }],
              fields: [],
            },
          ],
        },
      }),
      'GET /api/v1/documents': () => counted(1, true),
    });
    await screen.findByTestId('documents-total');
    fireEvent.change(screen.getByRole('combobox', { name: 'Label' }), {
      target: { value: 'non-disclosure' },
    });
    await waitFor(() => expect(router.state.location.search).toEqual({ label: 'Non-Disclosure' }));
    await waitFor(() =>
      expect(
        requests
          .filter((u) => u.pathname === '/api/v1/documents')
          .at(-1)
          ?.searchParams.get('label'),
      ).toBe('Non-Disclosure'),
    );
  });
});

describe('typing in the label filter', () => {
  const ontology = () => ({
    body: {
      version: 1,
      labels: [{ name: 'Invoice', children: [], fields: [] }],
    },
  });

  it('keeps the rows while a label name is half typed, asking only for the whole name', async () => {
    const { requests, router } = await renderPage(documentsRoute, '/documents', {
      ...around,
      'GET /api/v1/ontology': ontology,
      // The server matches a label exactly: "Inv" matches nothing.
      'GET /api/v1/documents': (u) =>
        u.searchParams.get('label') && u.searchParams.get('label') !== 'Invoice'
          ? pageOf([])
          : counted(1, true),
    });
    await screen.findByTestId('documents-total');
    await waitFor(() => expect(requests.some((u) => u.pathname === '/api/v1/ontology')).toBe(true));
    const box = screen.getByRole('combobox', { name: 'Label' });
    fireEvent.change(box, { target: { value: 'Inv' } });
    // Past the 300 ms pause: nothing asked for "Inv", the rows stay, no "No documents match".
    await new Promise((r) => setTimeout(r, 450));
    expect(requests.some((u) => u.searchParams.get('label') === 'Inv')).toBe(false);
    expect(screen.queryByTestId('empty')).toBeNull();
    expect(screen.getByTestId('documents-total').textContent).toBe('1 document');
    fireEvent.change(box, { target: { value: 'Invoice' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ label: 'Invoice' }));
  });

  it('asks for the start of a name when Enter commits it', async () => {
    const { router } = await renderPage(documentsRoute, '/documents', {
      ...around,
      'GET /api/v1/ontology': ontology,
      'GET /api/v1/documents': () => counted(1, true),
    });
    await screen.findByTestId('documents-total');
    const box = screen.getByRole('combobox', { name: 'Label' });
    fireEvent.change(box, { target: { value: 'Inv' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toEqual({ label: 'Inv' }));
  });
});

describe('typing in the search box', () => {
  it('waits for a word while only single letters are typed, which the API refuses, and searches the word', async () => {
    const { requests, router } = await renderPage(documentsRoute, '/documents', {
      ...around,
      'GET /api/v1/documents': () => counted(1, true),
    });
    await screen.findByTestId('documents-total');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'c' } });
    await new Promise((r) => setTimeout(r, 450));
    expect(requests.some((u) => u.searchParams.has('q'))).toBe(false);
    expect(screen.getByTestId('documents-total').textContent).toBe('1 document');
    fireEvent.change(box, { target: { value: 'co' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'co' }));
  });
});
