/**
 * Counts the statements one documents list sends to PostgreSQL (issue 36): a fresh database with
 * `--documents` generated documents (real pipeline results) and `log_statement = all` set on it,
 * the built server started on it, `--requests` sequential `GET /api/v1/documents?size=20` after
 * 50 not counted, and PostgreSQL's log lines of that database between the two read (needs read
 * access to /var/log/postgresql). Prints statements per request by kind (the first words).
 *
 * Run: npx tsx bench/large/count-statements.ts [--documents n] [--requests n] [--log file]
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../packages/server/src/db/client.js';
import { insertBulkDocuments, useProcessedResults } from '../../packages/server/test/support/bulk.js';
import { bootstrapOrganization, startServer } from '../api/harness.js';

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '2000' },
    requests: { type: 'string', default: '200' },
    log: { type: 'string', default: '/var/log/postgresql/postgresql-15-main.log' },
  },
});
const serverBin = path.resolve(import.meta.dirname, '../../packages/server/bin/service-server');
const dbName = `bench_count_${Date.now()}`;
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-count-'));
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
const env = {
  SERVICE_LOG_LEVEL: 'error',
  SERVICE_SECRET_KEY: 'bench-secret-bench-secret-bench-secret',
  SERVICE_WORKERS: '0',
  SERVICE_DATA_DIR: dataDir,
  SERVICE_DATABASE_URL: databaseUrl,
};
try {
  const { apiKey, org } = await bootstrapOrganization(serverBin, [], env);
  const database = await openDatabase({ databaseUrl, dataDir });
  await insertBulkDocuments(database, org, Number(args.documents));
  await useProcessedResults(database, org);
  await database.close();
  // New connections of the database log every statement (the server's pool connects after this).
  await admin.query(`alter database ${dbName} set log_statement = 'all'`);
  const server = await startServer(serverBin, ['serve', '--port', '0'], env);
  const url = `${server.url}/api/v1/documents?size=20`;
  const headers = { authorization: `Bearer ${apiKey}` };
  for (let i = 0; i < 50; i++) await (await fetch(url, { headers })).arrayBuffer();
  await new Promise((r) => setTimeout(r, 500));
  const from = statSync(args.log).size;
  const requests = Number(args.requests);
  for (let i = 0; i < requests; i++) await (await fetch(url, { headers })).arrayBuffer();
  await new Promise((r) => setTimeout(r, 500));
  const lines = readFileSync(args.log, 'utf8').slice(from).split('\n');
  const kinds = new Map<string, number>();
  for (const l of lines) {
    if (!l.includes(`@${dbName} `)) continue;
    const m = /LOG:\s+(?:statement|execute [^:]*):\s+(\S+(?:\s+\S+)?)/.exec(l);
    if (!m) continue;
    const kind = (m[1] as string).toLowerCase();
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  let total = 0;
  for (const n of kinds.values()) total += n;
  console.log(`${requests} lists: ${(total / requests).toFixed(2)} statements a request`);
  for (const [k, n] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`  ${(n / requests).toFixed(3)}  ${k}`);
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
