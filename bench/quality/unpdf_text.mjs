// PDF text as the server's parser produces it (packages/server/dist/parsing: unpdf / pdf.js),
// for bench/quality/direct_run.py --parser unpdf.
// Usage: node bench/quality/unpdf_text.mjs <parsing/index.js> <out-dir> <key>=<pdf> ...
// Writes <out-dir>/<key> (UTF-8 text) per PDF; a PDF the parser rejects gets an empty file.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [parsing, out, ...pairs] = process.argv.slice(2);
const { parseDocument } = await import(pathToFileURL(parsing).href);
for (const pair of pairs) {
  const cut = pair.indexOf('=');
  const key = pair.slice(0, cut);
  const file = pair.slice(cut + 1);
  let text = '';
  try {
    const parsed = await parseDocument(new Uint8Array(await readFile(file)), { filename: file });
    text = parsed.text;
  } catch (error) {
    process.stderr.write(`${file}: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  await writeFile(join(out, key), text);
}
