// @vitest-environment jsdom
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseReviewSearch } from '../../../src/lib/review-search';
import { ReviewPage } from '../../../src/pages/Review';
import { pageOf, problem, uuid } from '../support/answers';
import { renderPage } from '../support/render';

/** The page's route as routes.tsx declares it. */
const reviewRoute = (root: AnyRoute) =>
  createRoute({
    getParentRoute: () => root,
    path: '/review',
    validateSearch: parseReviewSearch,
    component: ReviewPage,
  });

/** A pending label suggestion (docs/classification.md). */
const suggestion = (n: number, label: string | null) => ({
  id: uuid(n),
  document_id: uuid(100 + n),
  parent_path: ['Contract'],
  label,
  reason: label ? 'LLM_SUGGESTED' : 'NO_LABEL',
  decision: {
    label: 'Supply',
    probability: 0.41,
    runner_up: 'License',
    runner_up_probability: 0.3,
    evidence: ['goods', 'delivery'],
    abstention_reason: 'below threshold',
  },
  status: 'PENDING',
  created_at: '2026-11-01T00:00:00.000Z',
  resolved_at: null,
});

/** A processed document with `labels`, confirmed or not. */
const doc = (n: number, labels: string[], confirmed: boolean) => ({
  id: uuid(200 + n),
  filename: `doc-${n}.pdf`,
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
  labels,
  labels_confirmed: confirmed,
  label_confidence: confirmed ? 1 : null,
  llm_suggested: null,
  classification_trace: [],
  ontology_version: 1,
  extraction: null,
  contract_id: null,
  benchmark_scores: [],
  step_timings: {},
  created_at: '2026-11-01T00:00:00.000Z',
  processed_at: '2026-11-01T00:01:00.000Z',
});

afterEach(cleanup);

describe('the review page', () => {
  it('shows the pending suggestions and the documents the server has to confirm, as it asked for them', async () => {
    const { requests } = await renderPage(reviewRoute, '/review', {
      'GET /api/v1/label-suggestions': () => pageOf([suggestion(1, 'Franchise'), suggestion(2, null)]),
      'GET /api/v1/documents': () => pageOf([doc(1, ['Contract', 'Supply'], false)]),
    });
    const cards = await screen.findAllByTestId('suggestion');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('LLM_SUGGESTED')).toBeTruthy();
    expect((within(cards[0] as HTMLElement).getByLabelText('Label to add') as HTMLInputElement).value).toBe(
      'Franchise',
    );
    expect(within(cards[1] as HTMLElement).getByText('no label was suggested: name one')).toBeTruthy();
    // It abstained: the reason first, its best label as one not chosen (as on the document page).
    expect(within(cards[0] as HTMLElement).getByText('No label: below threshold')).toBeTruthy();
    expect(
      within(cards[0] as HTMLElement).getByText(/the closest was Supply \(41 %\), not chosen/),
    ).toBeTruthy();
    const confirm = await screen.findAllByTestId('confirm-card');
    expect(confirm).toHaveLength(1);
    expect(within(confirm[0] as HTMLElement).getByRole('link', { name: 'doc-1.pdf' })).toBeTruthy();
    expect(
      (within(confirm[0] as HTMLElement).getByLabelText('Label path (root > child)') as HTMLInputElement)
        .value,
    ).toBe('Contract > Supply');
    const asked = (path: string) =>
      Object.fromEntries(requests.find((u) => u.pathname === path)?.searchParams ?? []);
    expect(asked('/api/v1/label-suggestions')).toEqual({ status: 'PENDING', page: '0', size: '20' });
    expect(asked('/api/v1/documents')).toEqual({
      status: 'PROCESSED',
      labels_confirmed: 'false',
      page: '0',
      size: '20',
      sort: 'label_confidence,asc',
    });
    expect(screen.getByTestId('documents to confirm-total').textContent).toBe('1 document to confirm');
    expect(within(confirm[0] as HTMLElement).getByText('confidence unknown')).toBeTruthy();
  });

  it('shows how sure the classifier was of each document, and the level it was least sure of', async () => {
    const decision = (label: string, probability: number, runnerUp: string) => ({
      label,
      probability,
      runner_up: runnerUp,
      runner_up_probability: 1 - probability,
      evidence: ['supply agreement', 'deliveries'],
      abstention_reason: null,
    });
    const unsure = {
      ...doc(1, ['Contract', 'Supply'], false),
      label_confidence: 0.58,
      classification_trace: [
        {
          level: 0,
          available_labels: ['Contract', 'Invoice'],
          returned: 'Contract',
          outcome: 'CONTINUE',
          decision: decision('Contract', 0.97, 'Invoice'),
        },
        {
          level: 1,
          available_labels: ['Supply', 'License'],
          returned: 'Supply',
          outcome: 'LEAF',
          decision: decision('Supply', 0.6, 'License'),
        },
      ],
    };
    await renderPage(reviewRoute, '/review', {
      'GET /api/v1/label-suggestions': () => pageOf([]),
      'GET /api/v1/documents': () => pageOf([unsure]),
    });
    const [card] = await screen.findAllByTestId('confirm-card');
    const inCard = within(card as HTMLElement);
    expect(inCard.getByText('58 % sure')).toBeTruthy();
    expect(inCard.getByText('least sure at level 1:')).toBeTruthy();
    expect(inCard.getByText('Supply')).toBeTruthy();
    expect(inCard.getByText('runner-up License 40 %')).toBeTruthy();
  });

  it('opens the pages of both queues from its address and moves the documents page into it', async () => {
    const many = Array.from({ length: 20 }, (_, i) => doc(i + 1, ['Contract'], false));
    const page = (rows: unknown[], number: number, total: number) => ({
      body: {
        content: rows,
        page: { number, size: 20, total_elements: total, total_pages: Math.ceil(total / 20) },
      },
    });
    const { requests, router } = await renderPage(reviewRoute, '/review?page=2&suggestions_page=3', {
      'GET /api/v1/label-suggestions': (u) =>
        page([suggestion(1, 'Lease')], Number(u.searchParams.get('page')), 41),
      'GET /api/v1/documents': (u) => page(many, Number(u.searchParams.get('page')), 65),
    });
    await screen.findAllByTestId('confirm-card');
    const last = (path: string) => requests.filter((u) => u.pathname === path).at(-1)?.searchParams;
    expect(last('/api/v1/documents')?.get('page')).toBe('1');
    expect(last('/api/v1/label-suggestions')?.get('page')).toBe('2');
    expect(screen.getByTestId('documents to confirm-total').textContent).toBe('65 documents to confirm');
    const pages = screen.getByRole('navigation', { name: 'Pages of documents to confirm' });
    fireEvent.click(within(pages).getByRole('button', { name: '4' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 4, suggestions_page: 3 }));
    await waitFor(() => expect(last('/api/v1/documents')?.get('page')).toBe('3'));
  });

  it('accepts a suggestion under another name, rejects another, and refreshes the list after each', async () => {
    let pending = [suggestion(1, 'Franchise'), suggestion(2, 'Lease')];
    const bodies: unknown[] = [];
    const decided = (id: string) => () => {
      pending = pending.filter((s) => s.id !== id);
      return { body: {} };
    };
    const { requests } = await renderPage(
      reviewRoute,
      '/review',
      {
        'GET /api/v1/label-suggestions': () => pageOf(pending),
        'GET /api/v1/documents': () => pageOf([]),
        [`POST /api/v1/label-suggestions/${uuid(1)}/accept`]: decided(uuid(1)),
        [`POST /api/v1/label-suggestions/${uuid(2)}/reject`]: decided(uuid(2)),
      },
      (body) => bodies.push(body),
    );
    const first = (await screen.findAllByTestId('suggestion'))[0] as HTMLElement;
    fireEvent.change(within(first).getByLabelText('Label to add'), { target: { value: ' Franchising ' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.getAllByTestId('suggestion')).toHaveLength(1));
    expect(bodies).toEqual([{ name: 'Franchising' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('No pending label suggestions.')).toBeTruthy();
    expect(requests.filter((u) => u.pathname === '/api/v1/label-suggestions')).toHaveLength(3);
  });

  it('accepts the suggested name with an empty body', async () => {
    const bodies: unknown[] = [];
    await renderPage(
      reviewRoute,
      '/review',
      {
        'GET /api/v1/label-suggestions': () => pageOf([suggestion(1, 'Franchise')]),
        'GET /api/v1/documents': () => pageOf([]),
        [`POST /api/v1/label-suggestions/${uuid(1)}/accept`]: () => ({ body: {} }),
      },
      (body) => bodies.push(body),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(bodies).toEqual([{}]));
  });

  it('confirms a corrected label path and refreshes the documents to confirm', async () => {
    let docs = [doc(1, ['Contract'], false)];
    const bodies: unknown[] = [];
    await renderPage(
      reviewRoute,
      '/review',
      {
        'GET /api/v1/label-suggestions': () => pageOf([]),
        'GET /api/v1/documents': () => pageOf(docs),
        [`PUT /api/v1/documents/${uuid(201)}/labels`]: () => {
          docs = [];
          return { body: doc(1, ['Contract', 'Supply'], true) };
        },
      },
      (body) => bodies.push(body),
    );
    const card = (await screen.findAllByTestId('confirm-card'))[0] as HTMLElement;
    fireEvent.change(within(card).getByLabelText('Label path (root > child)'), {
      target: { value: 'Contract >  Supply > ' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Every processed document has confirmed labels.')).toBeTruthy();
    expect(bodies).toEqual([{ labels: ['Contract', 'Supply'] }]);
  });

  it("shows the API's detail when a decision is refused", async () => {
    await renderPage(reviewRoute, '/review', {
      'GET /api/v1/label-suggestions': () => pageOf([suggestion(1, 'Franchise')]),
      'GET /api/v1/documents': () => pageOf([doc(1, ['Contract'], false)]),
      [`POST /api/v1/label-suggestions/${uuid(1)}/accept`]: () =>
        problem(409, 'A label named Franchise already exists under Contract'),
      [`PUT /api/v1/documents/${uuid(201)}/labels`]: () =>
        problem(400, 'Invalid label path', [
          { field: 'labels[1]', message: 'no label Suply under Contract' },
        ]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'A label named Franchise already exists under Contract',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByRole('alert')[1]?.textContent).toContain(
      'labels[1]: no label Suply under Contract',
    );
  });

  it('shows the page before when the page of its address holds no document to confirm any more', async () => {
    // 21 documents wait: page 2 held the last one, which was confirmed in another tab.
    await renderPage(reviewRoute, '/review?page=3', {
      'GET /api/v1/label-suggestions': () => pageOf([]),
      'GET /api/v1/documents': (u) => {
        const page = Number(u.searchParams.get('page'));
        return {
          body: {
            content: page === 1 ? [doc(1, ['Contract'], false)] : [],
            page: { number: page, size: 20, total_elements: 21, total_pages: 2 },
          },
        };
      },
    });
    expect(await screen.findByText('doc-1.pdf')).toBeTruthy();
    expect(screen.queryByText('Every processed document has confirmed labels.')).toBeNull();
    expect(screen.getByTestId('documents to confirm-total').textContent).toBe('21 documents to confirm');
  });
});
