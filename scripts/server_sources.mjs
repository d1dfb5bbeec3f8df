/**
 * The TypeScript modules of `packages/server/src` (declaration files excluded), shared by
 * scripts/module_figures.mjs and scripts/table_owners.mjs.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The server's source folder, relative to ROOT. */
export const SRC = 'packages/server/src';

/** `[path relative to ROOT, text]` of every source module, from the worktree or from git revision `rev`. */
export function sources(rev) {
  const keep = (p) => p.endsWith('.ts') && !p.endsWith('.d.ts');
  if (rev) {
    const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 });
    return git('ls-tree', '-r', '--name-only', rev, '--', SRC)
      .split('\n')
      .filter(keep)
      .map((p) => [p, git('show', `${rev}:${p}`)]);
  }
  return readdirSync(path.join(ROOT, SRC), { recursive: true })
    .map((p) => path.join(SRC, String(p)))
    .filter(keep)
    .sort()
    .map((p) => [p, readFileSync(path.join(ROOT, p), 'utf8')]);
}
