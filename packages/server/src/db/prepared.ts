import { Column, is, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from './client.js';

/** Statements built once per database handle, by name. */
const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement of the hot path built once per database handle (`build` runs on first use of
 * `name` on `db`) and reused, as drizzle's prepared statements: drizzle builds the SQL text of a
 * query from its parts at every execution (0.1–0.2 ms of main-thread CPU for a statement that
 * returns or selects a table's row, bench/throughput/pg-statement-overhead.ts), a prepared one
 * only fills its placeholders; PostgreSQL parses it once per connection.
 *
 * Returns undefined inside a transaction (`db` a transaction handle): drizzle binds a prepared
 * statement to the session it was built on, and a transaction's session lives as long as the
 * transaction; the caller then runs the query built as usual. `name` must always be built into
 * the same SQL text (it names a prepared statement on every connection of the pool).
 */
export function preparedOn<T>(db: Executor, name: string, build: (db: Db) => T): T | undefined {
  if (db instanceof PgTransaction) return undefined;
  const root = db as Db;
  let byName = statements.get(root);
  if (!byName) {
    byName = new Map();
    statements.set(root, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(root);
    byName.set(name, statement);
  }
  return statement;
}

/** A selected field as drizzle's select takes it: a column, or an SQL expression (with its `mapWith` decoder). */
type SelectedField = Column | SQL;

/** The value a select's `fields` give a row: each column's or expression's decoded type. */
type RowOf<F extends Record<string, SelectedField>> = {
  [K in keyof F]: F[K] extends Column ? F[K]['_']['data'] | null : F[K] extends SQL<infer T> ? T : never;
};

/**
 * A select prepared as drizzle's `.prepare(name)` does (the same SQL text and statement name,
 * built once), whose rows are made from PostgreSQL's arrays by decoders resolved once for the
 * statement: drizzle's own mapping resolves each cell's decoder again with `is()` (a walk of the
 * prototype chain for every expression cell), ~8 % of a documents list's CPU with its 20 × 20
 * cells (decision 623). A value is decoded as drizzle decodes it (a column's
 * `mapFromDriverValue`, an expression's `mapWith`); null stays null.
 *
 * `query` must select `fields` first, in their order (`db.select({ ...fields, ...more })`); the
 * cells it selects after them are not put on the rows: `rest` holds the first row's, undecoded
 * (undefined without rows), e.g. a count that rides on every row.
 */
export function prepareRows<F extends Record<string, SelectedField>>(
  db: Executor,
  name: string,
  fields: F,
  query: { toSQL(): { sql: string; params: unknown[] } },
): { execute(values: Record<string, unknown>): Promise<{ rows: RowOf<F>[]; rest: unknown[] | undefined }> } {
  const keys = Object.keys(fields);
  const decoders = Object.values(fields).map((field): ((value: unknown) => unknown) => {
    if (is(field, Column)) return (value) => field.mapFromDriverValue(value);
    // drizzle keeps an expression's `mapWith` as its `decoder` (not in its type declarations).
    const { decoder } = field as unknown as { decoder: { mapFromDriverValue(value: unknown): unknown } };
    return (value) => decoder.mapFromDriverValue(value);
  });
  const toRows = (arrays: unknown[][]) => ({
    rows: arrays.map((cells) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = cells[i];
        row[keys[i] as string] = value === null ? null : (decoders[i] as (value: unknown) => unknown)(value);
      }
      return row as RowOf<F>;
    }),
    rest: arrays[0]?.slice(keys.length),
  });
  const { sql: text, params } = query.toSQL();
  return db._.session.prepareQuery<{ execute: ReturnType<typeof toRows>; all: unknown; values: unknown }>(
    { sql: text, params },
    undefined,
    name,
    true,
    toRows,
  );
}
