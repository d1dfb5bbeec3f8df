import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ParseError } from '../../src/parsing/index.js';
import { ParserPool, WARM_UP_PDF } from '../../src/parsing/pool.js';
import { zipBombDocx } from './bombs.js';
import { corpusFile } from './corpus.js';

/** Runs `fn` while timing a 50 ms heartbeat of this thread's event loop; returns the worst delay. */
async function worstLoopDelay(fn: () => Promise<unknown>): Promise<number> {
  let worst = 0;
  let last = performance.now();
  const beat = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 50);
    last = now;
  }, 50);
  try {
    await fn().catch(() => undefined);
  } finally {
    clearInterval(beat);
  }
  return worst;
}

describe('ParserPool: parsing in worker threads with limits that stop it', () => {
  const pool = new ParserPool({ threads: 2, memoryMb: 256, timeoutMs: 5_000 });
  let bomb: Buffer;
  beforeAll(async () => {
    bomb = await zipBombDocx(300);
  });
  afterAll(async () => {
    await pool.close();
  });

  it('parses in a worker like parseDocument does, email attachments as Buffers', async () => {
    const doc = await pool.parse(Buffer.from('# Title\n\nSome *markdown* text.\n'), { filename: 'a.md' });
    expect(doc).toMatchObject({ kind: 'markdown', mime: 'text/markdown' });
    expect(doc.text).toContain('Some');
    const eml = [
      'From: a@example.com',
      'To: b@example.com',
      'Subject: with attachment',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'see attached',
      '--b',
      'Content-Type: text/plain; name="note.txt"',
      'Content-Disposition: attachment; filename="note.txt"',
      '',
      'hello',
      '--b--',
      '',
    ].join('\r\n');
    const email = await pool.parse(Buffer.from(eml), { filename: 'm.eml' });
    expect(email.attachments).toHaveLength(1);
    expect(Buffer.isBuffer(email.attachments[0]?.bytes)).toBe(true);
  });

  it('refuses a zip-bomb .docx from its central directory, without expanding it', async () => {
    expect(bomb.length).toBeLessThan(4 * 1024 * 1024);
    let error: unknown;
    const delay = await worstLoopDelay(async () => {
      try {
        await pool.parse(bomb, { filename: 'bomb.docx' });
      } catch (e) {
        error = e;
      }
    });
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).code).toBe('TOO_LARGE');
    expect((error as ParseError).reason).toMatch(
      /word\/document\.xml expands .* to 31\d{7} bytes .*SERVICE_ARCHIVE_MAX_RATIO/,
    );
    expect(delay).toBeLessThan(500);
  }, 60_000);

  it('stops a parse that passes the limits of its declared sizes: the worker heap limit or time limit ends it', async () => {
    const open = { maxEntries: 100, maxUncompressedBytes: 2 ** 40, maxRatio: 1e9 };
    let error: unknown;
    const delay = await worstLoopDelay(async () => {
      try {
        await pool.parse(bomb, { filename: 'bomb.docx', archiveLimits: open });
      } catch (e) {
        error = e;
      }
    });
    expect(error).toBeInstanceOf(ParseError);
    expect(['TOO_LARGE', 'TIMEOUT']).toContain((error as ParseError).code);
    expect(delay).toBeLessThan(500);
    // The pool goes on with a fresh worker.
    expect((await pool.parse(Buffer.from('plain words'), { filename: 'a.txt' })).text).toBe('plain words');
  }, 60_000);
});

describe('ParserPool: a thread error that no parse waits for', () => {
  const reported: Error[] = [];
  const pool = new ParserPool({
    threads: 1,
    memoryMb: 256,
    timeoutMs: 30_000,
    onWorkerError: (e) => reported.push(e),
  });
  afterAll(async () => {
    await pool.close();
  });

  it('is reported, not thrown: the process and the pool go on', async () => {
    expect((await pool.parse(Buffer.from('first'), { filename: 'a.txt' })).text).toBe('first');
    // What piscina does when a thread fails with no task on it (e.g. a bomb's thread running out
    // of heap just after its parse was aborted at the time limit): without a listener the
    // EventEmitter would throw this out of the event loop and end the server.
    const piscina = (pool as unknown as { pool: { emit(event: string, e: Error): boolean } }).pool;
    const oom = Object.assign(
      new Error('Worker terminated due to reaching memory limit: JS heap out of memory'),
      {
        code: 'ERR_WORKER_OUT_OF_MEMORY',
      },
    );
    expect(() => piscina.emit('error', oom)).not.toThrow();
    expect(reported).toEqual([oom]);
    expect((await pool.parse(Buffer.from('second'), { filename: 'b.txt' })).text).toBe('second');
  });
});

describe('ParserPool.warmUp: threads started and warmed ahead of need', () => {
  const pool = new ParserPool({ threads: 2, memoryMb: 256, timeoutMs: 30_000 });
  afterAll(async () => {
    await pool.close();
  });

  it('starts every thread, each parses the committed warm-up PDF, then documents are parsed as before', async () => {
    expect(statSync(WARM_UP_PDF).size).toBeGreaterThan(10_000);
    const warm = await pool.warmUp();
    expect(warm.threads).toBe(2);
    expect(warm.errors).toEqual([]);
    expect(warm.cpuMs).toHaveLength(2);
    for (const ms of warm.cpuMs) expect(ms).toBeGreaterThan(0);
    // Called again (e.g. by a second caller), it does not start another pool.
    expect(await pool.warmUp()).toBe(warm);
    const pdf = corpusFile('kleister-nda', 'pdf', '2f9077637a572fb939dfc6e8b08c4ad8.pdf');
    const doc = await pool.parse(pdf, { filename: 'nda.pdf' });
    expect(doc.kind).toBe('pdf');
    expect(doc.text.length).toBeGreaterThan(1000);
  }, 60_000);
});

describe('ParserPool.warmUp while documents are already parsing', () => {
  const pool = new ParserPool({ threads: 2, memoryMb: 256, timeoutMs: 30_000 });
  afterAll(async () => {
    await pool.close();
  });

  it('lets the parses started on the lazy pool finish there, and parses new ones on the warm pool', async () => {
    const pdf = corpusFile('kleister-nda', 'pdf', '2f9077637a572fb939dfc6e8b08c4ad8.pdf');
    // A worker takes its first jobs before its warm-up (queued documents at start-up): four
    // parses on the lazy pool, two running and two queued, when the warm pool replaces it.
    const early = [1, 2, 3, 4].map((i) => pool.parse(pdf, { filename: `early-${i}.pdf` }));
    const warm = await pool.warmUp();
    expect(warm.errors).toEqual([]);
    const late = pool.parse(pdf, { filename: 'late.pdf' });
    for (const doc of await Promise.all([...early, late])) {
      expect(doc.kind).toBe('pdf');
      expect(doc.text.length).toBeGreaterThan(1000);
    }
  }, 60_000);
});
