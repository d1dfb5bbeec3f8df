import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A built console in a temporary folder: `index.html` and one hashed asset, `assets/index-abc.js`. */
export function fakeConsoleDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'console-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  return dist;
}
