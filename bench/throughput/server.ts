/**
 * The service as users run it, for the throughput benchmark: `service-server serve` (and
 * `worker`) started through the launcher `packages/server/bin/service-server` of a checkout (so
 * with the Node flags users get, e.g. `--liftoff-only`), each its own process, driven over HTTP.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A started process and what it printed so far. */
export interface Started {
  child: ChildProcess;
  pid: number;
  output: () => string;
}

/**
 * Starts `service-server <args>` of the checkout `root` with `env` added to this process's
 * environment, and resolves once its standard output matches every pattern of `waitFor`.
 *
 * @throws Error when the process ends first
 */
export function startService(root: string, args: string[], env: Record<string, string>, waitFor: RegExp[]): Promise<Started> {
  const child = spawn(path.join(root, 'packages/server/bin/service-server'), args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  process.once('exit', () => stopService(child, 'SIGKILL'));
  let out = '';
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`service-server ${args.join(' ')} exited with ${code}: ${out}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (waitFor.every((re) => re.test(out))) resolve({ child, pid: child.pid as number, output: () => out });
    });
  });
}

/** Ends a started process group (the server and its runtime processes) and waits for it. */
export async function stopService(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, signal);
  } catch {
    return;
  }
  const timer = setTimeout(() => stopService(child, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Peak resident set size of a process in MiB (VmHWM, proc(5)). */
export function peakMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** A JSON client of the service's API with one API key. */
export function apiClient(url: string, apiKey: string) {
  const headers = { authorization: `Bearer ${apiKey}` };
  return {
    async json<T>(method: string, route: string, body?: unknown): Promise<T> {
      const res = await fetch(`${url}${route}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    /** Uploads one file (`POST /api/v1/documents`) and returns the document id. */
    async upload(bytes: Buffer, filename: string): Promise<string> {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), filename);
      const res = await fetch(`${url}/api/v1/documents`, { method: 'POST', headers, body: form });
      if (res.status !== 202) throw new Error(`upload ${filename}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    },
  };
}
