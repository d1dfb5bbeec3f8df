import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root: packages/server/test/parsing → ../../../.. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The shared corpus beside the repository (see its README.md). */
export const corpusDir = path.resolve(repoRoot, '../shared/corpus');
export const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

export function corpusFile(...parts: string[]): Buffer {
  return readFileSync(path.join(corpusDir, ...parts));
}

/** Lower-case words joined by single spaces: compares texts regardless of layout. */
export function words(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Share of 6-word phrases sampled evenly from `expected` that occur in `actual`
 * (both compared as {@link words}).
 */
export function phraseCoverage(expected: string, actual: string, samples = 40): number {
  const exp = words(expected).split(' ');
  const act = ` ${words(actual)} `;
  const step = Math.max(1, Math.floor((exp.length - 6) / samples));
  let hit = 0;
  let n = 0;
  for (let i = 0; i + 6 <= exp.length; i += step) {
    n++;
    if (act.includes(` ${exp.slice(i, i + 6).join(' ')} `)) hit++;
  }
  return n === 0 ? 0 : hit / n;
}
