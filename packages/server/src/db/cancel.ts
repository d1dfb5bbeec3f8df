/**
 * Cancelling what nobody waits for (docs/performance.md "Cancellation"). An HTTP request runs its
 * statements inside a *query scope* (AsyncLocalStorage; `runInQueryScope`, entered by the app's
 * `onRequest` hook) whose signal aborts when the client goes away before the response is sent
 * or when the request's time for statements (`SERVICE_REQUEST_QUERY_TIMEOUT_SECONDS`) is up.
 * Then
 *
 * - on PostgreSQL the statement running for the request is cancelled on the server (the
 *   protocol's CancelRequest, what `pg_cancel_backend` does: it ends with SQLSTATE 57014) and the
 *   request's later statements are refused before they are sent;
 * - on the embedded PGlite, which runs one statement at a time on the main thread and cannot
 *   interrupt one, a statement of an aborted request is dropped when its turn comes instead of
 *   being run: abandoned requests no longer queue their statements ahead of live ones.
 *
 * Statements outside a scope (workers, the queue, start-up) are untouched.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The signal of the statements of one request. */
export interface QueryScope {
  signal: AbortSignal;
  /** Set by {@link runCostly}: the statements may take long (a search) and wait for the cheap ones on PGlite. */
  costly?: boolean;
}

const scopes = new AsyncLocalStorage<QueryScope | undefined>();

/** Runs `fn` (and everything it starts) in `scope`: its statements are cancelled when `scope.signal` aborts. */
export function runInQueryScope<T>(scope: QueryScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

/**
 * Runs `fn` (and everything it starts) outside any query scope: for work one request starts on
 * behalf of others, e.g. a look-up shared by the concurrent requests presenting the same key,
 * which must not fail them all when the first of them is abandoned.
 */
export function withoutQueryScope<T>(fn: () => T): T {
  return scopes.run(undefined, fn);
}

/**
 * Runs `fn` with its statements marked costly (e.g. a full-text search, hundreds of ms on
 * PGlite at 100,000 documents). On the embedded database, which runs one statement at a time
 * and cannot interrupt one, costly statements go one at a time and each after the cheap
 * statements queued while the previous one ran, so a cheap statement waits behind at most one
 * costly one (see {@link dropWhenAborted}). Outside a query scope, or on PostgreSQL, it changes nothing.
 */
export function runCostly<T>(fn: () => T): T {
  const scope = scopes.getStore();
  return scope ? scopes.run({ ...scope, costly: true }, fn) : fn();
}

/** The SQLSTATE of a cancelled statement (`query_canceled`), as PostgreSQL reports it. */
export const QUERY_CANCELED = '57014';

/** A statement refused or cancelled because its request was abandoned or ran out of time. */
export class QueryCancelledError extends Error {
  readonly code = QUERY_CANCELED;
  constructor(reason: unknown) {
    super(`statement cancelled: ${reason instanceof Error ? reason.message : String(reason ?? 'aborted')}`);
  }
}

/** A scope's signal as an error, when it has aborted. */
function abortedScope(): QueryCancelledError | undefined {
  const scope = scopes.getStore();
  return scope?.signal.aborted ? new QueryCancelledError(scope.signal.reason) : undefined;
}

type QueryFn = (...args: unknown[]) => unknown;

/** Whether a `query` call's first argument (text or config) is a ROLLBACK. */
function isRollback(statement: unknown): boolean {
  const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*rollback\b/i.test(text);
}
/** pg's Client fields (its `activeQuery`/`queryQueue` getters print a deprecation warning). */
interface PgClientInternals {
  _activeQuery: unknown;
  _queryQueue: unknown[];
}

/**
 * Makes the pool's connections honour query scopes: each new connection's `query` refuses to
 * start a statement of an aborted scope, and cancels its running statement on the server when
 * the scope aborts while it runs. `config` connects the short-lived connection that carries the
 * CancelRequest (it needs no free pool slot, so cancelling works when the pool is exhausted).
 */
export function cancelOnAbort(pool: pg.Pool, config: pg.ClientConfig): void {
  // `pool.query` runs its statement from pg-pool's callbacks, in the async context of whoever
  // released the connection last (another request's scope, perhaps aborted): it is replaced by
  // connect-query-release done from the caller's own context, with pg-pool's release semantics
  // (a connection whose statement failed is discarded) except for a statement refused unsent.
  // A statement refused before it was sent leaves its connection as it was, so it goes back to
  // the pool; discarded, each abandoned request still waiting for a connection when its turn came
  // cost a new connection (a backend started, authenticated) while live requests waited for it.
  const poolQuery = pool.query.bind(pool) as QueryFn;
  (pool as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    if (args.some((a) => typeof a === 'function')) return poolQuery(...args);
    return (async () => {
      // A request that is already gone does not wait for a connection at all.
      const refused = abortedScope();
      if (refused) throw refused;
      const client = await pool.connect();
      try {
        const result = await (client.query as QueryFn)(...args);
        client.release();
        return result;
      } catch (err) {
        client.release(err instanceof QueryCancelledError ? undefined : (err as Error));
        throw err;
      }
    })();
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFn;
    const internals = client as unknown as PgClientInternals;
    // Set while a CancelRequest for this connection is on its way: PostgreSQL cancels whatever
    // the backend runs when it arrives, so a statement that ended meanwhile would leave it to
    // the next one (another request's, answered 503). The next statement waits for delivery.
    let delivering: Promise<void> | undefined;
    const scoped = (...args: unknown[]): unknown => {
      if (delivering && !isSubmittable(args[0])) {
        const after = delivering;
        const callbackAt = args.findIndex((a) => typeof a === 'function');
        if (callbackAt < 0) return after.then(() => scoped(...args));
        void after.then(() => scoped(...args));
        return undefined;
      }
      const scope = scopes.getStore();
      // A transaction's ROLLBACK always runs: refused, the connection would go back to the pool
      // inside the aborted transaction.
      if (!scope || isRollback(args[0])) return query(...args);
      const refused = abortedScope();
      if (refused) {
        const callback = args.find((a) => typeof a === 'function') as ((e: Error) => void) | undefined;
        if (callback) return void process.nextTick(() => callback(refused));
        return Promise.reject(refused);
      }
      const result = query(...args);
      // The statement just queued: the last of the queue, or the active one when it started at once.
      const queued = internals._queryQueue.at(-1) ?? internals._activeQuery;
      const cancel = () => {
        if (internals._activeQuery === queued) {
          const sent = sendCancelRequest(client, config).finally(() => {
            if (delivering === sent) delivering = undefined;
          });
          delivering = sent;
        } else if (internals._queryQueue.includes(queued))
          internals._queryQueue.splice(internals._queryQueue.indexOf(queued), 1);
      };
      scope.signal.addEventListener('abort', cancel, { once: true });
      const done = () => scope.signal.removeEventListener('abort', cancel);
      (queued as { once?: (event: string, fn: () => void) => void }).once?.('end', done);
      (queued as { once?: (event: string, fn: () => void) => void }).once?.('error', done);
      return result;
    };
    (client as unknown as { query: QueryFn }).query = scoped;
  });
}

/** How long the next statement on a connection waits at most for its CancelRequest's delivery, in ms. */
const CANCEL_DELIVERY_WAIT_MS = 2_000;

/** A `query` argument that pg runs as a submittable (cursor, stream): returned at once, so it cannot wait. */
function isSubmittable(statement: unknown): boolean {
  return typeof (statement as { submit?: unknown } | null)?.submit === 'function';
}

/** pg's connection to the server (untyped): what sending a CancelRequest needs of it. */
interface PgConnection {
  connect(portOrPath: number | string, host?: string): void;
  cancel(processID: number, secretKey: number): void;
  on(event: 'connect' | 'end' | 'error', fn: () => void): void;
}

/**
 * Sends the protocol's CancelRequest for the statement `client` runs, over a short extra
 * connection made from `config` (it needs no free pool slot). Resolves when the server closed
 * that connection, i.e. after it signalled the backend (or after {@link CANCEL_DELIVERY_WAIT_MS},
 * or when the connection failed: nothing more can be done then). Never rejects.
 */
function sendCancelRequest(client: pg.PoolClient, config: pg.ClientConfig): Promise<void> {
  const canceller = new pg.Client(config) as unknown as {
    connection: PgConnection;
    host: string;
    port: number;
  };
  const target = client as unknown as { processID: number; secretKey: number };
  const connection = canceller.connection;
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CANCEL_DELIVERY_WAIT_MS);
    const finish = () => {
      clearTimeout(timer);
      resolve();
    };
    connection.on('end', finish);
    connection.on('error', finish);
    connection.on('connect', () => connection.cancel(target.processID, target.secretKey));
    // As pg's Client#cancel does (which reads the deprecated `activeQuery`): a host starting with
    // '/' is a Unix socket directory.
    if (canceller.host?.startsWith('/')) connection.connect(`${canceller.host}/.s.PGSQL.${canceller.port}`);
    else connection.connect(canceller.port, canceller.host);
  });
}

/**
 * How long PGlite's lock may pass from statement to statement without the event loop getting a
 * turn, in ms. The lock hands over in microtasks, so without a turn the closes of clients that
 * went away during a long statement are not seen yet and their queued statements would start.
 */
const IO_TURN_MS = 2;

/**
 * Makes an embedded database honour query scopes: a statement, transaction or `exec` of an
 * aborted scope is dropped (rejected with {@link QueryCancelledError}) when PGlite's one-at-a-time
 * lock would start it. One that already runs cannot be interrupted (PGlite executes a statement
 * synchronously inside WebAssembly; `statement_timeout` has no timer there), so two more rules
 * keep abandoned and costly work from holding the others:
 *
 * - before a scoped statement starts more than {@link IO_TURN_MS} after the event loop's last
 *   turn here, pending I/O is let through (`setImmediate`), so a client that went away during the
 *   statements before it is known when its own would start;
 * - statements marked with {@link runCostly} enter the lock's first-in-first-out queue one at a
 *   time, each an event-loop turn after the previous costly one has finished: cheap statements
 *   that came meanwhile (also those of requests that arrived while it held the thread) are ahead
 *   of it, so none waits behind more than one costly statement.
 */
export function dropWhenAborted(client: PGlite): void {
  const internals = client as unknown as {
    _runExclusiveTransaction: <T>(fn: () => Promise<T>) => Promise<T>;
  };
  const exclusive = internals._runExclusiveTransaction.bind(client);
  let lastTurn = performance.now();
  // Settles when the last costly statement queued so far has finished (or was dropped).
  let costlyDone: Promise<unknown> = Promise.resolve();
  internals._runExclusiveTransaction = <T>(fn: () => Promise<T>) => {
    const scope = scopes.getStore();
    if (!scope) return exclusive(fn);
    const guarded = () =>
      exclusive(async () => {
        if (performance.now() - lastTurn > IO_TURN_MS) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          lastTurn = performance.now();
        }
        if (scope.signal.aborted) throw new QueryCancelledError(scope.signal.reason);
        return fn();
      });
    if (!scope.costly) return guarded();
    // After the previous costly one, an event-loop turn first: the requests that arrived while it
    // held the thread queue their cheap statements ahead of this one.
    const run = costlyDone
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() =>
        scope.signal.aborted ? Promise.reject(new QueryCancelledError(scope.signal.reason)) : guarded(),
      );
    costlyDone = run.catch(() => undefined);
    return run;
  };
}
