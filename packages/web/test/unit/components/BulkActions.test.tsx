// @vitest-environment jsdom
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachmentName } from '../../../src/api/documents-export';
import { BulkActions } from '../../../src/components/BulkActions';
import { renderPage } from '../support/render';

const SELECTED = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];

/** The documents page's action bar for a selection of two documents. */
const barRoute = (root: AnyRoute) =>
  createRoute({
    getParentRoute: () => root,
    path: '/documents',
    component: () => <BulkActions selected={SELECTED} onDone={() => {}} />,
  });

const ontology = () => ({ body: { version: 1, labels: [] } });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('exporting the selection from the bulk action bar', () => {
  it('asks for the chosen format for exactly the selection and saves the file under its name', async () => {
    const saved: { name: string; size: number }[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, size: 0 });
    });
    const bodies: unknown[] = [];
    const { requests } = await renderPage(
      barRoute,
      '/documents',
      {
        'GET /api/v1/ontology': ontology,
        'POST /api/v1/documents/export': () => ({
          body: 'id,filename\n',
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="documents-20261129-151500.csv"',
          },
        }),
      },
      (body) => bodies.push(body),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('documents-20261129-151500.csv');
    expect(requests.at(-1)?.pathname).toBe('/api/v1/documents/export');
    expect(bodies.at(-1)).toEqual({ document_ids: SELECTED, format: 'csv' });
  });

  it("shows the API's detail when a selected document was deleted meanwhile", async () => {
    await renderPage(barRoute, '/documents', {
      'GET /api/v1/ontology': ontology,
      'POST /api/v1/documents/export': () => ({
        status: 404,
        body: {
          type: 'about:blank',
          title: 'Not Found',
          status: 404,
          detail: '1 of the selected documents does not exist in this organization',
          errors: [{ field: 'body.document_ids[1]', message: 'no such document' }],
        },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download files' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('1 of the selected documents does not exist in this organization');
    expect(alert.textContent).toContain('body.document_ids[1]: no such document');
  });

  it('reads the file name the server gives, or falls back', () => {
    expect(attachmentName('attachment; filename="documents-1.zip"', 'documents.zip')).toBe('documents-1.zip');
    expect(attachmentName(null, 'documents.zip')).toBe('documents.zip');
  });
});

describe('a bulk action from the bar', () => {
  it('sends the action for exactly the selection and hands over the answer; delete is asked twice', async () => {
    const answers: unknown[] = [];
    const bodies: unknown[] = [];
    const answer = (action: string) => ({
      action,
      succeeded: 1,
      failed: 1,
      results: [
        { document_id: SELECTED[0], ok: true, status: 200, detail: null },
        { document_id: SELECTED[1], ok: false, status: 404, detail: 'Document not found' },
      ],
    });
    const route = (root: AnyRoute) =>
      createRoute({
        getParentRoute: () => root,
        path: '/documents',
        component: () => <BulkActions selected={SELECTED} onDone={(a) => answers.push(a)} />,
      });
    await renderPage(
      route,
      '/documents',
      {
        'GET /api/v1/ontology': ontology,
        // The body is handed over before the answer is asked for.
        'POST /api/v1/documents/bulk': () => ({ body: answer((bodies.at(-1) as { action: string }).action) }),
      },
      (body) => bodies.push(body),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reprocess' }));
    await waitFor(() => expect(answers).toEqual([answer('reprocess')]));
    expect(bodies.at(-1)).toEqual({ action: 'reprocess', document_ids: SELECTED });

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(bodies.filter((b) => (b as { action?: string }).action === 'delete')).toEqual([]);
    // Asked twice, and told what goes with the documents (decision 715).
    expect(screen.getByTestId('delete-warning').textContent).toContain(
      'also deletes the contract read from it',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete 2 for good' }));
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(bodies.at(-1)).toEqual({ action: 'delete', document_ids: SELECTED });
    // Asked again for the next delete.
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByTestId('delete-warning')).toBeNull();
  });
});
