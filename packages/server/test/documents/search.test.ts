import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentDto } from '../../src/documents/schemas.js';
import { createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';
import { corpusFile, upload, waitForDocument } from './helpers.js';

/** Real CUAD contracts (SEC filings); the phrases below are quoted from them. */
const CONTRACTS = [
  'ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt',
  'ABILITYINC_06_15_2020-EX-4.25-SERVICES AGREEMENT.txt',
  'ADUROBIOTECH,INC_06_02_2020-EX-10.7-CONSULTING AGREEMENT(1).txt',
  'AFSALABANCORPINC_08_01_1996-EX-1.1-AGENCY AGREEMENT.txt',
];
const cuad = (name: string) => corpusFile('cuad', 'txt', name);

interface SearchPage {
  content: (DocumentDto & { search?: { rank: number; snippet: string } })[];
  page: { total_elements: number };
}

describe('full-text search over real contracts', () => {
  let app: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;
  const ids = new Map<string, string>();
  let otherOrgDoc: string;

  const search = async (headers: Record<string, string>, query: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/documents', headers, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchPage;
  };

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '2' }));
    const owner = await signUp(app);
    a = inOrg(owner, await createTeam(app, owner));
    const stranger = await signUp(app);
    b = inOrg(stranger, await createTeam(app, stranger));
    for (const name of CONTRACTS) {
      const res = await upload(app, a, cuad(name), name);
      expect(res.statusCode, res.body).toBe(202);
      ids.set(name, res.json().id);
    }
    // The other organization holds a contract with the same golf endorsement wording.
    const res = await upload(app, b, cuad(CONTRACTS[0] as string), 'their-copy.txt');
    otherOrgDoc = res.json().id;
    for (const id of ids.values()) await waitForDocument(app, a, id);
    await waitForDocument(app, b, otherOrgDoc);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('finds the contract a quoted phrase comes from first, with the phrase highlighted', async () => {
    const page = await search(a, { q: '"right to use the name, likeness and endorsement"' });
    expect(page.content[0]?.id).toBe(ids.get(CONTRACTS[0] as string));
    const hit = page.content[0]?.search;
    expect(hit?.rank).toBeGreaterThan(0);
    expect(hit?.snippet).toMatch(/<mark>likeness<\/mark>/i);
    // The snippet is HTML-safe: only our <mark> tags are markup.
    expect(hit?.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('ranks by relevance, excludes with -word and combines with the list filters', async () => {
    const golf = await search(a, { q: 'golf endorsement consultant' });
    expect(golf.content[0]?.id).toBe(ids.get(CONTRACTS[0] as string));
    const ranks = golf.content.map((d) => d.search?.rank ?? 0);
    expect([...ranks].sort((x, y) => y - x)).toEqual(ranks);

    const withoutGolf = await search(a, { q: 'agreement -golf' });
    expect(withoutGolf.content.map((d) => d.id)).not.toContain(ids.get(CONTRACTS[0] as string));
    expect(withoutGolf.page.total_elements).toBeGreaterThanOrEqual(3);

    const failedOnly = await search(a, { q: 'golf', status: 'FAILED' });
    expect(failedOnly.content).toEqual([]);
    const future = await search(a, { q: 'golf', created_after: '2999-01-01T00:00:00Z' });
    expect(future.page.total_elements).toBe(0);
    const past = await search(a, { q: 'golf', created_before: '2999-01-01T00:00:00Z' });
    expect(past.page.total_elements).toBe(1);
  });

  it('never finds another organization’s document', async () => {
    const mine = await search(a, { q: 'golf likeness' });
    expect(mine.content.map((d) => d.id)).not.toContain(otherOrgDoc);
    const theirs = await search(b, { q: 'agreement' });
    expect(theirs.content.map((d) => d.id)).toEqual([otherOrgDoc]);
    for (const id of ids.values()) expect(theirs.content.map((d) => d.id)).not.toContain(id);
  });

  it('answers an empty result for syntax that matches nothing and 400 for an empty query', async () => {
    expect((await search(a, { q: '"" or -' })).content).toEqual([]);
    const bad = await app.inject({ method: 'GET', url: '/api/v1/documents?q=', headers: a });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a query whose only words are single letters, which would match every "(b)" and "(c)"', async () => {
    for (const q of ['C++ & <b>', '"a b"', '-x']) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/documents', headers: a, query: { q } });
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({
        detail: expect.stringContaining('no word to search for'),
        errors: [{ field: 'query.q' }],
      });
    }
    // With a real word beside it, a letter is searched as written.
    expect((await search(a, { q: 'golf c' })).page.total_elements).toBeGreaterThan(0);
  });
});
