import { fork } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { cancelOnAbort, dropWhenAborted } from './cancel.js';
import { type DataDirLock, lockDataDir } from './data-dir-lock.js';
import { pgliteWasmModule } from './pglite-module.js';
import { drizzleClient, parseAsPglite } from './pglite-parsers.js';
import * as schema from './schema.js';
import { localLease, openPgLease, type WorkerLease } from './worker-lease.js';

export type Schema = typeof schema;
/** The typed query layer over either driver; both speak PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Something that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

/** An open database: the query layer plus the raw client, for pg-boss and shutdown. */
export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Runs raw SQL with positional parameters; used by the job queue adapter. */
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Runs `fn` while holding a PostgreSQL advisory lock (a process-wide mutex across servers). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * Subscribes to PostgreSQL notifications on `channel` (LISTEN/NOTIFY): `onPayload` gets each
   * payload, `onLost` is called when the subscription broke (notifications may have been missed).
   * PostgreSQL uses one dedicated connection per subscription; PGlite delivers in-process.
   * Returns the unsubscribe function; `close()` ends every subscription.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onLost: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Opens this process's worker lease (db/worker-lease.ts): what says, across processes, that
   * it is alive and which documents it is processing. `onError` hears lost connections.
   */
  openLease(onError: (err: Error) => void): Promise<WorkerLease>;
  /**
   * A separate pool of at most `max` connections, guarded as the main one (the job queue's, so
   * its polling cannot starve requests); on PGlite the database's own query function.
   */
  ownPool(max: number): Pick<Database, 'query'> & { close(): Promise<void> };
  close(): Promise<void>;
  /** The embedded database's lock on its data directory (src/db/data-dir-lock.ts); PGlite under a data dir only. */
  lock?: DataDirLock;
}

/** The `application_name` of a LISTEN connection, by which `pg_stat_activity` counts subscribers. */
export function listenerApplicationName(channel: string): string {
  return `service-listen:${channel}`;
}

/**
 * A PostgreSQL pool that survives the server going away. A connection the server ends (a
 * restart: "terminating connection due to administrator command") emits 'error': while idle on
 * the pool, and while checked out on the client, where the pool listens no more; unhandled,
 * either ends the process. Both are heard here (`onError`); the pool drops the connection and
 * opens a new one on the next query, so a query during the outage fails and one after it
 * succeeds: callers retry with their own backoff (docs/operations.md "Database outages").
 * keepAlive: a connection to a server that vanished without closing it is noticed.
 */
function guardedPool(connectionString: string, max: number, onError: (err: Error) => void): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, keepAlive: true });
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

/**
 * The rows of a query's answer. Parameterless SQL of several statements (pg-boss's queue monitor
 * sends such) answers one result per statement; its rows are the last statement's, as on PGlite.
 */
function rowsOf(r: pg.QueryResult | pg.QueryResult[]): Record<string, unknown>[] {
  const last = Array.isArray(r) ? r[r.length - 1] : r;
  return (last?.rows ?? []) as Record<string, unknown>[];
}

/** LISTEN/NOTIFY channel names are plain identifiers here; quoting keeps them literal. */
function channelIdent(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  return `"${channel}"`;
}

const MIGRATION_LOCK = 727_001;

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Opens the database named by the settings: a PostgreSQL server when `databaseUrl` is set,
 * else the embedded PGlite under `<dataDir>/pg` (PostgreSQL compiled to WASM, in-process), which
 * one process at a time may open.
 *
 * @throws DataDirInUseError when another live process has the embedded database open
 */
export async function openDatabase(opts: {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Hears connection errors the pool survives (an idle connection the server ended); default: ignored. */
  onError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, (err: Error) => opts.onError?.(err));
  return openEmbedded(opts.dataDir);
}

/** The database on the PostgreSQL server at `databaseUrl`; `onError` hears the errors its pools survive. */
function openPostgres(databaseUrl: string, onError: (err: Error) => void): Database {
  const pool = guardedPool(databaseUrl, 10, onError);
  // Statements of abandoned or timed-out requests are cancelled on the server (db/cancel.ts).
  cancelOnAbort(pool, { connectionString: databaseUrl });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Set<pg.Client>();
  return {
    db,
    kind: 'postgres',
    query: async (text, values) => ({ rows: rowsOf(await pool.query(text, values as unknown[])) }),
    withLock: (key, fn) => withAdvisoryLock(pool, key, fn),
    openLease: (onLeaseError) => openPgLease(databaseUrl, onLeaseError),
    ownPool: (max) => {
      const own = guardedPool(databaseUrl, max, onError);
      return {
        query: async (text, values) => ({ rows: rowsOf(await own.query(text, values as unknown[])) }),
        close: () => own.end(),
      };
    },
    listen: (channel, onPayload, onLost) => listenOn(databaseUrl, listeners, channel, onPayload, onLost),
    close: async () => {
      await Promise.all(
        [...listeners].map((c) => {
          c.removeAllListeners('end');
          c.removeAllListeners('error');
          c.on('error', () => undefined);
          return c.end().catch(() => undefined);
        }),
      );
      await pool.end();
    },
  };
}

/** Database.withLock on PostgreSQL: a session advisory lock on a connection checked out for `fn`. */
async function withAdvisoryLock<T>(pool: pg.Pool, key: number, fn: () => Promise<T>): Promise<T> {
  const conn = await pool.connect();
  // A checked-out connection's errors are not the pool's: the query in flight fails with it.
  let broken = false;
  const ignore = () => {
    broken = true;
  };
  conn.on('error', ignore);
  try {
    await conn.query('SELECT pg_advisory_lock($1)', [key]);
    return await fn();
  } finally {
    await conn.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
    conn.off('error', ignore);
    conn.release(broken);
  }
}

/** Database.listen on PostgreSQL: a dedicated connection, kept in `listeners` while it listens. */
async function listenOn(
  databaseUrl: string,
  listeners: Set<pg.Client>,
  channel: string,
  onPayload: (payload: string) => void,
  onLost: () => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: listenerApplicationName(channel),
  });
  let closing = false;
  const lost = () => {
    listeners.delete(client);
    if (!closing) onLost();
  };
  client.on('error', lost);
  client.on('end', lost);
  client.on('notification', (n) => {
    if (n.channel === channel) onPayload(n.payload ?? '');
  });
  await client.connect();
  await client.query(`LISTEN ${channelIdent(channel)}`);
  listeners.add(client);
  return async () => {
    closing = true;
    listeners.delete(client);
    await client.end().catch(() => undefined);
  };
}

/**
 * The embedded PGlite under `<dataDir>/pg`, initialised on first use, with the data directory's lock.
 *
 * @throws DataDirInUseError when another live process has it open
 */
async function openEmbedded(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  const lock = lockDataDir(dataDir);
  let client: PGlite;
  try {
    // A fresh directory is initialised in a child process, whose peak memory is gone with it.
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initializeInChild(dir);
    client = await PGlite.create(dir, await pgliteOptions());
  } catch (err) {
    lock.release();
    throw err;
  }
  const database = pgliteDatabase(client);
  return {
    ...database,
    lock,
    close: async () => {
      try {
        await database.close();
      } finally {
        lock.release();
      }
    },
  };
}

/**
 * Settings of the embedded database: PGlite's defaults plus small memory settings, since its
 * WebAssembly memory only grows (shared_buffers 32 MB instead of 128 MB). A page missing from
 * the buffers is read through Emscripten's file system, one synchronous `fs.readSync` of 8 KB
 * each (≈ 6 µs of CPU): at 16 MB a common word's search at 100,000 documents, which walks ~2,900
 * pages, read ~2,000 of them again every time (12 of 35 ms; decision 609, docs/performance.md).
 * 32 MB costs ~15 MiB more resident memory after start-up on such a database.
 */
export const PGLITE_OPTIONS = {
  startParams: [
    ...PGlite.defaultStartParams,
    ...['-c', 'shared_buffers=32MB', '-c', 'work_mem=2MB', '-c', 'maintenance_work_mem=8MB'],
    ...['-c', 'wal_buffers=1MB', '-c', 'temp_buffers=1MB'],
  ],
};

/**
 * {@link PGLITE_OPTIONS} with PGlite's WebAssembly as the project compiled it: with the launcher's
 * compilation hints (db/pglite-module.ts) when `make install` wrote them, else PGlite's own.
 */
export async function pgliteOptions(): Promise<PGliteOptions> {
  const hinted = await pgliteWasmModule();
  return hinted ? { ...PGLITE_OPTIONS, pgliteWasmModule: hinted } : PGLITE_OPTIONS;
}

/** Runs `pglite-init` in a child process (same Node, same loader flags) and waits for it. */
async function initializeInChild(dir: string): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  const script = path.join(path.dirname(self), `pglite-init${path.extname(self)}`);
  const child = fork(script, [dir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`initializing the embedded database in ${dir} failed (exit code ${code})`);
}

/** Wraps an open PGlite client (also used by tests with an in-memory PGlite). */
export function pgliteDatabase(client: PGlite): Database {
  // Statements of abandoned or timed-out requests are dropped before they run (db/cancel.ts).
  dropWhenAborted(client);
  // drizzle's queries without per-query parsers (db/pglite-parsers.ts: ≈ 0.15 ms each).
  const db = drizzlePglite({ client: drizzleClient(client) as never, schema }) as unknown as Db;
  const query: Database['query'] = async (text, values) => {
    // PGlite's extended protocol takes one statement; parameterless multi-statement SQL goes to exec.
    if (!values || values.length === 0) {
      const results = await client.exec(text);
      const last = results[results.length - 1];
      return { rows: (last ? parseAsPglite(last).rows : []) as Record<string, unknown>[] };
    }
    const r = parseAsPglite(await client.query(text, values as unknown[]));
    return { rows: r.rows as Record<string, unknown>[] };
  };
  return {
    db,
    kind: 'pglite',
    query,
    // One embedded database belongs to one process, so there is nobody to exclude.
    withLock: (_key, fn) => fn(),
    openLease: async () => localLease(),
    ownPool: () => ({ query, close: async () => undefined }),
    // PGlite delivers a NOTIFY to its listeners when the notifying statement returns: in-process,
    // which is enough since one process owns the embedded database.
    listen: async (channel, onPayload) => {
      channelIdent(channel);
      return client.listen(channel, onPayload);
    },
    close: () => client.close(),
  };
}

/** Applies pending migrations from `drizzle/`; idempotent. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    // Several processes may start at once; an advisory lock makes them migrate one at a time.
    await database.withLock(MIGRATION_LOCK, () => migratePg(database.db as never, { migrationsFolder }));
  } else {
    await migratePglite(database.db as never, { migrationsFolder });
    // The embedded database stores parsed texts uncompressed: PGlite's pglz (it has no lz4) runs
    // on the one main thread and took half of a document's content insert (≈ 4 of 8 ms for 80,000
    // characters, bench/throughput/content-compression.ts) for ≈ 1.85× less space. A storage
    // setting only (rows written later; nothing is rewritten), idempotent, set at every start.
    await database.db.execute(
      sql`ALTER TABLE document_contents ALTER COLUMN text SET STORAGE EXTERNAL, ALTER COLUMN pages SET STORAGE EXTERNAL`,
    );
  }
}
