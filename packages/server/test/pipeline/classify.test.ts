import { describe, expect, it } from 'vitest';
import type { OntologyLabel } from '../../src/db/schema.js';
import { PluginError } from '../../src/engine/runtime-protocol.js';
import { type ClassifyCall, parseDecision, traverseOntology } from '../../src/pipeline/classify.js';

/** A label with children and nothing else. */
const label = (name: string, children: OntologyLabel[] = []): OntologyLabel => ({
  name,
  description: '',
  keywords: [],
  fields: [],
  children,
});

/**
 *  Contract ─┬─ Supply ── Framework
 *            └─ NDA
 *  Invoice
 */
const ONTOLOGY: OntologyLabel[] = [
  label('Contract', [label('Supply', [label('Framework')]), label('NDA')]),
  label('Invoice'),
];

/** A classifier that answers from a script, one answer per level, and records what it was asked. */
function scripted(answers: (string | null)[]) {
  const calls: { available: string[]; currentPath: string[] }[] = [];
  const classify: ClassifyCall = async (available, currentPath) => {
    calls.push({ available, currentPath });
    if (calls.length > answers.length) throw new Error(`unexpected call at level ${calls.length - 1}`);
    return answers[calls.length - 1] ?? null;
  };
  return { classify, calls };
}

describe('traverseOntology (spec 4.11: one classify call per level)', () => {
  const cases: {
    name: string;
    answers: (string | null)[];
    labels: string[];
    llmSuggested: string | null;
    outcomes: string[];
    suggestion: { parentPath: string[]; label: string | null; reason: string; decision: null } | null;
  }[] = [
    {
      name: 'a label in the list continues to its children, and a leaf stops',
      answers: ['Contract', 'Supply', 'Framework'],
      labels: ['Contract', 'Supply', 'Framework'],
      llmSuggested: null,
      outcomes: ['CONTINUE', 'CONTINUE', 'LEAF'],
      suggestion: null,
    },
    {
      name: 'a leaf at the root stops at once',
      answers: ['Invoice'],
      labels: ['Invoice'],
      llmSuggested: null,
      outcomes: ['LEAF'],
      suggestion: null,
    },
    {
      name: 'a label outside the list is kept as llm_suggested, stops, and is suggested under the path',
      answers: ['Contract', 'Lease'],
      labels: ['Contract'],
      llmSuggested: 'Lease',
      outcomes: ['CONTINUE', 'LLM_SUGGESTED'],
      suggestion: { parentPath: ['Contract'], label: 'Lease', reason: 'LLM_SUGGESTED', decision: null },
    },
    {
      name: 'matching is exact: another case is a label outside the list',
      answers: ['contract'],
      labels: [],
      llmSuggested: 'contract',
      outcomes: ['LLM_SUGGESTED'],
      suggestion: { parentPath: [], label: 'contract', reason: 'LLM_SUGGESTED', decision: null },
    },
    {
      name: 'None stops and starts the suggestion workflow (no label yet)',
      answers: ['Contract', 'Supply', null],
      labels: ['Contract', 'Supply'],
      llmSuggested: null,
      outcomes: ['CONTINUE', 'CONTINUE', 'SUGGESTION'],
      suggestion: { parentPath: ['Contract', 'Supply'], label: null, reason: 'NO_LABEL', decision: null },
    },
    {
      name: 'None at the root suggests a new root label',
      answers: [null],
      labels: [],
      llmSuggested: null,
      outcomes: ['SUGGESTION'],
      suggestion: { parentPath: [], label: null, reason: 'NO_LABEL', decision: null },
    },
  ];

  it.each(cases)('$name', async (c) => {
    const { classify, calls } = scripted(c.answers);
    const result = await traverseOntology(ONTOLOGY, classify);
    expect(result.labels).toEqual(c.labels);
    expect(result.llmSuggested).toBe(c.llmSuggested);
    expect(result.trace.map((t) => t.outcome)).toEqual(c.outcomes);
    expect(result.suggestion).toEqual(c.suggestion);
    expect(calls).toHaveLength(c.answers.length);
  });

  it('offers each level its own labels as available_labels and the labels chosen so far as current_path', async () => {
    const { classify, calls } = scripted(['Contract', 'Supply', 'Framework']);
    const result = await traverseOntology(ONTOLOGY, classify);
    expect(calls).toEqual([
      { available: ['Contract', 'Invoice'], currentPath: [] },
      { available: ['Supply', 'NDA'], currentPath: ['Contract'] },
      { available: ['Framework'], currentPath: ['Contract', 'Supply'] },
    ]);
    expect(result.trace).toEqual([
      // A plugin that reports no decision: stored as null (what the API shows).
      {
        level: 0,
        available_labels: ['Contract', 'Invoice'],
        returned: 'Contract',
        outcome: 'CONTINUE',
        decision: null,
      },
      {
        level: 1,
        available_labels: ['Supply', 'NDA'],
        returned: 'Supply',
        outcome: 'CONTINUE',
        decision: null,
      },
      { level: 2, available_labels: ['Framework'], returned: 'Framework', outcome: 'LEAF', decision: null },
    ]);
  });

  it('hands every call its own copy of current_path (a plugin that mutates it changes nothing)', async () => {
    const seen: string[][] = [];
    const result = await traverseOntology(ONTOLOGY, async (available, currentPath) => {
      seen.push(currentPath);
      currentPath.push('tampered');
      return available[0] ?? null;
    });
    expect(result.labels).toEqual(['Contract', 'Supply', 'Framework']);
    expect(seen.map((p) => p.length)).toEqual([1, 2, 3]);
  });

  it('makes no call on an empty ontology and classifies nothing', async () => {
    const { classify, calls } = scripted([]);
    const result = await traverseOntology([], classify);
    expect(calls).toEqual([]);
    expect(result).toEqual({ labels: [], llmSuggested: null, trace: [], suggestion: null });
  });

  it('lets a plugin error through (the job decides whether to retry)', async () => {
    await expect(
      traverseOntology(ONTOLOGY, async () => {
        throw new Error('runtime crashed');
      }),
    ).rejects.toThrow('runtime crashed');
  });

  it("keeps each level's reported decision in its trace step, and the stopping level's on the suggestion", async () => {
    const sure = { ...DECISION, label: 'Contract' };
    const unsure = { ...DECISION, label: 'Supply', probability: 0.35, abstention_reason: 'low confidence' };
    const answers = [
      { label: 'Contract', decision: sure },
      { label: null, decision: unsure },
    ];
    let level = 0;
    const result = await traverseOntology(ONTOLOGY, async () => answers[level++] ?? null);
    expect(result.trace.map((t) => t.decision)).toEqual([sure, unsure]);
    expect(result.suggestion).toEqual({
      parentPath: ['Contract'],
      label: null,
      reason: 'NO_LABEL',
      decision: unsure,
    });
  });
});

const DECISION = {
  label: 'Contract',
  probability: 0.8,
  runner_up: 'Invoice',
  runner_up_probability: 0.15,
  evidence: ['agreement', 'whereas'],
  abstention_reason: null,
};

describe('parseDecision (the report_classification service, as a hostile plugin may call it)', () => {
  it('accepts a full report and fills what a minimal one leaves out', () => {
    expect(parseDecision(DECISION)).toEqual(DECISION);
    expect(parseDecision({ probability: 1 })).toEqual({
      label: null,
      probability: 1,
      runner_up: null,
      runner_up_probability: null,
      evidence: [],
      abstention_reason: null,
    });
  });

  it.each([
    ['a probability above 1', { ...DECISION, probability: 7 }],
    ['a negative runner-up probability', { ...DECISION, runner_up_probability: -0.5 }],
    ['no probability', { label: 'Contract' }],
    ['a probability as text', { ...DECISION, probability: '0.9' }],
    ['too many evidence terms', { ...DECISION, evidence: Array.from({ length: 21 }, (_, i) => `t${i}`) }],
    ['an oversized label', { ...DECISION, label: 'x'.repeat(201) }],
    ['an unknown key', { ...DECISION, injected: '<script>' }],
  ])('refuses %s with InvalidServiceArguments', (_name, args) => {
    const attempt = () => parseDecision(args as Record<string, unknown>);
    expect(attempt).toThrow(PluginError);
    expect(attempt).toThrow(/report_classification/);
  });
});
