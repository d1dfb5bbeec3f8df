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
 * Refreshes the planner statistics of the stale tables ({@link staleTables}) with
 * `VACUUM (ANALYZE)`, on both databases. Besides the statistics, the vacuum marks the pages
 * all-visible in the visibility map, so index-only scans (the lists' capped counts) skip the
 * table, and sets the rows' hint bits, so the first reads after a bulk load do not write every
 * page (decision 452). On the embedded database nothing else ever vacuums; on PostgreSQL
 * autovacuum would, but only a minute or more after a bulk load, possibly in the middle of the
 * traffic that follows it (at 100,000 freshly loaded documents every capped count fetched its
 * 1,000 rows from the table). A vacuum reads only the pages changed since the last one, so it
 * costs what the load changed. Runs after migrations (`migrateDatabase`), after an import, after
 * a source sync and on the `analyze` schedule (jobs/workers.ts). Idempotent; cheap when nothing
 * changed (one catalog query).
 *
 * @returns the tables analyzed
 */
export async function refreshStatistics(database: Database): Promise<AnalyzedTable[]> {
  const tables = await staleTables(database);
  // One table per statement, so the embedded database answers other queries in between (and
  // VACUUM cannot run inside a transaction block anyway).
  for (const t of tables) await database.query(`VACUUM (ANALYZE) ${quoted(t.table)}`);
  return tables;
}
