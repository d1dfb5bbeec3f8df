/**
 * Planner statistics (docs/performance.md "Planner statistics"). The query planner chooses index
 * or sequential scans, join orders and join methods from `pg_class.reltuples`/`relpages` and the
 * per-column statistics that `ANALYZE` gathers. PostgreSQL's autovacuum runs it after enough rows
 * change, but only eventually (a bulk load is planned blind until it does); the embedded PGlite
 * has no autovacuum at all, so without this module its tables are never analyzed and, e.g., the
 * search's join took a quadratic nested loop (329 ms at 300 documents; 2 ms after one ANALYZE).
 */
import type { Database } from './client.js';

/** A table whose statistics were refreshed, and why. */
export interface AnalyzedTable {
  /** `schema.table` */
  table: string;
  reason: 'never' | 'grown' | 'shrunk';
}

/**
 * Smallest change of a table's size, in 8 KiB pages, that makes its statistics stale: small
 * tables are planned well enough from their size alone, which PostgreSQL reads live.
 */
const MIN_CHANGED_PAGES = 8;
/** Share of a table's pages at its last analysis by which its size must have moved to be stale. */
const CHANGED_SHARE = 0.1;

/**
 * The tables of the service's schemas (`public`, pg-boss's `pgboss`) whose statistics are missing
 * or stale: never analyzed (`reltuples` −1, PostgreSQL 14+) although they hold pages, or whose
 * size in pages moved by more than 10 % (at least 8 pages) since `relpages` was last set by
 * ANALYZE or VACUUM. Judged from the table's size rather than `pg_stat_user_tables`, whose
 * counters PGlite does not keep up to date. One catalog query, no table is read.
 */
export async function staleTables(database: Database): Promise<AnalyzedTable[]> {
  const { rows } = await database.query(
    `select n.nspname || '.' || c.relname as "table", c.reltuples::float8 as tuples, c.relpages as pages,
            (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as now_pages
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'pgboss')`,
  );
  const stale: AnalyzedTable[] = [];
  for (const r of rows) {
    const table = String(r.table);
    const pages = Number(r.pages);
    const nowPages = Number(r.now_pages);
    const moved = Math.abs(nowPages - pages);
    if (Number(r.tuples) < 0) {
      if (nowPages > 0) stale.push({ table, reason: 'never' });
    } else if (moved >= MIN_CHANGED_PAGES && moved > pages * CHANGED_SHARE) {
      stale.push({ table, reason: nowPages > pages ? 'grown' : 'shrunk' });
    }
  }
  return stale;
}

/** `schema.table` as a quoted identifier pair (names come from the catalog, quoting keeps them literal). */
function quoted(table: string): string {
  return table
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');
}

/**
 * Refreshes the planner statistics of the stale tables ({@link staleTables}). On PostgreSQL
 * `ANALYZE` (its autovacuum vacuums); on the embedded database `VACUUM (ANALYZE)`, since nothing else there ever vacuums: it also marks
 * pages all-visible (index-only scans, e.g. the capped counts of the lists, then skip the
 * table) and makes dead row versions' space reusable. Runs after migrations
 * (`migrateDatabase`), after an import, after a source sync and on the `analyze` schedule
 * (jobs/workers.ts). Idempotent; cheap when nothing changed (one catalog query).
 *
 * @returns the tables analyzed
 */
export async function refreshStatistics(database: Database): Promise<AnalyzedTable[]> {
  const tables = await staleTables(database);
  if (tables.length === 0) return tables;
  const command = database.kind === 'pglite' ? 'VACUUM (ANALYZE)' : 'ANALYZE';
  // One table per statement, so the embedded database answers other queries in between.
  for (const t of tables) await database.query(`${command} ${quoted(t.table)}`);
  return tables;
}
