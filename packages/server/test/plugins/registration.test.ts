import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createTeam,
  createTestApp,
  inOrg,
  signUp,
  systemAdmin,
  type TestApp,
  type TestUser,
} from '../support/app.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const corpus = (name: string) => readFileSync(path.join(repoRoot, 'sdk/python/tests/corpus', name), 'utf8');

const CLASSIFIER = corpus('valid/doc_classification_keywords.py');
const EXTRACTOR = corpus('valid/doc_extraction_llm.py');
const SOURCE = corpus('valid/source_memory.py');
const BENCHMARK = corpus('valid/doc_benchmark_unit_price.py');

/** A classifier that passes the validator but cannot be loaded (its module import fails). */
const UNLOADABLE = `from typing import Any

from service_sdk import ClassificationPlugin, Document

import no_such_module_xyz


class Broken(ClassificationPlugin):
    async def classify(
        self,
        document: Document,
        file_data: bytes | None,
        mime_type: str | None,
        available_labels: list[str],
        current_path: list[str],
        configs: dict[str, Any],
    ) -> str | None:
        return None
`;

const MISSING_CLASSIFY = corpus('invalid/missing_classify.py');

/** A JSON object (request payloads, and items of parsed responses). */
type Json = Record<string, unknown>;

describe('plugin registration (spec 4.9, §7)', () => {
  let app: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let sysAdmin: TestUser;
  let team: string;
  let h: Record<string, string>;

  const post = (headers: Record<string, string>, payload: Json) =>
    app.inject({ method: 'POST', url: '/api/v1/plugins', headers, payload });
  const patch = (headers: Record<string, string>, id: string, payload: Json) =>
    app.inject({ method: 'PATCH', url: `/api/v1/plugins/${id}`, headers, payload });
  const get = (headers: Record<string, string>, url: string) => app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_PLUGIN_POOL_SIZE: '2' }));
    [owner, admin, member, stranger, sysAdmin] = await Promise.all([
      signUp(app),
      signUp(app),
      signUp(app),
      signUp(app),
      systemAdmin(app),
    ]);
    team = await createTeam(app, owner);
    await addMember(app, owner, team, admin, 'ADMIN');
    await addMember(app, owner, team, member, 'MEMBER');
    h = inOrg(owner, team);
  });
  afterAll(async () => {
    await app.close();
  });

  it('registers a plugin (201) and reads it back with its code, in the list and in the history', async () => {
    const res = await post(h, {
      name: 'Keywords',
      code: CLASSIFIER,
      description: 'keyword classifier',
      configs: { min_hits: 2 },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Keywords',
      type: 'CLASSIFICATION',
      class_name: 'KeywordClassifier',
      version: 1,
      status: 'ENABLED',
      description: 'keyword classifier',
      configs: { min_hits: 2 },
      attributes: {},
      configurable_parameters: [
        {
          parameter_name: 'min_hits',
          parameter_type: 'int',
          default_value: 1,
          description: expect.any(String),
        },
      ],
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(body.created_at)).not.toBeNaN();
    expect(body).not.toHaveProperty('code');

    const got = await get(h, `/api/v1/plugins/${body.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id: body.id, version: 1, code: CLASSIFIER });

    const list = await get(h, '/api/v1/plugins?page=0&size=50&sort=name,asc');
    expect(list.statusCode).toBe(200);
    expect(list.json().content.map((p: { id: string }) => p.id)).toContain(body.id);
    expect(list.json().page).toMatchObject({ number: 0, size: 50 });

    const versions = await get(h, `/api/v1/plugins/${body.id}/versions`);
    expect(versions.statusCode).toBe(200);
    expect(versions.json()).toEqual([
      { version: 1, sha256: body.sha256, created_at: expect.any(String), created_by: owner.id },
    ]);
    const v1 = await get(h, `/api/v1/plugins/${body.id}/versions/1`);
    expect(v1.statusCode).toBe(200);
    expect(v1.json()).toMatchObject({
      version: 1,
      code: CLASSIFIER,
      class_name: 'KeywordClassifier',
      configs: { min_hits: 2 },
    });
    expect((await get(h, `/api/v1/plugins/${body.id}/versions/2`)).statusCode).toBe(404);
  });

  it('reads the type and class attributes of every plugin type; filters the list by type', async () => {
    const [source, extractor, bench] = await Promise.all([
      post(h, { name: 'Memory source', code: SOURCE }),
      post(h, { name: 'LLM extractor', code: EXTRACTOR }),
      post(h, { name: 'Unit price', code: BENCHMARK, configs: { tolerance: 0.1 } }),
    ]);
    expect(source.statusCode).toBe(201);
    expect(source.json()).toMatchObject({
      type: 'SOURCE',
      class_name: 'MemorySource',
      attributes: { source_type: 'memory', credential_fields: ['token'], source_state_model: 'MemoryState' },
    });
    expect(extractor.json()).toMatchObject({
      type: 'EXTRACTION',
      class_name: 'LlmExtractor',
      attributes: {},
    });
    expect(bench.statusCode).toBe(201);
    expect(bench.json()).toMatchObject({
      type: 'BENCHMARK',
      configs: { tolerance: 0.1 },
      attributes: {
        name: 'unit_price_vs_median',
        target_labels: ['Invoices'],
        metric_unit: 'EUR',
        group_by: ['product'],
        match_rules: [{ name: 'contract', left_group: ['Invoices'], right_group: ['Supply Agreement'] }],
      },
    });
    const sources = await get(h, '/api/v1/plugins?type=SOURCE');
    expect(sources.statusCode).toBe(200);
    expect(sources.json().content.map((p: { type: string }) => p.type)).toEqual(['SOURCE']);
    const benches = await get(h, '/api/v1/plugins?type=BENCHMARK&size=1&page=0');
    expect(benches.json().page).toMatchObject({ total_elements: 1, total_pages: 1 });

    // source_type is unique among the organization's live plugins.
    const twin = await post(h, { name: 'Memory twin', code: SOURCE });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().detail).toContain('memory');
  });

  it('PATCH: new code makes a new version, same code does not, configs make one, name/description/enabled do not', async () => {
    const created = (await post(h, { name: 'Evolving', code: CLASSIFIER, configs: { min_hits: 3 } })).json();
    const v2Code = `${CLASSIFIER}\n# v2\n`;
    const v2 = await patch(h, created.id, { code: v2Code });
    expect(v2.statusCode).toBe(200);
    expect(v2.json()).toMatchObject({ version: 2, configs: { min_hits: 3 } });
    expect(v2.json().sha256).not.toBe(created.sha256);

    const same = await patch(h, created.id, { code: v2Code, description: 'same code' });
    expect(same.json()).toMatchObject({ version: 2, description: 'same code' });

    const renamed = await patch(h, created.id, { name: 'Evolved', enabled: false });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ version: 2, name: 'Evolved', status: 'DISABLED' });

    const configured = await patch(h, created.id, { configs: { min_hits: 5 } });
    expect(configured.json()).toMatchObject({
      version: 3,
      configs: { min_hits: 5 },
      sha256: v2.json().sha256,
    });

    const history = (await get(h, `/api/v1/plugins/${created.id}/versions`)).json();
    expect(history.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    const v1 = (await get(h, `/api/v1/plugins/${created.id}/versions/1`)).json();
    expect(v1).toMatchObject({ code: CLASSIFIER, configs: { min_hits: 3 } });
    const current = (await get(h, `/api/v1/plugins/${created.id}`)).json();
    expect(current).toMatchObject({ code: v2Code, version: 3, status: 'DISABLED' });

    // The type of a plugin cannot change.
    const typeChange = await patch(h, created.id, { code: EXTRACTOR });
    expect(typeChange.statusCode).toBe(400);
    expect(typeChange.json().error).toMatchObject({
      code: 'INVALID_PLUGIN_CODE',
      errors: [{ line: null, error_type: 'PluginTypeChanged' }],
    });

    // Invalid code on PATCH: the spec §7 body, and no new version.
    const invalid = await patch(h, created.id, { code: MISSING_CLASSIFY });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('INVALID_PLUGIN_CODE');
    expect((await get(h, `/api/v1/plugins/${created.id}`)).json().version).toBe(3);

    // Renaming onto a taken name conflicts.
    const taken = await patch(h, created.id, { name: 'Keywords' });
    expect(taken.statusCode).toBe(409);
  });

  it('answers invalid code with exactly the spec §7 body', async () => {
    const res = await post(h, { name: 'Broken', code: MISSING_CLASSIFY });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['error']);
    expect(Object.keys(body.error).sort()).toEqual(['code', 'errors', 'message']);
    expect(body.error.code).toBe('INVALID_PLUGIN_CODE');
    expect(body.error.message).toEqual(expect.any(String));
    expect(body.error.errors.length).toBeGreaterThan(0);
    for (const e of body.error.errors) {
      expect(Object.keys(e).sort()).toEqual([
        'documentation',
        'error_type',
        'fix_suggestion',
        'line',
        'message',
      ]);
      expect(e.line === null || Number.isInteger(e.line)).toBe(true);
      expect(typeof e.error_type).toBe('string');
      expect(typeof e.message).toBe('string');
      expect(typeof e.fix_suggestion).toBe('string');
      expect(e.documentation === null || typeof e.documentation === 'string').toBe(true);
    }
    expect(body.error.errors.map((e: { error_type: string }) => e.error_type)).toContain('MissingMethod');
    // Nothing was stored.
    const list = (await get(h, '/api/v1/plugins?size=100')).json();
    expect(list.content.map((p: { name: string }) => p.name)).not.toContain('Broken');
  });

  it('answers a load failure with one whole-file error carrying the runtime error_type', async () => {
    const res = await post(h, { name: 'Unloadable', code: UNLOADABLE });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('INVALID_PLUGIN_CODE');
    expect(error.errors).toHaveLength(1);
    expect(error.errors[0]).toMatchObject({
      line: null,
      error_type: 'PluginException',
      message: expect.stringContaining('no_such_module_xyz'),
      fix_suggestion: expect.any(String),
      documentation: null,
    });
  });

  it('validates the body and names the field (problem details)', async () => {
    const cases: [Json, string][] = [
      [{ code: CLASSIFIER }, 'body.name'],
      [{ name: '', code: CLASSIFIER }, 'body.name'],
      [{ name: 'x'.repeat(101), code: CLASSIFIER }, 'body.name'],
      [{ name: 'No code' }, 'body.code'],
      [{ name: 'Bad code', code: 42 }, 'body.code'],
      [{ name: 'Bad configs', code: CLASSIFIER, configs: [] }, 'body.configs'],
      [{ name: 'Unknown config', code: CLASSIFIER, configs: { max_hits: 1 } }, 'body.configs.max_hits'],
      [{ name: 'Wrong type', code: CLASSIFIER, configs: { min_hits: 'many' } }, 'body.configs.min_hits'],
      [{ name: 'Float for int', code: CLASSIFIER, configs: { min_hits: 1.5 } }, 'body.configs.min_hits'],
    ];
    const answers = await Promise.all(cases.map(([payload]) => post(h, payload)));
    answers.forEach((res, i) => {
      const [, field] = cases[i] as [Json, string];
      expect(res.statusCode, JSON.stringify(cases[i]?.[0]).slice(0, 80)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    });
    const extra = await post(h, { name: 'Extra', code: CLASSIFIER, owner: 'me' });
    expect(extra.statusCode).toBe(400);
    const tooBig = await post(h, { name: 'Big', code: 'x'.repeat(1_000_001) });
    expect([400, 413]).toContain(tooBig.statusCode);

    const plugin = (await get(h, '/api/v1/plugins?size=1')).json().content[0];
    const badPatch = await patch(h, plugin.id, { enabled: 'yes' });
    expect(badPatch.statusCode).toBe(400);
    expect(badPatch.json().errors[0].field).toBe('body.enabled');
    expect((await get(h, '/api/v1/plugins/not-a-uuid')).statusCode).toBe(400);
    expect((await get(h, `/api/v1/plugins/${plugin.id}/versions/0`)).statusCode).toBe(400);
    expect((await get(h, '/api/v1/plugins?type=OTHER')).statusCode).toBe(400);
    expect((await get(h, '/api/v1/plugins?sort=code,asc')).statusCode).toBe(400);
  });

  it('rejects a duplicate name with 409 and frees it on delete', async () => {
    const first = await post(h, { name: 'Twin', code: CLASSIFIER });
    expect(first.statusCode).toBe(201);
    const second = await post(h, { name: 'Twin', code: CLASSIFIER });
    expect(second.statusCode).toBe(409);
    const del = await app.inject({ method: 'DELETE', url: `/api/v1/plugins/${first.json().id}`, headers: h });
    expect(del.statusCode).toBe(204);
    expect((await get(h, `/api/v1/plugins/${first.json().id}`)).statusCode).toBe(404);
    expect((await get(h, `/api/v1/plugins/${first.json().id}/versions`)).statusCode).toBe(404);
    expect((await post(h, { name: 'Twin', code: CLASSIFIER })).statusCode).toBe(201);
  });

  it('refuses to delete a plugin selected in the organization settings (409) until unselected', async () => {
    const { id } = (await post(h, { name: 'Selected', code: CLASSIFIER })).json();
    const put = (classification_plugin_id: string | null) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/organizations/${team}/settings`,
        headers: h,
        payload: { classification_plugin_id },
      });
    expect((await put(id)).statusCode).toBe(200);
    const del = await app.inject({ method: 'DELETE', url: `/api/v1/plugins/${id}`, headers: h });
    expect(del.statusCode).toBe(409);
    expect(del.json().detail).toContain('classification_plugin_id');
    expect((await put(null)).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/plugins/${id}`, headers: h })).statusCode,
    ).toBe(204);
  });

  it('names the chosen plugins in the settings; a MEMBER reads the names, never the code', async () => {
    const classifier = (await post(h, { name: 'Chosen classifier', code: CLASSIFIER })).json();
    const extractor = (await post(h, { name: 'Chosen extractor', code: EXTRACTOR })).json();
    const url = `/api/v1/organizations/${team}/settings`;
    const put = await app.inject({
      method: 'PUT',
      url,
      headers: h,
      payload: { classification_plugin_id: classifier.id, extraction_plugin_id: extractor.id },
    });
    expect(put.statusCode, put.body).toBe(200);
    const named = {
      classification_plugin_id: classifier.id,
      classification_plugin: {
        id: classifier.id,
        name: 'Chosen classifier',
        version: 1,
        status: 'ENABLED',
        quarantined: false,
      },
      extraction_plugin: {
        id: extractor.id,
        name: 'Chosen extractor',
        version: 1,
        status: 'ENABLED',
        quarantined: false,
      },
    };
    expect(put.json()).toMatchObject(named);

    // A new version and a disabled plugin show as they are now.
    expect((await patch(h, classifier.id, { code: `${CLASSIFIER}\n# v2\n` })).statusCode).toBe(200);
    expect((await patch(h, extractor.id, { enabled: false })).statusCode).toBe(200);
    const asMember = await get(inOrg(member, team), `${url}/summary`);
    expect(asMember.statusCode, asMember.body).toBe(200);
    expect(asMember.json()).toMatchObject({
      classification_plugin: { ...named.classification_plugin, version: 2 },
      extraction_plugin: { ...named.extraction_plugin, status: 'DISABLED' },
    });
    expect(asMember.body).not.toContain('class ');
    expect((await get(h, url)).json()).toEqual(asMember.json());

    await app.inject({
      method: 'PUT',
      url,
      headers: h,
      payload: { classification_plugin_id: null, extraction_plugin_id: null },
    });
  });

  it('finds plugins by part of their name (q), in any case, with % and _ taken literally', async () => {
    for (const name of ['Invoice reader', 'Contract INVOICE check', '100% invoices', 'Other_one'])
      expect((await post(h, { name, code: CLASSIFIER })).statusCode).toBe(201);
    const names = async (query: string) => {
      const res = await get(h, `/api/v1/plugins?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().content.map((p: { name: string }) => p.name);
    };
    expect(await names('q=invoice&type=CLASSIFICATION')).toEqual([
      '100% invoices',
      'Contract INVOICE check',
      'Invoice reader',
    ]);
    expect(await names('q=%25')).toEqual(['100% invoices']);
    expect(await names('q=r_o')).toEqual(['Other_one']);
    expect(await names('q=e_r')).toEqual([]);
    expect(await names('q=invoice&type=EXTRACTION')).toEqual([]);
    const page = await get(h, '/api/v1/plugins?q=invoice&size=1');
    expect(page.json().page).toMatchObject({ total_elements: 3, total_pages: 3 });
    expect((await get(h, '/api/v1/plugins?q=')).statusCode).toBe(400);
    expect((await get(inOrg(member, team), '/api/v1/plugins?q=invoice')).statusCode).toBe(403);
  });

  it('lets an ADMIN manage plugins and forbids a MEMBER every endpoint (403)', async () => {
    const asAdmin = inOrg(admin, team);
    const created = await post(asAdmin, { name: 'By admin', code: CLASSIFIER });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await patch(asAdmin, id, { description: 'ok' })).statusCode).toBe(200);

    const asMember = inOrg(member, team);
    const answers = await Promise.all([
      post(asMember, { name: 'By member', code: CLASSIFIER }),
      get(asMember, '/api/v1/plugins'),
      get(asMember, `/api/v1/plugins/${id}`),
      patch(asMember, id, { description: 'no' }),
      get(asMember, `/api/v1/plugins/${id}/versions`),
      get(asMember, `/api/v1/plugins/${id}/versions/1`),
      app.inject({ method: 'DELETE', url: `/api/v1/plugins/${id}`, headers: asMember }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect(answers[0]?.json().detail).toContain('OWNER or ADMIN');
  });

  it('answers 401 without credentials on every endpoint', async () => {
    const id = '0190f2c4-0000-7000-8000-000000000000';
    const answers = await Promise.all([
      app.inject({ method: 'POST', url: '/api/v1/plugins', payload: { name: 'x', code: CLASSIFIER } }),
      app.inject({ method: 'GET', url: '/api/v1/plugins' }),
      app.inject({ method: 'GET', url: `/api/v1/plugins/${id}` }),
      app.inject({ method: 'PATCH', url: `/api/v1/plugins/${id}`, payload: { name: 'x' } }),
      app.inject({ method: 'DELETE', url: `/api/v1/plugins/${id}` }),
      app.inject({ method: 'GET', url: `/api/v1/plugins/${id}/versions` }),
      app.inject({ method: 'GET', url: `/api/v1/plugins/${id}/versions/1` }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe('Authentication required');
    }
  });

  it("answers 404 for another tenant's plugin and does not list it", async () => {
    const { id } = (await post(h, { name: 'Private', code: CLASSIFIER })).json();
    const s = stranger.headers;
    const answers = await Promise.all([
      get(s, `/api/v1/plugins/${id}`),
      patch(s, id, { name: 'Mine now' }),
      app.inject({ method: 'DELETE', url: `/api/v1/plugins/${id}`, headers: s }),
      get(s, `/api/v1/plugins/${id}/versions`),
      get(s, `/api/v1/plugins/${id}/versions/1`),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    const list = await get(s, '/api/v1/plugins');
    expect(list.statusCode).toBe(200);
    expect(list.json().content).toEqual([]);
    // The same name and source_type are free in another organization.
    expect((await post(s, { name: 'Private', code: CLASSIFIER })).statusCode).toBe(201);
    expect((await post(s, { name: 'Memory source', code: SOURCE })).statusCode).toBe(201);
  });

  it('enforces the max_plugins quota with a 403 problem naming it', async () => {
    const org = await createTeam(app, owner);
    const quota = await app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/${org}/quotas`,
      headers: sysAdmin.headers,
      payload: { max_plugins: 1 },
    });
    expect(quota.statusCode).toBe(200);
    const hq = inOrg(owner, org);
    expect((await post(hq, { name: 'One', code: CLASSIFIER })).statusCode).toBe(201);
    const res = await post(hq, { name: 'Two', code: CLASSIFIER });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 403, quota: 'max_plugins', limit: 1, used: 1 });
    expect(res.json().detail).toContain('max_plugins');
  });

  it('documents every endpoint and the INVALID_PLUGIN_CODE body in /openapi.json', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/v1/plugins']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/v1/plugins/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(doc.paths['/api/v1/plugins/{id}/versions'].get).toBeDefined();
    expect(doc.paths['/api/v1/plugins/{id}/versions/{version}'].get).toBeDefined();
    const text = JSON.stringify(doc.paths['/api/v1/plugins'].post.responses['400']);
    expect(text).toContain('INVALID_PLUGIN_CODE');
    expect(JSON.stringify(doc)).toContain('fix_suggestion');
    const params = doc.paths['/api/v1/plugins'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toContain('pageable');
    expect(params).toContain('type');
  });

  // Known defect (reported): documentOpenApi (src/http/openapi.ts) moves every 4xx
  // `application/json` body to `application/problem+json`, overwriting the problem schema the
  // route declares there, so the §7 body (sent as application/json) is documented under the wrong
  // content type. Fix: skip responses that already declare application/problem+json. Flip to `it` then.
  it('documents the 400 of POST and PATCH by content type (§7 body as application/json)', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const op of [doc.paths['/api/v1/plugins'].post, doc.paths['/api/v1/plugins/{id}'].patch]) {
      const content = op.responses['400'].content;
      expect(content['application/json'].schema.$ref).toBe('#/components/schemas/InvalidPluginCode');
      expect(content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });
    }
    expect(doc.components.schemas.Problem.required).toContain('detail');
  });
});
