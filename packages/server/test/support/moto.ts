import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './cli.js';
import { repoDir } from './paths.js';

/**
 * A real S3-compatible server: moto in server mode (`moto_server`, pinned in
 * test/blobs/requirements.txt). Looked for in SERVICE_TEST_MOTO_SERVER, the repository's .venv,
 * then PATH; `undefined` when none is installed.
 */
export function findMotoServer(): string | undefined {
  const candidates = [
    process.env.SERVICE_TEST_MOTO_SERVER,
    path.join(repoDir, '.venv', 'bin', 'moto_server'),
  ];
  for (const c of candidates) if (c && existsSync(c)) return c;
  const which = spawnSync('sh', ['-c', 'command -v moto_server'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() || undefined : undefined;
}

/**
 * Starts `bin` (moto_server) on a free port of 127.0.0.1 and resolves once it answers (within 30 s).
 *
 * @throws Error when it exits first or does not answer in time
 */
export async function startMoto(bin: string): Promise<{ endpoint: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(bin, ['-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`moto_server exited (${proc.exitCode}): ${stderr}`);
    try {
      await fetch(`${endpoint}/moto-api/`);
      return { endpoint, proc };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  proc.kill();
  throw new Error(`moto_server did not answer on ${endpoint}: ${stderr}`);
}
