/**
 * What a browser downloads to show the console's first page (`/documents`): the entry chunk, the
 * chunks it imports statically, the Documents route's chunk and its static imports, and their CSS
 * — read from Vite's build manifest (`dist/.vite/manifest.json`, `npm run build` writes it).
 *
 * `npm run size` prints each file and the total (uncompressed and gzip bytes).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  src?: string;
}

export interface FirstLoad {
  files: { file: string; bytes: number; gzip: number }[];
  bytes: number;
  gzip: number;
}

/** The files of the first page, from the manifest in `dist`; `route` is the page module's source path. */
export function firstLoad(dist: string, route = 'src/pages/Documents.tsx'): FirstLoad {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const seen = new Set<string>();
  const files = new Set<string>(['index.html']);
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (!entry) throw new Error('the build manifest has no entry');
  visit(entry);
  visit(route);
  const list = [...files].map((file) => {
    const bytes = readFileSync(path.join(dist, file));
    return { file, bytes: bytes.length, gzip: gzipSync(bytes).length };
  });
  return {
    files: list.sort((a, b) => b.bytes - a.bytes),
    bytes: list.reduce((n, f) => n + f.bytes, 0),
    gzip: list.reduce((n, f) => n + f.gzip, 0),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const load = firstLoad(dist);
  const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(8)} kB`;
  for (const f of load.files) console.log(`${kb(f.bytes)} ${kb(f.gzip)} gzip  ${f.file}`);
  console.log(`${kb(load.bytes)} ${kb(load.gzip)} gzip  first page in total`);
}
