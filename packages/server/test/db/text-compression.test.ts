/**
 * On PostgreSQL, parsed texts are compressed with LZ4 where the server has it (migration
 * 0016_texts_lz4, decision 638): a long text and its pages written after migrating are stored
 * LZ4-compressed and read back unchanged; a server without LZ4 keeps pglz and still migrates.
 * (The embedded database stores them uncompressed: pglite-storage.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.js';

const databaseUrl = inject('databaseUrl');

describe.skipIf(!databaseUrl)('PostgreSQL: document texts compressed with LZ4', () => {
  let database: Database;
  let lz4: boolean;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl, dataDir: '' });
    // Whether this server was built with LZ4 (a temporary table's column asks for it).
    lz4 = await database
      .query('create temporary table lz4_probe (t text compression lz4); drop table lz4_probe')
      .then(() => true)
      .catch(() => false);
  });
  afterAll(() => database.close());

  it('sets LZ4 on the text and pages columns, no other', async () => {
    const { rows } = await database.query(
      `select attname, attcompression from pg_attribute
       where attrelid = 'document_contents'::regclass and attnum > 0 and not attisdropped order by attname`,
    );
    const method = lz4 ? 'l' : '';
    expect(Object.fromEntries(rows.map((r) => [r.attname, r.attcompression]))).toEqual({
      created_at: '',
      document_id: '',
      pages: method,
      parse_metadata: '',
      text: method,
      text_vector: '',
    });
  });

  it('stores a long text compressed by that method and reads it back unchanged', async () => {
    const org = crypto.randomUUID();
    const doc = crypto.randomUUID();
    const text = 'The Supplier shall indemnify the Customer against all losses. '.repeat(2_000);
    await database.query(
      `insert into organizations (id, name, slug, kind) values ($1::uuid, 'o', $1::text, 'TEAM')`,
      [org],
    );
    await database.query(
      `insert into documents (id, organization_id, status, step, filename, size_bytes, sha256, metadata, labels)
       values ($1, $2, 'RECEIVED', 'parse', 'a.pdf', 1, 'x', '{}', '[]')`,
      [doc, org],
    );
    await database.query(
      `insert into document_contents (document_id, text, pages, parse_metadata) values ($1, $2, $3, '{}')`,
      [doc, text, JSON.stringify([text])],
    );
    const { rows } = await database.query(
      `select text, pg_column_compression(text) as text_method, pg_column_compression(pages) as pages_method,
              pg_column_size(text) as size
         from document_contents where document_id = $1`,
      [doc],
    );
    expect(rows[0]?.text).toBe(text);
    expect(rows[0]?.text_method).toBe(lz4 ? 'lz4' : 'pglz');
    expect(rows[0]?.pages_method).toBe(lz4 ? 'lz4' : 'pglz');
    expect(Number(rows[0]?.size)).toBeLessThan(text.length / 10);
  });
});
