import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What the process that owns an embedded database records in `<dataDir>/pg.lock` (JSON):
 * its pid, and once it serves, its HTTP address and the operator socket (src/operator) that
 * accepts the CLI's commands on its behalf.
 */
export interface DataDirOwner {
  pid: number;
  started_at: string;
  /** e.g. `http://127.0.0.1:8080`; set by `serve` once it listens. */
  url?: string;
  /** Unix socket path of the operator socket; set by `serve`. */
  operator_socket?: string;
}

/** Another live process holds the embedded database; the message says what to do. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner,
  ) {
    super(
      `The embedded database in ${dataDir}/pg is in use by process ${owner.pid}` +
        `${owner.url ? ` (service-server serve on ${owner.url})` : ''}. ` +
        'PGlite allows one process per data directory: run this command while that server runs so it is ' +
        'handed to it, stop that process first, or set SERVICE_DATA_DIR to another directory.',
    );
  }
}

export const lockFileOf = (dataDir: string) => path.join(dataDir, 'pg.lock');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The live owner of `dataDir`'s embedded database, or undefined when the lock is absent, stale
 * (its process is gone) or our own (a restarted container reuses pid 1).
 */
export function readDataDirOwner(dataDir: string): DataDirOwner | undefined {
  let owner: DataDirOwner;
  try {
    owner = JSON.parse(readFileSync(lockFileOf(dataDir), 'utf8')) as DataDirOwner;
  } catch {
    return undefined;
  }
  if (!Number.isInteger(owner.pid) || owner.pid === process.pid || !alive(owner.pid)) return undefined;
  return owner;
}

/** The lock held by this process; `update` adds what `serve` learns later, `release` removes it. */
export interface DataDirLock {
  update(fields: Partial<DataDirOwner>): void;
  release(): void;
}

/**
 * Takes the exclusive lock on `dataDir`'s embedded database: creates `pg.lock` with O_EXCL, and
 * replaces a stale one whose process is gone. Two processes writing one PGlite directory corrupt it.
 *
 * @throws DataDirInUseError when a live process holds it
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = lockFileOf(dataDir);
  let record: DataDirOwner = { pid: process.pid, started_at: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeFileSync(fd, JSON.stringify(record));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readDataDirOwner(dataDir);
      if (owner) throw new DataDirInUseError(dataDir, owner);
      if (attempt > 0) throw err;
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  return {
    update(fields) {
      record = { ...record, ...fields };
      writeFileSync(file, JSON.stringify(record), { mode: 0o600 });
    },
    release() {
      try {
        const current = JSON.parse(readFileSync(file, 'utf8')) as DataDirOwner;
        if (current.pid === process.pid) rmSync(file, { force: true });
      } catch {
        // already gone
      }
    },
  };
}
