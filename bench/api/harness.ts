/** What the API benches share: a server process started and read (memory, CPU), and one measure by autocannon or wrk. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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

/**
 * A fresh data directory's first start: `command args serve --bootstrap-admin bench@localhost`
 * runs the migrations and makes the admin, its API key and organization; then it is stopped, so
 * the embedded database is free for a bulk load. Returns the key and the organization's id.
 */
export async function bootstrapOrganization(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ apiKey: string; org: string }> {
  const first = await startServer(command, [...args, 'serve', '--port', '0', '--bootstrap-admin', 'bench@localhost'], env);
  const apiKey = first.apiKey as string;
  const me = (await (await fetch(`${first.url}/api/v1/users/me`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as {
    roles: { organization_id: string; role: string }[];
  };
  first.child.kill('SIGTERM');
  await new Promise((r) => first.child.once('exit', r));
  return { apiKey, org: me.roles.find((r) => r.role === 'OWNER')?.organization_id as string };
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
/**
 * CPU time of every process named `postgres` on this machine (the server's backends, its
 * background processes) so far, in seconds, and of those that have exited: each postmaster's
 * (a `postgres` whose parent is not one) `cutime` and `cstime` hold its reaped children's (proc(5)
 * fields 16 and 17). So a backend that ends during a measure keeps its share, and a pid taken
 * again by a new backend counts both. Other databases' work counts too.
 */
export function postgresCpuSeconds(): number {
  const processes = new Map<number, { parent: number; own: number; children: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.set(Number(entry), {
        parent: Number(fields[1]),
        own: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
        children: (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS,
      });
    } catch {
      // gone between the listing and the read
    }
  }
  let total = 0;
  for (const { parent, own, children } of processes.values()) {
    total += own + (processes.has(parent) ? 0 : children);
  }
  return total;
}
/** USER_HZ of proc(5); 100 on Linux for every architecture this runs on. */
const CLOCK_TICKS = 100;

export interface Load {
  rps: number;
  /** CPU time of the answering server per request, in µs. */
  cpuUs: number;
  /** CPU time of the PostgreSQL server's processes per request, in µs, when asked for (`postgres`). */
  dbCpuUs?: number;
  /**
   * CPU time of the load generator (autocannon in this process, or the wrk process) per request, in
   * µs: on a machine of two cores it takes its share from the server's, which a client elsewhere
   * would not.
   */
  clientCpuUs: number;
  /** Latency percentiles and maximum in ms, of the 2xx answers only (autocannon records no other). */
  p50: number;
  p99: number;
  max: number;
  /** Answers that were not 2xx plus requests that failed without one (timeouts included). */
  failures: number;
  /** What the failures were: HTTP status ("503"), "timeout" (no answer within autocannon's 10 s) or the socket error's code. */
  outcomes: Record<string, number>;
  /** The first body of each non-2xx status, cut to 300 characters. */
  bodies: Record<string, string>;
  /** 1-minute load average when the measure ended. */
  load1: number;
}

/** `outcomes` as "503 ×12 (body…), timeout ×3", or '' when there were none. */
export function describeFailures(l: Pick<Load, 'outcomes' | 'bodies'>): string {
  return Object.entries(l.outcomes)
    .map(([what, n]) => `${what} ×${n}${l.bodies[what] ? ` ${l.bodies[what]}` : ''}`)
    .join('; ');
}

/** The fields of autocannon's result read here (the package has no type declarations). */
interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
}

interface Client {
  on(event: 'headers', fn: () => void): void;
  on(event: 'body', fn: (chunk: Buffer) => void): void;
  on(event: 'response', fn: (status: number) => void): void;
}

/** Who loads the server: autocannon in this process, or wrk (Debian's `wrk`, C) in a process of its own. */
export type Generator = 'autocannon' | 'wrk';

/**
 * One run of `duration` seconds at `connections` connections against the server `pid`, by
 * `generator` (default autocannon). wrk costs the shared cores a fraction of autocannon's CPU per
 * request (docs/performance.md), so on a machine of two cores it leaves more of them to the server.
 */
export async function measure(
  url: string,
  pid: number,
  headers: Record<string, string>,
  options: { connections: number; duration: number; postgres?: boolean; generator?: Generator },
): Promise<Load> {
  return options.generator === 'wrk'
    ? measureWrk(url, pid, headers, options)
    : measureAutocannon(url, pid, headers, options);
}

/** One autocannon run (in this process). */
async function measureAutocannon(
  url: string,
  pid: number,
  headers: Record<string, string>,
  { connections, duration, postgres = false }: { connections: number; duration: number; postgres?: boolean },
): Promise<Load> {
  const outcomes: Record<string, number> = {};
  const bodies: Record<string, string> = {};
  const count = (what: string) => {
    outcomes[what] = (outcomes[what] ?? 0) + 1;
  };
  // Each connection has one request in flight (no pipelining): the body seen since the last
  // headers is that answer's.
  const setupClient = (client: Client) => {
    let body = '';
    client.on('headers', () => {
      body = '';
    });
    client.on('body', (chunk) => {
      if (body.length < 300) body += chunk.toString();
    });
    client.on('response', (status) => {
      if (status >= 200 && status < 300) return;
      count(String(status));
      bodies[String(status)] ??= body.slice(0, 300);
    });
  };
  const cpuBefore = cpuSeconds(pid);
  const dbBefore = postgres ? postgresCpuSeconds() : 0;
  const clientBefore = process.cpuUsage();
  const r = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration, headers, setupClient: setupClient as never },
      (err: Error | null, result: Result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('reqError', (err: Error & { code?: string }) =>
      count(err.message === 'request timed out' ? 'timeout' : (err.code ?? err.message)),
    );
  });
  const cpu = cpuSeconds(pid) - cpuBefore;
  const db = postgres ? postgresCpuSeconds() - dbBefore : 0;
  const client = process.cpuUsage(clientBefore);
  return {
    rps: r.requests.average,
    cpuUs: (cpu * 1e6) / Math.max(1, r.requests.total),
    ...(postgres ? { dbCpuUs: (db * 1e6) / Math.max(1, r.requests.total) } : {}),
    clientCpuUs: (client.user + client.system) / Math.max(1, r.requests.total),
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    // autocannon's `errors` already counts its `timeouts`.
    failures: r.non2xx + r.errors,
    outcomes,
    bodies,
    load1: loadavg()[0] ?? 0,
  };
}

/** A wrk duration ("1.23ms", "850.00us", "1.02s") in ms. */
function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) throw new Error(`wrk: unreadable duration ${text}`);
  const unit = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(m[1]) * unit;
}

/**
 * One wrk run (`wrk -t1 -c<connections> -d<duration>s --latency`, Debian's package) in a shell of
 * its own, whose reaped children's CPU (`/proc/<shell>/stat` cutime and cstime) is wrk's. Its
 * latency figures cover every answer (wrk does not tell 2xx apart); failures are its non-2xx/3xx
 * answers and socket errors (timeouts included: 2 s by default).
 *
 * @throws Error when wrk is not installed (`apt-get install wrk`) or prints no result
 */
async function measureWrk(
  url: string,
  pid: number,
  headers: Record<string, string>,
  { connections, duration, postgres = false }: { connections: number; duration: number; postgres?: boolean },
): Promise<Load> {
  const wrkArgs = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', '--timeout', '10s'];
  for (const [k, v] of Object.entries(headers)) wrkArgs.push('-H', `${k}: ${v}`);
  wrkArgs.push(url);
  const script =
    'command -v wrk >/dev/null || { echo "wrk is not installed: apt-get install wrk" >&2; exit 127; }; ' +
    'wrk "$@"; s=$?; read -r -a st < /proc/$$/stat; ' +
    'echo "CHILDCPU ${st[15]} ${st[16]} $(getconf CLK_TCK)"; exit $s';
  const cpuBefore = cpuSeconds(pid);
  const dbBefore = postgres ? postgresCpuSeconds() : 0;
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('bash', ['-c', script, 'bash', ...wrkArgs], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (b: Buffer) => {
      text += b.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text}`))));
  });
  const cpu = cpuSeconds(pid) - cpuBefore;
  const db = postgres ? postgresCpuSeconds() - dbBefore : 0;
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? Number.NaN);
  if (!Number.isFinite(total)) throw new Error(`wrk printed no result: ${out}`);
  const percentile = (p: string) => {
    const found = new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1];
    return found ? wrkMs(found) : Number.NaN;
  };
  const latencyLine = /^[ \t]+Latency[ \t]+(\S+)[ \t]+(\S+)[ \t]+(\S+)/m.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const [connect, read, write, timeout] = socket ? socket.slice(1).map(Number) : [0, 0, 0, 0];
  const outcomes: Record<string, number> = {};
  if (non2xx) outcomes['non-2xx'] = non2xx;
  if (timeout) outcomes.timeout = timeout;
  if (connect + read + write) outcomes['socket error'] = connect + read + write;
  const [cutime, cstime, tick] = (/CHILDCPU (\d+) (\d+) (\d+)/.exec(out)?.slice(1) ?? ['0', '0', '100']).map(Number);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    cpuUs: (cpu * 1e6) / Math.max(1, total),
    ...(postgres ? { dbCpuUs: (db * 1e6) / Math.max(1, total) } : {}),
    clientCpuUs: (((cutime + cstime) / tick) * 1e6) / Math.max(1, total),
    p50: percentile('50'),
    p99: percentile('99'),
    max: latencyLine ? wrkMs(latencyLine[3]) : Number.NaN,
    failures: non2xx + connect + read + write + timeout,
    outcomes,
    bodies: {},
    load1: loadavg()[0] ?? 0,
  };
}
