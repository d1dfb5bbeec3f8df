/**
 * A search hit's snippet (src/documents/search-repository.ts `snippet`, decision 570): built from
 * a window of the text where the query's words occur, not from the whole text, and still marking
 * the match wherever it is. On PostgreSQL, or an in-memory PGlite with SERVICE_TEST_DB=pglite.
 */
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type Database,
  type Db,
  migrateDatabase,
  openDatabase,
  pgliteDatabase,
} from '../../src/db/client.js';
import { drizzleClient } from '../../src/db/pglite-parsers.js';
import * as schema from '../../src/db/schema.js';
import { putContent } from '../../src/documents/content-repository.js';
import { SNIPPET_WINDOW_CHARS, searchDocuments } from '../../src/documents/search-repository.js';
import { type PlanNode, planNodes } from '../support/explain.js';

/** `n` characters of sentences without any word searched below. */
const filler = (n: number) =>
  'The parties meet every quarter to review the schedule. '.repeat(Math.ceil(n / 55)).slice(0, n);

describe('search snippets of long texts', () => {
  let database: Database;
  let org: string;
  const ids = new Map<string, string>();
  /** The same database through a drizzle that logs its statements into `sent`. */
  let logged: Db;
  let pool: pg.Pool | undefined;
  const sent: { sql: string; params: unknown[] }[] = [];
  const logger: Logger = { logQuery: (sql, params) => void sent.push({ sql, params }) };

  /** Stores a processed document `name` with `text`, as the pipeline would (text, vectors). */
  async function addDocument(name: string, text: string) {
    const { rows } = await database.query(
      `insert into documents (id, organization_id, filename, mime_type, size_bytes, sha256, status)
       values (gen_random_uuid(), $1, $2, 'text/plain', $3, md5($2), 'PROCESSED') returning id`,
      [org, name, text.length],
    );
    const id = String(rows[0]?.id);
    await putContent(database.db, { documentId: id, text, pages: [text], parseMetadata: {} });
    ids.set(name, id);
  }

  /** The snippet of `name`'s hit for `query`. */
  async function snippetOf(query: string, name: string) {
    const { hits } = await searchDocuments(database.db, org, query, { page: 0, size: 20 });
    const hit = hits.find((h) => h.row.id === ids.get(name));
    expect(hit, `${name} found by ${query}`).toBeDefined();
    return (hit?.snippet ?? '').replaceAll('\u0001', '[').replaceAll('\u0002', ']');
  }

  beforeAll(async () => {
    const url = inject('databaseUrl');
    if (url) {
      database = await openDatabase({ databaseUrl: url, dataDir: '/tmp' });
      pool = new pg.Pool({ connectionString: url, max: 1 });
      logged = drizzlePg(pool, { schema, logger }) as unknown as Db;
    } else {
      const client = await PGlite.create();
      database = pgliteDatabase(client);
      await migrateDatabase(database);
      logged = drizzlePglite({ client: drizzleClient(client) as never, schema, logger }) as unknown as Db;
    }
    const { rows } = await database.query(
      `insert into organizations (id, name, slug, kind) values (gen_random_uuid(), 'Snippets', 'snippets-' || gen_random_uuid(), 'TEAM') returning id`,
    );
    org = String(rows[0]?.id);
    await addDocument(
      'late.txt',
      `${filler(120_000)} Each party shall indemnify the other against third-party claims. ${filler(20_000)}`,
    );
    await addDocument(
      'toc.txt',
      `Contents: 1. Definitions 9. Indemnification 10. Term ${filler(30_000)} The supplier will indemnify the customer. ${filler(5_000)}`,
    );
    await addDocument(
      'twice.txt',
      `Disputes go to binding arbitration in Delaware. ${filler(200_000)} Appeals of an arbitration award are excluded. ${filler(1_000)}`,
    );
    await addDocument(
      'host.txt',
      `${filler(50_000)} Notices are posted at www.example.com for a year. ${filler(9_000)} Our offices in Zürich close in August. ${filler(1_000)}`,
    );
    await addDocument('Office lease', `${filler(40_000)}`);
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await database?.close();
  });

  it('marks a match that lies deep in a long text, with the words around it', async () => {
    const snippet = await snippetOf('indemnify', 'late.txt');
    expect(snippet).toContain('Each party shall [indemnify] the other against third-party claims');
  });

  it('looks past an earlier word that only shares the stem, and marks the words a phrase query asks for', async () => {
    // "Indemnification" (stem indemnif) comes 30,000 characters before "indemnify" (indemnifi).
    expect(await snippetOf('indemnify', 'toc.txt')).toContain('The supplier will [indemnify] the customer');
    expect(await snippetOf('"supplier will indemnify"', 'toc.txt')).toContain('[supplier] will [indemnify]');
  });

  it('takes its fragments from one window where the words occur, not from the whole text', async () => {
    const snippet = await snippetOf('arbitration', 'twice.txt');
    expect(snippet).toContain('Disputes go to binding [arbitration] in Delaware');
    // The second mention is 200,000 characters later, outside the window of SNIPPET_WINDOW_CHARS:
    // its fragment is not shown (the whole text's snippet had both, at the cost of parsing it all).
    expect(SNIPPET_WINDOW_CHARS).toBeLessThan(200_000);
    expect(snippet).not.toContain('award');
  });

  it('finds a host name, whose dots are not taken for any character, and a word with an accent', async () => {
    expect(await snippetOf('www.example.com', 'host.txt')).toContain('posted at [www.example.com]');
    expect(await snippetOf('Zürich', 'host.txt')).toContain('offices in [Zürich]');
  });

  it("gives the text's beginning when only the filename matches, and when every word is excluded", async () => {
    expect(await snippetOf('lease', 'Office lease')).toMatch(/^The parties meet every quarter/);
    expect(await snippetOf('-indemnify', 'twice.txt')).toMatch(/^Disputes go to binding arbitration/);
  });

  it('locates the match and builds the window snippet once per hit', async () => {
    sent.length = 0;
    const { hits } = await searchDocuments(logged, org, 'indemnify', { page: 0, size: 20 });
    expect(hits).toHaveLength(2);
    const statement = sent[0];
    const { rows } = await database.query(
      `explain (analyze, verbose, format json) ${statement?.sql}`,
      statement?.params,
    );
    const raw = rows[0]?.['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    const nodes = planNodes(plan[0]?.Plan as PlanNode) as (PlanNode & { Output?: string[] })[];
    // The location's aggregate (`max(strpos(text, substring(text from pattern)))`): one sub-plan,
    // run once per hit. Pulled up into the query above it, it was written in twice (once for the
    // check of the window's snippet, once for the snippet itself) and read each text twice.
    const located = nodes.filter((n) => (n.Output ?? []).some((o) => o.startsWith('max(strpos(')));
    expect(located.map((n) => n['Actual Loops'])).toEqual([hits.length]);
  });
});
