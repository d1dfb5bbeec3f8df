import { createHash } from 'node:crypto';
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PluginCode } from './plugin-host.js';
import { BUILTINS_PACKAGE } from './runtime-client.js';

/**
 * The built-in plugins shipped in `plugins/` (Python, written against service_sdk). Each is one
 * source file the runtime loads like any plugin; it may import its helper modules from the
 * package `plugins/service_builtins`, which every runtime has on its path (engine/runtime-client.ts).
 */
export const BUILTIN = {
  classifier: { file: 'classifier.py', name: 'builtin:classifier' },
  contractExtractor: { file: 'contract_extractor.py', name: 'builtin:contract-extractor' },
} as const;

const cache = new Map<string, PluginCode>();

/** The `.py` files under `dir` (recursively, sorted), or none when it does not exist. */
function pythonFiles(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === '__pycache__' ? [] : pythonFiles(p);
      return e.isFile() && e.name.endsWith('.py') ? [p] : [];
    });
}

/**
 * Reads a built-in plugin's source. Its id carries a hash of that source and of the helper
 * package's files, so a new version of either is loaded afresh (read once per server process).
 */
export function builtinPlugin(pluginsDir: string, which: keyof typeof BUILTIN): PluginCode {
  const spec = BUILTIN[which];
  const file = path.join(pluginsDir, spec.file);
  const hit = cache.get(file);
  if (hit) return hit;
  const source = readFileSync(file, 'utf8');
  const hash = createHash('sha256').update(source);
  const packageDir = path.join(pluginsDir, BUILTINS_PACKAGE);
  for (const helper of pythonFiles(packageDir)) {
    hash.update(`\0${path.relative(packageDir, helper)}\0`).update(readFileSync(helper));
  }
  const code = { id: `${spec.name}@${hash.digest('hex').slice(0, 12)}`, source };
  cache.set(file, code);
  return code;
}
