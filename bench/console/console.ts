/**
 * The web console at a large organization (issue 35, docs/performance.md "The console at 10,000
 * documents"): how long a person waits, in headless Chromium (Debian's, driven by playwright-core),
 *   - for the documents page to show its first page of rows, from navigation to the rows painted;
 *   - for a search typed in the page's box to show its hits with snippets, from Enter to the
 *     first snippet painted;
 * beside, in the same run, the navigation to a bare page of the bare Fastify server (the browser's
 * own floor) and the search request alone (`fetch` of `GET /api/v1/documents?q=`).
 *
 * The documents (`--documents`, default 10,000, in the bootstrap admin's organization) are generated
 * by SQL (`test/support/bulk.ts`) while the server is stopped, on a fresh PostgreSQL database (or the
 * embedded one with `--setup embedded`). Each figure is `--rounds` navigations (default 15; the first
 * one, which fills caches, is left out), reported as median and 90th percentile.
 *
 * Run: bench/console/run [--documents n] [--rounds n] [--setup postgres|embedded]
 *   (needs `make install`; PostgreSQL on 127.0.0.1:5432 for the default setup)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { openDatabase } from '../../packages/server/src/db/client.js';
import { insertBulkDocuments } from '../../packages/server/test/support/bulk.js';
import { startServer } from '../api/harness.js';

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '15' },
    setup: { type: 'string', default: 'postgres' },
  },
});
const documents = Number(args.documents);
const rounds = Number(args.rounds);
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const serverBin = path.join(repoRoot, 'packages/server/bin/service-server');
const chromiumPath = process.env.SERVICE_E2E_CHROMIUM ?? '/usr/bin/chromium';

/** Median and 90th percentile of `ms`, and its count. */
function summary(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return `median ${at(0.5).toFixed(0).padStart(5)} ms  p90 ${at(0.9).toFixed(0).padStart(5)} ms  (${ms.length} runs)`;
}

/** Times `once` `rounds` + 1 times and drops the first (cold caches). */
async function timed(once: () => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i <= rounds; i++) {
    const ms = await once();
    if (i > 0) out.push(ms);
  }
  return out;
}

async function prepare(env: Record<string, string>) {
  const first = await startServer(serverBin, ['serve', '--port', '0', '--bootstrap-admin', 'bench@localhost'], env);
  const apiKey = first.apiKey as string;
  const headers = { authorization: `Bearer ${apiKey}` };
  const me = (await (await fetch(`${first.url}/api/v1/users/me`, { headers })).json()) as {
    roles: { organization_id: string; role: string }[];
  };
  const org = me.roles.find((r) => r.role === 'OWNER')?.organization_id as string;
  first.child.kill('SIGTERM');
  await new Promise((r) => first.child.once('exit', r));
  const database = await openDatabase({ databaseUrl: env.SERVICE_DATABASE_URL, dataDir: env.SERVICE_DATA_DIR as string });
  const started = performance.now();
  await insertBulkDocuments(database, org, documents);
  await database.close();
  console.log(`${documents} documents generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const server = await startServer(serverBin, ['serve', '--port', '0'], env);
  return { server, apiKey, org, headers };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-console-'));
  const env: Record<string, string> = {
    SERVICE_LOG_LEVEL: 'error',
    SERVICE_SECRET_KEY: 'bench-secret-bench-secret-bench-secret',
    SERVICE_DATA_DIR: dataDir,
    SERVICE_WORKERS: '0',
    SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE: '10000000',
    SERVICE_RATE_LIMIT_ORGANIZATION_PER_MINUTE: '10000000',
  };
  let dropDatabase = async () => undefined as unknown;
  if (args.setup === 'postgres') {
    const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    const name = `bench_console_${Date.now()}`;
    await admin.query(`create database ${name}`);
    env.SERVICE_DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${name}`;
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const bare = await startServer(process.execPath, [path.join(repoRoot, 'bench/api/bare-server.mjs')], {});
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox'] });
  try {
    console.log(
      `The console at ${documents} documents (${args.setup}), headless Chromium; load average ${loadavg()[0]?.toFixed(1)}`,
    );
    const { server, apiKey, headers } = await prepare(env);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Sign in once through a link; the session token stays in this tab's sessionStorage.
    await page.goto(`${server.url}/#key=${apiKey}`);
    const rows = page.getByRole('table', { name: 'Documents' }).locator('tbody tr');
    await rows.first().waitFor({ timeout: 60_000 });

    const bareLoads = await timed(async () => {
      const t0 = performance.now();
      await page.goto(`${bare.url}/bare`);
      return performance.now() - t0;
    });
    const firstPage = await timed(async () => {
      const t0 = performance.now();
      await page.goto(`${server.url}/documents`);
      await rows.first().waitFor();
      return performance.now() - t0;
    });
    const words = ['arbitration', 'indemnify', 'warranty', 'confidential', 'termination', 'assignment'];
    let i = 0;
    const searchInPage = await timed(async () => {
      await page.goto(`${server.url}/documents`);
      await rows.first().waitFor();
      const box = page.getByLabel('Search', { exact: true });
      await box.fill(words[i++ % words.length] as string);
      const t0 = performance.now();
      await box.press('Enter');
      await page.getByTestId('search-snippet').first().waitFor();
      return performance.now() - t0;
    });
    const searchRequest = await timed(async () => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/v1/documents?size=25&q=${words[i++ % words.length]}`, { headers });
      await res.arrayBuffer();
      return performance.now() - t0;
    });
    console.log(`  navigation to the bare page (baseline)       ${summary(bareLoads)}`);
    console.log(`  documents page, first page of rows shown     ${summary(firstPage)}`);
    console.log(`  search typed in the page, hits shown         ${summary(searchInPage)}`);
    console.log(`  search request alone (GET ?q=, 25 hits)      ${summary(searchRequest)}`);
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  } finally {
    await browser.close();
    bare.child.kill('SIGTERM');
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`load average at the end ${loadavg()[0]?.toFixed(1)}`);
}

await main();
