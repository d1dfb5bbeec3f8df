/**
 * The PDF parser alone, as a checkout built it (`packages/server/dist/parsing/`): whether a change
 * keeps the text identical, and what a parse costs in CPU.
 *
 *   hash mode (default): parses every PDF under the shared corpus (`/work/shared/corpus`, all
 *   sub-directories, sorted) in one warm parser thread (`ParserPool`, as the pipeline does) and
 *   prints one line per file: `<path relative to the corpus>\t<sha256 of the pages>\t<pages>`, or
 *   `<path>\tERROR <code>\t-`. The hash is over the pages joined with U+0000, which no page
 *   holds, so page boundaries count; metadata is hashed separately (fourth column). Compare two
 *   checkouts with `diff`:
 *     bench/throughput/parse_check --root=/work/main > main.tsv
 *     bench/throughput/parse_check > branch.tsv && diff main.tsv branch.tsv
 *
 *   `--cpu[=rounds]`: parses the bench's 40 CUAD PDFs (those `bench/throughput/run 40` uploads)
 *   `rounds` times (default 3) in a warm pool of one thread and prints the process's CPU per
 *   document (`process.cpuUsage()`: every thread of the process, i.e. the parser thread, V8's GC
 *   and compiler helpers and the main thread) and the wall time. The warm-up (one parse of the
 *   pool's warm-up PDF) and the pool's start are not counted. Run several checkouts interleaved to
 *   compare them on a shared machine:
 *     for i in 1 2 3; do for r in /work/main .; do bench/throughput/parse_check --cpu --root=$r; done; done
 *
 *   `--items`: compares pdf.js' text items themselves, not the assembled text: every corpus PDF's
 *   `getTextContent()` per page from the checkout's patched pdf.js (`packages/server/vendor/
 *   pdfjs.mjs`, scripts/patch-pdfjs.mjs) against unpdf's stock one, both in this process, with
 *   `isDeepStrictEqual` (numbers by Object.is, so a matrix element that differs by −0 or one ulp
 *   counts). Font names lose the document number each pdf.js instance puts in them ("g_d5_f1").
 *   Prints one line per differing file and a summary; exits non-zero on any difference.
 *
 * Options: `--root=<checkout>` (default this one), `--threads=N` (parser threads; default 1),
 * `--files=N` (with --cpu: the first N bench files, default 40).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

const argv = process.argv.slice(2);
const option = (name: string) =>
  new RegExp(`^--${name}(?:=(.*))?$`).exec(argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`)) ?? '');
const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(option('root')?.[1] ?? path.join(here, '..', '..'));
const corpus = path.resolve(here, '..', '..', '..', 'shared', 'corpus');
const threads = Number(option('threads')?.[1] ?? 1);
const cpu = option('cpu');

/** Every `.pdf` under `dir`, relative to it, sorted. */
function pdfsUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.toLowerCase().endsWith('.pdf'))
    .sort();
}

interface PoolModule {
  ParserPool: new (opts: { threads?: number; memoryMb: number; timeoutMs: number }) => {
    warmUp(): Promise<unknown>;
    parse(bytes: Uint8Array, options?: { filename?: string }): Promise<{ pages: string[]; metadata: unknown }>;
    close(): Promise<void>;
  };
}

interface TextContent {
  items: { fontName?: string }[];
  styles: Record<string, unknown>;
  lang: string | null;
}
interface PdfjsModule {
  /** The worker half this copy runs in-thread, read from `globalThis.pdfjsWorker` at first use. */
  PDFWorker: { _setupFakeWorkerGlobal: Promise<unknown> };
  getDocument(src: object): {
    promise: Promise<{
      numPages: number;
      getPage(n: number): Promise<{ getTextContent(): Promise<TextContent> }>;
    }>;
    destroy(): Promise<void>;
  };
}

/** Every page's text content of `bytes` by one pdf.js (font names without document number), or the error. */
async function textItems(pdfjs: PdfjsModule, bytes: Uint8Array): Promise<TextContent[] | string> {
  const font = (name: string) => name.replace(/^g_d\d+_/, 'g_');
  // the options unpdf's getDocumentProxy passes in Node without pdfjs-dist, as the parser does
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: true, verbosity: 0 });
  try {
    const pdf = await task.promise;
    const pages: TextContent[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const { items, styles, lang } = await (await pdf.getPage(n)).getTextContent();
      pages.push({
        items: items.map((item) =>
          item.fontName === undefined ? item : { ...item, fontName: font(item.fontName) },
        ),
        styles: Object.fromEntries(Object.entries(styles).map(([name, style]) => [font(name), style])),
        lang,
      });
    }
    return pages;
  } catch (error) {
    return `ERROR ${(error as Error).name}: ${(error as Error).message}`;
  } finally {
    await task.destroy();
  }
}

if (option('items')) {
  // Each bundle sets `globalThis.pdfjsWorker` to its own worker half when it is evaluated, and its
  // PDFWorker takes whatever is there at its first use: without pinning each copy's right after its
  // import, both would run the last-imported worker half and worker-side changes would compare equal.
  const stock = (await import('unpdf/pdfjs')) as unknown as PdfjsModule;
  const stockWorker = await stock.PDFWorker._setupFakeWorkerGlobal;
  const patched = (await import(
    pathToFileURL(path.join(root, 'packages', 'server', 'vendor', 'pdfjs.mjs')).href
  )) as PdfjsModule;
  if ((await patched.PDFWorker._setupFakeWorkerGlobal) === stockWorker) {
    throw new Error('the stock and the patched pdf.js run the same worker half: nothing to compare');
  }
  let same = 0;
  let items = 0;
  const differing: string[] = [];
  for (const rel of pdfsUnder(corpus)) {
    const bytes = new Uint8Array(readFileSync(path.join(corpus, rel)));
    const expected = await textItems(stock, bytes);
    if (isDeepStrictEqual(await textItems(patched, bytes), expected)) {
      same++;
      if (typeof expected !== 'string') items += expected.reduce((n, page) => n + page.items.length, 0);
    } else {
      differing.push(rel);
      console.log(`${rel}\tDIFFERENT`);
    }
  }
  console.log(`${same} PDFs with identical text items (${items} items), ${differing.length} different`);
  process.exit(differing.length === 0 ? 0 : 1);
}

const { ParserPool } = (await import(
  pathToFileURL(path.join(root, 'packages', 'server', 'dist', 'parsing', 'pool.js')).href
)) as PoolModule;
// The server's defaults (SERVICE_PARSER_MEMORY_MB, SERVICE_PARSER_TIMEOUT_MS).
const pool = new ParserPool({ threads, memoryMb: 1024, timeoutMs: 60_000 });
await pool.warmUp();

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

if (cpu) {
  const rounds = Number(cpu[1] || 3);
  const count = Number(option('files')?.[1] ?? 40);
  const dir = path.join(corpus, 'cuad', 'pdf');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .sort()
    .slice(0, count)
    .map((f) => ({ name: f, bytes: new Uint8Array(readFileSync(path.join(dir, f))) }));
  const load = loadavg()[0].toFixed(1);
  const started = performance.now();
  const before = process.cpuUsage();
  for (let r = 0; r < rounds; r++) {
    // as many parses in flight as threads, like the pipeline's workers
    const queue = [...files];
    await Promise.all(
      Array.from({ length: threads }, async () => {
        for (let f = queue.shift(); f; f = queue.shift()) await pool.parse(f.bytes, { filename: f.name });
      }),
    );
  }
  const used = process.cpuUsage(before);
  const docs = rounds * files.length;
  const cpuMs = (used.user + used.system) / 1000 / docs;
  const wallMs = (performance.now() - started) / docs;
  console.log(
    `${root}\t${cpuMs.toFixed(1)} ms CPU/doc\t${wallMs.toFixed(1)} ms wall/doc\t${docs} parses\tload ${load} → ${loadavg()[0].toFixed(1)}`,
  );
} else {
  for (const rel of pdfsUnder(corpus)) {
    const bytes = new Uint8Array(readFileSync(path.join(corpus, rel)));
    try {
      const doc = await pool.parse(bytes, { filename: path.basename(rel) });
      console.log(`${rel}\t${sha(doc.pages.join('\0'))}\t${doc.pages.length}\t${sha(JSON.stringify(doc.metadata))}`);
    } catch (error) {
      console.log(`${rel}\tERROR ${(error as { code?: string }).code ?? String(error)}\t-\t-`);
    }
  }
}
await pool.close();
