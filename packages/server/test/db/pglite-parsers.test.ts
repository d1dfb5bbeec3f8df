/**
 * The embedded database's drizzle client goes without drizzle's per-query parsers
 * (src/db/pglite-parsers.ts): drizzle and raw SQL must read the same values as before, on an
 * in-memory PGlite whatever database the suite runs on.
 */
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, pgliteDatabase } from '../../src/db/client.js';
import { DRIZZLE_TEXT_TYPES } from '../../src/db/pglite-parsers.js';

/** Values of every type drizzle reads as text, plus a few it does not. */
const RAW = `select
  timestamp '2026-11-27 10:00:00.123456' as ts,
  timestamptz '2026-11-27 10:00:00.654321+02' as tstz,
  date '2026-11-27' as d,
  interval '1 day 02:00:00' as i,
  array[1.5, 2]::numeric[] as nums,
  array[timestamp '2026-01-01 00:00:00']::timestamp[] as tss,
  array[timestamptz '2026-01-01 00:00:00+00', null]::timestamptz[] as tstzs,
  array[interval '1 hour']::interval[] as intervals,
  array[date '2026-01-02']::date[] as dates,
  null::timestamptz as none,
  '{"a": 1}'::jsonb as j,
  42::int as n`;
const VALUES = sql.raw(RAW);
/** The rows of a drizzle `execute` result (its type is the driver's, unknown to `Db`). */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe('PGlite value parsing without per-query parsers', () => {
  let plain: PGlite;
  let client: PGlite;
  let database: Database;
  beforeAll(async () => {
    plain = await PGlite.create();
    client = await PGlite.create();
    database = pgliteDatabase(client);
  });
  afterAll(async () => {
    await plain.close();
    await database.close();
  });

  it("matches drizzle's own per-query parsers: those types, read as text", () => {
    // What drizzle passes to PGlite with a raw statement and with a query of mapped columns.
    const seen: QueryOptions[] = [];
    const spy = {
      query: (text: string, params: unknown[], options: QueryOptions) => {
        seen.push(options);
        return plain.query(text, params, options);
      },
    };
    return Promise.all([
      drizzle({ client: spy as never }).execute(sql`select 1`),
      drizzle({ client: spy as never })
        .select({ one: sql`1` })
        .from(sql`(select 1) t`),
    ]).then(() => {
      expect(seen).toHaveLength(2);
      for (const config of seen) {
        const parsers = config.parsers as Record<number, (value: string, typeId: number) => unknown>;
        expect(Object.keys(parsers).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
        for (const [typeId, parse] of Object.entries(parsers)) expect(parse('x', Number(typeId))).toBe('x');
      }
    });
  });

  it('gives drizzle the same rows as drizzle over a plain PGlite, in transactions too', async () => {
    const expected = await drizzle(plain).execute(VALUES);
    expect(expected.rows[0]?.ts).toBe('2026-11-27 10:00:00.123456');
    expect(rowsOf(await database.db.execute(VALUES))).toEqual(expected.rows);
    const inTx = await database.db.transaction((tx) => tx.execute(VALUES));
    expect(rowsOf(inTx)).toEqual(expected.rows);
  });

  it('gives raw SQL the same rows as a plain PGlite (Dates), with parameters and without', async () => {
    const expected = (await plain.query(RAW)).rows;
    expect(expected[0]).toMatchObject({ tstz: expect.any(Date), tstzs: [expect.any(Date), null] });
    expect(await database.query(RAW)).toEqual({ rows: expected });
    const withParam = `${RAW}, $1::text as p`;
    expect(await database.query(withParam, ['v'])).toEqual({
      rows: (await plain.query(withParam, ['v'])).rows,
    });
    // …and drizzle still reads text after a raw query, and after the array types are refreshed.
    await client.refreshArrayTypes();
    expect(rowsOf(await database.db.execute(VALUES))[0]?.tstzs).toBe('{"2026-01-01 00:00:00+00",NULL}');
  });
});
