/**
 * Cold start of a plugin runtime process with and without the bubblewrap sandbox
 * (packages/server/src/engine/sandbox.ts): time from spawn to the answer of the first `ping`,
 * median/min/max of N starts each, alternating so machine load hits both alike; and the one-off
 * start-up check of the sandbox. Usage: bench/sandbox/run [N] (default 10).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuntimeProcess } from '../../packages/server/src/engine/runtime-client.js';
import { type Launcher, resolveSandbox } from '../../packages/server/src/engine/sandbox.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const python = process.env.SERVICE_PYTHON ?? path.join(repo, '.venv', 'bin', 'python');
const limits = { cpuSeconds: 30, memoryMb: 2048, maxOpenFiles: 256, timeoutSeconds: 30 };
const runs = Number(process.argv[2] ?? 10);

async function coldStart(launcher: Launcher | undefined): Promise<number> {
  const started = performance.now();
  const proc = new RuntimeProcess(python, limits, () => undefined, launcher);
  await proc.send({ type: 'ping' });
  const ms = performance.now() - started;
  await proc.close();
  return ms;
}

const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)]?.toFixed(0)} ms, min ${s[0]?.toFixed(0)}, max ${s.at(-1)?.toFixed(0)}`;
};

const probeStart = performance.now();
const sandbox = resolveSandbox(python, 'bwrap');
console.log(`sandbox check at start-up: ${(performance.now() - probeStart).toFixed(0)} ms (${sandbox.state})`);
if (!sandbox.launcher) {
  console.log(`no sandbox here: ${sandbox.reason}`);
  process.exit(1);
}
const plain: number[] = [];
const boxed: number[] = [];
for (let i = 0; i < runs; i++) {
  plain.push(await coldStart(undefined));
  boxed.push(await coldStart(sandbox.launcher));
}
console.log(`unsandboxed cold start: ${summary(plain)}`);
console.log(`bubblewrap cold start:  ${summary(boxed)}`);
