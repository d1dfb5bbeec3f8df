/**
 * The main lists' plans at size (docs/performance.md "Lists"): with thousands of documents,
 * contracts, alerts and audit entries in one organization, analyzed, every statement of the
 * documents list (each sort and filter), the search, the contracts list (each sort, both
 * directions), the alerts list and the audit log is EXPLAINed as it ran (drizzle's logger
 * captures SQL and parameters) and must not scan a large table sequentially: a page costs its
 * index entries, not the organization. On PostgreSQL, or an in-memory PGlite with SERVICE_TEST_DB=pglite.
 */
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listAlerts } from '../../src/alerts/repository.js';
import { listAudit } from '../../src/audit/repository.js';
import { findContractByDocument, listContracts } from '../../src/contracts/repository.js';
import { type Database, type Db, migrateDatabase, pgliteDatabase } from '../../src/db/client.js';
import { drizzleClient } from '../../src/db/pglite-parsers.js';
import * as schema from '../../src/db/schema.js';
import { refreshStatistics } from '../../src/db/statistics.js';
import { listDocuments } from '../../src/documents/list-repository.js';
import {
  confirmedExamplesVersion,
  documentContractLink,
  findBySha,
  linkDocumentToContract,
} from '../../src/documents/repository.js';
import { searchDocuments } from '../../src/documents/search-repository.js';
import { insertBulkDocuments } from '../support/bulk.js';
import { type PlanNode, planNodes } from '../support/explain.js';

const DOCUMENTS = 20_000;
const ROWS = 4000;
/** Tables too large to read whole for one page. */
const LARGE = ['documents', 'document_contents', 'document_search', 'contracts', 'alerts', 'audit_entries'];

/** The statements a call ran, as drizzle sent them. */
class Captured implements Logger {
  queries: { sql: string; params: unknown[] }[] = [];
  logQuery(sql: string, params: unknown[]) {
    this.queries.push({ sql, params });
  }
}

describe('plans of the main lists at size', () => {
  let database: Database;
  let logged: Db;
  let pool: pg.Pool | undefined;
  const captured = new Captured();
  let org: string;

  beforeAll(async () => {
    const url = inject('databaseUrl');
    if (url) {
      pool = new pg.Pool({ connectionString: url, max: 2 });
      logged = drizzlePg(pool, { schema, logger: captured }) as unknown as Db;
      database = {
        kind: 'postgres',
        db: logged,
        query: async (text, values) => ({ rows: (await pool?.query(text, values))?.rows ?? [] }),
      } as Database;
    } else {
      const client = await PGlite.create();
      database = pgliteDatabase(client);
      await migrateDatabase(database);
      logged = drizzlePglite({
        client: drizzleClient(client) as never,
        schema,
        logger: captured,
      }) as unknown as Db;
    }
    const { rows } = await database.query(
      `insert into organizations (id, name, slug, kind) values (gen_random_uuid(), 'Plans', 'plans-' || gen_random_uuid(), 'TEAM') returning id`,
    );
    org = String(rows[0]?.id);
    await insertBulkDocuments(database, org, DOCUMENTS);
    // Each contract derived from a document (as the pipeline makes them; bench/scale).
    await database.query(
      `insert into contracts (id, organization_id, document_id, origin, vendor, type, renewal_date, annual_value, status)
       select gen_random_uuid(), $1, d.id, 'DOCUMENT', 'Vendor ' || (g % 500), 'MSA',
              case when g % 10 = 0 then null else date '2027-01-01' + (g % 700) end,
              case when g % 9 = 0 then null else g * 10.0 end, 'ACTIVE'
         from (select id, (row_number() over (order by id))::int as g
                 from documents where organization_id = $1 order by id limit $2::int) d`,
      [org, ROWS],
    );
    await database.query(
      `insert into alerts (id, organization_id, kind, status, dedupe_key, title, created_at, due_date)
       select gen_random_uuid(), $1, 'contract.renewal_upcoming', case when g % 3 = 0 then 'RESOLVED' else 'OPEN' end,
              'k' || g, 'Alert ' || g, now() - g * interval '1 minute', current_date + (g * 7919) % 400
         from generate_series(1, $2::int) g`,
      [org, ROWS],
    );
    await database.query(
      `insert into audit_entries (id, organization_id, actor_type, action, resource_type, created_at)
       select gen_random_uuid(), $1, 'SYSTEM', 'document.delete', 'document', now() - g * interval '1 minute'
         from generate_series(1, $2::int) g`,
      [org, ROWS],
    );
    await refreshStatistics(database);
  }, 240_000);
  afterAll(async () => {
    await pool?.end();
    if (!pool) await database?.close();
  });

  /** Runs `call` with the logging database and EXPLAINs each statement it ran; returns the plans' nodes. */
  async function plansOf(call: (db: Db) => Promise<unknown>) {
    captured.queries = [];
    await call(logged);
    expect(captured.queries.length).toBeGreaterThan(0);
    const all: { sql: string; nodes: PlanNode[] }[] = [];
    for (const q of captured.queries) {
      const { rows } = await database.query(`explain (format json) ${q.sql}`, q.params);
      const raw = rows[0]?.['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
      all.push({ sql: q.sql, nodes: planNodes(plan[0]?.Plan as PlanNode) });
    }
    return all;
  }

  /** No sequential scan of a large table in any statement `call` ran. */
  async function expectNoLargeSeqScan(call: (db: Db) => Promise<unknown>) {
    for (const plan of await plansOf(call)) {
      const seq = plan.nodes.filter(
        (n) => n['Node Type'] === 'Seq Scan' && LARGE.includes(n['Relation Name'] ?? ''),
      );
      // The statement beside its scans, so a failure names what to index.
      expect({ sql: plan.sql, seq: seq.map((n) => n['Relation Name']) }).toEqual({ sql: plan.sql, seq: [] });
    }
  }

  const page = { page: 0, size: 20 };

  it('documents list: every sort, direction and filter walks an index', async () => {
    for (const field of ['created_at', 'filename', 'status', 'label_confidence'] as const)
      for (const direction of ['asc', 'desc'] as const)
        await expectNoLargeSeqScan((db) => listDocuments(db, org, { ...page, field, direction }));
    const base = { ...page, field: 'created_at' as const, direction: 'desc' as const };
    await expectNoLargeSeqScan((db) => listDocuments(db, org, { ...base, status: 'FAILED' }));
    await expectNoLargeSeqScan((db) => listDocuments(db, org, { ...base, label: 'Invoice' }));
    await expectNoLargeSeqScan((db) =>
      listDocuments(db, org, { ...base, sourceId: '00000000-0000-4000-8000-000000000000' }),
    );
    await expectNoLargeSeqScan((db) =>
      listDocuments(db, org, { ...base, createdAfter: new Date(Date.now() - 30 * 86_400_000) }),
    );
    // The review queue: processed documents whose labels nobody confirmed yet.
    await expectNoLargeSeqScan((db) =>
      listDocuments(db, org, { ...base, status: 'PROCESSED', labelsConfirmed: false }),
    );
    // ... in the review order, least sure first (docs/pipeline.md "The review order").
    await expectNoLargeSeqScan((db) =>
      listDocuments(db, org, {
        ...page,
        field: 'label_confidence',
        direction: 'asc',
        status: 'PROCESSED',
        labelsConfirmed: false,
      }),
    );
    // Past the last page: the separate count too.
    await expectNoLargeSeqScan((db) => listDocuments(db, org, { ...base, status: 'FAILED', page: 100 }));
  });

  it('the review queue walks its order on the label-confidence index, both directions', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const plans = await plansOf((db) =>
        listDocuments(db, org, { ...page, field: 'label_confidence', direction, labelsConfirmed: false }),
      );
      // The page's rows come in the index's order (NULLS FIRST, walked backwards for desc): no
      // sort of the organization's unconfirmed documents before the first 20.
      const names = plans[0]?.nodes.map((n) => n['Index Name'] ?? n['Node Type']) ?? [];
      expect(names).toContain('documents_org_label_confidence_idx');
    }
  });

  it("the confirmed documents' version, asked by every classification, reads only confirmed rows", async () => {
    const plans = await plansOf((db) => confirmedExamplesVersion(db, org));
    const reads = plans.flatMap((p) => p.nodes).filter((n) => n['Relation Name'] === 'documents');
    expect(reads.length).toBeGreaterThan(0);
    // The index condition holds the flag: no read of every document of the organization filtered afterwards.
    for (const node of reads) expect(node['Index Cond'] ?? '').toContain('labels_confirmed');
  });

  it("a document's contract, asked by every derive, is found by its document id", async () => {
    const { rows } = await database.query(
      'select document_id from contracts where organization_id = $1 and document_id is not null limit 1',
      [org],
    );
    const documentId = String(rows[0]?.document_id);
    const found = await findContractByDocument(logged, org, documentId);
    expect(found?.documentId).toBe(documentId);
    const plans = await plansOf((db) => findContractByDocument(db, org, documentId));
    const reads = plans.flatMap((p) => p.nodes).filter((n) => n['Relation Name'] === 'contracts');
    expect(reads.length).toBeGreaterThan(0);
    // The index condition holds the document: no walk of the organization's contracts filtered
    // afterwards (as bench/scale saw on a table never analyzed; docs/scaling.md).
    for (const node of reads)
      expect(node['Index Cond'] ?? node['Recheck Cond'] ?? '').toContain('document_id');
  });

  it("an upload's duplicate check and a document's contract link read one document", async () => {
    const { rows } = await database.query(
      `select c.id as contract_id, d.id, d.sha256 from contracts c join documents d on d.id = c.document_id
        where c.organization_id = $1 limit 1`,
      [org],
    );
    const {
      id,
      sha256,
      contract_id: contractId,
    } = rows[0] as { id: string; sha256: string; contract_id: string };
    // Index conditions on the unique key: no walk of the organization's documents filtered
    // afterwards, as bench/scale saw for these statements on a table of a few hundred rows never
    // analyzed, where every index of the organization costs the same (docs/scaling.md item 4).
    const calls: [(db: Db) => Promise<unknown>, RegExp][] = [
      [(db) => findBySha(db, org, sha256), /sha256 = /],
      [(db) => documentContractLink(db, org, id), /\(id = /],
      [(db) => linkDocumentToContract(db, org, id, contractId), /\(id = /],
    ];
    for (const [call, condition] of calls) {
      const reads = (await plansOf(call))
        .flatMap((p) => p.nodes)
        // The scans: an UPDATE's own node (ModifyTable) names the table too.
        .filter((n) => n['Relation Name'] === 'documents' && n['Node Type'] !== 'ModifyTable');
      expect(reads.length).toBeGreaterThan(0);
      for (const node of reads)
        expect(`${node['Node Type']}: ${node['Index Cond'] ?? ''}`).toMatch(condition);
    }
  });

  it('documents list: the total is capped beyond the page, flagged inexact', async () => {
    const r = await listDocuments(logged, org, { ...page, field: 'created_at', direction: 'desc' });
    expect(r.rows).toHaveLength(20);
    expect(r).toMatchObject({ total: 1000, totalExact: false });
    const failed = await listDocuments(logged, org, {
      ...page,
      field: 'created_at',
      direction: 'desc',
      status: 'FAILED',
    });
    expect(failed).toMatchObject({ total: DOCUMENTS / 50, totalExact: true });
  });

  it('search: the GIN index finds the matches, with and without filters', async () => {
    await expectNoLargeSeqScan((db) => searchDocuments(db, org, 'arbitration', page));
    await expectNoLargeSeqScan((db) =>
      searchDocuments(db, org, 'arbitration', { ...page, status: 'PROCESSED' }),
    );
    await expectNoLargeSeqScan((db) =>
      searchDocuments(db, org, 'arbitration -indemnify', { ...page, label: 'Policy' }),
    );
    await expectNoLargeSeqScan((db) =>
      searchDocuments(db, org, 'indemnify', {
        ...page,
        sourceId: '00000000-0000-4000-8000-000000000000',
        createdAfter: new Date(Date.now() - 300 * 86_400_000),
      }),
    );
    // Beyond the ranked window, and past the last page (the count asked again).
    await expectNoLargeSeqScan((db) => searchDocuments(db, org, 'indemnify', { page: 60, size: 20 }));
    await expectNoLargeSeqScan((db) => searchDocuments(db, org, 'arbitration', { page: 100, size: 20 }));
    const r = await searchDocuments(logged, org, 'arbitration', page);
    // One in 100 has the word; one in 97 of those is RECEIVED, without text.
    expect(r).toMatchObject({ total: DOCUMENTS / 100 - 2, totalExact: true });
    expect(r.hits).toHaveLength(20);
    expect(r.hits[0]?.snippet).toContain('\u0001arbitr');
  });

  it('search: a common word walks the newest documents, a rare one reads its few matches from the GIN index', async () => {
    const indexes = async (query: string) =>
      (await plansOf((db) => searchDocuments(db, org, query, page)))
        .flatMap((p) => p.nodes)
        .filter((n) => n['Relation Name'] === 'document_search')
        .map((n) => n['Index Name'] ?? n['Node Type']);
    // One document in two says "confidential": its 1,000 newest matches are among the newest
    // ~2,000 documents, where the GIN index would read all 10,000 of its matches here (at
    // 100,000 documents on PGlite 105 ms, walked 15; docs/search.md "Cost"). The statement is
    // planned with its words (unnamed): a named one's generic plan could not tell.
    expect(await indexes('confidential')).toContain('document_search_org_created_idx');
    // One in 100 says "arbitration": walking would read the whole organization for 200 rows.
    expect(await indexes('arbitration')).not.toContain('document_search_org_created_idx');
  });

  it('search: the first page counts the newest matches it found, a later page counts them again', async () => {
    const scans = async (query: string, p: { page: number; size: number }) =>
      (await plansOf((db) => searchDocuments(db, org, query, p)))[0]?.nodes.filter(
        (n) => n['Relation Name'] === 'document_search' && n['Node Type'] !== 'Bitmap Index Scan',
      ).length;
    // The first page's window of 1,000 newest matches is the count's limit: one read of the
    // matches (it was two: the count scanned them again, 3–6 ms at 100,000 documents).
    expect(await scans('arbitration', page)).toBe(1);
    expect(await scans('confidential', page)).toBe(1);
    // Page 10 counts to its offset + 1,000, past the window: its own scan.
    expect(await scans('arbitration', { page: 10, size: 20 })).toBe(2);
    // Both count the same: exact below the limit, capped at it above.
    expect(await searchDocuments(logged, org, 'arbitration', page)).toMatchObject({
      total: DOCUMENTS / 100 - 2,
      totalExact: true,
    });
    expect(await searchDocuments(logged, org, 'confidential', page)).toMatchObject({
      total: 1000,
      totalExact: false,
    });
  });

  it('search: more matches than the ranked window: the newest ranked, the rest newest first', async () => {
    // ~2,000 documents say "indemnify": the total is capped, the first pages are the 1,000
    // newest by rank, the pages after them continue newest first.
    const first = await searchDocuments(logged, org, 'indemnify', page);
    expect(first).toMatchObject({ total: 1000, totalExact: false });
    const ranks = first.hits.map((h) => h.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    const windowEnd = await searchDocuments(logged, org, 'indemnify', { page: 49, size: 20 });
    const beyond = await searchDocuments(logged, org, 'indemnify', { page: 50, size: 20 });
    expect(beyond.hits).toHaveLength(20);
    // Counted to 1,000 beyond this page's offset: all of them (one in 97 is RECEIVED, without text).
    expect(beyond).toMatchObject({ total: 1980, totalExact: true });
    const created = beyond.hits.map((h) => h.row.createdAt.getTime());
    expect(created).toEqual([...created].sort((a, b) => b - a));
    // Every ranked document is newer than every one after the window.
    const oldestRanked = Math.min(
      ...[...first.hits, ...windowEnd.hits].map((h) => h.row.createdAt.getTime()),
    );
    expect(Math.max(...created)).toBeLessThan(oldestRanked);
    expect(beyond.hits.every((h) => h.rank > 0 && h.snippet.includes('\u0001indemnify'))).toBe(true);
  });

  it('search: each page is the plain definition of the order: the newest 1,000 by rank, then newest first', async () => {
    // What a page must hold, from one plain statement: the newest matches (newest first, then
    // by id) with their rank; the first 1,000 of them by rank (then newest, then id), the rest
    // in their own order. The statement is written otherwise for speed (decision 608); its
    // pages, ranks and totals must be these.
    const expected = async (query: string, p: { page: number; size: number }) => {
      const { rows } = await database.query(
        `select document_id as id, ts_rank_cd(vector, websearch_to_tsquery('english', $2), 1) as rank,
                created_at
           from document_search
          where organization_id = $1 and vector @@ websearch_to_tsquery('english', $2)
          order by created_at desc, document_id
          limit $3`,
        [org, query, Math.max(1000, (p.page + 1) * p.size)],
      );
      const found = rows.map((r) => ({
        id: String(r.id),
        rank: Number(r.rank),
        at: new Date(String(r.created_at)).getTime(),
      }));
      const ranked = found
        .slice(0, 1000)
        .sort((a, b) => b.rank - a.rank || b.at - a.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return [...ranked, ...found.slice(1000)].slice(p.page * p.size, (p.page + 1) * p.size);
    };
    for (const [query, pages] of [
      ['indemnify', [0, 3, 49, 50, 51]],
      ['arbitration', [0, 9]],
      ['confidential -indemnify', [0]],
    ] as const)
      for (const n of pages) {
        const p = { page: n, size: 20 };
        const got = await searchDocuments(logged, org, query, p);
        const want = await expected(query, p);
        expect(want.length, `${query} page ${n}`).toBeGreaterThan(0);
        expect(
          got.hits.map((h) => ({ id: h.row.id, rank: h.rank })),
          `${query} page ${n}`,
        ).toEqual(want.map((w) => ({ id: w.id, rank: w.rank })));
      }
  });

  it('contracts, alerts and audit: every sort and filter walks an index', async () => {
    for (const sort of ['renewal_date', 'annual_value', 'vendor'] as const)
      for (const order of ['asc', 'desc'] as const)
        await expectNoLargeSeqScan((db) => listContracts(db, org, { ...page, sort, order }));
    await expectNoLargeSeqScan((db) =>
      listContracts(db, org, { ...page, sort: 'renewal_date', order: 'asc', status: 'ACTIVE' }),
    );
    await expectNoLargeSeqScan((db) => listAlerts(db, org, page));
    await expectNoLargeSeqScan((db) => listAlerts(db, org, { ...page, status: 'OPEN' }));
    await expectNoLargeSeqScan((db) => listAlerts(db, org, { ...page, kind: 'contract.renewal_upcoming' }));
    // By due date within a status (the console's tabs): the page walks the status's due dates.
    await expectNoLargeSeqScan((db) =>
      listAlerts(db, org, { ...page, status: 'OPEN', sort: 'due_date', order: 'asc' }),
    );
    const plans = await plansOf((db) =>
      listAlerts(db, org, { ...page, status: 'OPEN', sort: 'due_date', order: 'asc' }),
    );
    expect(plans[0]?.nodes.map((n) => n['Index Name'] ?? n['Node Type'])).toContain(
      'alerts_org_status_due_idx',
    );
    for (const direction of ['asc', 'desc'] as const)
      await expectNoLargeSeqScan((db) => listAudit(db, { organizationId: org }, { ...page, direction }));
  });
});
