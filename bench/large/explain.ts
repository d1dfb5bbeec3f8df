/**
 * Where a search's time goes at 100,000 documents (issue 36; docs/performance.md "Large
 * organizations"): the statement `searchDocuments` sends, captured as sent, run warm under
 * `EXPLAIN (ANALYZE, BUFFERS)` and split into planning, finding the newest matches, ranking, the
 * count and the snippets (the statement again with its snippet written as '' gives the snippets'
 * share). Medians of `--runs` executions after one unmeasured.
 *
 * `--real n` first replaces the texts (and vectors) of the newest n documents with real contracts
 * from `--corpus` (CUAD's texts, tens of KB each, cycled), so a common word's first page shows
 * real long documents, whose snippets `ts_headline` builds by parsing the text it is given.
 *
 * `--setup embedded` runs an in-memory PGlite under tsx (no `--liftoff-only`), whose "files" are
 * memory: it shows neither the pages the server's PGlite reads from its files past its shared
 * buffers nor the baseline compiler's cost; `bench/large/split.ts inproc` does (docs/performance.md
 * "Where a search's CPU went").
 *
 * Run: npx tsx bench/large/explain.ts [--setup postgres|embedded] [--documents n] [--real n] [--runs n]
 *   [--query word]... [--plan] [--keep] (PostgreSQL on 127.0.0.1:5432; a database is created and
 *   dropped, or with --keep left for psql and its address printed)
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Database, type Db, migrateDatabase, openDatabase, pgliteDatabase } from '../../packages/server/src/db/client.js';
import { drizzleClient } from '../../packages/server/src/db/pglite-parsers.js';
import * as schema from '../../packages/server/src/db/schema.js';
import { refreshStatistics } from '../../packages/server/src/db/statistics.js';
import { searchDocuments } from '../../packages/server/src/documents/search-repository.js';
import { insertBulkDocuments, useRealTexts } from '../../packages/server/test/support/bulk.js';

const { values: args } = parseArgs({
  options: {
    setup: { type: 'string', default: 'postgres' },
    documents: { type: 'string', default: '100000' },
    real: { type: 'string', default: '0' },
    corpus: { type: 'string', default: '/work/shared/corpus/cuad/txt' },
    runs: { type: 'string', default: '7' },
    query: { type: 'string', multiple: true, default: ['arbitration', 'indemnify', 'confidential'] },
    plan: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

/** The statements a call ran, as drizzle sent them. */
class Captured implements Logger {
  queries: { sql: string; params: unknown[] }[] = [];
  logQuery(sql: string, params: unknown[]) {
    this.queries.push({ sql, params });
  }
}

interface Node {
  'Node Type': string;
  'Actual Total Time': number;
  'Actual Loops': number;
  'Subplan Name'?: string;
  'CTE Name'?: string;
  'Index Name'?: string;
  Plans?: Node[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const nodes = (n: Node): Node[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

async function open(captured: Captured): Promise<{ database: Database; logged: Db; close: () => Promise<void> }> {
  if (args.setup === 'embedded') {
    const client = await PGlite.create();
    const database = pgliteDatabase(client);
    await migrateDatabase(database);
    const logged = drizzlePglite({ client: drizzleClient(client) as never, schema, logger: captured }) as unknown as Db;
    return { database, logged, close: () => database.close() };
  }
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const name = `bench_explain_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = `postgres://postgres@127.0.0.1:5432/${name}`;
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  await migrateDatabase(database);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  const logged = drizzlePg(pool, { schema, logger: captured }) as unknown as Db;
  return {
    database,
    logged,
    close: async () => {
      await pool.end();
      await database.close();
      if (args.keep) console.log(`kept: ${url}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function explain(database: Database, sql: string, params: unknown[]) {
  const { rows } = await database.query(`explain (analyze, buffers, format json) ${sql}`, params);
  const raw = rows[0]?.['QUERY PLAN'];
  return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Node; 'Planning Time': number; 'Execution Time': number }[])[0] as {
    Plan: Node;
    'Planning Time': number;
    'Execution Time': number;
  };
}

async function main() {
  const captured = new Captured();
  const { database, logged, close } = await open(captured);
  try {
    const { rows } = await database.query(
      `insert into organizations (id, name, slug, kind) values (gen_random_uuid(), 'Explain', 'explain-' || gen_random_uuid(), 'TEAM') returning id`,
    );
    const org = String(rows[0]?.id);
    let started = performance.now();
    await insertBulkDocuments(database, org, Number(args.documents));
    await refreshStatistics(database);
    console.log(
      `${args.setup}: ${args.documents} generated documents in ${((performance.now() - started) / 1000).toFixed(0)} s; load ${loadavg()[0]?.toFixed(1)}`,
    );
    await measureAll(database, logged, captured, org);
    if (Number(args.real) > 0) {
      started = performance.now();
      await useRealTexts(database, org, Number(args.real), args.corpus);
      await refreshStatistics(database);
      console.log(
        `${args.setup}: the newest ${args.real} with real texts (${((performance.now() - started) / 1000).toFixed(0)} s); load ${loadavg()[0]?.toFixed(1)}`,
      );
      await measureAll(database, logged, captured, org);
    }
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    await close();
  }
}

/** Prints each query's pieces (medians of `--runs`). */
async function measureAll(database: Database, logged: Db, captured: Captured, org: string) {
    let started = performance.now();
    for (const query of args.query) {
      captured.queries = [];
      const result = await searchDocuments(logged, org, query, { page: 0, size: 20 });
      const statement = captured.queries[0];
      if (!statement) throw new Error('no statement captured');
      // The snippets' text given as '' (their parameters kept): what the statement costs without them.
      const bare = statement.sql.replaceAll('"document_contents"."text"', "''::text");
      if (bare === statement.sql) throw new Error('no snippet text found in the statement');
      const chars = await database.query(
        `select coalesce(sum(least(length(text), 500000)), 0)::int as chars from document_contents where document_id = any($1::uuid[])`,
        [result.hits.map((h) => h.row.id)],
      );
      const pieces: Record<string, number[]> = { planning: [], execution: [], newest: [], ranked: [], count: [], withoutSnippets: [] };
      started = performance.now();
      for (let run = 0; run <= Number(args.runs); run++) {
        const full = await explain(database, statement.sql, statement.params);
        const without = await explain(database, bare, statement.params);
        if (run === 0) {
          if (args.plan) console.log(JSON.stringify(full.Plan, null, 1));
          continue;
        }
        const all = nodes(full.Plan);
        // The CTEs are inlined: the newest matches are the innermost limit over the scan of
        // document_search (not the first page's fence above it, a limit over their subquery),
        // the ranked page the top-N sort above the window functions (decision 608: ts_rank_cd of
        // each under the count; before it, row_number and the count, then ts_rank_cd above them).
        const newestLimit = all.findLast(
          (n) =>
            n['Node Type'] === 'Limit' &&
            n.Plans?.[0]?.['Node Type'] !== 'Subquery Scan' &&
            nodes(n).some((c) => (c as { 'Relation Name'?: string })['Relation Name'] === 'document_search'),
        );
        const newest = newestLimit?.['Actual Total Time'] ?? NaN;
        const pageSort = all.find(
          (n) => n['Node Type'] === 'Sort' && ['WindowAgg', 'Subquery Scan'].includes(n.Plans?.[0]?.['Node Type'] ?? ''),
        );
        const cte = (name: string) => (name === 'newest' ? newest : (pageSort?.['Actual Total Time'] ?? NaN));
        pieces.planning?.push(full['Planning Time']);
        pieces.execution?.push(full['Execution Time']);
        pieces.newest?.push(cte('newest'));
        pieces.ranked?.push(cte('page'));
        pieces.count?.push(
          // the count(*) of the matches (the snippets' subqueries are sub-plans too)
          all.filter(
            (n) =>
              n['Subplan Name']?.startsWith('InitPlan') &&
              nodes(n).some((c) => (c as { 'Relation Name'?: string })['Relation Name'] === 'document_search'),
          )
            .reduce((s, n) => s + n['Actual Total Time'] * n['Actual Loops'], 0),
        );
        pieces.withoutSnippets?.push(without['Execution Time']);
      }
      const m = Object.fromEntries(Object.entries(pieces).map(([k, v]) => [k, median(v)]));
      const walked = nodes((await explain(database, statement.sql, statement.params)).Plan).some(
        (n) => n['Index Name'] === 'document_search_org_created_idx',
      );
      console.log(
        `  ${query.padEnd(14)} total ${result.total}${result.totalExact ? '' : '+'}, ${walked ? 'walk' : 'bitmap'}: planning ${m.planning?.toFixed(2)} ms, execution ${m.execution?.toFixed(2)} ms` +
          ` (newest matches ${m.newest?.toFixed(2)}, ranked page ${m.ranked?.toFixed(2)} incl. newest, count ${m.count?.toFixed(2)},` +
          ` snippets ${((m.execution ?? 0) - (m.withoutSnippets ?? 0)).toFixed(2)} over ${chars.rows[0]?.chars} chars); load ${loadavg()[0]?.toFixed(1)}`,
      );
    }
}

await main();
