/**
 * Cancelling what nobody waits for (src/db/cancel.ts): a statement of an aborted query scope is
 * cancelled on PostgreSQL while it runs and refused before it starts; on the embedded database
 * the statements an aborted request queued are dropped, and live requests' run.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cancelOnAbort, QueryCancelledError, runCostly, runInQueryScope } from '../../src/db/cancel.js';
import { openDatabase, pgliteDatabase } from '../../src/db/client.js';

const url = inject('databaseUrl');

describe.skipIf(!url)('on PostgreSQL', () => {
  // Opened in beforeAll: a skipped suite's body still runs at collection, and without a URL
  // openDatabase would open an embedded database in /tmp.
  let opened: ReturnType<typeof openDatabase>;
  beforeAll(() => {
    opened = openDatabase({ databaseUrl: url, dataDir: '/tmp' });
  });
  afterAll(async () => (await opened).close());

  it('cancels the running statement when the scope aborts, and the pool goes on', async () => {
    const database = await opened;
    const controller = new AbortController();
    const started = Date.now();
    const sleeping = runInQueryScope({ signal: controller.signal }, () =>
      database.query('select pg_sleep(10)'),
    );
    setTimeout(() => controller.abort(new Error('the client went away')), 300);
    await expect(sleeping).rejects.toMatchObject({ code: '57014' });
    expect(Date.now() - started).toBeLessThan(5000);
    // The server-side backend is free again: nothing of ours still sleeps.
    const { rows } = await database.query(
      `select count(*)::int as n from pg_stat_activity where query = 'select pg_sleep(10)' and state = 'active'`,
    );
    expect(rows[0]?.n).toBe(0);
    expect((await database.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('refuses statements of an aborted scope; a transaction cut short rolls back cleanly', async () => {
    const database = await opened;
    const aborted = AbortSignal.abort(new Error('gone'));
    await expect(
      runInQueryScope({ signal: aborted }, () => database.query('select 1')),
    ).rejects.toBeInstanceOf(QueryCancelledError);
    const controller = new AbortController();
    const tx = runInQueryScope({ signal: controller.signal }, () =>
      database.db.transaction(async (t) => {
        await t.execute(sql`select 1`);
        controller.abort();
        await t.execute(sql`select 2`);
      }),
    );
    // Refused before it was sent (drizzle may wrap the error: the app reads `code` or `cause.code`).
    const err = (await tx.then(
      () => undefined,
      (e: unknown) => e,
    )) as { code?: string; cause?: { code?: string } };
    expect(err.code ?? err.cause?.code).toBe('57014');
    // Every connection of the pool is usable: none was left inside the aborted transaction.
    const results = await Promise.all(Array.from({ length: 12 }, () => database.query('select 1 as one')));
    expect(results.every((r) => r.rows[0]?.one === 1)).toBe(true);
  });
  it('gives the connection of a statement refused unsent back to the pool, and takes none for a request already gone', async () => {
    // One connection, held by a live statement while an abandoned request waits for it.
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    cancelOnAbort(pool, { connectionString: url });
    try {
      const live = pool.query<{ pid: number }>('select pg_backend_pid() as pid, pg_sleep(0.2)');
      const controller = new AbortController();
      const waiting = runInQueryScope({ signal: controller.signal }, () => pool.query('select 1'));
      setTimeout(() => controller.abort(new Error('the client went away')), 50);
      const { rows } = await live;
      await expect(waiting).rejects.toBeInstanceOf(QueryCancelledError);
      // The same backend serves the next statement: the connection was kept, not replaced.
      const next = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(next.rows[0]?.pid).toBe(rows[0]?.pid);
      expect(pool.totalCount).toBe(1);
      // A request that is gone before it asks is refused without waiting for the connection.
      const held = pool.query('select pg_sleep(0.3)');
      const started = Date.now();
      await expect(
        runInQueryScope({ signal: AbortSignal.abort(new Error('gone')) }, () => pool.query('select 1')),
      ).rejects.toBeInstanceOf(QueryCancelledError);
      expect(Date.now() - started).toBeLessThan(150);
      await held;
    } finally {
      await pool.end();
    }
  });
  it("does not cancel the next request's statement when the cancelled one had already ended", async () => {
    // One connection: a statement queued behind the abandoned one runs on the same backend.
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    cancelOnAbort(pool, { connectionString: url });
    try {
      for (let round = 0; round < 3; round++) {
        const controller = new AbortController();
        const abandoned = runInQueryScope({ signal: controller.signal }, () =>
          pool.query('select pg_sleep(0.05)'),
        );
        const next = pool.query('select pg_sleep(0.3), 1 as one');
        await new Promise((r) => setTimeout(r, 20));
        controller.abort(new Error('the client went away'));
        // The event loop is held while the abandoned statement ends on the server, so its
        // CancelRequest is sent after it ended: PostgreSQL would cancel whatever the backend
        // runs when the request arrives, here the next statement.
        const until = Date.now() + 150;
        while (Date.now() < until);
        await abandoned.catch(() => undefined);
        await expect(next).resolves.toMatchObject({ rows: [{ one: 1 }] });
      }
    } finally {
      await pool.end();
    }
  });
});

describe('on the embedded database', () => {
  let database: ReturnType<typeof pgliteDatabase>;
  beforeAll(async () => {
    database = pgliteDatabase(await PGlite.create());
  });
  afterAll(async () => database?.close());

  it("drops an abandoned request's queued statements and runs the live ones", async () => {
    // A statement outside any scope keeps PGlite busy while the others queue behind it.
    const busy = database.query('select count(*) from generate_series(1, 300000)');
    const controller = new AbortController();
    const abandoned = Array.from({ length: 5 }, () =>
      runInQueryScope({ signal: controller.signal }, () =>
        database.query(`select count(*) as n from generate_series(1, 300000)`),
      ),
    );
    const live = runInQueryScope({ signal: new AbortController().signal }, () =>
      database.query('select 42 as answer'),
    );
    controller.abort(new Error('the client went away'));
    await busy;
    for (const statement of abandoned) await expect(statement).rejects.toBeInstanceOf(QueryCancelledError);
    expect((await live).rows).toEqual([{ answer: 42 }]);
  });

  it('sees a client that went away while a statement held the thread, and drops its statement', async () => {
    // The client's going away is an I/O event (the socket's close), here a timer due while PGlite
    // holds the thread: it must be seen before the queued statement of that request starts.
    const busy = database.query('select count(*) from generate_series(1, 2000000)');
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('the client went away')), 5);
    const abandoned = runInQueryScope({ signal: controller.signal }, () =>
      database.query('select count(*) as n from generate_series(1, 2000000)'),
    );
    const live = runInQueryScope({ signal: new AbortController().signal }, () =>
      database.query('select 42 as answer'),
    );
    await busy;
    await expect(abandoned).rejects.toBeInstanceOf(QueryCancelledError);
    expect((await live).rows).toEqual([{ answer: 42 }]);
  });

  /** A search-like statement that holds PGlite's thread for a while. */
  const slow = 'select count(*) from generate_series(1, 1000000)';
  /** Runs a statement in a live request's scope (costly or not) and records its name in `finished` when it ends. */
  const recorder = (finished: string[]) => (name: string, costly: boolean, statement: string) =>
    runInQueryScope({ signal: new AbortController().signal }, () =>
      (costly ? runCostly(() => database.query(statement)) : database.query(statement)).then(() => {
        finished.push(name);
      }),
    );

  it('runs cheap statements queued behind a waiting costly one first', async () => {
    const finished: string[] = [];
    const run = recorder(finished);
    await Promise.all([
      run('first search', true, slow),
      run('second search', true, slow),
      run('list', false, 'select 1'),
    ]);
    // The list came after the second search but did not wait for it (first in, first out, it did).
    expect(finished.indexOf('list')).toBeLessThan(finished.indexOf('second search'));
    expect(finished.indexOf('first search')).toBeLessThan(finished.indexOf('second search'));
  });

  it('runs cheap statements that arrived during a costly one before the next costly one', async () => {
    const finished: string[] = [];
    const run = recorder(finished);
    // The list arrives while the first search holds the thread (a request is an I/O event; here
    // a timer due meanwhile): the second search, queued before, must not start ahead of it.
    let list: Promise<void> | undefined;
    setTimeout(() => {
      list = run('list', false, 'select 1');
    }, 5);
    await Promise.all([run('first search', true, slow), run('second search', true, slow)]);
    await list;
    expect(finished).toEqual(['first search', 'list', 'second search']);
  });
});
