/**
 * Host-side measurement of a sandbox's writable tmpfs mounts (`/tmp`, `/dev/shm`): how full each
 * is, read through `/proc/<pid>/root` so a plugin cannot misreport it, and how to find the
 * runtime's pid inside bwrap's PID namespace. Used by engine/runtime-client.ts after each
 * message of a sandboxed runtime. Split from runtime-client.ts (issue 34).
 */
import { readdirSync, readFileSync, statfsSync } from 'node:fs';

/** A sandbox tmpfs with less than this free after a message counts as filled (the plugin hit its size). */
const FULL_MARGIN_BYTES = 1024 * 1024;

/** What one writable tmpfs of a sandbox holds, as the host measures it through `/proc/<pid>/root`. */
export interface TmpfsUse {
  /** Mount point inside the sandbox (`/tmp`, `/dev/shm`). */
  mount: string;
  usedMb: number;
  sizeMb: number;
  /** Less than 1 MiB left: a write of the plugin failed with ENOSPC there. */
  full: boolean;
}

/**
 * The writable tmpfs mounts of the sandbox that process `pid` runs in, measured from the host
 * (`statfs` through `/proc/<pid>/root`), so a plugin cannot misreport them.
 *
 * @returns one entry per mount that could be measured (none when the process is gone)
 */
export function measureTmpfs(pid: number, mounts: readonly string[]): TmpfsUse[] {
  const out: TmpfsUse[] = [];
  for (const mount of mounts) {
    try {
      const fs = statfsSync(`/proc/${pid}/root${mount}`);
      const size = fs.blocks * fs.bsize;
      out.push({
        mount,
        usedMb: ((fs.blocks - fs.bfree) * fs.bsize) / (1024 * 1024),
        sizeMb: size / (1024 * 1024),
        full: fs.bavail * fs.bsize < FULL_MARGIN_BYTES,
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/**
 * The host pid of the runtime inside a sandbox started as `root` (bwrap's child and grandchild):
 * the descendant that is pid 2 of its own PID namespace, where bwrap's init is pid 1.
 */
export function sandboxedRuntimePid(root: number): number | undefined {
  const queue = [root];
  for (let seen = 0; queue.length > 0 && seen < 64; seen++) {
    const pid = queue.shift() as number;
    try {
      const nspid = /^NSpid:\s+(.+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]?.split(/\s+/);
      if (nspid && nspid.length > 1 && nspid[nspid.length - 1] === '2') return pid;
      for (const task of readdirSync(`/proc/${pid}/task`))
        for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' '))
          if (child.trim()) queue.push(Number(child));
    } catch {
      // ended meanwhile
    }
  }
  return undefined;
}
