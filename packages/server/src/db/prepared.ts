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
