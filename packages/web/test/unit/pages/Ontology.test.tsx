// @vitest-environment jsdom
import { type AnyRoute, createRoute } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OntologyPage } from '../../../src/pages/Ontology';
import { problem } from '../support/answers';
import { renderPage } from '../support/render';

/** The page's route as routes.tsx declares it. */
const ontologyRoute = (root: AnyRoute) =>
  createRoute({ getParentRoute: () => root, path: '/ontology', component: OntologyPage });

const label = (name: string, children: unknown[] = []) => ({
  name,
  description: '',
  keywords: [],
  fields: [],
  children,
});

/** The report on `version`: Contract read as a contract, Misc warned about (its sentence means a joint venture). */
const report = (version: number) => ({
  version,
  labels: [
    {
      name: 'Contract',
      path: ['Contract'],
      types: [{ type: 'service_contract', score: 0.82 }],
      meaning: null,
      warnings: [],
    },
    {
      name: 'Misc',
      path: ['Misc'],
      types: [],
      meaning: { type: 'joint_venture', similarity: 0.41 },
      warnings: [{ code: 'UNKNOWN_KIND', message: 'Misc matches no known kind of document' }],
    },
  ],
  warnings: [{ code: 'UNKNOWN_KIND', message: 'Misc matches no known kind of document' }],
});

afterEach(cleanup);

describe('the ontology page', () => {
  it('shows the tree with how each label is read and the warnings of its version', async () => {
    const { requests } = await renderPage(ontologyRoute, '/ontology', {
      'GET /api/v1/ontology': () => ({ body: { version: 3, labels: [label('Contract'), label('Misc')] } }),
      'GET /api/v1/ontology/report': () => ({ body: report(3) }),
    });
    expect(await screen.findByText('Version 3')).toBeTruthy();
    expect(await screen.findByText('reads as service contract 0.82')).toBeTruthy();
    // the kind its words mean as a sentence, where that is not what they map to
    expect(screen.getByText('means joint venture')).toBeTruthy();
    expect(screen.queryByText(/^means service contract/)).toBeNull();
    expect(screen.getByRole('note', { name: 'warning on Misc' }).textContent).toContain(
      'Misc matches no known kind of document',
    );
    expect(screen.getByText('1 warning about your labels')).toBeTruthy();
    expect(requests.map((u) => u.pathname)).toEqual(['/api/v1/ontology', '/api/v1/ontology/report']);
  });

  it('adds a label at the root: sends the whole new tree, clears the name, reads the tree and report again', async () => {
    let version = 3;
    let labels = [label('Contract')];
    const bodies: { labels: { name: string }[] }[] = [];
    const { requests } = await renderPage(
      ontologyRoute,
      '/ontology',
      {
        'GET /api/v1/ontology': () => ({ body: { version, labels } }),
        'GET /api/v1/ontology/report': () => ({ body: report(version) }),
        'PUT /api/v1/ontology': () => {
          version = 4;
          labels = [label('Contract'), label('Invoice')];
          return { body: { version, labels } };
        },
      },
      (body) => bodies.push(body as (typeof bodies)[number]),
    );
    await screen.findByText('Version 3');
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: ' Invoice ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add label' }));
    expect(await screen.findByText('Version 4')).toBeTruthy();
    expect(bodies.map((b) => b.labels.map((l) => l.name))).toEqual([['Contract', 'Invoice']]);
    await waitFor(() => expect(name.value).toBe(''));
    // The report is read again after the save (for the new version).
    const paths = () => requests.map((u) => u.pathname);
    await waitFor(() =>
      expect(paths().lastIndexOf('/api/v1/ontology/report')).toBeGreaterThan(
        paths().indexOf('/api/v1/ontology', 1),
      ),
    );
  });

  it("shows the API's detail when a tree is refused", async () => {
    await renderPage(ontologyRoute, '/ontology', {
      'GET /api/v1/ontology': () => ({ body: { version: 1, labels: [] } }),
      'GET /api/v1/ontology/report': () => ({ body: { version: 1, labels: [], warnings: [] } }),
      'PUT /api/v1/ontology': () => problem(400, 'Label names must be unique among siblings'),
    });
    await screen.findByText('No labels yet: add the first below.');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Contract' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add label' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Label names must be unique among siblings',
    );
  });
});
