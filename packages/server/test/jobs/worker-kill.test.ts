import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { documents } from '../../src/db/schema.js';
import { ingestDocument } from '../../src/documents/service.js';
import { saveOntology } from '../../src/ontology/service.js';
import { createTestApp, signUp, type TestApp } from '../support/app.js';
import { corpusDir, serverDir } from '../support/paths.js';

const databaseUrl = inject('databaseUrl');
const DOCUMENTS = 50;

/** Starts `service-server worker` as its own process group (so SIGKILL takes its plugin runtimes too). */
function startWorker(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [path.join(serverDir, 'dist/cli.js'), 'worker', '--concurrency', '2'], {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

// A real broker is needed: this runs on PostgreSQL (the embedded PGlite belongs to one process).
describe.skipIf(!databaseUrl)('pipeline workers on a real broker', () => {
  let app: TestApp;
  let orgId: string;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    const made = await createTestApp({ SERVICE_WORKERS: '0' });
    app = made.app;
    const owner = await signUp(app);
    orgId = owner.personalOrgId;
    await saveOntology(
      app.ctx.db,
      orgId,
      [
        {
          name: 'Contract',
          description: 'An agreement between parties',
          keywords: ['agreement', 'party', 'term'],
          fields: [],
          children: [],
        },
        {
          name: 'Policy',
          description: 'Terms of service, privacy policy',
          keywords: ['privacy', 'policy'],
          fields: [],
          children: [],
        },
      ],
      null,
    );
    const txtDir = path.join(corpusDir, 'cuad', 'txt');
    const files = readdirSync(txtDir).sort().slice(0, DOCUMENTS);
    for (const f of files) {
      await ingestDocument(app.ctx, orgId, { bytes: readFileSync(path.join(txtDir, f)), filename: f });
    }
    const env = {
      ...process.env,
      SERVICE_DATABASE_URL: databaseUrl,
      SERVICE_DATA_DIR: made.dataDir,
      SERVICE_SECRET_KEY: made.config.secretKey,
      SERVICE_LOG_LEVEL: 'warn',
      SERVICE_JOB_EXPIRE_SECONDS: '8',
      SERVICE_JOB_SUPERVISE_SECONDS: '2',
      // One organization owns every document here: let it use all four workers of the two
      // processes (the fairness default would hold it to one at a time; docs/pipeline.md).
      SERVICE_WORKERS_PER_ORGANIZATION: '4',
    };
    workers.push(startWorker(env), startWorker(env));
  }, 120_000);

  afterAll(async () => {
    for (const w of workers) {
      try {
        if (w.pid) process.kill(-w.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await app?.close();
  });

  it('two workers share 50 documents; one is SIGKILLed mid-run; every document ends processed once', async () => {
    const rows = () => app.ctx.db.select().from(documents).where(eq(documents.organizationId, orgId));
    await waitFor(
      async () => (await rows()).filter((d) => d.status === 'PROCESSED').length >= 10,
      90_000,
      '10 processed',
    );
    const victim = workers[0] as ChildProcess;
    process.kill(-(victim.pid as number), 'SIGKILL');
    await waitFor(
      async () => (await rows()).every((d) => d.status === 'PROCESSED'),
      150_000,
      'all processed',
    );

    const done = await rows();
    expect(done).toHaveLength(DOCUMENTS);
    expect(new Set(done.map((d) => d.sha256)).size).toBe(DOCUMENTS);
    for (const d of done) {
      expect(d.status).toBe('PROCESSED');
      expect(d.error).toBeNull();
      // One decision per ontology level, exactly once: a repeated step replaces, never appends.
      expect(d.classificationTrace).toHaveLength(1);
      expect(d.labels.length).toBeLessThanOrEqual(1);
    }
    const suggestions = await app.ctx.database.query(
      'select document_id, count(*)::int as n from label_suggestions where organization_id = $1 group by document_id having count(*) > 1',
      [orgId],
    );
    expect(suggestions.rows).toEqual([]);
  }, 300_000);
});
