/**
 * Where the CPU of a benchmark run goes, from Linux's process accounting (proc(5)): every
 * `intervalMs` the sampler reads the cumulative user + system time of
 *   - each thread of the watched Node processes (`/proc/<pid>/task/<tid>/stat`, named by their
 *     `comm`: `MainThread` the event loop — with PGlite on the embedded default —, `WorkerThread`
 *     the parser pool's threads, `V8Worker` V8's GC and compiler helpers, `libuv-worker` file
 *     system and crypto work),
 *   - every descendant process of them (the Python plugin runtimes, bubblewrap, the OCR tools),
 *   - the PostgreSQL backends serving `database` (their command line names it),
 *   - the whole machine (`/proc/stat`), to see how much CPU others took meanwhile.
 * A thread or process that ends keeps its last sample, so up to one interval of its CPU is lost;
 * `cutime`/`cstime` of the watched processes (children reaped) bound that error.
 *
 * It also reads each thread's and process's `schedstat` (time on a CPU and time waiting on a run
 * queue, in ns; the kernel's scheduler statistics): their sum per interval is the number of the
 * service's threads that were *runnable*, i.e. how many cores the service could have kept busy.
 * On a shared machine the service gets fewer cores than that, but whether it has work for both
 * cores (documents overlapping) shows regardless of the others' load.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (sysconf(_SC_CLK_TCK); 100 on Linux). */
const TICKS = 100;

/** Categories the CPU seconds are reported in. */
export type Category =
  | 'node main thread'
  | 'parser threads'
  | 'V8 helper threads (GC, compiler)'
  | 'other Node threads'
  | 'Python plugin runtimes'
  | 'OCR tools (pdftoppm, tesseract)'
  | 'other child processes'
  | 'PostgreSQL backends';

interface Stat {
  comm: string;
  ppid: number;
  ticks: number;
  childTicks: number;
}

/** Fields of a `stat` file (proc(5)): comm is in parentheses and may hold spaces. */
function readStat(file: string): Stat | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined; // ended meanwhile
  }
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const f = text.slice(close + 2).split(' ');
  // After comm: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14)
  return {
    comm,
    ppid: Number(f[1]),
    ticks: Number(f[11]) + Number(f[12]),
    childTicks: Number(f[13]) + Number(f[14]),
  };
}

function threadCategory(comm: string, tid: number, pid: number): Category {
  if (tid === pid) return 'node main thread';
  if (comm === 'WorkerThread') return 'parser threads';
  if (comm === 'V8Worker') return 'V8 helper threads (GC, compiler)';
  return 'other Node threads';
}

function processCategory(comm: string): Category {
  if (comm.startsWith('python')) return 'Python plugin runtimes';
  if (comm === 'tesseract' || comm === 'pdftoppm' || comm === 'prlimit') return 'OCR tools (pdftoppm, tesseract)';
  return 'other child processes';
}

/** On-CPU plus run-queue-wait nanoseconds of a task (`schedstat`: the first two fields). */
function readSchedstat(file: string): number | undefined {
  try {
    const [run, wait] = readFileSync(file, 'utf8').split(' ');
    return Number(run) + Number(wait);
  } catch {
    return undefined; // ended meanwhile, or no schedstats in this kernel
  }
}

/** Busy and total ticks of the whole machine (first line of /proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const f = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  const idle = (f[3] ?? 0) + (f[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}

/** CPU seconds per category over the sampled window, with the wall time and the machine's share. */
export interface CpuReport {
  seconds: number;
  byCategory: Map<Category, number>;
  /** CPU seconds of the watched processes and their descendants, whatever their category. */
  ours: number;
  /** CPU seconds the whole machine spent busy in the window (everyone's work). */
  machineBusy: number;
  /** Cores of the machine. */
  cores: number;
  /** Python runtime processes seen. */
  runtimes: number;
  /**
   * Bytes the runtime processes alive at the start read in the window (`rchar` of /proc/<pid>/io:
   * their stdin, i.e. the plugin calls, as their imports were done before).
   */
  runtimeReadBytes: number;
  /** Per-interval cores used by category, and the service's runnable threads, for a timeline. */
  timeline: { at: number; cores: Partial<Record<Category, number>>; runnable: number }[];
  /** Mean number of the service's threads running or waiting for a core (schedstat). */
  runnable: number;
  /**
   * Share of the cores the service's runnable threads could have kept busy on an otherwise idle
   * machine: the mean over intervals of min(runnable, cores) / cores (1: work for every core all
   * the time). An upper bound, as an interval's mean hides its gaps.
   */
  coverable: number;
}

/**
 * Samples the CPU of the Node processes `pids` (and their descendants) and of the PostgreSQL
 * backends of `database`, from {@link start} until {@link stop}.
 */
export class CpuSampler {
  /** Last cumulative ticks per key (`t<tid>` threads, `p<pid>` processes) and their category. */
  private readonly last = new Map<string, { category: Category; ticks: number; first: number }>();
  private readonly rchar = new Map<number, { first: number; last: number }>();
  /** Last cumulative on-CPU + run-queue nanoseconds per key (schedstat), and its first value. */
  private readonly sched = new Map<string, { first: number; last: number }>();
  private previousSched = 0;
  private timer: NodeJS.Timeout | undefined;
  private started = 0;
  private machineStart = { busy: 0, total: 0 };
  private readonly timeline: CpuReport['timeline'] = [];
  private previous = new Map<Category, number>();

  constructor(
    private readonly pids: number[],
    private readonly database?: string,
    private readonly intervalMs = 500,
  ) {}

  start(): void {
    this.started = performance.now();
    this.machineStart = machineTicks();
    this.sample(true);
    this.previous = this.totals();
    this.previousSched = this.schedTotal();
    this.timer = setInterval(() => this.tick(), this.intervalMs);
  }

  private tick() {
    this.sample(false);
    const now = this.totals();
    const cores: Partial<Record<Category, number>> = {};
    for (const [c, s] of now) {
      const d = s - (this.previous.get(c) ?? 0);
      if (d > 0) cores[c] = d / (this.intervalMs / 1000);
    }
    const sched = this.schedTotal();
    const runnable = (sched - this.previousSched) / 1e9 / (this.intervalMs / 1000);
    this.timeline.push({ at: (performance.now() - this.started) / 1000, cores, runnable });
    this.previous = now;
    this.previousSched = sched;
  }

  private record(key: string, category: Category, ticks: number, initial: boolean, schedstat: string) {
    const ns = readSchedstat(schedstat);
    if (ns !== undefined) {
      const s = this.sched.get(key);
      if (s) s.last = ns;
      else this.sched.set(key, { first: initial ? ns : 0, last: ns });
    }
    const seen = this.last.get(key);
    if (seen) seen.ticks = ticks;
    // A thread or process born during the window counts from zero, one alive at the start from then.
    else this.last.set(key, { category, ticks, first: initial ? ticks : 0 });
  }

  private sample(initial: boolean) {
    const stats = new Map<number, Stat>();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const s = readStat(`/proc/${name}/stat`);
      if (s) stats.set(Number(name), s);
    }
    const watched = new Set(this.pids);
    for (const pid of this.pids) {
      let tasks: string[] = [];
      try {
        tasks = readdirSync(`/proc/${pid}/task`);
      } catch {
        continue;
      }
      for (const t of tasks) {
        const s = readStat(`/proc/${pid}/task/${t}/stat`);
        if (s)
          this.record(`t${t}`, threadCategory(s.comm, Number(t), pid), s.ticks, initial, `/proc/${pid}/task/${t}/schedstat`);
      }
    }
    // Descendants: parents first would need a sort; iterate until no new process joins.
    const descendants = new Set<number>();
    for (let grew = true; grew; ) {
      grew = false;
      for (const [pid, s] of stats) {
        if (descendants.has(pid) || watched.has(pid)) continue;
        if (watched.has(s.ppid) || descendants.has(s.ppid)) {
          descendants.add(pid);
          grew = true;
        }
      }
    }
    for (const pid of descendants) {
      const s = stats.get(pid) as Stat;
      const category = processCategory(s.comm);
      this.record(`p${pid}`, category, s.ticks, initial, `/proc/${pid}/schedstat`);
      if (category === 'Python plugin runtimes') this.readIo(pid, initial);
    }
    if (this.database) {
      for (const [pid, s] of stats) {
        if (s.comm !== 'postgres') continue;
        let cmd = '';
        try {
          cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        } catch {
          continue;
        }
        if (cmd.includes(` ${this.database} `))
          this.record(`p${pid}`, 'PostgreSQL backends', s.ticks, initial, `/proc/${pid}/schedstat`);
      }
    }
  }

  private readIo(pid: number, initial: boolean) {
    let io = '';
    try {
      io = readFileSync(`/proc/${pid}/io`, 'utf8');
    } catch {
      return;
    }
    const bytes = Number(/rchar: (\d+)/.exec(io)?.[1] ?? 0);
    const seen = this.rchar.get(pid);
    // Only processes warm at the start: a process born in the window reads its imports too.
    if (seen) seen.last = bytes;
    else if (initial) this.rchar.set(pid, { first: bytes, last: bytes });
  }

  private schedTotal(): number {
    let ns = 0;
    for (const { first, last } of this.sched.values()) ns += last - first;
    return ns;
  }

  private totals(): Map<Category, number> {
    const sums = new Map<Category, number>();
    for (const { category, ticks, first } of this.last.values()) {
      sums.set(category, (sums.get(category) ?? 0) + (ticks - first) / TICKS);
    }
    return sums;
  }

  /** Stops sampling (after one last sample) and reports. */
  stop(): CpuReport {
    clearInterval(this.timer);
    this.tick();
    const m = machineTicks();
    const cores = readFileSync('/proc/stat', 'utf8').split('\n').filter((l) => /^cpu\d/.test(l)).length;
    const byCategory = this.totals();
    const runtimes = [...this.last.entries()].filter(([, v]) => v.category === 'Python plugin runtimes').length;
    return {
      seconds: (performance.now() - this.started) / 1000,
      byCategory,
      ours: [...byCategory.values()].reduce((a, b) => a + b, 0),
      machineBusy: ((m.busy - this.machineStart.busy) / Math.max(1, m.total - this.machineStart.total)) *
        cores *
        ((performance.now() - this.started) / 1000),
      cores,
      runtimes,
      runtimeReadBytes: [...this.rchar.values()].reduce((a, r) => a + r.last - r.first, 0),
      timeline: this.timeline,
      runnable: this.timeline.reduce((a, t) => a + t.runnable, 0) / Math.max(1, this.timeline.length),
      coverable:
        this.timeline.reduce((a, t) => a + Math.min(t.runnable, cores), 0) / Math.max(1, this.timeline.length) / cores,
    };
  }
}
