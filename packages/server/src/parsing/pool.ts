import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { ParseError } from './errors.js';
import type { ParsedDocument, ParseOptions } from './types.js';
import type { ParseOutcome, ParserThreadData, ParserWarmUpReport, ParseTask } from './worker.js';

/** Settings of the parser pool (SERVICE_PARSER_*). */
export interface ParserPoolOptions {
  /** Worker threads (default: the machine's available parallelism). */
  threads?: number;
  /** V8 heap limit of each worker, in MiB (`resourceLimits.maxOldGenerationSizeMb`). */
  memoryMb: number;
  /** Wall-clock limit of one parse, in milliseconds; past it the worker thread is terminated. */
  timeoutMs: number;
  /**
   * Told of a worker thread's error that no parse is waiting for (e.g. a thread that ran out of
   * its heap just after its parse was stopped for taking too long); the pool replaces the thread.
   */
  onWorkerError?: (error: Error) => void;
}

/** The real PDF every thread of a warm pool parses before its first task (see assets/README.md). */
export const WARM_UP_PDF = fileURLToPath(new URL('../../assets/parser-warm-up.pdf', import.meta.url));

/** What {@link ParserPool.warmUp} reports once every thread is warm. */
export interface ParserWarmUp {
  threads: number;
  /** CPU time each thread spent on its warm-up, in milliseconds. */
  cpuMs: number[];
  /** Warm-ups that failed (the thread then runs cold). */
  errors: string[];
}

/** Time the cooperative limit of parseDocument gets before the worker is terminated. */
const TERMINATE_GRACE_MS = 1000;

/**
 * The worker's module: the compiled `worker.js` next to this file, or, when the server runs from
 * its TypeScript sources (tests, `tsx`), `worker.ts` loaded through tsx's loader.
 */
function workerEntry(): { filename: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return { filename: here.replace(/pool\.js$/, 'worker.js'), execArgv: [] };
  return {
    filename: here.replace(/pool\.ts$/, 'worker.ts'),
    execArgv: ['--import', import.meta.resolve('tsx')],
  };
}

/**
 * Parses documents off the event loop, in a pool of worker threads (piscina), so that a parser
 * stuck in a synchronous step (e.g. mammoth on 300 MB of XML) cannot block the HTTP server or
 * other documents. Each worker has a V8 heap limit; a parse that passes it ends with
 * ERR_WORKER_OUT_OF_MEMORY, and one past the time limit is stopped by terminating its thread
 * (piscina aborts a running task that way). Both fail that document only; the pool starts a
 * fresh worker.
 */
/** Files larger than this go to the parser thread in shared memory instead of being cloned. */
const SHARE_ABOVE_BYTES = 1024 * 1024;

/**
 * `bytes` in a SharedArrayBuffer, which the thread receives without a copy: cloning a 50 MB file
 * into the task message held the event loop for a quarter of a second (decision 352), where this
 * copy is one memcpy. Small files are cloned as before.
 */
function shareable(bytes: Uint8Array): Uint8Array {
  if (bytes.byteLength <= SHARE_ABOVE_BYTES || bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return shared;
}

export class ParserPool {
  /** Started on first use: lazily by {@link parse}, or warm by {@link warmUp}. */
  private pool: Piscina<ParseTask, ParseOutcome> | undefined;
  private warming: Promise<ParserWarmUp> | undefined;
  private readonly maxThreads: number;
  /** Parses running or queued, per pool: a replaced pool is closed only once it has none. */
  private readonly inFlight = new Map<Piscina<ParseTask, ParseOutcome>, number>();
  /** Pools replaced by the warm one, closed when their last parse ends. */
  private readonly retired = new Set<Piscina<ParseTask, ParseOutcome>>();

  constructor(private readonly opts: ParserPoolOptions) {
    this.maxThreads = Math.max(1, opts.threads ?? availableParallelism());
  }

  /** Worker threads the pool may run at once. */
  get threads(): number {
    return this.maxThreads;
  }

  /**
   * A lazy pool starts threads as documents need them and stops them after 60 s idle; a warm one
   * keeps `threads` of them for its whole life, each warmed on {@link WARM_UP_PDF} before its first
   * task (replacements of terminated threads too).
   */
  private start(warm: boolean): Piscina<ParseTask, ParseOutcome> {
    const entry = workerEntry();
    const workerData: ParserThreadData = warm ? { warmUpFile: WARM_UP_PDF } : {};
    const pool = new Piscina<ParseTask, ParseOutcome>({
      filename: entry.filename,
      execArgv: entry.execArgv,
      workerData,
      minThreads: warm ? this.maxThreads : 0,
      maxThreads: this.maxThreads,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: this.opts.memoryMb, maxYoungGenerationSizeMb: 32 },
    });
    // piscina emits a thread's error that no task is waiting for as the pool's 'error' event; an
    // EventEmitter without a listener throws it, which would end the server process. A hostile
    // upload can cause one: a decompression bomb whose thread exhausts its heap just after its
    // parse was aborted for the time limit (that parse has already failed with TIMEOUT).
    pool.on('error', (error: Error) => this.opts.onWorkerError?.(error));
    return pool;
  }

  /**
   * Starts all `threads` parser threads now and has each parse a real PDF, so that the first
   * documents do not pay pdf.js' module load and compilation (~0.7 s of CPU per thread); the threads
   * then stay for the pool's life. Resolves once every thread is warm (or after `timeoutMs`).
   * A lazy pool already started by a parse is closed once its parses have ended (they finish
   * there). Called
   * once by `serve` and `worker` after start-up (SERVICE_PARSER_WARM); repeated calls share it.
   */
  warmUp(): Promise<ParserWarmUp> {
    this.warming ??= this.startWarm();
    return this.warming;
  }

  private startWarm(): Promise<ParserWarmUp> {
    const lazy = this.pool;
    const pool = this.start(true);
    this.pool = pool;
    // Its parses finish there (closing it now would terminate their threads and fail their
    // documents); only new ones go to the warm pool.
    if (lazy) {
      this.retired.add(lazy);
      this.closeIfDrained(lazy);
    }
    const result: ParserWarmUp = { threads: this.maxThreads, cpuMs: [], errors: [] };
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(result), this.opts.timeoutMs);
      timer.unref();
      pool.on('message', (message: Partial<ParserWarmUpReport>) => {
        const report = message.parserWarmUp;
        if (!report || result.cpuMs.length >= this.maxThreads) return;
        result.cpuMs.push(report.cpuMs);
        if (report.error) result.errors.push(report.error);
        if (result.cpuMs.length === this.maxThreads) {
          clearTimeout(timer);
          resolve(result);
        }
      });
    });
  }

  /**
   * Parses `bytes` in a worker (see {@link parseDocument} for the options and the result).
   *
   * @throws ParseError like parseDocument; also `TIMEOUT` when the worker had to be terminated
   *   after `timeoutMs`, and `TOO_LARGE` when it ran out of its `memoryMb` heap
   */
  async parse(bytes: Uint8Array, options: ParseOptions = {}): Promise<ParsedDocument> {
    const timeoutMs = options.timeoutMs ?? this.opts.timeoutMs;
    let outcome: ParseOutcome;
    this.pool ??= this.start(false);
    const pool = this.pool;
    this.inFlight.set(pool, (this.inFlight.get(pool) ?? 0) + 1);
    try {
      outcome = await pool.run(
        { bytes: shareable(bytes), options: { ...options, timeoutMs } },
        { signal: AbortSignal.timeout(timeoutMs + TERMINATE_GRACE_MS) },
      );
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError') {
        throw new ParseError('TIMEOUT', `Parsing took longer than ${timeoutMs} ms and was stopped`);
      }
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new ParseError(
          'TOO_LARGE',
          `Parsing needed more than ${this.opts.memoryMb} MiB of memory and was stopped (SERVICE_PARSER_MEMORY_MB)`,
        );
      }
      throw new ParseError('CORRUPT', `The parser stopped unexpectedly (${String(error)})`, { cause: error });
    } finally {
      this.inFlight.set(pool, (this.inFlight.get(pool) ?? 1) - 1);
      this.closeIfDrained(pool);
    }
    if (!outcome.ok) throw new ParseError(outcome.code, outcome.reason);
    const doc = outcome.document;
    // Buffers arrive as plain Uint8Arrays after the thread boundary.
    return { ...doc, attachments: doc.attachments.map((a) => ({ ...a, bytes: Buffer.from(a.bytes) })) };
  }

  /** Closes a replaced pool once no parse of it is running or queued. */
  private closeIfDrained(pool: Piscina<ParseTask, ParseOutcome>): void {
    if (!this.retired.has(pool) || (this.inFlight.get(pool) ?? 0) > 0) return;
    this.retired.delete(pool);
    this.inFlight.delete(pool);
    void pool.close().catch(() => undefined);
  }

  /** Stops the workers (parses still running are aborted). */
  async close(): Promise<void> {
    const pools = [...this.retired, ...(this.pool ? [this.pool] : [])];
    this.retired.clear();
    await Promise.all(pools.map((p) => p.destroy()));
  }
}
