import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchmarkScoresOf, runOrganizationBenchmarks } from '../../src/benchmarks/service.js';
import { events } from '../../src/db/schema.js';
import { updateDocument } from '../../src/documents/repository.js';
import { insertExtractedDocument } from '../contracts/support.js';
import {
  addMember,
  createTeam,
  createTestApp,
  inOrg,
  signUp,
  type TestApp,
  type TestUser,
} from '../support/app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CODE = readFileSync(path.join(here, 'fixtures', 'unit_price_vs_average.py'), 'utf8');
/** The example the demo installs: grouped by the extraction's document_type. */
const TERM_LENGTH = readFileSync(
  path.join(here, '..', '..', '..', '..', 'plugins', 'examples', 'term_length_benchmark.py'),
  'utf8',
);

type Json = Record<string, unknown>;

/** A new app and team whose owner submitted the benchmark plugin `code` (201 checked). */
async function organizationWithBenchmark(name: string, code: string, configs: Json) {
  const { app } = await createTestApp();
  const owner = await signUp(app);
  const org = await createTeam(app, owner);
  const h = inOrg(owner, org);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/plugins',
    headers: h,
    payload: { name, code, configs },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { app, owner, org, h, res };
}

/** Runs the organization's benchmarks once and returns the one run, which must have succeeded. */
async function runSucceeded(app: TestApp, org: string) {
  const [out] = await runOrganizationBenchmarks(app.ctx, org, 'test');
  if (out?.status !== 'SUCCEEDED') throw new Error(`benchmark run: ${JSON.stringify(out)}`);
  return out;
}

describe('a benchmark plugin run end to end (spec 4.11 Benchmarks)', () => {
  let app: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let org: string;
  let h: Record<string, string>;
  let pluginId: string;
  const docs: Record<string, string> = {};

  beforeAll(async () => {
    let res: Awaited<ReturnType<typeof organizationWithBenchmark>>['res'];
    ({ app, owner, org, h, res } = await organizationWithBenchmark('unit-price', CODE, { tolerance: 0.1 }));
    member = await signUp(app);
    await addMember(app, owner, org, member, 'MEMBER');
    expect(res.json()).toMatchObject({ type: 'BENCHMARK', version: 1 });
    pluginId = (res.json() as Json).id as string;
    const ins = async (key: string, labels: string[], data: Json) => {
      docs[key] = (await insertExtractedDocument(app.ctx, org, labels, data, `${key}.pdf`)).id;
    };
    await ins('c-initech', ['Contract', 'Supply'], { counterparty: 'Initech' });
    await ins('c-globex', ['Contract', 'Supply'], { counterparty: 'Globex Inc' });
    await ins('inv1', ['Invoice'], { seller: 'Initech', product: 'widget', unit_price: 10 });
    await ins('inv2', ['Invoice'], {
      seller: 'INITECH ',
      product: 'Widget',
      unit_price: { amount: 12, currency: 'USD' },
    });
    await ins('inv3', ['Invoice'], { seller: 'Initech', product: 'widget', unit_price: 20 });
    await ins('inv4', ['Invoice'], { seller: 'Globex Inc', product: 'gadget', unit_price: 5 });
    await ins('inv5', ['Invoice'], { seller: 'Nobody', product: 'gadget', unit_price: 7 });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('scores, groups, computes, compares and persists; flags raise alerts and events', async () => {
    const out = await runSucceeded(app, org);
    expect(out.run).toMatchObject({ documentsCount: 5, scoredCount: 4, flaggedCount: 1, pluginVersion: 1 });

    const scores = await benchmarkScoresOf(app.ctx, { id: docs.inv3 as string, organizationId: org });
    expect(scores).toEqual([
      expect.objectContaining({
        benchmark: 'unit_price_vs_average',
        version: 1,
        score: 20,
        group: { product: 'widget' },
        benchmark_value: 14,
        flagged: true,
        metric_unit: 'USD/unit',
      }),
    ]);
    expect(await benchmarkScoresOf(app.ctx, { id: docs.inv5 as string, organizationId: org })).toEqual([]);
    expect(
      (await benchmarkScoresOf(app.ctx, { id: docs.inv4 as string, organizationId: org }))[0],
    ).toMatchObject({
      benchmark_value: 5,
      flagged: false,
    });
    // The document as the API shows it carries the same scores (app.ts hands benchmarks' read to documents).
    const doc = await app.inject({ method: 'GET', url: `/api/v1/documents/${docs.inv3}`, headers: h });
    expect(doc.statusCode, doc.body).toBe(200);
    expect(doc.json().benchmark_scores).toEqual(JSON.parse(JSON.stringify(scores)));

    const list = await app.inject({ method: 'GET', url: '/api/benchmarks', headers: inOrg(member, org) });
    expect(list.statusCode, list.body).toBe(200);
    const b = (list.json() as { data: Json[]; meta: Json }).data[0] as Json & { values: Json[] };
    expect(b).toMatchObject({
      id: pluginId,
      name: 'unit_price_vs_average',
      target_labels: ['Invoice'],
      group_by: ['product'],
      latest_run: { status: 'SUCCEEDED', scored: 4, flagged: 1 },
      computed_version: 1,
    });
    expect(b.values.map((v) => [v.group, v.value, v.documents, v.flagged]).sort()).toEqual(
      [
        [{ product: 'gadget' }, 5, 1, 0],
        [{ product: 'widget' }, 14, 3, 1],
      ].sort(),
    );

    const alerts = await app.inject({ method: 'GET', url: '/api/alerts?kind=benchmark.flagged', headers: h });
    expect((alerts.json() as { data: Json[] }).data).toEqual([
      expect.objectContaining({ kind: 'benchmark.flagged', document_id: docs.inv3, status: 'OPEN' }),
    ]);
    const types = (await app.ctx.db.select().from(events).where(eq(events.organizationId, org))).map(
      (e) => e.type,
    );
    expect(types.filter((t) => t === 'benchmark.computed')).toHaveLength(1);
    expect(types.filter((t) => t === 'benchmark.flagged')).toHaveLength(1);

    // A second run over the same data flags the same document but raises no second alert.
    const again = await app.inject({ method: 'POST', url: `/api/benchmarks/${pluginId}/runs`, headers: h });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ status: 'SUCCEEDED', flagged: 1, trigger: 'manual' });
    const flaggedEvents = await app.ctx.db
      .select()
      .from(events)
      .where(and(eq(events.organizationId, org), eq(events.type, 'benchmark.flagged')));
    expect(flaggedEvents).toHaveLength(1);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/benchmarks/${pluginId}/runs`,
          headers: inOrg(member, org),
        })
      ).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/benchmarks' })).statusCode).toBe(401);
    // A run takes no parameters: one sent is named, not silently ignored (a filter a caller meant).
    const withBody = await app.inject({
      method: 'POST',
      url: `/api/benchmarks/${pluginId}/runs`,
      headers: h,
      payload: { document_ids: [] },
    });
    expect(withBody.statusCode).toBe(400);
    expect(withBody.json().errors).toEqual([{ field: 'body', message: 'Unrecognized key: "document_ids"' }]);
  });
  it('lists the runs and the per-document scores of the latest run (the score distribution)', async () => {
    const m = inOrg(member, org);
    const runs = await app.inject({ method: 'GET', url: `/api/benchmarks/${pluginId}/runs`, headers: m });
    expect(runs.statusCode, runs.body).toBe(200);
    const runList = (runs.json() as { data: Json[] }).data;
    expect(runList.length).toBeGreaterThanOrEqual(2);
    expect(runList[0]).toMatchObject({ status: 'SUCCEEDED', trigger: 'manual' });
    expect(Date.parse(runList[0]?.started_at as string)).toBeGreaterThanOrEqual(
      Date.parse(runList[1]?.started_at as string),
    );

    const res = await app.inject({ method: 'GET', url: `/api/benchmarks/${pluginId}/scores`, headers: m });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { run: Json; data: Json[]; meta: Json };
    expect(body.run).toMatchObject({ id: runList[0]?.id, status: 'SUCCEEDED' });
    expect(body.meta).toEqual({ total: body.data.length, page: 1, per_page: 100 });
    expect(body.data.length).toBe(body.run.scored);
    const scores = body.data.map((d) => d.score as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(body.data[0]).toMatchObject({
      document_id: docs.inv3,
      filename: 'inv3.pdf',
      flagged: true,
      benchmark_value: expect.any(Number),
      group: expect.any(Object),
    });
    const flagged = await app.inject({
      method: 'GET',
      url: `/api/benchmarks/${pluginId}/scores?flagged=true`,
      headers: m,
    });
    expect((flagged.json() as { data: Json[] }).data.map((d) => d.document_id)).toEqual([docs.inv3]);
    const second = await app.inject({
      method: 'GET',
      url: `/api/benchmarks/${pluginId}/scores?per_page=1&page=2`,
      headers: m,
    });
    expect((second.json() as { data: Json[] }).data).toEqual([body.data[1]]);

    // Validation, another tenant's benchmark, no credentials.
    for (const q of ['per_page=0', 'per_page=1001', 'page=0', 'flagged=maybe']) {
      const bad = await app.inject({
        method: 'GET',
        url: `/api/benchmarks/${pluginId}/scores?${q}`,
        headers: m,
      });
      expect(bad.statusCode, q).toBe(400);
      expect(bad.headers['content-type']).toContain('application/problem+json');
    }
    const stranger = await signUp(app);
    for (const url of [`/api/benchmarks/${pluginId}/scores`, `/api/benchmarks/${pluginId}/runs`]) {
      const other = await app.inject({ method: 'GET', url, headers: stranger.headers });
      expect(other.statusCode, url).toBe(404);
      expect(other.json()).toMatchObject({ status: 404, detail: 'Benchmark not found' });
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('a benchmark grouped by document_type (plugins/examples/term_length_benchmark.py)', () => {
  let app: TestApp;
  let org: string;
  let h: Record<string, string>;
  let pluginId: string;
  const docs: Record<string, string> = {};

  beforeAll(async () => {
    let res: Awaited<ReturnType<typeof organizationWithBenchmark>>['res'];
    ({ app, org, h, res } = await organizationWithBenchmark('term-length', TERM_LENGTH, {}));
    pluginId = (res.json() as Json).id as string;
    // As the built-in contract extractor leaves them: document_type = the leaf label.
    const ins = async (key: string, documentType: string | null, term: Json) => {
      const labels = ['Contract', ...(documentType ? [documentType] : [])];
      const row = await insertExtractedDocument(app.ctx, org, labels, { term }, `${key}.pdf`);
      if (!row.extraction) throw new Error('no extraction');
      await updateDocument(app.ctx.db, row.id, {
        extraction: { ...row.extraction, document_type: documentType },
      });
      docs[key] = row.id;
    };
    await ins('s1', 'Supply', { value: 1, unit: 'year' });
    await ins('s2', 'Supply', { value: 1, unit: 'years' });
    await ins('s3', 'Supply', { value: 10, unit: 'years' });
    await ins('l1', 'License', { value: 6, unit: 'months' });
    await ins('l2', 'License', { value: 6, unit: 'months' });
    await ins('l3', 'License', { value: 18, unit: 'months' });
    await ins('n1', null, { value: 1, unit: 'year' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('computes one group per type (not one null group) and compares each contract within its type', async () => {
    const out = await runSucceeded(app, org);
    // Against the average of all seven (808.8 days) only s3 would be flagged; within its type l3 is too.
    expect(out.run).toMatchObject({ documentsCount: 7, scoredCount: 7, flaggedCount: 2 });

    const list = await app.inject({ method: 'GET', url: '/api/benchmarks', headers: h });
    expect(list.statusCode, list.body).toBe(200);
    const b = (list.json() as { data: Json[] }).data.find((x) => x.id === pluginId) as Json & {
      values: Json[];
    };
    expect(b.group_by).toEqual(['document_type']);
    const byType = Object.fromEntries(
      b.values.map((v) => [
        String((v.group as Json).document_type),
        { value: Math.round(v.value as number), documents: v.documents, flagged: v.flagged },
      ]),
    );
    expect(byType).toEqual({
      Supply: { value: 1461, documents: 3, flagged: 1 },
      License: { value: 304, documents: 3, flagged: 1 },
      null: { value: 365, documents: 1, flagged: 0 },
    });
    const l3 = await benchmarkScoresOf(app.ctx, { id: docs.l3 as string, organizationId: org });
    expect(l3).toEqual([
      expect.objectContaining({ group: { document_type: 'License' }, flagged: true, metric_unit: 'days' }),
    ]);
  });
});
