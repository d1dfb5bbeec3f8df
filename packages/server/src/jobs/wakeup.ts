import type { Database } from '../db/client.js';

/** LISTEN/NOTIFY channel on which a process that queued a job tells the others; payload the queue name. */
export const JOB_QUEUED_CHANNEL = 'job_queued';
/** Milliseconds before a lost {@link JOB_QUEUED_CHANNEL} subscription is opened again. */
const RESUBSCRIBE_MS = 5_000;

/**
 * Wakes the idle workers of a queue as soon as a job is queued, so they can poll rarely when
 * idle (docs/performance.md "Job queue polling"). Two kinds of sleeper: this module's own loops
 * ({@link sleep}, with a generation counter so a wake-up during a fetch is not missed) and
 * pg-boss workers, woken with `boss.notifyWorker(id)` (pg-boss keeps its own "notified during
 * a fetch" flag). On PostgreSQL the wake-up crosses processes through {@link JOB_QUEUED_CHANNEL}.
 */
export class QueueWakeups {
  private readonly generations = new Map<string, number>();
  private readonly sleepers = new Map<string, Set<() => void>>();
  private readonly bossWorkers = new Map<string, string[]>();
  private unlisten: (() => Promise<void>) | undefined;
  /** The subscription being opened, so concurrent callers of {@link listen} share it. */
  private subscribing: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  /** False while a PostgreSQL subscription is wanted but down: callers then poll at their short period. */
  listening = true;

  /** @param notifyBossWorker pg-boss's `notifyWorker` */
  constructor(private readonly notifyBossWorker: (id: string) => void) {}

  /** How many wake-ups `queue` has had; pass it to {@link sleep} taken before a fetch. */
  generation(queue: string): number {
    return this.generations.get(queue) ?? 0;
  }

  /** Registers a pg-boss worker (the id `boss.work` returned) to wake with its queue. */
  addBossWorker(queue: string, id: string): void {
    this.bossWorkers.set(queue, [...(this.bossWorkers.get(queue) ?? []), id]);
  }

  /** Wakes every sleeping worker of `queue` in this process (a job was queued). */
  wake(queue: string): void {
    this.generations.set(queue, this.generation(queue) + 1);
    const waiting = this.sleepers.get(queue);
    this.sleepers.delete(queue);
    for (const resolve of waiting ?? []) resolve();
    for (const id of this.bossWorkers.get(queue) ?? []) this.notifyBossWorker(id);
  }

  /**
   * Waits `ms`, or less: resolves at once if `queue` was woken since generation `seen`, and on
   * the next {@link wake} or abort.
   */
  sleep(queue: string, ms: number, seen: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted || this.generation(queue) !== seen) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.sleepers.get(queue)?.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      const set = this.sleepers.get(queue) ?? new Set<() => void>();
      set.add(done);
      this.sleepers.set(queue, set);
    });
  }

  /**
   * On PostgreSQL, subscribes to {@link JOB_QUEUED_CHANNEL} so jobs queued by other processes
   * wake this one's workers; a lost subscription sets {@link listening} false (callers poll at
   * their short period) and is opened again after {@link RESUBSCRIBE_MS}. No-op on PGlite,
   * whose database belongs to this process alone. Idempotent.
   */
  async listen(database: Database, onError: (err: Error) => void): Promise<void> {
    if (database.kind !== 'postgres' || this.unlisten || this.closed) return;
    this.subscribing ??= this.subscribe(database, onError).finally(() => {
      this.subscribing = undefined;
    });
    await this.subscribing;
  }

  private async subscribe(database: Database, onError: (err: Error) => void): Promise<void> {
    const lost = () => {
      this.listening = false;
      this.unlisten = undefined;
      if (this.closed) return;
      // A broken connection may report both 'error' and 'end': one retry.
      clearTimeout(this.retry);
      this.retry = setTimeout(() => void this.listen(database, onError), RESUBSCRIBE_MS);
      this.retry.unref();
    };
    try {
      const unlisten = await database.listen(JOB_QUEUED_CHANNEL, (queue) => this.wake(queue), lost);
      if (this.closed) return await unlisten();
      this.unlisten = unlisten;
      this.listening = true;
    } catch (err) {
      onError(err instanceof Error ? err : new Error(String(err)));
      lost();
    }
  }

  /** Tells the other processes (PostgreSQL) that `queue` has a new job; wakes this one's workers. */
  async announce(database: Database, queue: string): Promise<void> {
    this.wake(queue);
    if (database.kind === 'postgres')
      await database.query('SELECT pg_notify($1, $2)', [JOB_QUEUED_CHANNEL, queue]);
  }

  /** Ends the subscription and wakes every sleeper. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    for (const queue of [...this.sleepers.keys()]) this.wake(queue);
    await this.unlisten?.();
    this.unlisten = undefined;
  }
}
