import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { migrateDatabase, pgliteDatabase } from '../../src/db/client.js';
import {
  alerts,
  benchmarkScores,
  contracts,
  documentContents,
  documents,
  ontologyVersions,
} from '../../src/db/schema.js';
import { ImportError } from '../../src/exports/archive.js';
import { importOrganization } from '../../src/exports/service.js';
import { runRenewalScan } from '../../src/jobs/renewal-scan.js';
import { corpusFile, demoOntology, upload, waitForDocument } from '../documents/helpers.js';
import { createTeam, createTestApp, inOrg, signUp, type TestApp } from '../support/app.js';
import { repoDir } from '../support/paths.js';

/** Real CUAD contracts (SEC filings) with terms and governing law the built-in extractor reads. */
const CONTRACTS = [
  'ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt',
  'BELLRINGBRANDS,INC_02_07_2020-EX-10.18-MASTER SUPPLY AGREEMENT.txt',
  'FuseMedicalInc_20190321_10-K_EX-10.43_11575454_EX-10.43_Distributor Agreement.txt',
];

type Row = Record<string, unknown>;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** An organization's rows as comparable values: ids replaced by the document's SHA-256 or dropped. */
async function snapshot(app: TestApp, orgId: string) {
  const db = app.ctx.db;
  const docs = await db
    .select()
    .from(documents)
    .where(eq(documents.organizationId, orgId))
    .orderBy(asc(documents.sha256));
  const shaOf = new Map(docs.map((d) => [d.id, d.sha256]));
  const contractRows = await db.select().from(contracts).where(eq(contracts.organizationId, orgId));
  const vendorOf = new Map(contractRows.map((c) => [c.id, c.vendor]));
  const strip = ({ id, organizationId, updatedAt, ...rest }: Row): Row => rest;
  return {
    documents: docs.map((d): Row => {
      const { contractId, ...rest } = strip(d) as Row;
      return { ...rest, contract: contractId ? vendorOf.get(String(contractId)) : null };
    }),
    texts: (
      await db
        .select({
          id: documentContents.documentId,
          text: documentContents.text,
          pages: documentContents.pages,
        })
        .from(documentContents)
        .innerJoin(documents, eq(documents.id, documentContents.documentId))
        .where(eq(documents.organizationId, orgId))
    )
      .map((c) => ({ sha: shaOf.get(c.id), text: c.text, pages: c.pages }))
      .sort((a, b) => String(a.sha).localeCompare(String(b.sha))),
    contracts: contractRows
      .map((c): Row => ({ ...strip(c), documentId: c.documentId ? shaOf.get(c.documentId) : null }))
      .sort((a, b) => String(a.vendor).localeCompare(String(b.vendor))),
    alerts: (await db.select().from(alerts).where(eq(alerts.organizationId, orgId)))
      .map(
        (a): Row => ({
          ...strip(a),
          contractId: a.contractId ? vendorOf.get(a.contractId) : null,
          documentId: a.documentId ? shaOf.get(a.documentId) : null,
          // Keys embed ids: compare them by what the ids stand for.
          dedupeKey: a.dedupeKey.replace(UUID, (x) => shaOf.get(x) ?? vendorOf.get(x) ?? '<plugin>'),
        }),
      )
      .sort((a, b) => String(a.title).localeCompare(String(b.title))),
    scores: (
      await db
        .select({
          documentId: benchmarkScores.documentId,
          score: benchmarkScores.score,
          flagged: benchmarkScores.flagged,
        })
        .from(benchmarkScores)
        .innerJoin(documents, eq(documents.id, benchmarkScores.documentId))
        .where(eq(documents.organizationId, orgId))
    )
      .map((s) => ({ ...s, documentId: shaOf.get(s.documentId) }))
      .sort((a, b) => String(a.documentId).localeCompare(String(b.documentId))),
    ontology: (
      await db.select().from(ontologyVersions).where(eq(ontologyVersions.organizationId, orgId))
    ).map((o) => ({ version: o.version, labels: o.labels })),
  };
}

describe('organization export and import', () => {
  let source: TestApp;
  let target: TestApp;
  let h: Record<string, string>;
  let orgId: string;
  let archive: string;

  beforeAll(async () => {
    ({ app: source } = await createTestApp({ SERVICE_WORKERS: '2' }));
    const owner = await signUp(source);
    orgId = await createTeam(source, owner, 'Demo export');
    h = inOrg(owner, orgId);
    expect(
      (await source.inject({ method: 'PUT', url: '/api/v1/ontology', headers: h, payload: demoOntology() }))
        .statusCode,
    ).toBe(200);
    const ids: string[] = [];
    for (const name of CONTRACTS)
      ids.push((await upload(source, h, corpusFile('cuad', 'txt', name), name)).json().id);
    for (const id of ids) expect((await waitForDocument(source, h, id, 120_000)).status).toBe('PROCESSED');
    // A benchmark run (scores) and a manual contract whose notice deadline is near (an alert).
    const code = readFileSync(path.join(repoDir, 'plugins', 'examples', 'term_length_benchmark.py'), 'utf8');
    const plugin = await source.inject({
      method: 'POST',
      url: '/api/v1/plugins',
      headers: h,
      payload: { name: 'term', code },
    });
    expect(plugin.statusCode, plugin.body).toBe(201);
    const run = await source.inject({
      method: 'POST',
      url: `/api/benchmarks/${plugin.json().id}/runs`,
      headers: h,
    });
    expect(run.statusCode, run.body).toBe(201);
    expect(run.json().scored, run.body).toBeGreaterThan(0);
    const soon = new Date(Date.now() + 17 * 86_400_000).toISOString().slice(0, 10);
    const manual = await source.inject({
      method: 'POST',
      url: '/api/contracts',
      headers: h,
      payload: { vendor: 'Soon Corp', type: 'Service', renewal_date: soon, notice_period_days: 7 },
    });
    expect(manual.statusCode, manual.body).toBe(201);
    await runRenewalScan(source.ctx);

    // The fresh instance: its own embedded database and data directory.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'service-import-'));
    const database = pgliteDatabase(await PGlite.create());
    await migrateDatabase(database);
    const config = loadConfig({
      SERVICE_DATA_DIR: dataDir,
      SERVICE_SECRET_KEY: 'another-secret-key-that-is-long-enough-0123',
      SERVICE_LOG_LEVEL: 'silent',
      SERVICE_WORKERS: '0',
    });
    target = await buildApp(config, { logger: false, database });
    await target.ready();
  }, 300_000);
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('writes an archive with every original file and a JSON Lines manifest, for the OWNER only', async () => {
    const started = await source.inject({ method: 'POST', url: '/api/v1/exports', headers: h });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().id as string;
    let status = started.json().status as string;
    for (let i = 0; i < 150 && (status === 'PENDING' || status === 'RUNNING'); i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await source.inject({ method: 'GET', url: `/api/v1/exports/${id}`, headers: h })).json()
        .status;
    }
    const done = (await source.inject({ method: 'GET', url: `/api/v1/exports/${id}`, headers: h })).json();
    expect(done).toMatchObject({ status: 'SUCCEEDED', download_url: `/api/v1/exports/${id}/download` });
    expect(done.counts).toMatchObject({ document: 3, document_content: 3, contract: 4, plugin: 1 });
    expect(done.counts.alert).toBeGreaterThan(0);
    expect(done.counts.benchmark_score).toBeGreaterThan(0);
    const zip = await source.inject({ method: 'GET', url: done.download_url, headers: h });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    archive = path.join(mkdtempSync(path.join(tmpdir(), 'export-')), 'export.zip');
    writeFileSync(archive, zip.rawPayload);

    const member = await signUp(source);
    const other = await source.inject({
      method: 'GET',
      url: `/api/v1/exports/${id}`,
      headers: inOrg(member, orgId),
    });
    expect(other.statusCode).toBe(403);
  }, 60_000);

  it('restores into a fresh instance with the same documents, files, labels, fields, contracts, alerts and scores', async () => {
    const owner = await signUp(target);
    const into = await createTeam(target, owner, 'Restored');
    const { counts } = await importOrganization(target.ctx, archive, into);
    expect(counts).toMatchObject({ document: 3, contract: 4 });

    const before = await snapshot(source, orgId);
    const after = await snapshot(target, into);
    expect(after.documents).toEqual(before.documents);
    expect(after.texts).toEqual(before.texts);
    expect(after.contracts).toEqual(before.contracts);
    expect(after.alerts).toEqual(before.alerts);
    expect(after.scores).toEqual(before.scores);
    expect(after.ontology).toEqual(before.ontology);
    expect(
      before.documents.every((d) => Array.isArray(d.labels) && (d.labels as string[])[0] === 'Contract'),
    ).toBe(true);

    // The files come back byte for byte, and the restored documents are searchable.
    const th = inOrg(owner, into);
    const list = await target.inject({ method: 'GET', url: '/api/v1/documents?q=golf', headers: th });
    const [hit] = list.json().content as { id: string; filename: string }[];
    expect(hit?.filename).toBe(CONTRACTS[0]);
    const bytes = await target.inject({
      method: 'GET',
      url: `/api/v1/documents/${hit?.id}/content`,
      headers: th,
    });
    expect(bytes.rawPayload.equals(corpusFile('cuad', 'txt', CONTRACTS[0] as string))).toBe(true);

    // A second import into the same organization is refused, whole.
    await expect(importOrganization(target.ctx, archive, into)).rejects.toThrow(ImportError);
    expect((await snapshot(target, into)).documents).toHaveLength(3);
  }, 60_000);

  it('refuses an archive whose file was altered', async () => {
    const bytes = readFileSync(archive);
    const at = bytes.indexOf(Buffer.from('TOM WATSON'));
    expect(at).toBeGreaterThan(0);
    bytes.write('TIM WATSON', at);
    const altered = path.join(path.dirname(archive), 'altered.zip');
    writeFileSync(altered, bytes);
    const owner = await signUp(target);
    const into = await createTeam(target, owner, 'Altered');
    await expect(importOrganization(target.ctx, altered, into)).rejects.toThrow(
      /SHA-256|CRC|invalid|mismatch/i,
    );
  });
});
