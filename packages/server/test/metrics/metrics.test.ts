import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetricsListener, startMetricsListener } from '../../src/metrics/listener.js';
import { corpusFile, putDemoOntology, upload, waitForDocument } from '../documents/helpers.js';
import { createTeam, createTestApp, inOrg, signUp, type TestApp, type TestUser } from '../support/app.js';

/** A real contract from CUAD (a born-digital PDF of 38 KB). */
const CONTRACT_PDF = 'LUCIDINC_04_15_2011-EX-10.9-DISTRIBUTOR AGREEMENT.pdf';

/** The value of the sample `name{labels}` in a Prometheus text exposition (0 when absent). */
function sample(body: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of body.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inner = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (wanted.every((w) => inner.split(',').includes(w)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('GET /metrics: what an operator scrapes', () => {
  let app: TestApp;
  let metrics: MetricsListener;
  let owner: TestUser;
  let team: string;
  let h: Record<string, string>;
  const scrape = async () => {
    const res = await fetch(`${metrics.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  beforeAll(async () => {
    ({ app } = await createTestApp({
      SERVICE_WORKERS: '1',
      SERVICE_PLUGIN_POOL_SIZE: '1',
      SERVICE_METRICS_PORT: '0',
    }));
    metrics = await startMetricsListener('127.0.0.1', 0);
    owner = await signUp(app);
    team = await createTeam(app, owner);
    h = inOrg(owner, team);
    await putDemoOntology(app, h);
  }, 60_000);

  afterAll(async () => {
    await metrics?.close();
    await app?.close();
  });

  it('counts a processed document, the time of each of its steps and its wait on the queue', async () => {
    const before = await scrape();
    const res = await upload(app, h, corpusFile('cuad', 'pdf', CONTRACT_PDF), CONTRACT_PDF);
    expect(res.statusCode, res.body).toBe(202);
    const doc = await waitForDocument(app, h, res.json().id, 120_000);
    expect(doc.status, doc.error ?? '').toBe('PROCESSED');
    const after = await scrape();

    const delta = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('service_pipeline_runs_total', { outcome: 'processed' })).toBe(1);
    for (const step of ['parse', 'classify', 'extract', 'derive']) {
      expect(delta('service_pipeline_step_duration_seconds_count', { step }), step).toBe(1);
    }
    // The parse of a 38 KB PDF takes a measurable time, recorded in seconds, not milliseconds.
    const parsed = delta('service_pipeline_step_duration_seconds_sum', { step: 'parse' });
    expect(parsed).toBeGreaterThan(0);
    expect(parsed).toBeLessThan(60);
    expect(delta('service_queue_wait_seconds_count', { queue: 'document.process' })).toBe(1);
    // The classifier and the extractor ran in the plugin runtimes, which report their CPU.
    expect(delta('service_plugin_runtime_cpu_seconds_total')).toBeGreaterThan(0);
  }, 180_000);

  it('counts a document that fails as failed', async () => {
    const before = await scrape();
    const broken = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\nnot a pdf at all\n%%EOF\n',
    );
    const res = await upload(app, h, broken, 'broken.pdf');
    expect(res.statusCode, res.body).toBe(202);
    const doc = await waitForDocument(app, h, res.json().id, 120_000);
    expect(doc.status).toBe('FAILED');
    const after = await scrape();
    expect(
      sample(after, 'service_pipeline_runs_total', { outcome: 'failed' }) -
        sample(before, 'service_pipeline_runs_total', { outcome: 'failed' }),
    ).toBe(1);
  }, 180_000);

  it('labels requests by route template, never by a tenant, an id or a credential', async () => {
    const list = await app.inject({ method: 'GET', url: '/api/v1/documents?size=5', headers: h });
    expect(list.statusCode).toBe(200);
    const [first] = list.json().content as { id: string; filename: string }[];
    const one = await app.inject({ method: 'GET', url: `/api/v1/documents/${first?.id}`, headers: h });
    expect(one.statusCode).toBe(200);
    const missing = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing', headers: h });
    expect(missing.statusCode).toBe(404);

    const body = await scrape();
    expect(
      sample(body, 'service_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/documents/:id',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(body, 'service_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    // Whoever can scrape learns nothing of the tenants: no organization, document, user or key.
    for (const secret of [team, first?.id, first?.filename, owner.email, owner.token, 'no-such-thing']) {
      expect(body).not.toContain(secret as string);
    }
    // And the process's own figures are there.
    expect(sample(body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('is served on its own address only: the API has no /metrics, the listener nothing else', async () => {
    const viaApi = await app.inject({ method: 'GET', url: '/metrics' });
    expect(viaApi.statusCode).toBe(404);
    expect(viaApi.body).not.toContain('service_pipeline_runs_total');
    const other = await fetch(`${metrics.url}/api/v1/documents`);
    expect(other.status).toBe(404);
    expect(new URL(metrics.url).hostname).toBe('127.0.0.1');
  });

  it('measures no request of a server without SERVICE_METRICS_PORT', async () => {
    const { app: plain } = await createTestApp();
    try {
      const route = { method: 'GET', route: '/health', status_code: '200' };
      const before = sample(await scrape(), 'service_http_request_duration_seconds_count', route);
      const health = await plain.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      expect(sample(await scrape(), 'service_http_request_duration_seconds_count', route)).toBe(before);
    } finally {
      await plain.close();
    }
  });
});
