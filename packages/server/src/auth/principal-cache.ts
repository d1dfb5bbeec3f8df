import { randomUUID } from 'node:crypto';
import { withoutQueryScope } from '../db/cancel.js';
import { type Database, listenerApplicationName } from '../db/client.js';
import type { MembershipSummary, PrincipalDirectory, PrincipalUser } from './principal-directory.js';

/**
 * What authenticating one API key needs, loaded through the PrincipalDirectory (key, user,
 * memberships) and kept per key digest (auth/authenticate.ts).
 */
export interface CachedApiKeyPrincipal {
  key: {
    id: string;
    organizationId: string | null;
    status: 'ACTIVE' | 'REVOKED';
    expiresAt: Date | null;
    lastUsedAt: Date | null;
  };
  user: PrincipalUser;
  memberships: MembershipSummary[];
}

/** Channel the database triggers of migration 0001 notify on; payload a user id or '*'. */
export const AUTH_CHANGED_CHANNEL = 'auth_changed';
/** `last_used_at` is written at most this often per key (docs/authentication.md). */
export const LAST_USED_RESOLUTION_MS = 60_000;
/** Pending `last_used_at` writes are flushed in one statement this often. */
const FLUSH_INTERVAL_MS = 5_000;
/** A safety net only: entries are dropped on notification long before this. */
const ENTRY_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;
/** After a lost subscription the cache stays off for this long before subscribing again. */
const RESUBSCRIBE_DELAY_MS = 1_000;
const BARRIER_PREFIX = 'barrier:';
const ACK_PREFIX = 'ack:';

/**
 * Per-process cache of API-key principals, invalidated by PostgreSQL LISTEN/NOTIFY on
 * `auth_changed`: triggers on `api_keys`, `users`, `memberships` and `organizations` notify at
 * commit, so every server process on the database drops what a revocation, role change, member
 * removal or deletion made stale. While the subscription is not live nothing is cached, and a
 * load that raced with a notification is not stored (generation check).
 *
 * Also batches `last_used_at`: a key's use is written at most once per
 * {@link LAST_USED_RESOLUTION_MS}, all due keys in one statement every few seconds.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, { value: CachedApiKeyPrincipal; until: number }>();
  private generation = 0;
  private live = false;
  private subscribing: Promise<void> | undefined;
  private unsubscribe: (() => Promise<void>) | undefined;
  private retryAt = 0;
  private closed = false;
  private readonly pendingUses = new Map<string, Date>();
  /** The api-keys write of `last_used_at`, as the last `recordUse` passed it (ctx.principals). */
  private record: PrincipalDirectory['recordApiKeyUses'] | undefined;
  /** Look-ups in flight by key hash (see {@link load}); dropped on every invalidation. */
  private readonly loading = new Map<string, Promise<CachedApiKeyPrincipal | undefined>>();
  private readonly barriers = new Map<string, () => void>();
  private readonly flushTimer: NodeJS.Timeout;

  constructor(private readonly database: Database) {
    // A timer of this process, not a queue schedule: it flushes this process's own buffer.
    this.flushTimer = setInterval(() => void this.flush().catch(() => undefined), FLUSH_INTERVAL_MS);
    this.flushTimer.unref();
  }

  /** The cached principal of a key hash, or undefined (also while the subscription is down). */
  get(keyHash: string, now: number): CachedApiKeyPrincipal | undefined {
    if (!this.live) {
      this.ensureSubscribed(now);
      return undefined;
    }
    const hit = this.entries.get(keyHash);
    if (!hit) return undefined;
    if (hit.until <= now) {
      this.entries.delete(keyHash);
      return undefined;
    }
    return hit.value;
  }

  /**
   * The principal of a key hash from the cache, else from `loader`, run once for all the
   * concurrent requests presenting the same key (an entry expiring at 50 concurrent requests
   * would otherwise send 50 identical look-ups). A load that raced with an invalidation is
   * returned to the requests that started before it but not stored, and requests arriving
   * after the invalidation start a load of their own.
   *
   * @returns undefined when `loader` finds no such key
   */
  async load(
    keyHash: string,
    now: number,
    loader: () => Promise<CachedApiKeyPrincipal | undefined>,
  ): Promise<CachedApiKeyPrincipal | undefined> {
    const cached = this.get(keyHash, now);
    if (cached) return cached;
    const pending = this.loading.get(keyHash);
    if (pending) return pending;
    const generation = this.begin();
    // Shared by the requests presenting this key: not cancelled with the one that started it.
    const loaded = withoutQueryScope(loader)
      .then((value) => {
        if (value) this.set(keyHash, value, generation, now);
        return value;
      })
      .finally(() => {
        if (this.loading.get(keyHash) === loaded) this.loading.delete(keyHash);
      });
    this.loading.set(keyHash, loaded);
    return loaded;
  }

  /** A token to pass to {@link set}: loads that raced with an invalidation are not stored. */
  begin(): number {
    return this.generation;
  }

  set(keyHash: string, value: CachedApiKeyPrincipal, generation: number, now: number): void {
    if (!this.live || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(keyHash, { value, until: now + ENTRY_TTL_MS });
  }

  /**
   * Waits until every server process subscribed to the database has handled the notifications
   * of changes committed before this call: a marker is notified and each subscribed process
   * answers it with an acknowledgement once it got there (notifications arrive in commit order
   * on each session). Subscribed processes are counted in `pg_stat_activity` by the application
   * name of their LISTEN connection. A change that affects authentication awaits this before
   * answering, so the client's next request, to any process, sees it. Gives up after `timeoutMs`.
   * On PGlite notifications are delivered in-process when the statement returns: nothing to wait for.
   */
  async barrier(timeoutMs = 2_000): Promise<void> {
    if (this.database.kind === 'pglite') return;
    if (!this.live) await this.ensureSubscribed(Date.now());
    const [row] = (
      await this.database.query(
        'select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()',
        [listenerApplicationName(AUTH_CHANGED_CHANNEL)],
      )
    ).rows;
    const expected = Number(row?.n ?? 0);
    const id = randomUUID();
    const arrived = new Promise<void>((resolve) => {
      let acks = 0;
      const timer = setTimeout(resolve, timeoutMs);
      this.barriers.set(id, () => {
        acks += 1;
        if (acks < expected) return;
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      if (expected > 0) {
        await this.database.query('select pg_notify($1, $2)', [
          AUTH_CHANGED_CHANNEL,
          `${BARRIER_PREFIX}${id}`,
        ]);
        await arrived;
      }
    } finally {
      this.barriers.delete(id);
    }
  }

  /** Drops the entries of `userId`, or all of them for '*'. */
  invalidate(userId: string): void {
    if (userId.startsWith(BARRIER_PREFIX)) {
      const ack = `${ACK_PREFIX}${userId.slice(BARRIER_PREFIX.length)}`;
      void this.database
        .query('select pg_notify($1, $2)', [AUTH_CHANGED_CHANNEL, ack])
        .catch(() => undefined);
      return;
    }
    if (userId.startsWith(ACK_PREFIX)) {
      this.barriers.get(userId.slice(ACK_PREFIX.length))?.();
      return;
    }
    this.generation += 1;
    this.loading.clear();
    if (userId === '*') {
      this.entries.clear();
      return;
    }
    for (const [hash, entry] of this.entries) if (entry.value.user.id === userId) this.entries.delete(hash);
  }

  /**
   * Notes a use of a key. The first use ever is written at once (so a new key shows it); later
   * ones join the next batch when the stored time is older than the resolution.
   */
  async recordUse(
    entry: CachedApiKeyPrincipal,
    now: Date,
    record: PrincipalDirectory['recordApiKeyUses'],
  ): Promise<void> {
    this.record = record;
    const last = entry.key.lastUsedAt;
    if (last && now.getTime() - last.getTime() < LAST_USED_RESOLUTION_MS) return;
    entry.key.lastUsedAt = now;
    if (!last) {
      await record(this.database.db, new Map([[entry.key.id, now]]));
      return;
    }
    this.pendingUses.set(entry.key.id, now);
  }

  /** Writes the pending `last_used_at` batch. */
  async flush(): Promise<void> {
    if (this.pendingUses.size === 0 || !this.record) return;
    const batch = new Map(this.pendingUses);
    this.pendingUses.clear();
    await this.record(this.database.db, batch);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.flushTimer);
    this.live = false;
    await this.flush().catch(() => undefined);
    await this.unsubscribe?.();
  }

  private ensureSubscribed(now: number): Promise<void> | undefined {
    if (this.subscribing || this.closed || now < this.retryAt) return this.subscribing;
    // Started by whichever request comes first, for the process: not cancelled with it.
    this.subscribing = withoutQueryScope(() =>
      this.database.listen(
        AUTH_CHANGED_CHANNEL,
        (payload) => this.invalidate(payload),
        () => {
          this.live = false;
          this.unsubscribe = undefined;
          this.invalidate('*');
          this.retryAt = Date.now() + RESUBSCRIBE_DELAY_MS;
        },
      ),
    )
      .then((unsubscribe) => {
        if (this.closed) return unsubscribe();
        this.unsubscribe = unsubscribe;
        this.invalidate('*');
        this.live = true;
      })
      .catch(() => {
        this.retryAt = Date.now() + RESUBSCRIBE_DELAY_MS;
      })
      .finally(() => {
        this.subscribing = undefined;
      });
    return this.subscribing;
  }
}

const caches = new WeakMap<Database, PrincipalCache>();

/** The principal cache of a database (one per open database in this process). */
export function principalCacheOf(database: Database): PrincipalCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new PrincipalCache(database);
    caches.set(database, cache);
  }
  return cache;
}

/**
 * Call after committing a change to an API key, user, membership or organization: returns once
 * every server process on the database has been sent the invalidation (see `barrier`).
 */
export async function propagateAuthChange(database: Database): Promise<void> {
  await principalCacheOf(database).barrier();
}

/** Flushes and unsubscribes the cache of `database`, if it has one; call before closing it. */
export async function closePrincipalCache(database: Database): Promise<void> {
  await caches.get(database)?.close();
  caches.delete(database);
}
