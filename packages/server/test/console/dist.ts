import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';

/**
 * A built console in a temporary folder: `index.html` and one hashed asset, `assets/index-abc.js`,
 * with its Brotli copy `index-abc.js.br` as the build writes it.
 */
export function fakeConsoleDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'console-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const asset = 'console.log("the console");\n'.repeat(100);
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), asset);
  writeFileSync(path.join(dist, 'assets', 'index-abc.js.br'), brotliCompressSync(asset));
  return dist;
}
