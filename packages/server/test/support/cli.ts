import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { serverDir } from './paths.js';

/** Runs a program and resolves with its output (rejects on a non-zero exit, with stdout/stderr/code). */
export const run = promisify(execFile);

/** The compiled `service-server` entry point, as `make install` builds it. */
export const cli = path.join(serverDir, 'dist/cli.js');

/** Newest modification time under `dir` of files ending in `.ts`. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds dist/ with tsc when it is missing or older than src/; fails with tsc's output. */
export async function ensureBuilt(): Promise<void> {
  if (existsSync(cli) && statSync(cli).mtimeMs >= newestSource(path.join(serverDir, 'src'))) return;
  const tsc = path.join(serverDir, '../../node_modules/typescript/bin/tsc');
  try {
    await run(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: serverDir });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    throw new Error(
      `packages/server/dist is missing or stale and \`tsc -p tsconfig.build.json\` failed; fix the build ` +
        `(or run \`npm run build\`):\n${e.stdout ?? ''}${e.stderr ?? ''}`,
    );
  }
}

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The environment without the caller's SERVICE_* settings, plus `settings`. */
export function serviceEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SERVICE_')));
  return { ...env, ...settings };
}

/**
 * Starts `service-server serve` in its own process group and resolves once it listens.
 * `output()` is everything it printed so far.
 */
export async function startServer(
  args: string[],
  opts: { env: NodeJS.ProcessEnv; cwd: string; timeoutMs?: number },
): Promise<{ child: ChildProcess; url: string; output: () => string; stop: () => Promise<void> }> {
  let output = '';
  const child = spawn(process.execPath, [cli, 'serve', ...args], {
    env: opts.env,
    cwd: opts.cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Do not leave a half-started server behind (it has its own process group).
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  const stop = async () => {
    if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    process.kill(-child.pid, 'SIGTERM');
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5_000));
    if ((await Promise.race([exited, timeout])) === 'timeout') {
      process.kill(-child.pid, 'SIGKILL');
      await exited;
    }
  };
  return { child, url, output: () => output, stop };
}
