#!/usr/bin/env node
/**
 * Patches PGlite's protocol reader (node_modules/@electric-sql/pglite/dist/chunk-Y6PULSM7.js,
 * PGlite 0.5.16, the module its ES build imports) in place, after every `npm ci`/`npm install`
 * (root `postinstall`) and by `make install` (decision 627, docs/performance.md "PGlite's reader
 * decodes without copying").
 *
 * PGlite parses the wire protocol's answers (PostgreSQL's frontend/backend protocol, §55.7 of its
 * documentation: a DataRow message per row, a length and the bytes of each field) with a reader
 * whose `string(n)` decoded `bytes(n)`, and `bytes(n)` copies the field into a new ArrayBuffer
 * (`ArrayBuffer.prototype.slice`) before wrapping it: one ArrayBuffer allocated, copied and later
 * collected per text field of every row, only to be decoded and dropped. `string(n)` now hands
 * `TextDecoder.decode` a view of the same bytes (`new Uint8Array(buffer, offset, n)`): the same
 * characters, no copy. `bytes(n)` (binary fields, whose array the caller keeps) is unchanged.
 * Measured: the documents list's page statement on the embedded database 1,434-1,642 → 932-1,067
 * µs of CPU (bench/large/list-cpu.ts, alternated).
 *
 * Idempotent: a file already patched is left alone. Fails (non-zero exit, so `npm ci` fails) when
 * the file is neither PGlite 0.5.16's nor patched, i.e. after an upgrade: check whether the new
 * reader still copies, then update or remove this script.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(
  new URL('../node_modules/@electric-sql/pglite/dist/chunk-Y6PULSM7.js', import.meta.url),
);
/** SHA-256 of the file as PGlite 0.5.16 ships it. */
const ORIGINAL_SHA256 = 'c8f22366cdad658701476a26b79fe55482fe4c514766d0c941bc434a5e6bad68';
/** The reader's `string(n)` as shipped (minified: `r` reads a private field, `le` is its TextDecoder, `x` its DataView, `w` its offset, `d` writes a private field). */
const ORIGINAL = 'string(t){return r(this,le).decode(this.bytes(t))}';
/** The same method decoding a view of the bytes instead of a copy. */
const PATCHED =
  'string(t){let n=new Uint8Array(r(this,x).buffer,r(this,w),t);return d(this,w,r(this,w)+t),r(this,le).decode(n)}';

const text = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
if (text === undefined) {
  console.error(`patch-pglite: ${file} does not exist (not PGlite 0.5.16?): see scripts/patch-pglite.mjs`);
  process.exit(1);
}
if (!text.includes(PATCHED)) {
  const sha256 = createHash('sha256').update(text).digest('hex');
  if (sha256 !== ORIGINAL_SHA256 || text.split(ORIGINAL).length !== 2) {
    console.error(
      `patch-pglite: ${file} is not PGlite 0.5.16's protocol reader (sha256 ${sha256}, expected ` +
        `${ORIGINAL_SHA256}): see scripts/patch-pglite.mjs`,
    );
    process.exit(1);
  }
  writeFileSync(file, text.replace(ORIGINAL, PATCHED));
}
