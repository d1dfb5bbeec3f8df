/**
 * PGlite's WebAssembly with the project's compilation hints: `packages/server/vendor/pglite.wasm`,
 * written at install by `scripts/pglite-tier-up.mjs` (PGlite's own `pglite.wasm` plus a
 * `compilationHints` section that keeps one giant function on V8's baseline tier and names the
 * functions the optimizing tier may compile). The launcher `bin/service-server` turns the hints on
 * (`--no-wasm-dynamic-tiering --experimental-wasm-compilation-hints`) when the file exists;
 * without those flags V8 skips the section and the module behaves as PGlite's own (decision 625,
 * docs/performance.md "PGlite's hot functions on V8's optimizing tier").
 */
import { readFile } from 'node:fs/promises';
import type { PGliteOptions } from '@electric-sql/pglite';

/** A compiled WebAssembly module, as PGlite takes it. */
type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;

const HINTED_WASM = new URL('../../vendor/pglite.wasm', import.meta.url);

/** `WebAssembly.compile` (its typings come with the DOM library, which the server's build leaves out). */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } })
  .WebAssembly;

let compiled: Promise<WasmModule | undefined> | undefined;

/**
 * The hinted module, compiled once per process (every embedded database the process opens
 * instantiates the same module), or undefined when the file was not written (PGlite then loads
 * its own `pglite.wasm`).
 *
 * @throws Error when the file exists but cannot be read or is not valid WebAssembly
 */
export function pgliteWasmModule(): Promise<WasmModule | undefined> {
  compiled ??= readFile(HINTED_WASM).then(
    (bytes) => wasm.compile(bytes),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    },
  );
  return compiled;
}
