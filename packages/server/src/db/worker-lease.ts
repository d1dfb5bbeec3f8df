import { randomInt } from 'node:crypto';
import pg from 'pg';

/**
 * Advisory-lock namespace (first int4 key) of the worker leases: a process holds
 * `(WORKER_LOCK_SPACE, key)` while it lives, so `pg_locks` lists the live workers.
 */
export const WORKER_LOCK_SPACE = 727_010;
/** Advisory-lock namespace of the per-document holds: `(DOCUMENT_LOCK_SPACE, hash of the id)`. */
export const DOCUMENT_LOCK_SPACE = 727_011;
/** First and longest wait before the lease connection is opened again, in ms (doubling, jittered). */
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;

/** A document this process holds: `signal` aborts when the hold is lost (the lease connection went). */
export interface Hold {
  signal: AbortSignal;
  release(): Promise<void>;
}

/**
 * This process's lease on the database as a worker (docs/operations.md "Database outages").
 * On PostgreSQL it is one dedicated connection holding a session advisory lock `(WORKER_LOCK_SPACE,
 * key)` and one per document being processed: PostgreSQL drops them when the connection ends (the
 * process died, was killed, or the server restarted), so other processes see a dead worker's
 * jobs and documents as free at once, not when a job expires. A new connection takes a new `key`:
 * the jobs taken under the old one are abandoned and their runs stop (every hold's signal aborts).
 * On the embedded database one process owns everything; holds exclude this process's own runs.
 */
export interface WorkerLease {
  /** The key of this process's current lease, or undefined while its connection is down. */
  readonly key: number | undefined;
  /** Resolves once a lease is held (after a reconnect), or at once; rejects after `ms`. */
  ready(ms: number): Promise<number>;
  /** Holds `documentId` for one run; undefined when another run (here or elsewhere) holds it, or the lease is down. */
  tryHold(documentId: string): Promise<Hold | undefined>;
  /**
   * SQL (a boolean expression) that is true when the worker key in `keyExpr` (an int expression)
   * is the key of a live lease of some process. Trusted text: it holds only integers.
   */
  liveSql(keyExpr: string): string;
  close(): Promise<void>;
}

/** A 31-bit hash of a document id (FNV-1a): the second key of its advisory lock. Collisions only serialise. */
export function documentLockKey(documentId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < documentId.length; i++) {
    h ^= documentId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h & 0x7fffffff;
}

/** The lease of the only process of an embedded database: holds are this process's own runs. */
export function localLease(): WorkerLease {
  const key = randomInt(1, 2 ** 31 - 1);
  const held = new Set<string>();
  const never = new AbortController().signal;
  return {
    key,
    ready: async () => key,
    tryHold: async (documentId) => {
      if (held.has(documentId)) return undefined;
      held.add(documentId);
      return {
        signal: never,
        release: async () => {
          held.delete(documentId);
        },
      };
    },
    liveSql: (keyExpr) => `(${keyExpr})::bigint = ${key}`,
    close: async () => undefined,
  };
}

/** The state of a PostgreSQL lease, shared by its connect loop and its operations. */
interface PgLeaseState {
  connectionString: string;
  onError: (err: Error) => void;
  client: pg.Client | undefined;
  key: number | undefined;
  /** Aborted when the current connection is lost: every hold taken on it. */
  generation: AbortController;
  closed: boolean;
  /** The next reconnect's base wait, in ms. */
  delay: number;
  retry: NodeJS.Timeout | undefined;
  /** Documents held on the current connection, with their lock keys. */
  held: Map<string, number>;
  /** Callers of `ready` waiting for a connection. */
  waiters: Set<() => void>;
}

/**
 * Opens the lease of a worker process on a PostgreSQL server (see {@link WorkerLease}): connects,
 * takes a fresh key, and reconnects with jittered exponential backoff (0.25 s doubling to 5 s)
 * whenever the connection ends, until {@link WorkerLease.close}. `onError` hears each loss and
 * failed reconnect. The first connection is awaited; a failure there throws.
 */
export async function openPgLease(
  connectionString: string,
  onError: (err: Error) => void,
): Promise<WorkerLease> {
  const s: PgLeaseState = {
    connectionString,
    onError,
    client: undefined,
    key: undefined,
    generation: new AbortController(),
    closed: false,
    delay: RECONNECT_MIN_MS,
    retry: undefined,
    held: new Map(),
    waiters: new Set(),
  };
  await connect(s);

  return {
    get key() {
      return s.key;
    },
    ready: (ms) => leaseReady(s, ms),
    tryHold: (documentId) => tryHold(s, documentId),
    liveSql: (keyExpr) =>
      `EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted
         AND l.classid = ${WORKER_LOCK_SPACE} AND l.objsubid = 2 AND l.objid::bigint = (${keyExpr})::bigint)`,
    close: () => closePgLease(s),
  };
}

/** Connection `c` ended or failed: its key and holds go, and a reconnect is scheduled unless closed. */
function lost(s: PgLeaseState, c: pg.Client, err?: Error): void {
  if (c !== s.client) return;
  s.client = undefined;
  s.key = undefined;
  s.held.clear();
  s.generation.abort(new Error('the worker lease connection was lost'));
  s.generation = new AbortController();
  c.end().catch(() => undefined);
  if (s.closed) return;
  if (err) s.onError(err);
  schedule(s);
}

/** Connects again after the current backoff (jittered), doubling it for the next time. */
function schedule(s: PgLeaseState): void {
  clearTimeout(s.retry);
  const wait = s.delay * (0.5 + Math.random() / 2);
  s.delay = Math.min(s.delay * 2, RECONNECT_MAX_MS);
  s.retry = setTimeout(() => void connect(s).catch(() => undefined), wait);
  s.retry.unref();
}

/** Opens a connection and takes a free random key on it; on failure schedules a retry and throws. */
async function connect(s: PgLeaseState): Promise<void> {
  const c = new pg.Client({
    connectionString: s.connectionString,
    application_name: 'service-worker-lease',
    // A peer that vanished without closing (network loss) is noticed by TCP keepalives.
    keepAlive: true,
    connectionTimeoutMillis: 5_000,
  });
  c.on('error', (err) => lost(s, c, err));
  c.on('end', () => lost(s, c));
  try {
    await c.connect();
    let k = 0;
    // A random key; another live process holding the same one is skipped.
    for (let tries = 0; tries < 8 && !k; tries++) {
      const candidate = randomInt(1, 2 ** 31 - 1);
      const r = await c.query('SELECT pg_try_advisory_lock($1, $2) AS ok', [WORKER_LOCK_SPACE, candidate]);
      if (r.rows[0]?.ok) k = candidate;
    }
    if (!k) throw new Error('no free worker lease key');
    if (s.closed) {
      await c.end();
      return;
    }
    s.client = c;
    s.key = k;
    s.delay = RECONNECT_MIN_MS;
    for (const w of [...s.waiters]) w();
  } catch (err) {
    c.removeAllListeners('end');
    c.removeAllListeners('error');
    c.on('error', () => undefined);
    await c.end().catch(() => undefined);
    if (!s.closed) {
      s.onError(err instanceof Error ? err : new Error(String(err)));
      schedule(s);
    }
    throw err;
  }
}

/** WorkerLease.ready. */
function leaseReady(s: PgLeaseState, ms: number): Promise<number> {
  if (s.key !== undefined) return Promise.resolve(s.key);
  return new Promise<number>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      s.waiters.delete(done);
      if (s.key !== undefined) resolve(s.key);
      else reject(new Error('the worker lease is down'));
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    s.waiters.add(done);
  });
}

/** WorkerLease.tryHold: a session advisory lock on the document, on the current connection. */
async function tryHold(s: PgLeaseState, documentId: string): Promise<Hold | undefined> {
  const c = s.client;
  if (!c || s.held.has(documentId)) return undefined;
  const lockKey = documentLockKey(documentId);
  const signal = s.generation.signal;
  s.held.set(documentId, lockKey);
  let ok = false;
  try {
    const r = await c.query('SELECT pg_try_advisory_lock($1, $2) AS ok', [DOCUMENT_LOCK_SPACE, lockKey]);
    ok = r.rows[0]?.ok === true && !signal.aborted;
  } catch {
    ok = false;
  }
  if (!ok) {
    if (!signal.aborted) s.held.delete(documentId);
    return undefined;
  }
  return {
    signal,
    release: async () => {
      // A lost connection released it already (and a new one never took it).
      if (signal.aborted || s.client !== c) return;
      s.held.delete(documentId);
      await c
        .query('SELECT pg_advisory_unlock($1, $2)', [DOCUMENT_LOCK_SPACE, lockKey])
        .catch(() => undefined);
    },
  };
}

/** WorkerLease.close: no more reconnects; the connection ends, and with it the key and holds. */
async function closePgLease(s: PgLeaseState): Promise<void> {
  s.closed = true;
  clearTimeout(s.retry);
  const c = s.client;
  s.client = undefined;
  s.key = undefined;
  s.generation.abort(new Error('the worker lease was closed'));
  if (c) {
    c.removeAllListeners('end');
    c.removeAllListeners('error');
    c.on('error', () => undefined);
    await c.end().catch(() => undefined);
  }
}
