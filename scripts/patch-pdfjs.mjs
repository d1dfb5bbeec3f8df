#!/usr/bin/env node
/**
 * Writes packages/server/vendor/pdfjs.mjs: the pdf.js that unpdf bundles (node_modules/unpdf/dist/
 * pdfjs.mjs, pdf.js 6.1.200) with the project's four changes, after every `npm ci`/`npm install`
 * (root `postinstall`). The server's PDF parser hands it to unpdf (`definePDFJSModule`,
 * parsing/pdf.ts); unpdf itself stays as published, so `bench/throughput`'s baseline (unpdf alone)
 * is still stock pdf.js. All four make text extraction cheaper in CPU and leave its result
 * unchanged: the page text and metadata of all 423 PDFs of the corpus are byte-identical
 * (bench/throughput/parse_check), and so are their pdf.js text items (`parse_check --items`
 * against stock unpdf; figures in docs/performance.md, tasks 13f and 13j).
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
 *    whatever the native one rejects already went to the JavaScript one). pdf.js 6.5 itself
 *    inflates small streams (under 1 KiB compressed, `#decodeInJS`) in JavaScript. Image decoding (`getImageData`, only when a page is
 *    rendered) still goes through DecompressionStream.
 * 3. `LoopbackPort.postMessage` (src/display/api.js): in Node pdf.js runs its "worker" in the same
 *    thread, and the port between the two halves `structuredClone`d every message, as a real
 *    worker boundary would: per page a request and a reply, per text chunk the chunk, a pull and a
 *    pull-complete (≈ 60 messages per page of the bench's contracts), each a V8 serialize and
 *    deserialize. Two kinds are now copied shallowly instead, which gives the receiver the same
 *    values: a message whose values are all primitives (stream pull/close/complete messages; the
 *    copy is what structuredClone would build), and a text-content chunk (`stream` ENQUEUE, no
 *    transfer, `chunk.items` an array: only `getTextContent` sends such chunks). For the chunk the
 *    message and the chunk object are copied, because `enqueueChunk` (src/core/evaluator.js)
 *    reassigns `items` and `styles` on the chunk it just sent; the items array, its item objects
 *    and the styles are new for every chunk and never touched by the worker after sending
 *    (`runBidiTransform`, `pushWhitespace` and `appendEOL` build fresh items; transform arrays
 *    are built by `getCurrentTextTransform` and only read afterwards), so handing them over is
 *    what cloning them would have given. Anything with a transfer list, an operator-list chunk
 *    (the worker truncates its arrays after sending) or any other object is still cloned.
 * 4. `getCurrentTextTransform` (src/core/evaluator.js `getTextContent`; called about twice
 *    per glyph) built the item's matrix as `Util.transform(ctm, Util.transform(textMatrix,
 *    [fontSize × hScale, 0, 0, fontSize, 0, rise]))`: three arrays per call, two of them garbage,
 *    and `Util.transform`'s element loads shared with every other caller, which hand it arrays of
 *    small integers, arrays of doubles and Float32Arrays (`ctm`), so its property loads are
 *    polymorphic (Util.transform was 9–13 % of the parse's samples). The same products and sums
 *    are now written out on local numbers, in the same order and with the same zero terms
 *    (`m[2] * 0` is not always 0: −0, NaN), so every element is the same IEEE double; one array
 *    per call.
 *
 * Fails (non-zero exit, so `npm ci` fails) when unpdf's bundle does not hold the original text of a
 * change exactly once, i.e. after an upgrade: check whether the new pdf.js still needs it, then
 * update or remove this script.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
  [
    'LoopbackPort copies flat messages and text chunks shallowly',
    'postMessage(e,t){let n={data:structuredClone(e,t?{transfer:t}:null)};',
    'postMessage(e,t){let n={data:t?structuredClone(e,{transfer:t}):e.stream===_s.ENQUEUE&&Array.isArray(e.chunk?.items)?{...e,chunk:{...e.chunk}}:Object.values(e).every(e=>e===null||typeof e!=`object`&&typeof e!=`function`)?{...e}:structuredClone(e)};',
  ],
  [
    'getCurrentTextTransform without intermediate matrices',
    'function getCurrentTextTransform(){let e=j.font,t=[j.fontSize*j.textHScale,0,0,j.fontSize,0,j.textRise];if(e.isType3Font&&(j.fontSize<=1||e.isCharBBox)&&!isArrayEqual(j.fontMatrix,r)){let n=e.bbox[3]-e.bbox[1];n>0&&(t[3]*=n*j.fontMatrix[3])}return Util$1.transform(j.ctm,Util$1.transform(j.textMatrix,t))}',
    'function getCurrentTextTransform(){let e=j.font,sx=j.fontSize*j.textHScale,sy=j.fontSize;if(e.isType3Font&&(j.fontSize<=1||e.isCharBBox)&&!isArrayEqual(j.fontMatrix,r)){let n=e.bbox[3]-e.bbox[1];n>0&&(sy*=n*j.fontMatrix[3])}let rise=j.textRise,m=j.textMatrix,c=j.ctm,a0=m[0]*sx+m[2]*0,a1=m[1]*sx+m[3]*0,a2=m[0]*0+m[2]*sy,a3=m[1]*0+m[3]*sy,a4=m[0]*0+m[2]*rise+m[4],a5=m[1]*0+m[3]*rise+m[5];return[c[0]*a0+c[2]*a1,c[1]*a0+c[3]*a1,c[0]*a2+c[2]*a3,c[1]*a2+c[3]*a3,c[0]*a4+c[2]*a5+c[4],c[1]*a4+c[3]*a5+c[5]]}',
  ],
];

// unpdf's `./pdfjs` export is the bundle itself (dist/pdfjs.mjs); resolving it does not run it.
const file = fileURLToPath(import.meta.resolve('unpdf/pdfjs'));
const target = fileURLToPath(new URL('../packages/server/vendor/pdfjs.mjs', import.meta.url));
let source = readFileSync(file, 'utf8');
for (const [what, original, patched] of CHANGES) {
  if (source.split(original).length !== 2) {
    console.error(
      `patch-pdfjs: ${file} does not hold pdf.js 6.1.200's ${what} (unpdf upgraded?): see scripts/patch-pdfjs.mjs`,
    );
    process.exit(1);
  }
  source = source.replace(original, patched);
}
mkdirSync(path.dirname(target), { recursive: true });
// Line 1 of the bundle is code: the note goes at the end, where it shifts no line or column.
writeFileSync(target, `${source}\n// Generated by scripts/patch-pdfjs.mjs from unpdf's dist/pdfjs.mjs: do not edit.\n`);
console.log(`patch-pdfjs: wrote ${target} (${CHANGES.map(([what]) => what).join(', ')})`);
