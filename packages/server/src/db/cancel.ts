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
}

const scopes = new AsyncLocalStorage<QueryScope>();

/** Runs `fn` (and everything it starts) in `scope`: its statements are cancelled when `scope.signal` aborts. */
export function runInQueryScope<T>(scope: QueryScope, fn: () => T): T {
  return scopes.run(scope, fn);
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
  // (a connection whose statement failed is discarded).
  const poolQuery = pool.query.bind(pool) as QueryFn;
  (pool as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    if (args.some((a) => typeof a === 'function')) return poolQuery(...args);
    return (async () => {
      const client = await pool.connect();
      try {
        const result = await (client.query as QueryFn)(...args);
        client.release();
        return result;
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
    })();
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFn;
    const internals = client as unknown as PgClientInternals;
    (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
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
          // pg's own CancelRequest sender (Client#cancel, untyped): a new connection that sends
          // the running connection's process id and secret key, then closes.
          const canceller = new pg.Client(config) as unknown as { cancel(c: pg.Client, q: unknown): void };
          canceller.cancel(client, queued);
        } else if (internals._queryQueue.includes(queued))
          internals._queryQueue.splice(internals._queryQueue.indexOf(queued), 1);
      };
      scope.signal.addEventListener('abort', cancel, { once: true });
      const done = () => scope.signal.removeEventListener('abort', cancel);
      (queued as { once?: (event: string, fn: () => void) => void }).once?.('end', done);
      (queued as { once?: (event: string, fn: () => void) => void }).once?.('error', done);
      return result;
    };
  });
}

/**
 * Makes an embedded database honour query scopes: a statement, transaction or `exec` of an
 * aborted scope is dropped (rejected with {@link QueryCancelledError}) when PGlite's one-at-a-time
 * lock would start it. One that already runs cannot be interrupted (PGlite executes a statement
 * synchronously inside WebAssembly; `statement_timeout` has no timer there).
 */
export function dropWhenAborted(client: PGlite): void {
  const internals = client as unknown as {
    _runExclusiveTransaction: <T>(fn: () => Promise<T>) => Promise<T>;
  };
  const exclusive = internals._runExclusiveTransaction.bind(client);
  internals._runExclusiveTransaction = <T>(fn: () => Promise<T>) => {
    if (!scopes.getStore()) return exclusive(fn);
    const scope = scopes.getStore() as QueryScope;
    return exclusive(async () => {
      if (scope.signal.aborted) throw new QueryCancelledError(scope.signal.reason);
      return fn();
    });
  };
}
