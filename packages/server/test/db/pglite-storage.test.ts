/**
 * The embedded database keeps parsed texts uncompressed (src/db/client.ts `migrateDatabase`):
 * `document_contents.text` and `.pages` have storage EXTERNAL after migrating, also when the
 * migrations ran before (every start sets it), and a stored text reads back unchanged.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrateDatabase, pgliteDatabase } from '../../src/db/client.js';

describe('embedded database: document texts stored uncompressed', () => {
  let database: Database;
  beforeAll(async () => {
    database = pgliteDatabase(await PGlite.create());
    await migrateDatabase(database);
    await migrateDatabase(database);
  });
  afterAll(() => database.close());

  it('sets storage EXTERNAL on the text and pages, no other column', async () => {
    const { rows } = await database.query(
      `select attname, attstorage from pg_attribute
       where attrelid = 'document_contents'::regclass and attnum > 0 and not attisdropped order by attname`,
      [],
    );
    expect(Object.fromEntries(rows.map((r) => [r.attname, r.attstorage]))).toEqual({
      created_at: 'p',
      document_id: 'p',
      pages: 'e',
      parse_metadata: 'x',
      text: 'e',
      text_vector: 'x',
    });
  });

  it('stores a long text without compressing it and reads it back unchanged', async () => {
    const text = 'The parties agree as follows. '.repeat(2_000);
    await database.query(
      `insert into organizations (id, name, slug, kind) values ('00000000-0000-0000-0000-000000000001', 'o', 'o', 'TEAM');
       insert into documents (id, organization_id, status, step, filename, size_bytes, sha256, metadata, labels)
       values ('00000000-0000-0000-0000-000000000002', '00000000-0000-0000-0000-000000000001', 'RECEIVED', 'parse', 'a.pdf', 1, 'x', '{}', '[]')`,
    );
    await database.query(
      `insert into document_contents (document_id, text, pages, parse_metadata) values ($1, $2, $3, '{}')`,
      ['00000000-0000-0000-0000-000000000002', text, JSON.stringify([text])],
    );
    const { rows } = await database.query(
      'select text, pg_column_size(text) as size from document_contents where document_id = $1',
      ['00000000-0000-0000-0000-000000000002'],
    );
    expect(rows[0]?.text).toBe(text);
    expect(rows[0]?.size).toBeGreaterThanOrEqual(text.length);
  });
});
