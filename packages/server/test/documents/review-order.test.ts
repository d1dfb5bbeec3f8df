/**
 * The review order (docs/pipeline.md "The review order"): each document's `label_confidence`
 * is the probability that its label path is right — the product of the levels' reported
 * probabilities, 1 once a person confirmed the labels, null when unknown — kept by the database
 * (migration 0017), and `sort=label_confidence` lists the least sure first, the unknown before
 * any. Traces are real pipeline results (test/support/processed-documents.json) and the shapes a
 * plugin can leave (a stop short of a leaf, a level without a reported probability, none at all).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassificationStep } from '../../src/db/schema.js';
import { updateDocument } from '../../src/documents/repository.js';
import type { DocumentDto } from '../../src/documents/schemas.js';
import { expectInvalidField } from '../auth/assertions.js';
import { createTestApp, inOrg, signUp, type TestApp, type TestUser } from '../support/app.js';
import { demoOntology, insertStoredDocument } from './helpers.js';

interface Processed {
  filename: string;
  labels: string[];
  classification_trace: ClassificationStep[];
}

const processed = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../support/processed-documents.json'), 'utf8'),
) as Processed[];

/** What the confidence of a trace should be, computed here apart from the database's function. */
function expectedConfidence(trace: ClassificationStep[]): number | null {
  if (trace.length === 0) return null;
  let p = 1;
  for (const step of trace) {
    if (step.outcome !== 'CONTINUE' && step.outcome !== 'LEAF') return null;
    if (typeof step.decision?.probability !== 'number') return null;
    p *= step.decision.probability;
  }
  return p;
}

const decision = (label: string | null, probability: number) => ({
  label,
  probability,
  runner_up: null,
  runner_up_probability: null,
  evidence: [],
  abstention_reason: label === null ? 'low confidence' : null,
});

/** Traces a plugin can leave besides the built-in classifier's real ones. */
const shapes: Processed[] = [
  {
    filename: 'two-uncertain-levels.txt',
    labels: ['Contract', 'Service'],
    classification_trace: [
      {
        level: 0,
        available_labels: ['Contract'],
        returned: 'Contract',
        outcome: 'CONTINUE',
        decision: decision('Contract', 0.8),
      },
      {
        level: 1,
        available_labels: ['Service'],
        returned: 'Service',
        outcome: 'LEAF',
        decision: decision('Service', 0.5),
      },
    ],
  },
  {
    filename: 'abstained-below-the-root.txt',
    labels: ['Contract'],
    classification_trace: [
      {
        level: 0,
        available_labels: ['Contract'],
        returned: 'Contract',
        outcome: 'CONTINUE',
        decision: decision('Contract', 0.99),
      },
      {
        level: 1,
        available_labels: ['Service'],
        returned: null,
        outcome: 'SUGGESTION',
        decision: decision(null, 0.4),
      },
    ],
  },
  {
    filename: 'plugin-reported-nothing.txt',
    labels: ['Invoice'],
    classification_trace: [
      { level: 0, available_labels: ['Invoice'], returned: 'Invoice', outcome: 'LEAF', decision: null },
    ],
  },
  {
    filename: 'sure-it-is-wrong.txt',
    labels: ['Invoice'],
    classification_trace: [
      {
        level: 0,
        available_labels: ['Invoice'],
        returned: 'Invoice',
        outcome: 'LEAF',
        decision: decision('Invoice', 0),
      },
    ],
  },
  { filename: 'never-classified.txt', labels: [], classification_trace: [] },
];

describe('the review order: label_confidence', () => {
  let app: TestApp;
  let user: TestUser;
  let headers: Record<string, string>;
  const byName = new Map<string, string>();

  const list = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/documents?size=100&${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().content as DocumentDto[];
  };

  beforeAll(async () => {
    ({ app } = await createTestApp({ SERVICE_WORKERS: '0' }));
    user = await signUp(app);
    headers = inOrg(user, user.personalOrgId);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/v1/ontology',
      headers,
      payload: demoOntology(),
    });
    expect(put.statusCode, put.body).toBe(200);
    for (const [i, p] of [...processed, ...shapes].entries()) {
      const row = await insertStoredDocument(app.ctx.db, user.personalOrgId, p.filename, `review-${i}`);
      await updateDocument(app.ctx.db, row.id, {
        status: 'PROCESSED',
        labels: p.labels,
        classificationTrace: p.classification_trace,
      });
      byName.set(p.filename, row.id);
    }
  }, 60_000);
  afterAll(async () => app?.close());

  it('is the product of the levels’ probabilities, or null when unknown', async () => {
    const docs = await list('');
    expect(docs).toHaveLength(processed.length + shapes.length);
    for (const d of docs) {
      const expected = expectedConfidence(d.classification_trace as ClassificationStep[]);
      if (expected === null) expect(d.label_confidence, d.filename).toBeNull();
      else expect(d.label_confidence, d.filename).toBeCloseTo(expected, 9);
    }
    const of = (name: string) => docs.find((d) => d.filename === name)?.label_confidence;
    expect(of('two-uncertain-levels.txt')).toBeCloseTo(0.4, 9);
    expect(of('abstained-below-the-root.txt')).toBeNull();
    expect(of('plugin-reported-nothing.txt')).toBeNull();
    expect(of('never-classified.txt')).toBeNull();
    expect(of('sure-it-is-wrong.txt')).toBeCloseTo(0, 9);
    // The real traces hold sure and unsure paths alike: the order below is not vacuous.
    const real = docs.filter((d) => processed.some((p) => p.filename === d.filename));
    expect(real.some((d) => d.label_confidence === null)).toBe(true); // AI-Addendum.md stopped at the root
    expect(real.some((d) => (d.label_confidence ?? 1) < 0.7)).toBe(true);
  });

  it('lists the review queue least sure first, unknown before any, and the reverse on desc', async () => {
    const queue = await list('status=PROCESSED&labels_confirmed=false&sort=label_confidence,asc');
    const values = queue.map((d) => d.label_confidence);
    const unknown = values.filter((v) => v === null).length;
    expect(unknown).toBe(4);
    expect(values.slice(0, unknown).every((v) => v === null)).toBe(true);
    const known = values.slice(unknown) as number[];
    expect(known).toEqual([...known].sort((a, b) => a - b));
    expect(queue[unknown]?.filename).toBe('sure-it-is-wrong.txt');

    const reversed = await list('status=PROCESSED&labels_confirmed=false&sort=label_confidence,desc');
    expect(reversed.map((d) => d.label_confidence)).toEqual([
      ...[...known].reverse(),
      ...values.slice(0, unknown),
    ]);
  });

  it('is 1 once a person confirmed the labels, and the document leaves the queue', async () => {
    const id = byName.get('two-uncertain-levels.txt');
    const confirm = await app.inject({
      method: 'PUT',
      url: `/api/v1/documents/${id}/labels`,
      headers,
      payload: { labels: ['Contract', 'Service'] },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const doc = (await app.inject({ method: 'GET', url: `/api/v1/documents/${id}`, headers })).json();
    expect(doc).toMatchObject({ labels_confirmed: true, label_confidence: 1 });
    const queue = await list('labels_confirmed=false&sort=label_confidence,asc');
    expect(queue.map((d) => d.id)).not.toContain(id);
    // Unfiltered, a confirmed document sorts with the surest.
    const all = await list('sort=label_confidence,asc');
    expect(all.at(-1)?.label_confidence).toBe(1);
    expect(all.findIndex((d) => d.id === id)).toBeGreaterThan(all.findIndex((d) => d.label_confidence === 0));
  });

  it('refuses a sort it does not know, naming the sorts it has', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/documents?sort=confidence', headers });
    expectInvalidField(res, 'query.sort');
    expect(res.json().detail).toContain('label_confidence');
  });
});
