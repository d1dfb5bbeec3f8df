import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';
import { corpusFile, demoOntology, upload } from './helpers.js';

/** Small real documents: GitHub's privacy policies and a Common Paper agreement. */
const FILES = [
  ['policies-md', 'privacy-policies', 'github-general-privacy-statement.md'],
  ['policies-md', 'privacy-policies', 'github-candidate-privacy-policy.md'],
  ['agreements-md', 'commonpaper', 'Mutual-NDA', 'Mutual-NDA.md'],
] as const;

describe('bulk actions on documents (POST /api/v1/documents/bulk)', () => {
  let app: TestApp;
  let h: Record<string, string>;
  let memberHeaders: Record<string, string>;
  let otherOrgDocument: string;
  let strangerHeaders: Record<string, string>;
  const ids: string[] = [];

  const bulk = (headers: Record<string, string>, payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/v1/documents/bulk', headers, payload: payload as object });
  const getDoc = (id: string) => app.inject({ method: 'GET', url: `/api/v1/documents/${id}`, headers: h });

  beforeAll(async () => {
    // No workers: the documents stay RECEIVED, so what changes them is the bulk action alone.
    ({ app } = await createTestApp({ SERVICE_WORKERS: '0' }));
    const [owner, member, stranger] = await Promise.all([signUp(app), signUp(app), signUp(app)]);
    const team = await createTeam(app, owner);
    await addMember(app, owner, team, member, 'MEMBER');
    h = inOrg(owner, team);
    memberHeaders = inOrg(member, team);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/v1/ontology', headers: h, payload: demoOntology() }))
        .statusCode,
    ).toBe(200);
    for (const parts of FILES) {
      const res = await upload(app, h, corpusFile(...parts), parts[parts.length - 1] as string);
      expect(res.statusCode, res.body).toBe(202);
      ids.push(res.json().id);
    }
    const otherTeam = await createTeam(app, stranger);
    strangerHeaders = inOrg(stranger, otherTeam);
    const foreign = await upload(app, strangerHeaders, corpusFile(...FILES[0]), 'foreign.md');
    otherOrgDocument = foreign.json().id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sets labels on a selection and reports each document, a foreign or unknown one as 404', async () => {
    const [a, b] = ids as [string, string];
    const unknown = randomUUID();
    const res = await bulk(h, {
      action: 'set_labels',
      labels: ['Contract', 'Non-Disclosure'],
      document_ids: [a, b, unknown, otherOrgDocument, a],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ action: 'set_labels', succeeded: 2, failed: 2 });
    expect(
      body.results.map((r: { document_id: string; status: number }) => [r.document_id, r.status]),
    ).toEqual([
      [a, 200],
      [b, 200],
      [unknown, 404],
      [otherOrgDocument, 404],
    ]);
    const doc = (await getDoc(a)).json();
    expect(doc.labels).toEqual(['Contract', 'Non-Disclosure']);
    expect(doc.labels_confirmed).toBe(true);
    // The other tenant's document is untouched.
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/v1/documents/${otherOrgDocument}`,
      headers: strangerHeaders,
    });
    expect(foreign.json()).toMatchObject({ labels: [], labels_confirmed: false });
  });

  it('confirms the labels a document has; one without labels fails alone with 409', async () => {
    const [a, , c] = ids as [string, string, string];
    const res = await bulk(h, { action: 'confirm_labels', document_ids: [a, c] });
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = res.json().results;
    expect(first).toMatchObject({ document_id: a, ok: true, status: 200 });
    expect(second).toMatchObject({ document_id: c, ok: false, status: 409 });
    expect(second.detail).toMatch(/no labels to confirm/);
  });

  it('reprocesses and deletes a selection, and audits each bulk request with its outcome', async () => {
    const [, b, c] = ids as [string, string, string];
    const again = await bulk(h, { action: 'reprocess', document_ids: [c] });
    expect(again.json()).toMatchObject({ succeeded: 1, results: [{ document_id: c, status: 202 }] });
    const gone = await bulk(h, { action: 'delete', document_ids: [b, c] });
    expect(gone.json()).toMatchObject({ succeeded: 2, failed: 0 });
    expect((await getDoc(b)).statusCode).toBe(404);
    expect((await getDoc(c)).statusCode).toBe(404);
    const audit = await app.inject({ method: 'GET', url: '/api/v1/audit-log?size=50', headers: h });
    const entry = audit.json().content.find((e: { action: string }) => e.action === 'document.bulk_delete');
    expect(entry?.changes).toMatchObject({ succeeded: [b, c], failed: [] });
  });

  it('refuses the whole request, doing nothing, for a member, a missing label path or a bad body', async () => {
    const [a] = ids as [string];
    expect((await bulk(memberHeaders, { action: 'delete', document_ids: [a] })).statusCode).toBe(403);
    expect((await getDoc(a)).statusCode).toBe(200);
    const noLabels = await bulk(h, { action: 'set_labels', document_ids: [a] });
    expect(noLabels.statusCode).toBe(400);
    expect(noLabels.json().errors).toEqual([{ field: 'body.labels', message: 'required for set_labels' }]);
    expect((await bulk(h, { action: 'delete', document_ids: [] })).statusCode).toBe(400);
    expect((await bulk(h, { action: 'shred', document_ids: [a] })).statusCode).toBe(400);
    expect((await bulk(h, { action: 'delete', document_ids: ['not-a-uuid'] })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 501 }, () => randomUUID());
    expect((await bulk(h, { action: 'delete', document_ids: tooMany })).statusCode).toBe(400);
    expect((await getDoc(a)).statusCode).toBe(200);
  });
});
