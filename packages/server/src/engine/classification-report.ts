/**
 * The `report_classification` plugin service (SDK `service_sdk.report_classification`): the side
 * channel through which a classification plugin reports each level's decision (decision 66).
 * Lives beside the runtime client because both the pipeline and the plugin services check it.
 */
import { z } from 'zod';
import type { ClassificationDecision } from '../db/schema.js';
import { PluginError } from './runtime-protocol.js';

/** Name of the plugin service a classification plugin reports its decision through (SDK `report_classification`). */
export const REPORT_CLASSIFICATION = 'report_classification';

const term = z.string().max(200);
const reportArgs = z
  .object({
    label: term.nullable().default(null),
    probability: z.number().min(0).max(1),
    runner_up: term.nullable().default(null),
    runner_up_probability: z.number().min(0).max(1).nullable().default(null),
    evidence: z.array(term).max(20).default([]),
    abstention_reason: term.nullable().default(null),
  })
  .strict();

/**
 * Validates the arguments of a `report_classification` service request.
 * @throws PluginError `InvalidServiceArguments` naming the first wrong field
 */
export function parseDecision(args: Record<string, unknown>): ClassificationDecision {
  const parsed = reportArgs.safeParse(args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PluginError(
      'InvalidServiceArguments',
      `report_classification: ${issue?.path.join('.') || 'arguments'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}
