/**
 * Host-side measurement of what a plugin runtime process has used, read from `/proc/<pid>` (proc(5))
 * so that plugin code running in the process cannot understate it. Used by
 * engine/runtime-client.ts after each `call` answer, for recycling and the CPU metric.
 */
import { readFileSync } from 'node:fs';

/**
 * Clock ticks per second of `/proc/<pid>/stat`'s times (`USER_HZ`): 100 on every Linux
 * architecture Node.js runs on (it is part of the kernel's user ABI, not the configured `HZ`).
 */
const USER_HZ = 100;

/** What a process has used so far. */
export interface ProcessUsage {
  /** User + system CPU seconds of all its threads (what `RLIMIT_CPU` counts); children not included. */
  cpuSeconds: number;
  /** Peak resident memory in MiB (`VmHWM`). */
  maxRssMb: number;
}

/**
 * Reads process `pid`'s CPU time (`/proc/<pid>/stat` fields 14 and 15, `utime` and `stime`, in
 * {@link USER_HZ} ticks) and peak resident memory (`/proc/<pid>/status` `VmHWM`, kB).
 *
 * @returns the usage, or `undefined` where it cannot be read (the process has ended, no procfs)
 */
export function measureProcess(pid: number): ProcessUsage | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or parentheses itself:
    // the fields after it start after the last ')', at field 3 (the state).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[14 - 3]);
    const stime = Number(fields[15 - 3]);
    const hwm = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (!Number.isFinite(utime) || !Number.isFinite(stime) || hwm === undefined) return undefined;
    return { cpuSeconds: (utime + stime) / USER_HZ, maxRssMb: Number(hwm) / 1024 };
  } catch {
    return undefined;
  }
}
