/**
 * Cancelling what nobody waits for (src/db/cancel.ts): a statement of an aborted query scope is
 * cancelled on PostgreSQL while it runs and refused before it starts; on the embedded database
 * the statements an aborted request queued are dropped, and live requests' run.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryCancelledError, runInQueryScope } from '../../src/db/cancel.js';
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
});
