import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/server */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The repository root. */
export const repoDir = path.resolve(serverDir, '../..');
/** `../shared/corpus` beside the repository: real documents with ground truth. */
export const corpusDir = path.resolve(repoDir, '../shared/corpus');
