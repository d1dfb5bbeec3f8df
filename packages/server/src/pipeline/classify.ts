import type { ClassificationDecision, ClassificationStep, OntologyLabel } from '../db/schema.js';

export { parseDecision, REPORT_CLASSIFICATION } from '../engine/classification-report.js';

/** One level's answer: the label (or null) and the decision the plugin reported, if any. */
export interface LevelAnswer {
  label: string | null;
  decision?: ClassificationDecision | undefined;
}

/**
 * Calls the plugin's `classify` for one level; resolves with its answer (a label or null), or
 * with the answer and the decision the plugin reported for it.
 */
export type ClassifyCall = (
  availableLabels: string[],
  currentPath: string[],
) => Promise<string | null | LevelAnswer>;

export interface Classification {
  /** Labels on the chosen path, root first. */
  labels: string[];
  /** A label the plugin returned that was not offered at its level (spec 4.11: tracked as llm_suggested). */
  llmSuggested: string | null;
  /** Every level's decision. */
  trace: ClassificationStep[];
  /** Set when the traversal stopped on None (NO_LABEL) or an outside label (LLM_SUGGESTED): a label suggestion to record. */
  suggestion: {
    parentPath: string[];
    label: string | null;
    reason: 'NO_LABEL' | 'LLM_SUGGESTED';
    /** The plugin's decision at the level that stopped (null when it reported none). */
    decision: ClassificationDecision | null;
  } | null;
}

/**
 * Ontology traversal of spec 4.11: one `classify` call per level with that level's labels as
 * `available_labels` and the labels chosen so far as `current_path`.
 * - a label in the list continues to its children, and stops at a leaf;
 * - a label outside the list is kept as `llm_suggested` and stops;
 * - `None` stops and asks for a label suggestion.
 * Each level's trace step keeps the decision the plugin reported for it (probability, runner-up,
 * evidence, abstention reason), and so does the suggestion.
 * An empty ontology classifies nothing (no call is made).
 */
export async function traverseOntology(
  ontology: OntologyLabel[],
  classify: ClassifyCall,
): Promise<Classification> {
  const labels: string[] = [];
  const trace: ClassificationStep[] = [];
  let level = ontology;
  for (let depth = 0; level.length > 0; depth++) {
    const available = level.map((l) => l.name);
    const answer = await classify(available, [...labels]);
    const { label: returned, decision } =
      answer === null || typeof answer === 'string' ? { label: answer, decision: undefined } : answer;
    const step = (outcome: ClassificationStep['outcome']): ClassificationStep => ({
      level: depth,
      available_labels: available,
      returned,
      outcome,
      decision: decision ?? null,
    });
    if (returned === null) {
      trace.push(step('SUGGESTION'));
      return {
        labels,
        llmSuggested: null,
        trace,
        suggestion: { parentPath: [...labels], label: null, reason: 'NO_LABEL', decision: decision ?? null },
      };
    }
    const chosen = level.find((l) => l.name === returned);
    if (!chosen) {
      trace.push(step('LLM_SUGGESTED'));
      return {
        labels,
        llmSuggested: returned,
        trace,
        suggestion: {
          parentPath: [...labels],
          label: returned,
          reason: 'LLM_SUGGESTED',
          decision: decision ?? null,
        },
      };
    }
    labels.push(chosen.name);
    trace.push(step(chosen.children.length === 0 ? 'LEAF' : 'CONTINUE'));
    level = chosen.children;
  }
  return { labels, llmSuggested: null, trace, suggestion: null };
}
