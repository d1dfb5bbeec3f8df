import path from 'node:path';

/** The repository root (packages/server/src|dist/config/paths.js → ../../../..). */
export const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');
