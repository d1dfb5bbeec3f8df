/**
 * PGlite's protocol reader as scripts/patch-pglite.mjs leaves it (decision 627): installed by
 * `npm ci`/`make install`, and reading every text it is sent as written, whatever its length,
 * script or place in PGlite's output buffers.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const script = readFileSync(new URL('../../../../scripts/patch-pglite.mjs', import.meta.url), 'utf8');
const patched = /const PATCHED =\s*'([^']+)'/.exec(script)?.[1];

/** Texts at the edges of a UTF-8 decoder's work: empty, one byte, two-, three- and four-byte characters, long. */
const TEXTS = [
  '',
  'a',
  'Käufer – Kündigungsfrist drei (3) Monate',
  'Le présent contrat prend effet à la date de sa signature.',
  '本契約は署名日に発効する',
  '📄 signed 🔏',
  'ß'.repeat(70_000),
  `${'Notice period: ninety (90) days. '.repeat(3_000)}€`,
];

describe("PGlite's protocol reader (scripts/patch-pglite.mjs)", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec('create table t (i int primary key, body text, doc json)');
    for (const [i, body] of TEXTS.entries())
      await db.query('insert into t values ($1, $2, $3)', [i, body, JSON.stringify({ body, i })]);
    await db.query('insert into t values ($1, null, null)', [TEXTS.length]);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('is the patched reader, which decodes a view of the bytes instead of a copy', () => {
    expect(patched).toContain('new Uint8Array(');
    const pglite = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    // The ES build imports this chunk; the script patched it (npm ci's postinstall, make install).
    expect(readFileSync(path.join(pglite, 'chunk-Y6PULSM7.js'), 'utf8')).toContain(patched);
  });

  it('reads every text and JSON value back as written, by the extended and the simple protocol', async () => {
    const extended = await db.query<{ i: number; body: string | null; doc: unknown }>(
      'select i, body, doc from t order by i',
    );
    const simple = await db.exec('select i, body, doc::text as doc from t order by i');
    const simpleRows = simple[0]?.rows as { i: number; body: string | null; doc: string | null }[];
    for (const [i, body] of TEXTS.entries()) {
      expect(extended.rows[i]?.body, `text ${i}`).toBe(body);
      expect(extended.rows[i]?.doc).toEqual({ body, i });
      expect(simpleRows[i]?.body).toBe(body);
      expect(JSON.parse(simpleRows[i]?.doc ?? 'null')).toEqual({ body, i });
    }
    expect(extended.rows[TEXTS.length]).toEqual({ i: TEXTS.length, body: null, doc: null });
  });

  it('reads many rows in one answer (several of PGlite’s output chunks) field by field', async () => {
    const { rows } = await db.query<{ n: number; s: string }>(
      "select n, repeat('é€' || n::text, n % 50) as s from generate_series(1, 5000) n",
    );
    expect(rows).toHaveLength(5000);
    for (const { n, s } of rows) expect(s).toBe(`é€${n}`.repeat(n % 50));
  });
});
