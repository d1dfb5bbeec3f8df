/**
 * Registers the contract derive hook with the pipeline (import for its side effect, once).
 * Kept apart from service.ts so tests can call {@link deriveContract} without the hook.
 */
import { onDerive } from '../engine/pipeline.js';
import { deriveContract } from './service.js';

let registered = false;

/** Adds {@link deriveContract} to the pipeline's derive step; idempotent. */
export function registerContractDerive(): void {
  if (registered) return;
  registered = true;
  onDerive((ctx, doc) => deriveContract(ctx, doc));
}
