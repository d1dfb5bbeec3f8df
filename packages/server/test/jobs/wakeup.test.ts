import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase, pgliteDatabase } from '../../src/db/client.js';
import { QUEUES } from '../../src/jobs/job-types.js';
import { openQueue } from '../../src/jobs/queue.js';
import { QueueWakeups } from '../../src/jobs/wakeup.js';

const databaseUrl = inject('databaseUrl');
const never = new AbortController().signal;

/** Milliseconds `promise` took to settle. */
async function timed(promise: Promise<unknown>): Promise<number> {
  const started = Date.now();
  await promise;
  return Date.now() - started;
}

describe('QueueWakeups', () => {
  it('ends a sleep on a wake-up of its queue only, and at once after a wake-up it has not seen', async () => {
    const notified: string[] = [];
    const wakeups = new QueueWakeups((id) => notified.push(id));
    wakeups.addBossWorker('a', 'worker-a');
    const seen = wakeups.generation('a');
    const sleeping = wakeups.sleep('a', 10_000, seen, never);
    const otherStarted = Date.now();
    const other = wakeups.sleep('b', 300, wakeups.generation('b'), never);
    setTimeout(() => wakeups.wake('a'), 50);
    expect(await timed(sleeping)).toBeLessThan(1_000);
    expect(notified).toEqual(['worker-a']);
    // Woken while fetching (before the sleep began): does not sleep at all.
    expect(await timed(wakeups.sleep('a', 10_000, seen, never))).toBeLessThan(50);
    // Queue b was never woken: its sleep ran its full time.
    await other;
    expect(Date.now() - otherStarted).toBeGreaterThanOrEqual(250);
  });

  it('ends a sleep on abort', async () => {
    const wakeups = new QueueWakeups(() => undefined);
    const stop = new AbortController();
    const sleeping = wakeups.sleep('a', 10_000, 0, stop.signal);
    setTimeout(() => stop.abort(), 50);
    expect(await timed(sleeping)).toBeLessThan(1_000);
  });
});

describe('document workers on the embedded database', () => {
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
  });

  it('take a job queued after they went idle at once, not at their next poll (5 s)', async () => {
    database = pgliteDatabase(await PGlite.create());
    const queue = await openQueue(database, {
      databaseUrl: undefined,
      retryLimit: 0,
      expireSeconds: 60,
      superviseSeconds: 60,
      cronCheckSeconds: 30,
      onError: (err) => {
        throw err;
      },
    });
    const taken: { id: string; at: number }[] = [];
    await queue.workDocuments(2, async (job) => {
      taken.push({ id: job.documentId, at: Date.now() });
    });
    // Both workers have polled and found nothing: they are asleep.
    await new Promise((r) => setTimeout(r, 1_000));
    const queuedAt = Date.now();
    await queue.enqueueDocument('doc-1', 'org-1');
    for (let i = 0; i < 100 && taken.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await queue.stop();
    expect(taken.map((t) => t.id)).toEqual(['doc-1']);
    expect((taken[0]?.at ?? Number.POSITIVE_INFINITY) - queuedAt).toBeLessThan(1_500);
    const [job] = (
      await database.query('select state from pgboss.job where name = $1', [QUEUES.processDocument])
    ).rows;
    expect(job?.state).toBe('completed');
  }, 30_000);
});

// LISTEN/NOTIFY between two processes needs a real PostgreSQL (the embedded one belongs to one process).
describe.skipIf(!databaseUrl)('wake-ups between processes on PostgreSQL', () => {
  const opened: Database[] = [];
  const wakeups: QueueWakeups[] = [];
  afterAll(async () => {
    await Promise.all(wakeups.map((w) => w.close()));
    await Promise.all(opened.map((d) => d.close()));
  });

  it("wakes another process's sleeping worker when a job is queued", async () => {
    const [here, there] = await Promise.all([0, 1].map(() => openDatabase({ databaseUrl, dataDir: '/tmp' })));
    if (!here || !there) throw new Error('unreachable');
    opened.push(here, there);
    const sleeper = new QueueWakeups(() => undefined);
    const sender = new QueueWakeups(() => undefined);
    wakeups.push(sleeper, sender);
    await sleeper.listen(here, (err) => {
      throw err;
    });
    // A queue name of this test only: other files share the database.
    const queue = `test.wakeup.${process.pid}.${Date.now()}`;
    const sleeping = sleeper.sleep(queue, 10_000, sleeper.generation(queue), never);
    await sender.announce(there, queue);
    expect(await timed(sleeping)).toBeLessThan(2_000);
    expect(sleeper.generation(queue)).toBe(1);
  });
});
