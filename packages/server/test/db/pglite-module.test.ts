import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.js';

const launcher = readFileSync(new URL('../../bin/service-server', import.meta.url), 'utf8');
const tierUp = JSON.parse(
  readFileSync(new URL('../../../../scripts/pglite-tier-up.json', import.meta.url), 'utf8'),
) as {
  excluded: number[];
  functions: number[];
};
const hinted = existsSync(new URL('../../vendor/pglite.wasm', import.meta.url));

/** The V8 flags the launcher gives Node when vendor/pglite.wasm exists. */
function launcherFlags(): string[] {
  const flags = /wasm_flags="([^"]+)"/.exec(launcher)?.[1];
  if (!flags) throw new Error('bin/service-server sets no wasm_flags for the hinted module');
  return flags.split(' ');
}

/**
 * Runs the host with `flags` and V8's compilation trace; resolves with the trace and the host's
 * standard error. The trace goes to a file, not a pipe: V8 writes it through C's stdio on a
 * descriptor libuv made non-blocking, so lines written while a busy parent had the pipe full were
 * dropped (seen on CI; a slow reader kept 569 of 4,718 lines).
 */
async function runHost(flags: string[]): Promise<{ trace: string; log: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-trace-'));
  const file = path.join(dir, 'trace.txt');
  const out = openSync(file, 'w');
  try {
    const child = spawn(
      process.execPath,
      [
        ...flags,
        '--trace-wasm-compilation-times',
        '--import',
        'tsx',
        fileURLToPath(new URL('./pglite-tiering-host.ts', import.meta.url)),
      ],
      { cwd: repoRoot, stdio: ['ignore', out, 'pipe'] },
    );
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8');
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`host exited with ${code}: ${log.slice(-2000)}`);
    return { trace: readFileSync(file, 'utf8'), log };
  } finally {
    closeSync(out);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `{index: tiers}` of one module's functions from `--trace-wasm-compilation-times` lines. */
function tiersOf(trace: string, module: string): Map<number, Set<string>> {
  const tiers = new Map<number, Set<string>>();
  for (const [, m, index, tier] of trace.matchAll(/^Compiled function (\S+)#(\d+) using (\w+)/gm)) {
    if (m !== module) continue;
    const seen = tiers.get(Number(index)) ?? new Set<string>();
    seen.add(tier as string);
    tiers.set(Number(index), seen);
  }
  return tiers;
}

describe("PGlite's WebAssembly tiers (scripts/pglite-tier-up.mjs, bin/service-server)", () => {
  it.skipIf(!hinted)(
    'keeps the excluded giant functions on the baseline compiler while the hot ones are optimized',
    async () => {
      // --wasm-sync-tier-up: each optimizing compilation runs when it is scheduled, so by the end
      // of the run every one that was going to happen has happened.
      const { trace, log } = await runHost([...launcherFlags(), '--wasm-sync-tier-up']);
      expect(log).toMatch(/^done \d+$/m);
      // The first excluded function is the one with the ~600 MB zone: the statements call it.
      const [giant] = tierUp.excluded;
      const line = new RegExp(`^Compiled function (\\S+)#${giant} using Liftoff`, 'm').exec(trace);
      expect(line, `function ${giant} was never called: the check proves nothing`).not.toBeNull();
      const tiers = tiersOf(trace, line?.[1] as string);
      for (const excluded of tierUp.excluded) {
        if (tiers.has(excluded))
          expect([...(tiers.get(excluded) ?? [])], `function ${excluded}`).toEqual(['Liftoff']);
      }
      const optimized = [...tiers].filter(([, seen]) => seen.has('TurboFan')).map(([index]) => index);
      // The statements above call a few hundred of the listed functions; each was optimized, and
      // nothing outside the list was.
      expect(optimized.length).toBeGreaterThan(100);
      const listed = new Set(tierUp.functions);
      expect(optimized.filter((index) => !listed.has(index))).toEqual([]);
    },
    120_000,
  );

  it('runs Node with the hints and a fixed mmap threshold when the hinted module exists, else on the baseline compiler alone', () => {
    // A copy of the launcher in a checkout of its own whose dist/cli.js prints what Node was given.
    const root = mkdtempSync(path.join(tmpdir(), 'launcher-'));
    try {
      const server = path.join(root, 'packages', 'server');
      mkdirSync(path.join(server, 'bin'), { recursive: true });
      mkdirSync(path.join(server, 'dist'), { recursive: true });
      mkdirSync(path.join(root, '.tools', 'node_modules', '.bin'), { recursive: true });
      symlinkSync(process.execPath, path.join(root, '.tools', 'node_modules', '.bin', 'node'));
      copyFileSync(
        new URL('../../bin/service-server', import.meta.url),
        path.join(server, 'bin', 'service-server'),
      );
      chmodSync(path.join(server, 'bin', 'service-server'), 0o755);
      writeFileSync(
        path.join(server, 'dist', 'cli.js'),
        'console.log(JSON.stringify({ argv: process.execArgv, tunables: process.env.GLIBC_TUNABLES ?? null }));',
      );
      const run = () =>
        JSON.parse(
          execFileSync(path.join(server, 'bin', 'service-server'), [], {
            env: { PATH: process.env.PATH ?? '' },
          }).toString(),
        ) as { argv: string[]; tunables: string | null };

      expect(run()).toEqual({ argv: ['--liftoff-only', '--expose-gc'], tunables: null });
      mkdirSync(path.join(server, 'vendor'));
      writeFileSync(path.join(server, 'vendor', 'pglite.wasm'), '');
      expect(run()).toEqual({
        argv: [
          '--no-wasm-dynamic-tiering',
          '--experimental-wasm-compilation-hints',
          '--wasm-num-compilation-tasks=1',
          '--expose-gc',
        ],
        tunables: 'glibc.malloc.mmap_threshold=131072',
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
