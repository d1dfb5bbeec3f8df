import { existsSync } from 'node:fs';
import path from 'node:path';

/** The repository root (packages/server/src|dist/config/paths.js → ../../../..). */
export const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');

/** The development corpus beside the repository, as CI lays it out (`../shared/corpus`). */
export const sharedCorpusDir = path.resolve(repoRoot, '..', 'shared', 'corpus');

/** The small corpus of real documents inside the repository (demo-corpus/README.md). */
export const bundledCorpusDir = path.join(repoRoot, 'demo-corpus');

/**
 * The folder the demo reads its documents from when SERVICE_DEMO_CORPUS is not set: the full
 * corpus beside the repository when it exists, else the repository's own `demo-corpus/`, so a
 * fresh clone runs the demo on its own.
 */
export function defaultDemoCorpusDir(): string {
  return existsSync(sharedCorpusDir) ? sharedCorpusDir : bundledCorpusDir;
}
