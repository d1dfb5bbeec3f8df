import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalidField, expectPage, expectProblem, expectUnauthorized } from '../auth/assertions.js';
import { upload, waitForDocument } from '../documents/helpers.js';
import {
  addMember,
  createTeam,
  createTestApp,
  inOrg,
  signUp,
  type TestApp,
  type TestUser,
} from '../support/app.js';

interface Prompt {
  prompt_id: string;
  version: number;
  text: string;
  created_at: string;
}
interface PromptSummary {
  prompt_id: string;
  version: number;
  updated_at: string;
}

/**
 * A classification plugin written against the SDK, as a customer would register it: it answers
 * the text of the stored prompt "label_prompt" when that text is one of the offered labels.
 */
const PROMPTED_CLASSIFIER = `from typing import Any

from service_sdk import ClassificationPlugin, Document, get_prompt, logger


class PromptedClassifier(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        text = await get_prompt("label_prompt")
        logger.info("label_prompt is %r", text)
        return text if text in available_labels else None
`;

describe('prompts for get_prompt (spec 4.11)', () => {
  let app: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let team: string;
  let h: Record<string, string>;

  const put = (headers: Record<string, string>, id: string, payload: unknown) =>
    app.inject({ method: 'PUT', url: `/api/v1/prompts/${id}`, headers, payload: payload as object });
  const get = (headers: Record<string, string>, url: string) => app.inject({ method: 'GET', url, headers });
  const del = (headers: Record<string, string>, id: string) =>
    app.inject({ method: 'DELETE', url: `/api/v1/prompts/${id}`, headers });

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '1', SERVICE_PLUGIN_POOL_SIZE: '1' }));
    [owner, admin, member, stranger] = await Promise.all([
      signUp(app),
      signUp(app),
      signUp(app),
      signUp(app),
    ]);
    team = await createTeam(app, owner);
    await addMember(app, owner, team, admin, 'ADMIN');
    await addMember(app, owner, team, member, 'MEMBER');
    h = inOrg(owner, team);
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each([
    ['PUT', '/api/v1/prompts/p1'],
    ['GET', '/api/v1/prompts'],
    ['GET', '/api/v1/prompts/p1'],
    ['GET', '/api/v1/prompts/p1/versions'],
    ['GET', '/api/v1/prompts/p1/versions/1'],
    ['DELETE', '/api/v1/prompts/p1'],
  ] as const)('%s %s answers 401 without credentials', async (method, url) => {
    expectUnauthorized(
      await app.inject({ method, url, payload: method === 'PUT' ? { text: 'x' } : undefined }),
    );
  });

  it('PUT stores version 1, then 2 for a new text; an identical text keeps the version', async () => {
    const before = Date.now();
    const first = await put(h, 'summary.v-1_x', { text: 'Summarise {text}' });
    expect(first.statusCode, first.body).toBe(200);
    const v1 = first.json() as Prompt;
    expect(v1).toEqual({
      prompt_id: 'summary.v-1_x',
      version: 1,
      text: 'Summarise {text}',
      created_at: expect.any(String),
    });
    expect(Date.parse(v1.created_at)).toBeGreaterThanOrEqual(before - 5000);

    const same = await put(h, 'summary.v-1_x', { text: 'Summarise {text}' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(v1);

    const second = await put(inOrg(admin, team), 'summary.v-1_x', {
      text: 'Summarise briefly {text}',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      prompt_id: 'summary.v-1_x',
      version: 2,
      text: 'Summarise briefly {text}',
    });

    // Going back to an earlier text is a change too: a new version.
    const third = await put(h, 'summary.v-1_x', { text: 'Summarise {text}' });
    expect(third.json()).toMatchObject({ version: 3, text: 'Summarise {text}' });
  });

  it('stores the text verbatim: whitespace, unicode and 100000 characters', async () => {
    const text = `  Ünïcødé ✓\n\tline two  `;
    expect((await put(h, 'verbatim', { text })).json()).toMatchObject({ version: 1, text });
    expect((await get(h, '/api/v1/prompts/verbatim')).json()).toMatchObject({ text });
    const long = 'a'.repeat(100_000);
    const res = await put(h, 'long', { text: long });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Prompt).text).toHaveLength(100_000);
  });

  it('GET /prompts/{prompt_id} answers the latest version with its text; members may read', async () => {
    const res = await get(inOrg(member, team), '/api/v1/prompts/summary.v-1_x');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      prompt_id: 'summary.v-1_x',
      version: 3,
      text: 'Summarise {text}',
      created_at: expect.any(String),
    });
  });

  it('GET /prompts/{prompt_id}/versions lists the versions newest first; /versions/{n} answers one with its text', async () => {
    const list = await get(inOrg(member, team), '/api/v1/prompts/summary.v-1_x/versions');
    expect(list.statusCode, list.body).toBe(200);
    const versions = list.json() as { prompt_id: string; version: number; created_at: string }[];
    expect(versions.map((v) => v.version)).toEqual([3, 2, 1]);
    for (const v of versions) {
      expect(v).toEqual({ prompt_id: 'summary.v-1_x', version: v.version, created_at: expect.any(String) });
    }
    const times = versions.map((v) => Date.parse(v.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const two = await get(inOrg(member, team), '/api/v1/prompts/summary.v-1_x/versions/2');
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json()).toEqual({
      prompt_id: 'summary.v-1_x',
      version: 2,
      text: 'Summarise briefly {text}',
      created_at: versions[1]?.created_at,
    });
    expectProblem(await get(h, '/api/v1/prompts/summary.v-1_x/versions/4'), 404);
    expectProblem(await get(h, '/api/v1/prompts/nothing-here/versions'), 404);
    expectProblem(await get(h, '/api/v1/prompts/nothing-here/versions/1'), 404);
    expectProblem(await get(h, '/api/v1/prompts/nothing-here'), 404, /^Prompt not found$/);
  });

  it('GET /prompts pages the latest version of each prompt, sortable by prompt_id or updated_at', async () => {
    const org = await createTeam(app, owner);
    const o = inOrg(owner, org);
    expect(
      expectPage(await get(o, '/api/v1/prompts'), { number: 0, size: 20, total_elements: 0, total_pages: 0 }),
    ).toEqual([]);
    await put(o, 'b', { text: 'b1' });
    await put(o, 'a', { text: 'a1' });
    await put(o, 'c', { text: 'c1' });
    await put(o, 'a', { text: 'a2' });
    await put(o, 'a', { text: 'a3' });

    const all = expectPage<PromptSummary>(await get(o, '/api/v1/prompts'), {
      number: 0,
      size: 20,
      total_elements: 3,
      total_pages: 1,
    });
    expect(all.map((p) => [p.prompt_id, p.version])).toEqual([
      ['a', 3],
      ['b', 1],
      ['c', 1],
    ]);
    expect(all[0]).toEqual({ prompt_id: 'a', version: 3, updated_at: expect.any(String) });
    const latestA = (await get(o, '/api/v1/prompts/a')).json() as Prompt;
    expect(all[0]?.updated_at).toBe(latestA.created_at);

    const page1 = expectPage<PromptSummary>(
      await get(o, '/api/v1/prompts?page=1&size=2&sort=prompt_id,desc'),
      {
        number: 1,
        size: 2,
        total_elements: 3,
        total_pages: 2,
      },
    );
    expect(page1.map((p) => p.prompt_id)).toEqual(['a']);

    const byUpdate = expectPage<PromptSummary>(
      await get(inOrg(member, team), `/api/v1/prompts?sort=updated_at,desc`),
      { number: 0, size: 20, total_elements: 3, total_pages: 1 },
    );
    expect(byUpdate.map((p) => p.prompt_id)).toEqual(['long', 'verbatim', 'summary.v-1_x']);
    const byUpdateOrg = expectPage<PromptSummary>(await get(o, '/api/v1/prompts?sort=updated_at,desc'), {
      number: 0,
      size: 20,
      total_elements: 3,
      total_pages: 1,
    });
    expect(byUpdateOrg.map((p) => p.prompt_id)).toEqual(['a', 'c', 'b']);

    expectInvalidField(await get(o, '/api/v1/prompts?sort=text'), 'query.sort');
    expectInvalidField(await get(o, '/api/v1/prompts?size=101'), 'query.size');
  });

  it('DELETE removes every version (204); the prompt is then gone', async () => {
    await put(h, 'doomed', { text: 'one' });
    await put(h, 'doomed', { text: 'two' });
    const res = await del(h, 'doomed');
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expectProblem(await get(h, '/api/v1/prompts/doomed'), 404);
    expectProblem(await get(h, '/api/v1/prompts/doomed/versions/1'), 404);
    expectProblem(await del(h, 'doomed'), 404);
    // A prompt stored again starts over at version 1.
    expect((await put(h, 'doomed', { text: 'three' })).json()).toMatchObject({ version: 1 });
    expect((await del(inOrg(admin, team), 'doomed')).statusCode).toBe(204);
  });

  it('a MEMBER reads but may not write (403)', async () => {
    const m = inOrg(member, team);
    expectProblem(await put(m, 'summary.v-1_x', { text: 'mine now' }), 403, /OWNER or ADMIN/);
    expectProblem(await put(m, 'fresh', { text: 'x' }), 403);
    expectProblem(await del(m, 'summary.v-1_x'), 403);
    expect((await get(h, '/api/v1/prompts/summary.v-1_x')).json()).toMatchObject({ version: 3 });
    expectProblem(await get(h, '/api/v1/prompts/fresh'), 404);
  });

  it('is tenant-scoped: another organization’s prompt is 404, and the same id is independent there', async () => {
    const s = stranger.headers;
    expectProblem(await get(s, '/api/v1/prompts/summary.v-1_x'), 404);
    expectProblem(await get(s, '/api/v1/prompts/summary.v-1_x/versions'), 404);
    expectProblem(await get(s, '/api/v1/prompts/summary.v-1_x/versions/1'), 404);
    expectProblem(await del(s, 'summary.v-1_x'), 404);
    expect(
      expectPage(await get(s, '/api/v1/prompts'), { number: 0, size: 20, total_elements: 0, total_pages: 0 }),
    ).toEqual([]);
    // The stranger's own prompt of the same id starts at version 1 and leaves the team's alone.
    expect((await put(s, 'summary.v-1_x', { text: 'theirs' })).json()).toMatchObject({
      version: 1,
      text: 'theirs',
    });
    expect((await get(h, '/api/v1/prompts/summary.v-1_x')).json()).toMatchObject({ version: 3 });
    // Naming an organization one is not a member of is refused.
    expectProblem(await get(inOrg(stranger, team), '/api/v1/prompts/summary.v-1_x'), 403);
  });

  it.each([
    ['an empty text', 'ok', { text: '' }, 'body.text'],
    ['a text over 100000 characters', 'ok', { text: 'a'.repeat(100_001) }, 'body.text'],
    ['a missing text', 'ok', {}, 'body.text'],
    ['a text that is not a string', 'ok', { text: 42 }, 'body.text'],
    ['an unknown field', 'ok', { text: 'x', version: 7 }, 'body'],
    ['a prompt_id with a space', 'has%20space', { text: 'x' }, 'params.prompt_id'],
    ['a prompt_id with a semicolon', 'semi%3Bcolon', { text: 'x' }, 'params.prompt_id'],
    ['a prompt_id of 101 characters', 'p'.repeat(101), { text: 'x' }, 'params.prompt_id'],
  ])('PUT answers 400 naming the field for %s', async (_name, id, payload, field) => {
    expectInvalidField(await put(h, id, payload), field);
  });

  it('accepts a prompt_id of exactly 100 characters; GET and DELETE validate prompt_id and version too', async () => {
    const id = `${'x'.repeat(99)}.`;
    expect((await put(h, id, { text: 'edge' })).statusCode).toBe(200);
    expect((await get(h, `/api/v1/prompts/${id}`)).json()).toMatchObject({ prompt_id: id, version: 1 });
    expectInvalidField(await get(h, '/api/v1/prompts/bad%21id'), 'params.prompt_id');
    expectInvalidField(await get(h, '/api/v1/prompts/bad%21id/versions'), 'params.prompt_id');
    expectInvalidField(await del(h, 'bad%21id'), 'params.prompt_id');
    expectInvalidField(await get(h, '/api/v1/prompts/ok/versions/0'), 'params.version');
    expectInvalidField(await get(h, '/api/v1/prompts/ok/versions/one'), 'params.version');
  });

  it('documents every operation with its schemas in /openapi.json', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; tags: string[] }>>;
      components: { schemas: Record<string, unknown> };
    };
    const ops = [
      ['/api/v1/prompts', 'get', '200'],
      ['/api/v1/prompts/{prompt_id}', 'put', '200'],
      ['/api/v1/prompts/{prompt_id}', 'get', '200'],
      ['/api/v1/prompts/{prompt_id}', 'delete', '204'],
      ['/api/v1/prompts/{prompt_id}/versions', 'get', '200'],
      ['/api/v1/prompts/{prompt_id}/versions/{version}', 'get', '200'],
    ] as const;
    for (const [path, method, ok] of ops) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op?.tags).toEqual(['Prompts']);
      expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining([ok, '400', '401']));
    }
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Prompt', 'PromptSummary', 'PromptVersion', 'PromptPutRequest']),
    );
  });

  it('a registered plugin’s get_prompt reads the latest version through the runtime', async () => {
    const org = await createTeam(app, owner);
    const o = inOrg(owner, org);
    const ontology = await app.inject({
      method: 'PUT',
      url: '/api/v1/ontology',
      headers: o,
      payload: { labels: [{ name: 'Contract' }, { name: 'Invoice' }] },
    });
    expect(ontology.statusCode, ontology.body).toBe(200);
    const plugin = await app.inject({
      method: 'POST',
      url: '/api/v1/plugins',
      headers: o,
      payload: { name: 'Prompted', code: PROMPTED_CLASSIFIER },
    });
    expect(plugin.statusCode, plugin.body).toBe(201);
    const settings = await app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${org}/settings`,
      headers: o,
      payload: { classification_plugin_id: plugin.json().id },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // The team's prompt of the same id must not leak into this organization.
    await put(h, 'label_prompt', { text: 'Invoice' });

    await put(o, 'label_prompt', { text: 'Contract' });
    const res = await upload(app, o, 'Some document text.', 'doc.txt');
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().id as string;
    let doc = await waitForDocument(app, o, id);
    expect(doc, doc.error ?? '').toMatchObject({ status: 'PROCESSED', labels: ['Contract'] });

    expect((await put(o, 'label_prompt', { text: 'Invoice' })).json()).toMatchObject({ version: 2 });
    const again = await app.inject({ method: 'POST', url: `/api/v1/documents/${id}/reprocess`, headers: o });
    expect(again.statusCode, again.body).toBe(202);
    doc = await waitForDocument(app, o, id);
    expect(doc, doc.error ?? '').toMatchObject({ status: 'PROCESSED', labels: ['Invoice'] });
    expect(doc.classification_trace).toEqual([
      expect.objectContaining({
        level: 0,
        available_labels: ['Contract', 'Invoice'],
        returned: 'Invoice',
        outcome: 'LEAF',
      }),
    ]);
  }, 90_000);
});
