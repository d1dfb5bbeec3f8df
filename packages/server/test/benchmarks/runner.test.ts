import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchmarkScoresOf, runOrganizationBenchmarks } from '../../src/benchmarks/service.js';
import { events } from '../../src/db/schema.js';
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

type Json = Record<string, unknown>;

describe('a benchmark plugin run end to end (spec 4.11 Benchmarks)', () => {
  let app: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let org: string;
  let h: Record<string, string>;
  let pluginId: string;
  const docs: Record<string, string> = {};

  beforeAll(async () => {
    ({ app } = await createTestApp());
    owner = await signUp(app);
    member = await signUp(app);
    org = await createTeam(app, owner);
    await addMember(app, owner, org, member, 'MEMBER');
    h = inOrg(owner, org);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/plugins',
      headers: h,
      payload: { name: 'unit-price', code: CODE, configs: { tolerance: 0.1 } },
    });
    expect(res.statusCode, res.body).toBe(201);
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
    const [out] = await runOrganizationBenchmarks(app.ctx, org, 'test');
    expect(out?.status).toBe('SUCCEEDED');
    if (out?.status !== 'SUCCEEDED') return;
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
