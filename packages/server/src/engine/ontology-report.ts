import { spawn } from 'node:child_process';
import path from 'node:path';
import { BUILTINS_PACKAGE } from './runtime-protocol.js';

/** Where the built-in classifier's report runs: the runtime's interpreter and the plugins folder. */
export interface ReportRunner {
  python: string;
  pluginsDir: string;
  /** Wall-clock budget of one run, ms (default 10 s); the process is killed past it. */
  timeoutMs?: number;
}

/** Largest report read back, bytes: a 1 MB ontology's report is far below it. */
const MAX_OUTPUT = 16 * 1024 * 1024;

/**
 * Runs the built-in classifier's ontology report (`plugins/service_builtins/classification/report.py`,
 * issue 33) on `labels` (the API's label tree) in a Python process of its own and returns its JSON
 * answer, unchecked (the caller validates the shape).
 *
 * The process runs our own code on label names and descriptions only, so it is not sandboxed like
 * a plugin; it gets no environment but `PYTHONPATH` and is killed after `timeoutMs`.
 *
 * @throws Error naming the cause when Python cannot start, exits non-zero (with its last stderr
 *   line), runs past the budget, or writes something that is not JSON
 */
export async function runOntologyReport(runner: ReportRunner, labels: unknown): Promise<unknown> {
  const timeoutMs = runner.timeoutMs ?? 10_000;
  const child = spawn(runner.python, ['-m', `${BUILTINS_PACKAGE}.classification.report`], {
    // ORT_DISABLE_TELEMETRY: the report embeds the labels with ONNX Runtime (runtime-launch.ts)
    env: { PYTHONPATH: runner.pluginsDir, PYTHONDONTWRITEBYTECODE: '1', ORT_DISABLE_TELEMETRY: '1' },
    cwd: path.resolve(runner.pluginsDir),
    stdio: ['pipe', 'pipe', 'pipe'],
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  child.stdout.on('data', (b: Buffer) => {
    size += b.length;
    tooLarge ||= size > MAX_OUTPUT;
    if (tooLarge) child.kill('SIGKILL');
    else out.push(b);
  });
  child.stderr.on('data', (b: Buffer) => err.push(b));
  // A child that dies before reading its input closes the pipe under us: that is reported by 'close'.
  child.stdin.on('error', () => undefined);
  child.stdin.end(JSON.stringify({ labels }));
  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('close', (c, s) => resolve({ code: c, signal: s }));
    },
  );
  if (tooLarge) throw new Error(`the ontology report wrote more than ${MAX_OUTPUT} bytes`);
  if (signal) throw new Error(`the ontology report was stopped (${signal}) after at most ${timeoutMs} ms`);
  if (code !== 0) {
    const last = Buffer.concat(err).toString('utf8').trim().split('\n').at(-1) ?? '';
    throw new Error(`the ontology report exited with ${code}: ${last}`);
  }
  return JSON.parse(Buffer.concat(out).toString('utf8')) as unknown;
}
