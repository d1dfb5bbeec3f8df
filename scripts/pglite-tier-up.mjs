#!/usr/bin/env node
/**
 * Writes packages/server/vendor/pglite.wasm: PGlite's WebAssembly (node_modules/@electric-sql/
 * pglite/dist/pglite.wasm) with a `compilationHints` custom section that names, per function, the
 * tier V8 may compile it with, after every `npm ci`/`npm install` (root `postinstall`) and by
 * `make install`. The server hands the module to PGlite (`pgliteWasmModule`, src/db/pglite-module.ts)
 * and the launcher `bin/service-server` runs Node with `--no-wasm-dynamic-tiering
 * --experimental-wasm-compilation-hints` when the file exists, `--liftoff-only` when it does not
 * (decision 625, docs/performance.md "PGlite's hot functions on V8's optimizing tier").
 *
 * Why: V8 compiles WebAssembly with its baseline compiler (Liftoff) and recompiles a function
 * with its optimizing compiler (Turboshaft) once it is hot. One function of PGlite (105 KB of
 * code) allocates a ~600 MB zone when optimized, which broke the server's 400 MiB start-up budget, so the launcher ran Node with
 * `--liftoff-only` and every PGlite statement on the baseline tier: 1.3-1.6x the CPU of a
 * search, ~1.4x a `to_tsvector`. No V8 flag excludes one function from dynamic tier-up; the
 * compilation-hints section (V8's `DecodeCompilationHintsSection`, module-decoder-impl.h; one
 * byte per declared function: strategy in bits 0-1, baseline tier in bits 2-3, top tier in bits
 * 4-5, tiers 0 default, 1 baseline, 2 optimized) can, but dynamic tiering ignores it. So tiering
 * is static instead: the functions the server's own workloads made hot under dynamic tiering
 * (`functions`, collected with `--trace-wasm-compilation-times`, see the JSON's `collected`) get
 * top tier "optimized" and are compiled by Turboshaft in the background right after their first
 * call; every other function stays on Liftoff, as under `--liftoff-only`. A function missing from
 * the list costs what it cost before. `excluded` names the functions kept off the list for their
 * zones (that one, and four of 33-86 MB that put the start-up peak at 440-480 MiB).
 *
 * Format: WebAssembly core specification 1.0 §5.5 (module sections; a custom section is id 0, a
 * name and bytes, and V8 reads this one only between the function and the code section, so it is
 * written right before the code section).
 *
 * Fails (non-zero exit, so `npm ci` fails) when the wasm's SHA-256 is not the one the list was
 * collected on (PGlite upgraded: function indices change): collect the list again (see the JSON's
 * `collected`) or remove this script and the launcher's branch.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../node_modules/@electric-sql/pglite/dist/pglite.wasm', import.meta.url));
const target = fileURLToPath(new URL('../packages/server/vendor/pglite.wasm', import.meta.url));
const list = JSON.parse(readFileSync(new URL('./pglite-tier-up.json', import.meta.url), 'utf8'));

const bytes = readFileSync(source);
const sha256 = createHash('sha256').update(bytes).digest('hex');
if (sha256 !== list.sha256) {
  console.error(
    `pglite-tier-up: ${source} is not the PGlite ${list.pglite} the hot functions were collected on ` +
      `(sha256 ${sha256}, expected ${list.sha256}): see scripts/pglite-tier-up.mjs`,
  );
  process.exit(1);
}

/** Reads an unsigned LEB128 at `at`: [value, next offset]. */
function readU32(at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value |= (byte & 0x7f) << shift;
    shift += 7;
  } while (byte & 0x80);
  return [value >>> 0, at];
}

/** Unsigned LEB128 of `n`. */
function u32(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return Buffer.from(out);
}

// Walks the sections for the count of imported functions (function indices count imports
// first), the count of declared functions and where the code section starts.
let at = 8;
let imported = 0;
let declared = -1;
let codeSection = -1;
while (at < bytes.length && codeSection < 0) {
  const start = at;
  const id = bytes[at++];
  let size;
  [size, at] = readU32(at);
  const end = at + size;
  if (id === 2) {
    let count;
    [count, at] = readU32(at);
    for (let i = 0; i < count; i++) {
      for (let name = 0; name < 2; name++) {
        let length;
        [length, at] = readU32(at);
        at += length;
      }
      const kind = bytes[at++];
      let flags;
      if (kind === 0) {
        imported++;
        [, at] = readU32(at);
      } else if (kind === 1 || kind === 2) {
        if (kind === 1) at++; // table: reference type
        [flags, at] = readU32(at);
        [, at] = readU32(at);
        if (flags & 1) [, at] = readU32(at);
      } else if (kind === 3) {
        at += 2; // global: value type, mutability
      } else if (kind === 4) {
        at++; // tag: attribute
        [, at] = readU32(at);
      }
    }
  } else if (id === 3) {
    [declared] = readU32(at);
  } else if (id === 10) {
    codeSection = start;
  }
  at = end;
}
if (declared < 0 || codeSection < 0) {
  console.error(`pglite-tier-up: ${source} has no function or code section`);
  process.exit(1);
}

const BASELINE = 1;
const OPTIMIZED = 2;
const hot = new Set(list.functions);
for (const excluded of list.excluded) {
  if (hot.has(excluded)) {
    console.error(`pglite-tier-up: function ${excluded} is both hot and excluded in pglite-tier-up.json`);
    process.exit(1);
  }
}
const hints = Buffer.alloc(declared);
for (let i = 0; i < declared; i++) {
  hints[i] = (BASELINE << 2) | ((hot.has(imported + i) ? OPTIMIZED : BASELINE) << 4);
}
const name = Buffer.from('compilationHints');
const payload = Buffer.concat([u32(name.length), name, u32(declared), hints]);
const section = Buffer.concat([Buffer.from([0]), u32(payload.length), payload]);
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, Buffer.concat([bytes.subarray(0, codeSection), section, bytes.subarray(codeSection)]));
console.log(`pglite-tier-up: wrote ${target} (${hot.size} of ${declared} functions on the optimizing tier)`);
