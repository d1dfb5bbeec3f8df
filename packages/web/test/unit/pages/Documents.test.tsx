// @vitest-environment jsdom
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDocumentsSearch } from '../../../src/lib/documents-search';
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
});
