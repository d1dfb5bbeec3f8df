/**
 * The classifier's training examples (`document.metadata.training_examples`, plugins/README.md):
 * the organization's confirmed documents, read from the database only when its training set
 * changed, and named by a key that changes with them, so each runtime process is sent one set
 * once (engine/plugin-host.ts shared values) instead of with every call.
 */
import { createHash } from 'node:crypto';
import type { Executor } from '../db/client.js';
import { confirmedExamples, confirmedExamplesVersion } from '../documents/service.js';

/** Confirmed documents handed to the classifier as training examples, and their excerpt length. */
export const TRAINING_EXAMPLES = 300;
export const TRAINING_EXCERPT = 3000;
/** Organizations whose training set this process keeps. */
const KEEP = 64;

export interface TrainingSet {
  /** `training:<hash of the examples>`: equal keys mean equal examples. */
  key: string;
  examples: { labels: string[]; text: string }[];
}

const sets = new Map<string, { version: string; set: TrainingSet }>();

/** The organization's training set; one small query when it has not changed since the last call. */
export async function trainingSet(db: Executor, organizationId: string): Promise<TrainingSet> {
  const version = await confirmedExamplesVersion(db, organizationId);
  const hit = sets.get(organizationId);
  if (hit?.version === version) return hit.set;
  const examples = await confirmedExamples(db, organizationId, TRAINING_EXAMPLES, TRAINING_EXCERPT);
  const set = { key: `training:${contentHash(examples)}`, examples };
  sets.delete(organizationId);
  sets.set(organizationId, { version, set });
  if (sets.size > KEEP) sets.delete(sets.keys().next().value as string);
  return set;
}

/** A short hash of a JSON value's serialisation (keys of shared values). */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22);
}
