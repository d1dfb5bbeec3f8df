import { createHash } from 'node:crypto';
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PluginCode } from './plugin-host-options.js';
import { BUILTINS_PACKAGE } from './runtime-protocol.js';

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

/**
 * The files of the helper package that make a plugin's behaviour: its modules and its data (the
 * extractor's rule book `*.toml`, fitted parameters `*.json`).
 */
const HELPER_FILE = /\.(?:py|toml|json)$/;

/** The helper files under `dir` (recursively, sorted), or none when it does not exist. */
function helperFiles(dir: string): string[] {
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
      if (e.isDirectory()) return e.name === '__pycache__' ? [] : helperFiles(p);
      return e.isFile() && HELPER_FILE.test(e.name) ? [p] : [];
    });
}

/**
 * Reads a built-in plugin's source. Its id carries a hash of that source and of the helper
 * package's modules and data files (a rule changed in the extractor's rule book is a new
 * version), so a new version of either is loaded afresh (read once per server process).
 */
export function builtinPlugin(pluginsDir: string, which: keyof typeof BUILTIN): PluginCode {
  const spec = BUILTIN[which];
  const file = path.join(pluginsDir, spec.file);
  const hit = cache.get(file);
  if (hit) return hit;
  const source = readFileSync(file, 'utf8');
  const hash = createHash('sha256').update(source);
  const packageDir = path.join(pluginsDir, BUILTINS_PACKAGE);
  for (const helper of helperFiles(packageDir)) {
    hash.update(`\0${path.relative(packageDir, helper)}\0`).update(readFileSync(helper));
  }
  const code = { id: `${spec.name}@${hash.digest('hex').slice(0, 12)}`, source };
  cache.set(file, code);
  return code;
}

/** A made-up contract, the warm-up input of the built-ins (no organization's data). */
const WARM_UP_TEXT =
  'SERVICES AGREEMENT. This Services Agreement (the "Agreement") is entered into as of January 1, 2024 ' +
  'by and between Acme Corporation, a Delaware corporation, and Beta Services LLC. The initial term of ' +
  'this Agreement is two (2) years and renews automatically for successive one-year periods unless ' +
  'either party gives ninety (90) days written notice. Fees: USD 12,500.00 per month, payable within ' +
  'thirty (30) days of invoice. This Agreement is governed by the laws of the State of New York. ' +
  'Confidential information shall not be disclosed. Invoice number 1001, total amount due.';

/**
 * One `classify` and one `extract` of the built-ins on {@link WARM_UP_TEXT}, run by the warm pool
 * (PluginHost `warm.calls`) so that their first-use work is done before the first document.
 */
export function builtinWarmUpCalls(pluginsDir: string) {
  const document = {
    id: 'warm-up',
    filename: 'warm-up.txt',
    text: WARM_UP_TEXT,
    pages: [WARM_UP_TEXT],
    metadata: {},
  };
  return [
    {
      plugin: builtinPlugin(pluginsDir, 'classifier'),
      method: 'classify',
      args: {
        document,
        mime_type: 'text/plain',
        available_labels: ['Contracts', 'Invoices', 'Policies'],
        current_path: [],
        configs: { use_llm: false },
      },
    },
    {
      plugin: builtinPlugin(pluginsDir, 'contractExtractor'),
      method: 'extract',
      args: {
        document: { ...document, labels: ['Contracts'] },
        mime_type: 'text/plain',
        fields: [
          { name: 'effective_date', dtype: 'date', description: 'When the contract takes effect' },
          { name: 'governing_law', dtype: 'string', description: 'Law governing the contract' },
          { name: 'contract_value', dtype: 'money', description: 'Value of the contract' },
        ],
        configs: { use_llm: false },
      },
    },
  ];
}
