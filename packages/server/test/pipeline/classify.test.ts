import { describe, expect, it } from 'vitest';
import type { OntologyLabel } from '../../src/db/schema.js';
import { type ClassifyCall, traverseOntology } from '../../src/pipeline/classify.js';

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
    suggestion: { parentPath: string[]; label: string | null; reason: string } | null;
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
      suggestion: { parentPath: ['Contract'], label: 'Lease', reason: 'LLM_SUGGESTED' },
    },
    {
      name: 'matching is exact: another case is a label outside the list',
      answers: ['contract'],
      labels: [],
      llmSuggested: 'contract',
      outcomes: ['LLM_SUGGESTED'],
      suggestion: { parentPath: [], label: 'contract', reason: 'LLM_SUGGESTED' },
    },
    {
      name: 'None stops and starts the suggestion workflow (no label yet)',
      answers: ['Contract', 'Supply', null],
      labels: ['Contract', 'Supply'],
      llmSuggested: null,
      outcomes: ['CONTINUE', 'CONTINUE', 'SUGGESTION'],
      suggestion: { parentPath: ['Contract', 'Supply'], label: null, reason: 'NO_LABEL' },
    },
    {
      name: 'None at the root suggests a new root label',
      answers: [null],
      labels: [],
      llmSuggested: null,
      outcomes: ['SUGGESTION'],
      suggestion: { parentPath: [], label: null, reason: 'NO_LABEL' },
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
      { level: 0, available_labels: ['Contract', 'Invoice'], returned: 'Contract', outcome: 'CONTINUE' },
      { level: 1, available_labels: ['Supply', 'NDA'], returned: 'Supply', outcome: 'CONTINUE' },
      { level: 2, available_labels: ['Framework'], returned: 'Framework', outcome: 'LEAF' },
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
});
