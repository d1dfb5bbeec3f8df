import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.js';
import { expectInvalidField, expectProblem, expectUnauthorized } from '../auth/assertions.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../support/app.js';

const RULEBOOK = path.join(repoRoot, 'plugins', 'service_builtins', 'extraction', 'rulebook');

/** The `[[rule]]` records of one rule book file, read here on their own (not through the server). */
function rulesOf(language: string, file: string) {
  const data = parse(readFileSync(path.join(RULEBOOK, language, file), 'utf8')) as {
    rule?: {
      id: string;
      field: string;
      doc: string;
      examples: { text: string }[];
      counterexamples?: string[];
      decisions?: number[];
    }[];
  };
  return data.rule ?? [];
}

describe('extraction rules (issue 34)', () => {
  let app: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '0' }));
    user = await signUp(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, auth = true) =>
    app.inject({ method: 'GET', url: `/api/v1/extraction-rules${url}`, headers: auth ? user.headers : {} });

  it('answers 401 without a credential', async () => {
    expectUnauthorized(await get('', false));
    expectUnauthorized(await get('/notice_period.notice_precedes', false));
  });

  it('says what a rule of the book is for', async () => {
    const rule = rulesOf('en', 'notice.toml').find((r) => r.decisions?.length);
    expect(rule).toBeDefined();
    if (!rule) return;
    const res = await get(`/${rule.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: rule.id,
      field: rule.field,
      language: 'en',
      doc: rule.doc.trim(),
      production: expect.any(String),
      examples: rule.examples,
      counterexamples: rule.counterexamples ?? [],
      decisions: rule.decisions,
      source: 'en/notice.toml',
    });
    const german = rulesOf('de', 'notice.toml')[0];
    const de = await get(`/${german?.id}`);
    expect(de.json()).toMatchObject({ id: german?.id, language: 'de' });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expectProblem(await get('/parties.no_such_rule'), 404, 'Extraction rule not found');
    expectInvalidField(await get('/Not-A-Rule'), 'params.rule_id');
    expectInvalidField(await get('/term'), 'params.rule_id');
  });

  it('lists every rule of the book by id, paged, and filters by field and language', async () => {
    const all: { id: string; field: string }[] = [];
    for (const language of readdirSync(RULEBOOK))
      for (const file of readdirSync(path.join(RULEBOOK, language)).filter((f) => f.endsWith('.toml')))
        all.push(...rulesOf(language, file));
    const first = await get('?size=5');
    expect(first.statusCode, first.body).toBe(200);
    const ids = all.map((r) => r.id).sort();
    expect(first.json()).toEqual({
      content: ids.slice(0, 5).map((id) => ({
        id,
        field: expect.any(String),
        language: expect.any(String),
        doc: expect.any(String),
      })),
      page: { number: 0, size: 5, total_elements: ids.length, total_pages: Math.ceil(ids.length / 5) },
    });

    const notice = all
      .filter((r) => r.field === 'notice_period')
      .map((r) => r.id)
      .sort();
    expect(notice.length).toBeGreaterThan(3);
    const byField = await get('?field=notice_period&size=100');
    expect(byField.json().content.map((r: { id: string }) => r.id)).toEqual(notice);
    expect(byField.json().page.total_elements).toBe(notice.length);

    const fr = await get('?field=notice_period&language=fr&sort=id,desc&size=100');
    const frIds = fr.json().content.map((r: { id: string; language: string }) => r.id);
    expect(frIds.length).toBeGreaterThan(0);
    expect(frIds).toEqual([...frIds].sort().reverse());
    expect(fr.json().content.every((r: { language: string }) => r.language === 'fr')).toBe(true);

    expectInvalidField(await get('?sort=doc'), 'query.sort');
  });
});
