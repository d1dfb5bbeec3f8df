#!/usr/bin/env node
/**
 * Applies the project's two changes to the pdf.js that unpdf bundles (node_modules/unpdf/dist/
 * pdfjs.mjs, pdf.js 6.1.200), after every `npm ci`/`npm install` (root `postinstall`). Both make
 * text extraction cheaper in CPU and leave its result unchanged: the page text of all 423 PDFs of
 * the corpus is byte-identical (bench/throughput/parse_check; figures in docs/performance.md,
 * task 13f).
 *
 * 1. `TextState.clone()` (src/core/evaluator.js; called at every `q` save of a content stream and
 *    once per `getTextContent` run) built its copy with `Object.assign(Object.create(this), this)`:
 *    a copy whose prototype is the state it copies. The copy already holds every property of the
 *    original (Object.assign), so the link adds nothing, but it turns every copied state into a
 *    prototype object for V8, each with its own hidden class in slow mode: every property access on
 *    a text state missed its inline cache. The copy's prototype is now the class's.
 * 2. `FlateStream` (src/core/flate_stream.js) starts "async": its bytes are inflated through the
 *    global DecompressionStream, and by pdf.js' own JavaScript inflater only when that fails. In
 *    Node that global is web streams adapted over a zlib stream run on the thread pool: per stream
 *    a zlib handle, a Duplex-to-web-streams pair and a dozen promise hops, for content streams of a
 *    few KiB; that cost more CPU than the inflating itself. Now a FlateStream starts synchronous,
 *    i.e. on the JavaScript inflater (which gives the same bytes: both implement RFC 1950/1951, and
 *    whatever the native one rejects already went to the JavaScript one). pdf.js 6.5 does the same
 *    for streams under 64 KiB (`#decodeInJS`). Image decoding (`getImageData`, only when a page is
 *    rendered) still goes through DecompressionStream.
 *
 * Idempotent: a patched file is left alone. Fails (non-zero exit) when unpdf's bundle has neither
 * the original nor the patched text of a change, i.e. after an upgrade: check whether the new
 * pdf.js still needs it, then update or remove this script.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** [what, original, patched]: each original occurs exactly once in pdf.js 6.1.200's bundle. */
const CHANGES = [
  [
    'TextState.clone',
    'clone(){let e=Object.assign(Object.create(this),this);return e.textMatrix=',
    'clone(){let e=Object.assign(Object.create(Object.getPrototypeOf(this)),this);return e.textMatrix=',
  ],
  [
    'FlateStream synchronous',
    'FlateStream=class extends DecodeStream{#e=!0;constructor',
    'FlateStream=class extends DecodeStream{#e=!1;constructor',
  ],
];

// unpdf's `./pdfjs` export is the bundle itself (dist/pdfjs.mjs); resolving it does not run it.
const file = fileURLToPath(import.meta.resolve('unpdf/pdfjs'));
let source = readFileSync(file, 'utf8');
const count = (text) => source.split(text).length - 1;
let changed = false;
for (const [what, original, patched] of CHANGES) {
  if (count(patched) === 1 && count(original) === 0) continue;
  if (count(original) !== 1) {
    console.error(
      `patch-pdfjs: ${file} holds neither pdf.js 6.1.200's ${what} nor the patched one (unpdf upgraded?): ` +
        'see scripts/patch-pdfjs.mjs',
    );
    process.exit(1);
  }
  source = source.replace(original, patched);
  changed = true;
  console.log(`patch-pdfjs: ${what}`);
}
if (changed) writeFileSync(file, source);
else console.log(`patch-pdfjs: ${file} already patched`);
