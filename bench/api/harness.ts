/** What the API benches share: a server process started and read (memory, CPU), and one autocannon measure. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';

export interface Started {
  child: ChildProcess;
  url: string;
  apiKey: string | undefined;
}

/** Spawns a server and waits for its "listening on <url>" line (and the bootstrap key, if any). */
export function startServer(command: string, args: string[], env: Record<string, string>): Promise<Started> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  process.once('exit', () => child.kill('SIGKILL'));
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${out}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      const apiKey = /API key: (dis_\w+)/.exec(out)?.[1];
      const wantsKey = args.includes('--bootstrap-admin');
      if (url && (!wantsKey || (apiKey && out.includes('try: curl')))) resolve({ child, url, apiKey });
    });
  });
}

/** Peak resident set size of a process in MiB (VmHWM, proc(5)). */
export function peakMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU time (user + system, all threads) a process has used so far, in seconds (proc(5) stat fields 14–15). */
export function cpuSeconds(pid: number): number {
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
/** USER_HZ of proc(5); 100 on Linux for every architecture this runs on. */
const CLOCK_TICKS = 100;

export interface Load {
  rps: number;
  /** CPU time of the answering server per request, in µs. */
  cpuUs: number;
  p50: number;
  p99: number;
  failures: number;
  /** 1-minute load average when the measure ended. */
  load1: number;
}

/** One autocannon run of `duration` seconds at `connections` connections against the server `pid`. */
export async function measure(
  url: string,
  pid: number,
  headers: Record<string, string>,
  { connections, duration }: { connections: number; duration: number },
): Promise<Load> {
  const cpuBefore = cpuSeconds(pid);
  const r = await autocannon({ url, connections, duration, headers });
  const cpu = cpuSeconds(pid) - cpuBefore;
  return {
    rps: r.requests.average,
    cpuUs: (cpu * 1e6) / Math.max(1, r.requests.total),
    p50: r.latency.p50,
    p99: r.latency.p99,
    failures: r.non2xx + r.errors + r.timeouts,
    load1: loadavg()[0] ?? 0,
  };
}

