import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ingestDocument } from '../../src/documents/service.js';
import { putDemoOntology } from '../documents/helpers.js';
import { createTestApp, signUp, type TestApp } from '../support/app.js';
import { cli, ensureBuilt, serviceEnv, startServer } from '../support/cli.js';
import { serverDir } from '../support/paths.js';
import { type PrivateCluster, postgresBinDir, startPrivateCluster } from '../support/pg-cluster.js';

const DOCUMENTS = 24;
const bin = postgresBinDir();

/** A short contract text of its own (documents are unique per organization by hash). */
function contract(i: number): Buffer {
  return Buffer.from(
    `SERVICES AGREEMENT No. ${i}\n\nThis Agreement is made between Acme Corp. and Supplier ${i} Ltd. ` +
      'Each party agrees to the term of one year. This Agreement shall be governed by the laws of ' +
      `the State of New York.\n\n${'The parties agree to the terms set out herein. '.repeat(20)}\n`,
  );
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The last of what each worker wrote to stderr. */
const output = new Map<ChildProcess, string>();

function startWorker(env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [cli, 'worker', '--concurrency', '2'], {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('processing documents')) child.emit('ready');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output.set(child, ((output.get(child) ?? '') + chunk.toString()).slice(-4000));
  });
  return child;
}

/** Resolves once a worker said it is processing documents (its queue workers are polling). */
function started(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('ready', () => resolve());
    child.once('exit', (code) => reject(new Error(`worker exited (${code}): ${output.get(child)}`)));
  });
}

function kill(child: ChildProcess | undefined) {
  try {
    if (child?.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

// Needs the Debian PostgreSQL binaries for a private cluster: the shared server is never restarted.
describe.skipIf(!bin || !inject('databaseUrl'))(
  'a PostgreSQL restart under load (docs/operations.md "Database outages")',
  () => {
    let cluster: PrivateCluster;
    let app: TestApp;
    let orgId: string;
    let env: NodeJS.ProcessEnv;
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    const workers: ChildProcess[] = [];

    beforeAll(async () => {
      await ensureBuilt();
      cluster = await startPrivateCluster(bin as string);
      const made = await createTestApp({ SERVICE_DATABASE_URL: cluster.url, SERVICE_WORKERS: '0' });
      app = made.app;
      const owner = await signUp(app);
      orgId = owner.personalOrgId;
      // Contract has fields: its documents are extracted too (two events per document).
      await putDemoOntology(app, owner.headers);
      env = serviceEnv({
        SERVICE_DATABASE_URL: cluster.url,
        SERVICE_DATA_DIR: made.dataDir,
        SERVICE_SECRET_KEY: made.config.secretKey,
        SERVICE_LOG_LEVEL: 'warn',
        SERVICE_WORKERS: '0',
        // Expiry far beyond the test: only the lease can free a dead worker's jobs in time.
        SERVICE_JOB_EXPIRE_SECONDS: '600',
        SERVICE_WORKERS_PER_ORGANIZATION: '2',
        SERVICE_PLUGIN_WARM_PROCESSES: '1',
      });
      server = await startServer(['--port', '0'], { env, cwd: serverDir, timeoutMs: 60_000 });
    }, 240_000);

    afterAll(async () => {
      for (const w of workers) kill(w);
      kill(server?.child);
      await app?.close().catch(() => undefined);
      await cluster?.destroy();
    });

    it('processes stay up, /health says so, dead workers free their slots, no document runs twice, events once', async () => {
      const db = app.ctx.database;
      for (let i = 0; i < DOCUMENTS; i++)
        await ingestDocument(app.ctx, orgId, { bytes: contract(i), filename: `contract-${i}.txt` });
      const count = async (sql: string) => Number((await db.query(sql, [orgId])).rows[0]?.n);
      const processed = () =>
        count(`select count(*)::int as n from documents where organization_id = $1 and status = 'PROCESSED'`);
      const active = () =>
        count(
          `select count(*)::int as n from pgboss.job where name = 'document.process' and state = 'active' and singleton_key = $1::text`,
        );

      // 1. A worker holding both of the organization's slots is SIGKILLed; the others, idle for
      // want of a slot, must take its jobs over at once, not after the 600 s expiry.
      const doomed = startWorker(env);
      workers.push(doomed);
      await waitFor(async () => (await active()) === 2, 60_000, 'the first worker holding both slots');
      // Frozen (with its plugin runtimes) while it holds both, so that it dies holding them however
      // fast this machine would have finished the batch while the others start.
      process.kill(-(doomed.pid as number), 'SIGSTOP');
      const [doomedKey] = (
        await db.query(
          `select output->>'worker' as key from pgboss.job where name = 'document.process' and state = 'active'`,
        )
      ).rows.map((r) => r.key as string);
      const survivors = [startWorker(env), startWorker(env)];
      workers.push(...survivors);
      await Promise.all(survivors.map((w) => started(w)));
      const heldByDead = () =>
        count(
          `select count(*)::int as n from pgboss.job where name = 'document.process' and state = 'active'
             and singleton_key = $1::text and output->>'worker' = '${doomedKey}'`,
        );
      const heldAtKill = await heldByDead();
      kill(doomed);
      const killedAt = Date.now();
      await waitFor(async () => (await heldByDead()) === 0, 30_000, "the dead worker's jobs to be released");
      const takeover = (Date.now() - killedAt) / 1000;
      console.log(`dead worker held ${heldAtKill} jobs; released after ${takeover.toFixed(1)} s`);
      expect(heldAtKill).toBe(2);
      const before = await processed();
      await waitFor(async () => (await processed()) > before, 30_000, 'the survivors to go on');

      // 2. PostgreSQL goes away (fast shutdown: every connection terminated) mid-batch and comes back.
      const health: number[] = [];
      let polling = true;
      const poller = (async () => {
        while (polling) {
          const status = await fetch(`${server?.url}/health`, { signal: AbortSignal.timeout(3_000) })
            .then(async (r) => {
              if (r.status === 503)
                expect(((await r.json()) as { status: string }).status).toBe('database unavailable');
              return r.status;
            })
            .catch(() => 0);
          health.push(status);
          await sleep(100);
        }
      })();
      // A restart as `pg_ctl -m fast restart` does it, with the server down for 1.5 s in between.
      await cluster.stop('fast');
      await sleep(1_500);
      await cluster.start();
      await waitFor(async () => (await processed()) === DOCUMENTS, 60_000, 'every document processed');
      await sleep(500);
      polling = false;
      await poller;

      // Every process is still up and answering.
      for (const w of workers.slice(1)) expect(w.exitCode, `a worker exited: ${output.get(w)}`).toBeNull();
      expect(server?.child.exitCode, 'serve exited').toBeNull();
      expect(health).toContain(503);
      expect(health[health.length - 1]).toBe(200);
      expect(health.filter((s) => s !== 200 && s !== 503)).toEqual([]);

      // Each document was classified and extracted once: one event per state change.
      const events = await db.query(
        `select type, data->>'document_id' as doc, count(*)::int as n from events
        where organization_id = $1 and type in ('document.classified', 'document.extracted')
        group by 1, 2`,
        [orgId],
      );
      const byType = (type: string) => events.rows.filter((r) => r.type === type);
      expect(byType('document.classified')).toHaveLength(DOCUMENTS);
      expect(byType('document.extracted').length).toBeLessThanOrEqual(DOCUMENTS);
      expect(events.rows.filter((r) => r.n !== 1)).toEqual([]);
      const docs = await db.query(`select status, error from documents where organization_id = $1`, [orgId]);
      for (const d of docs.rows) expect(d).toMatchObject({ status: 'PROCESSED', error: null });
      // Released by the lease (reaped within 5 s), not by the 600 s expiry.
      expect(takeover).toBeLessThan(20);
    }, 240_000);
  },
);
