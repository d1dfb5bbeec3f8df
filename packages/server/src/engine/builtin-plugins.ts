import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PluginCode } from './plugin-host.js';

/** The built-in plugins shipped in `plugins/` (Python, written only against service_sdk). */
export const BUILTIN = {
  classifier: { file: 'classifier.py', name: 'builtin:classifier' },
  contractExtractor: { file: 'contract_extractor.py', name: 'builtin:contract-extractor' },
} as const;

const cache = new Map<string, PluginCode>();

/** Reads a built-in plugin's source; its id carries a hash of the source, so an edit reloads it. */
export function builtinPlugin(pluginsDir: string, which: keyof typeof BUILTIN): PluginCode {
  const spec = BUILTIN[which];
  const file = path.join(pluginsDir, spec.file);
  const hit = cache.get(file);
  if (hit) return hit;
  const source = readFileSync(file, 'utf8');
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 12);
  const code = { id: `${spec.name}@${hash}`, source };
  cache.set(file, code);
  return code;
}
