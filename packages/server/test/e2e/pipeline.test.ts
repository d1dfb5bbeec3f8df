import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, systemAdmin, type TestApp, type TestUser } from '../support/app.js';
import { corpusDir, repoDir } from '../support/paths.js';

interface Truth {
  pdf: string | null;
  label_path: string[];
  governing_law: string | null;
  agreement_date_iso?: string | null;
  effective_date_iso?: string | null;
  expiration_date_iso?: string | null;
}

const SAMPLE = 10;

/** CUAD contracts with a PDF, a governing law and at least one plain date, spread over the corpus. */
function sample(): Truth[] {
  const rows = readFileSync(path.join(corpusDir, 'cuad', 'labels.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Truth)
    .filter((r) => r.pdf && r.governing_law && (r.agreement_date_iso || r.effective_date_iso));
  const step = Math.floor(rows.length / SAMPLE);
  return rows.filter((_, i) => i % step === 0).slice(0, SAMPLE);
}

const norm = (s: unknown) =>
  String(s ?? '')
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/^(state|commonwealth) of\s+/, '')
    .replace(/[^a-z ]/g, '')
    .trim();

/** True when the extracted governing law names the same jurisdiction as the lawyers' answer. */
function lawMatches(truth: string, got: unknown): boolean {
  const a = norm(truth);
  const b = norm(got);
  return b.length > 0 && (a.includes(b) || b.includes(a));
}

describe('the pipeline on real contracts, over HTTP', () => {
  let app: TestApp;
  let admin: TestUser;
  let base: string;
  let orgId: string;
  const truths = sample();

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '2' }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    admin = await systemAdmin(app);
    const org = await fetch(`${base}/api/v1/organizations`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Pipeline E2E' }),
    });
    orgId = ((await org.json()) as { id: string }).id;
    const ontology = JSON.parse(
      readFileSync(path.join(repoDir, 'plugins', 'demo_ontology.json'), 'utf8'),
    ) as object;
    const put = await fetch(`${base}/api/v1/ontology`, {
      method: 'PUT',
      headers: { ...admin.headers, 'content-type': 'application/json', 'x-organization-id': orgId },
      body: JSON.stringify(ontology),
    });
    expect(put.status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
  });

  it('classifies and extracts 10 CUAD PDFs; governing law and a date match the ground truth on most', async () => {
    const ids: string[] = [];
    for (const t of truths) {
      const file = path.join(corpusDir, 'cuad', t.pdf as string);
      const form = new FormData();
      form.append('file', new Blob([readFileSync(file)]), path.basename(file));
      const res = await fetch(`${base}/api/v1/documents`, {
        method: 'POST',
        headers: { ...admin.headers, 'x-organization-id': orgId },
        body: form,
      });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as { id: string }).id);
    }

    type Doc = {
      status: string;
      error: string | null;
      labels: string[];
      extraction: { data: Record<string, unknown> } | null;
    };
    const get = async (id: string) =>
      (await (
        await fetch(`${base}/api/v1/documents/${id}`, {
          headers: { ...admin.headers, 'x-organization-id': orgId },
        })
      ).json()) as Doc;
    let docs: Doc[] = [];
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline) {
      docs = await Promise.all(ids.map(get));
      if (docs.every((d) => d.status === 'PROCESSED' || d.status === 'FAILED')) break;
      await new Promise((r) => setTimeout(r, 1000));
    }

    let matching = 0;
    docs.forEach((d, i) => {
      const t = truths[i] as Truth;
      expect(d.status, `${t.pdf}: ${d.error}`).toBe('PROCESSED');
      expect(d.labels[0]).toBe('Contract');
      expect(d.extraction).not.toBeNull();
      const data = d.extraction?.data ?? {};
      const dates = new Set([data.agreement_date, data.effective_date, data.expiration_date].filter(Boolean));
      const truthDates = [t.agreement_date_iso, t.effective_date_iso, t.expiration_date_iso].filter(Boolean);
      if (lawMatches(t.governing_law as string, data.governing_law) && truthDates.some((x) => dates.has(x)))
        matching += 1;
    });
    expect(matching).toBeGreaterThanOrEqual(6);
    // The contract type (second level) is the ground truth's on most documents.
    const typed = docs.filter((d, i) => d.labels[1] === (truths[i] as Truth).label_path[1]).length;
    expect(typed).toBeGreaterThanOrEqual(7);

    // Every extracted contract became a contract record of its type, linked to its document.
    const res = await fetch(`${base}/api/contracts?per_page=100`, {
      headers: { ...admin.headers, 'x-organization-id': orgId },
    });
    const contracts = (await res.json()) as {
      data: { type: string; renewal_date: string | null; status: string; document_id: string | null }[];
      meta: { total: number; page: number; per_page: number };
    };
    expect(contracts.meta.total).toBe(truths.length);
    expect(new Set(contracts.data.map((c) => c.document_id))).toEqual(new Set(ids));
    const labelsOf = new Map(ids.map((id, i) => [id, (docs[i] as Doc).labels]));
    for (const c of contracts.data) {
      expect(c.type).toBe(labelsOf.get(c.document_id ?? '')?.[1]);
      expect(['ACTIVE', 'EXPIRING', 'EXPIRED']).toContain(c.status);
    }
    expect(contracts.data.filter((c) => c.renewal_date).length).toBeGreaterThanOrEqual(5);
  }, 300_000);
});
