import { createHash, randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { entryNames } from '../../src/documents/export.js';
import { addMember, createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';
import { corpusFile, putDemoOntology, upload, waitForDocument } from './helpers.js';

/** Two Common Paper agreements (extracted by the built-in plugins) and GitHub's privacy statement. */
const FILES = [
  ['agreements-md', 'commonpaper', 'Mutual-NDA', 'Mutual-NDA.md'],
  // A signed contract: the Common Paper templates are blank, with no value to export.
  ['cuad', 'txt', 'ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt'],
  ['policies-md', 'privacy-policies', 'github-general-privacy-statement.md'],
] as const;

/** Every entry of a ZIP held in memory, by name. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    }),
  );
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('exporting a selection of documents (POST /api/v1/documents/export)', () => {
  let app: TestApp;
  let h: Record<string, string>;
  let memberHeaders: Record<string, string>;
  let foreignDocument: string;
  const ids: string[] = [];

  const exportOf = (headers: Record<string, string>, payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/v1/documents/export', headers, payload: payload as object });

  beforeAll(async () => {
    ({ app } = await createTestApp());
    const [owner, member, stranger] = await Promise.all([signUp(app), signUp(app), signUp(app)]);
    const team = await createTeam(app, owner);
    await addMember(app, owner, team, member, 'MEMBER');
    h = inOrg(owner, team);
    memberHeaders = inOrg(member, team);
    await putDemoOntology(app, h);
    for (const parts of FILES) {
      const res = await upload(app, h, corpusFile(...parts), parts[parts.length - 1] as string);
      expect(res.statusCode, res.body).toBe(202);
      ids.push(res.json().id);
    }
    // A second file under the name of the first: the archive must keep both.
    const same = await upload(
      app,
      h,
      corpusFile('agreements-md', 'commonpaper', 'SLA', 'sla.md'),
      'Mutual-NDA.md',
    );
    ids.push(same.json().id);
    for (const id of ids) expect((await waitForDocument(app, h, id)).status).toBe('PROCESSED');
    const other = inOrg(stranger, await createTeam(app, stranger));
    foreignDocument = (await upload(app, other, corpusFile(...FILES[0]), 'foreign.md')).json().id;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
  });

  it('answers a CSV with a row per document in the order chosen, its label path and extracted values', async () => {
    const chosen = [ids[1], ids[0], ids[2]] as string[];
    const res = await exportOf(memberHeaders, { document_ids: chosen });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="documents-\d{8}-\d{6}\.csv"$/);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.id)).toEqual(chosen);
    expect(rows.map((r) => r.filename)).toEqual([
      'ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt',
      'Mutual-NDA.md',
      'github-general-privacy-statement.md',
    ]);
    // Each row carries what the document's page shows: labels as a path, values as text.
    for (const row of rows) {
      const doc = (
        await app.inject({ method: 'GET', url: `/api/v1/documents/${row.id}`, headers: h })
      ).json();
      expect(row.labels).toBe(doc.labels.join(' > '));
      expect(row.status).toBe('PROCESSED');
      for (const [field, value] of Object.entries(doc.extraction?.data ?? {})) {
        if (field.startsWith('_') || value === null) continue;
        expect(row[field], `${row.filename} ${field}`).not.toBe('');
      }
    }
    const fieldColumns = Object.keys(rows[0] ?? {}).slice(7);
    expect(fieldColumns.length).toBeGreaterThan(0);
  });

  it('answers a ZIP of the original files beside documents.csv, two files of one name kept apart', async () => {
    const res = await exportOf(h, { document_ids: ids, format: 'zip' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = await unzip(res.rawPayload);
    const names = [...entries.keys()];
    expect(names[0]).toBe('documents.csv');
    expect(names).toHaveLength(ids.length + 1);
    expect(names).toContain('files/Mutual-NDA.md');
    expect(names).toContain(`files/${ids[3]?.slice(0, 8)}-Mutual-NDA.md`);
    expect(sha(entries.get('files/Mutual-NDA.md') as Buffer)).toBe(sha(corpusFile(...FILES[0])));
    expect(sha(entries.get(`files/${ids[3]?.slice(0, 8)}-Mutual-NDA.md`) as Buffer)).toBe(
      sha(corpusFile('agreements-md', 'commonpaper', 'SLA', 'sla.md')),
    );
    const rows = parse(entries.get('documents.csv') as Buffer, { columns: true }) as { id: string }[];
    expect(rows.map((r) => r.id)).toEqual(ids);
  });

  it("exports nothing when an id is not the organization's, and names each such id", async () => {
    const unknown = randomUUID();
    const res = await exportOf(h, { document_ids: [ids[0], foreignDocument, unknown] });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual([
      { field: 'body.document_ids[1]', message: 'no such document' },
      { field: 'body.document_ids[2]', message: 'no such document' },
    ]);
  });

  it('refuses an empty selection, an unknown format or an unknown key with 400 saying what is wrong', async () => {
    for (const payload of [
      { document_ids: [] },
      { document_ids: [ids[0]], format: 'xlsx' },
      { document_ids: [ids[0]], colour: 'red' },
      { document_ids: ['not-an-id'] },
    ]) {
      const res = await exportOf(h, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail, JSON.stringify(payload)).toMatch(/body/);
    }
  });

  it('records who exported how many documents in the audit log', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/audit-log?action=document.export',
      headers: h,
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().content as { changes: Record<string, unknown>; actor: { email: string } }[];
    expect(entries.map((e) => e.changes)).toEqual(
      expect.arrayContaining([
        { format: 'csv', documents: 3 },
        { format: 'zip', documents: 4 },
      ]),
    );
  });
});

describe('entry names of the ZIP of a selection', () => {
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;
  const id = (n: number) => `0199aaa${n}-0000-7000-8000-000000000000`;

  it('cuts a long name between characters and keeps its extension (300 emoji)', () => {
    const [name] = entryNames([{ id: id(1), filename: `a${'😀'.repeat(300)}.pdf` }]);
    const file = (name ?? '').slice('files/'.length);
    expect(file).toMatch(/^a😀+\.pdf$/u);
    expect(file).not.toMatch(lone);
    expect(file.length).toBeLessThanOrEqual(150);
  });

  it('keeps a name within 255 UTF-8 bytes (Linux, macOS) with its id prefix, for any script', () => {
    const filename = `${'請求書'.repeat(60)}.pdf`;
    const names = entryNames([
      { id: id(1), filename },
      { id: id(2), filename },
    ]);
    for (const name of names) {
      const file = name.slice('files/'.length);
      expect(Buffer.byteLength(file)).toBeLessThanOrEqual(255);
      expect(file.endsWith('.pdf')).toBe(true);
    }
    expect(names[1]).toBe(`files/0199aaa2-${names[0]?.slice('files/'.length)}`);
  });

  it('replaces characters file systems refuse and names an empty one "document"', () => {
    expect(entryNames([{ id: id(1), filename: 'a/b:c*?.pdf' }])).toEqual(['files/a_b_c__.pdf']);
    expect(entryNames([{ id: id(1), filename: '' }])).toEqual(['files/document']);
  });
});
