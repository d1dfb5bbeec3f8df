/**
 * The sync runner (spec 4.11 "fetch and has_new_data"): for a CUSTOM connection the engine
 * injects the DynamicCredential from the vault, loads the saved state, runs the SourcePlugin's
 * `fetch` in the isolated plugin runtime and, for each yielded DocumentInput, creates a document
 * and saves the state the plugin had at that yield — in order, one item after the other — so an
 * interrupted sync resumes after the last saved item and creates no duplicates (the same bytes
 * are one document anyway). OAuth connections run the provider's listing instead (`oauth.ts`).
 *
 * One sync per connection at a time: a partial unique index allows one RUNNING activity row per
 * connection, across processes. Deleting a connection aborts its sync: the in-process abort
 * signal cancels the running plugin call at once (PluginHost.call `signal`), and it and the
 * state save that finds no row (a delete in another process) stop it between items.
 */
import type { Principal, Tenant } from '../auth/principal.js';
import { requireRole } from '../auth/tenancy.js';
import type { AppContext } from '../context.js';
import { refreshStatistics } from '../db/statistics.js';
import { ingestDocument } from '../documents/service.js';
import { DEFAULT_EGRESS, egressServices } from '../egress/service.js';
import { PluginError } from '../engine/runtime-protocol.js';
import { emitEvent } from '../events/outbox.js';
import { badRequest, HttpProblem } from '../http/problem.js';
import { getSecret } from '../vault/service.js';
import { currentSourcePlugin, getConnection, WRITE_ROLES } from './connections.js';
import { ignoreMatcher, pluginConfigs, relativePath } from './ignore.js';
import type { FetchedItem, ItemHandler } from './items.js';
import { runOAuthFetch } from './oauth-sync.js';
import type { ConnectionRow, SyncRow } from './repository.js';
import * as repo from './repository.js';

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

const registries = new WeakMap<AppContext, Map<string, Running>>();
function registry(ctx: AppContext): Map<string, Running> {
  let r = registries.get(ctx);
  if (!r) {
    r = new Map();
    registries.set(ctx, r);
  }
  return r;
}

/**
 * Asks the running sync of a connection in this process to stop: its plugin `fetch` is cancelled
 * at once and no item after the current one is stored.
 */
export function abortSync(ctx: AppContext, connectionId: string): void {
  registry(ctx).get(connectionId)?.controller.abort();
}

/** Resolves when the connection's sync in this process (if any) has finished. */
export async function waitForSync(ctx: AppContext, connectionId: string): Promise<void> {
  await registry(ctx).get(connectionId)?.done;
}

/** Contexts whose syncs were stopped (shutdown): their queued sync jobs are left to other workers. */
const stoppedContexts = new WeakSet<AppContext>();

/** Aborts every sync of this process and waits for them (on shutdown). */
export async function stopAllSyncs(ctx: AppContext): Promise<void> {
  stoppedContexts.add(ctx);
  const all = [...registry(ctx).values()];
  for (const r of all) r.controller.abort();
  await Promise.allSettled(all.map((r) => r.done));
}

const syncable = (row: ConnectionRow) => row.kind === 'CUSTOM' || row.kind === 'OAUTH';

/**
 * POST /sources/{id}/sync: starts a sync now and answers its activity row (RUNNING).
 *
 * @throws HttpProblem 403 (role), 404, 400 (not a syncing kind, or REQUIRES_REAUTHORIZATION /
 *   DISABLED), 409 when a sync of the connection is already running
 */
export async function requestSync(
  ctx: AppContext,
  principal: Principal,
  tenant: Tenant,
  id: string,
): Promise<SyncRow> {
  requireRole(principal, tenant.role, WRITE_ROLES);
  const row = await getConnection(ctx, tenant, id);
  if (!syncable(row))
    throw badRequest(`A ${row.kind} connection receives documents as they arrive and does not sync`);
  if (row.status === 'REQUIRES_REAUTHORIZATION')
    throw badRequest('The connection requires reauthorization: POST /api/v1/sources/{id}/reconnect first');
  if (row.status === 'DISABLED') throw badRequest('The connection is disabled');
  const sync = await beginSync(ctx, row, 'MANUAL');
  if (!sync) {
    const running = await repo.findRunningSync(ctx.db, row.id);
    throw new HttpProblem(
      409,
      'A sync of this connection is already running',
      running ? { sync_id: running.id } : {},
    );
  }
  return sync;
}

/**
 * Starts a sync in the background unless one is running (in any process): records the RUNNING
 * activity row and queues its job (`source.sync`, jobs/queue.ts), which this process runs at once
 * when it runs workers. Without a queue (one-shot commands) the sync runs in this process.
 *
 * @returns the RUNNING activity row, or undefined when another sync holds the connection
 */
export async function beginSync(
  ctx: AppContext,
  conn: ConnectionRow,
  trigger: SyncRow['trigger'],
): Promise<SyncRow | undefined> {
  const settings = ctx.config.sources;
  await repo.failStaleSyncs(ctx.db, conn.id, new Date(Date.now() - settings.staleSyncSeconds * 1000));
  const sync = await repo.insertRunningSync(ctx.db, {
    organizationId: conn.organizationId,
    connectionId: conn.id,
    trigger,
  });
  if (!sync) return undefined;
  if (conn.status === 'ACTIVE' || conn.status === 'ERROR')
    await repo.updateConnection(ctx.db, conn.id, { status: 'SYNCING' });
  if (ctx.queue) {
    // The job expires (and is retried elsewhere) only once a live run would have ended.
    await ctx.queue.enqueueSourceSync(
      { syncId: sync.id, connectionId: conn.id },
      settings.syncTimeoutSeconds + Math.min(SYNC_EXPIRY_MARGIN_SECONDS, settings.syncTimeoutSeconds),
    );
  } else void runRegistered(ctx, conn, sync, settings.syncTimeoutSeconds);
  return sync;
}

/**
 * Most seconds a sync job lives beyond the fetch's own limit (SERVICE_SOURCES_SYNC_TIMEOUT_SECONDS,
 * and at most that limit again) before the queue takes its worker for dead: time to store the
 * last items and the outcome.
 */
const SYNC_EXPIRY_MARGIN_SECONDS = 30;

/** Runs a sync in this process, registered so DELETE and shutdown can abort it. */
function runRegistered(ctx: AppContext, conn: ConnectionRow, sync: SyncRow, timeoutSeconds: number) {
  const controller = new AbortController();
  const reg = registry(ctx);
  const done = runSync(ctx, conn, sync, controller, timeoutSeconds)
    .catch((err: unknown) => ctx.log.error({ err, sourceId: conn.id }, 'source sync crashed'))
    .finally(() => {
      if (reg.get(conn.id)?.controller === controller) reg.delete(conn.id);
    });
  reg.set(conn.id, { controller, done });
  return done;
}

/**
 * The job of one sync (queue `source.sync`): runs the RUNNING activity row `syncId`, or does
 * nothing when it is no longer RUNNING (finished, aborted, or failed as stale). A retry after the
 * process running it was killed resumes from the state saved with the last stored item, and the
 * counts of the row go on from there. It first renews the row's heartbeat, so a new sync request
 * does not take the resumed one for dead.
 *
 * @throws Error when this process is stopping (the job is retried by another worker)
 */
export async function runSyncJob(
  ctx: AppContext,
  job: { syncId: string; connectionId: string },
  meta: { retryCount: number } = { retryCount: 0 },
): Promise<void> {
  if (stoppedContexts.has(ctx)) throw new Error('the process is stopping');
  const sync = await repo.findSync(ctx.db, job.syncId);
  if (sync?.status !== 'RUNNING') return;
  const conn = await repo.findConnectionById(ctx.db, job.connectionId);
  if (!conn) {
    await repo.finishSync(ctx.db, sync.id, 'ABORTED', 'the connection was deleted');
    return;
  }
  await repo.bumpSync(ctx.db, sync.id, {});
  ctx.log.info({ sourceId: conn.id, syncId: sync.id, retry: meta.retryCount }, 'source sync started');
  await runRegistered(ctx, conn, sync, ctx.config.sources.syncTimeoutSeconds);
}

/** A message about a failure that is safe to store and show (no secrets: ours never hold any). */
function safeMessage(err: unknown): string {
  if (err instanceof PluginError) return `${err.errorType}: ${err.message}`.slice(0, 2000);
  if (err instanceof HttpProblem) return err.detail;
  return err instanceof Error ? err.message.slice(0, 2000) : String(err);
}

/**
 * Runs one sync of a connection: fetches its items (CUSTOM plugin or OAuth provider), ingests
 * each and saves the connection's state after it, then records the outcome on the sync and the
 * connection with a `source.sync_completed` event.
 */
async function runSync(
  ctx: Pick<AppContext, 'blobs' | 'config' | 'database' | 'db' | 'log' | 'plugins' | 'queue'>,
  conn: ConnectionRow,
  sync: SyncRow,
  controller: AbortController,
  timeoutSeconds: number,
): Promise<void> {
  const signal = controller.signal;
  const items = ingestItems(ctx, conn, sync, controller);
  let status: SyncRow['status'] = 'SUCCEEDED';
  let error: string | null = null;
  try {
    let reauth = false;
    if (conn.kind === 'CUSTOM') await runPluginFetch(ctx, conn, signal, items.handle, timeoutSeconds);
    else reauth = (await runOAuthFetch(ctx, conn, signal, items.handle)) === 'REQUIRES_REAUTHORIZATION';
    if (signal.aborted) {
      status = 'ABORTED';
      error = items.deleted() ? 'the connection was deleted' : 'stopped';
    } else if (reauth) {
      status = 'FAILED';
      error = 'the provider refused the stored authorization; reconnect the source';
    } else if (items.errors.length)
      error = `${items.errors.length} item(s) refused: ${items.errors.slice(0, 5).join('; ')}`;
  } catch (err) {
    status = signal.aborted ? 'ABORTED' : 'FAILED';
    error = safeMessage(err);
    ctx.log.warn({ sourceId: conn.id, syncId: sync.id, error }, 'source sync failed');
  }
  await finishSyncRun(ctx, conn, sync, status, error);
  // A first sync may bring thousands of documents: the lists and search are planned from real
  // statistics from then on, not from the empty tables of before (no-op when little changed).
  await refreshStatistics(ctx.database).catch((err: unknown) =>
    ctx.log.warn({ err, sourceId: conn.id }, 'refreshing planner statistics after a sync failed'),
  );
}

/**
 * The item handler of a sync: an item matching the connection's ignore patterns (ignore.ts, on
 * its path `metadata.folder`/`filename`) is counted ignored without reading its content; any
 * other is ingested as a document of the connection. Then the connection's state and the sync's
 * counts are saved in one transaction. A file of a refused type or size is counted failed and
 * noted in `errors`; quota, download and database errors stop the sync before its state moves
 * past the item. A connection deleted meanwhile aborts the sync (`deleted()`).
 */
function ingestItems(
  ctx: Pick<AppContext, 'blobs' | 'config' | 'db' | 'queue'>,
  conn: ConnectionRow,
  sync: SyncRow,
  controller: AbortController,
) {
  const errors: string[] = [];
  let deleted = false;
  const ignored = ignoreMatcher(conn.configs);
  const handle: ItemHandler = async (item, state) => {
    if (controller.signal.aborted) return;
    const delta = ignored(relativePath(item.filename, item.metadata.folder))
      ? { ignored: 1 }
      : await ingestItem(item);
    const saved = await ctx.db.transaction(async (tx) => {
      const ok = await repo.saveState(tx, conn.id, state);
      if (ok) await repo.bumpSync(tx, sync.id, delta);
      return ok;
    });
    if (!saved) {
      deleted = true;
      controller.abort();
    }
  };
  /** Reads and stores one kept item; a refused type or size is a failed item, not a failed sync. */
  const ingestItem = async (
    item: FetchedItem,
  ): Promise<{ created?: number; skipped?: number; failed?: number }> => {
    const bytes = await item.content();
    try {
      const { created } = await ingestDocument(ctx, conn.organizationId, {
        bytes,
        filename: item.filename,
        declaredMime: item.mime,
        sourceId: conn.id,
        metadata: item.metadata,
      });
      return created ? { created: 1 } : { skipped: 1 };
    } catch (err) {
      if (!(err instanceof HttpProblem) || ![400, 413, 415].includes(err.status)) throw err;
      errors.push(`${item.filename}: ${err.detail}`);
      return { failed: 1 };
    }
  };
  return { handle, errors, deleted: () => deleted };
}

/**
 * Records a sync's outcome: the sync row finished, the connection's status (ERROR after a
 * failure, ACTIVE otherwise; REQUIRES_REAUTHORIZATION and DISABLED kept), last error and last
 * sync time, and `source.sync_completed`, in one transaction. Nothing when the connection or the
 * sync is gone.
 */
async function finishSyncRun(
  ctx: Pick<AppContext, 'db'>,
  conn: ConnectionRow,
  sync: SyncRow,
  status: SyncRow['status'],
  error: string | null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockConnection(tx, conn.id);
    const finished = await repo.finishSync(tx, sync.id, status, error);
    if (!current || !finished) return;
    const nextStatus =
      current.status === 'REQUIRES_REAUTHORIZATION' || current.status === 'DISABLED'
        ? current.status
        : status === 'FAILED'
          ? 'ERROR'
          : 'ACTIVE';
    await repo.updateConnection(tx, conn.id, {
      status: nextStatus,
      lastError: status === 'SUCCEEDED' ? null : error,
      ...(status === 'SUCCEEDED' ? { lastSyncedAt: finished.endedAt ?? new Date() } : {}),
    });
    await emitEvent(tx, {
      organizationId: conn.organizationId,
      type: 'source.sync_completed',
      data: {
        source_id: conn.id,
        sync_id: sync.id,
        provider: conn.provider,
        status,
        documents_created: finished.documentsCreated,
        documents_skipped: finished.documentsSkipped,
        documents_failed: finished.documentsFailed,
        documents_ignored: finished.documentsIgnored,
        error,
      },
    });
  });
}

/** The plugin code, DynamicCredential values, state and configs of a CUSTOM connection. */
async function pluginInputs(ctx: Pick<AppContext, 'config' | 'db'>, conn: ConnectionRow) {
  const current = conn.pluginId
    ? await currentSourcePlugin(ctx, conn.organizationId, conn.pluginId)
    : undefined;
  if (!current) throw new Error('the SourcePlugin of this connection no longer exists');
  if (!current.plugin.enabled) throw new Error(`the SourcePlugin ${current.plugin.name} is disabled`);
  const credentials =
    ((await getSecret(ctx, {
      organizationId: conn.organizationId,
      connectionId: conn.id,
      purpose: 'credentials',
    })) as Record<string, unknown> | undefined) ?? {};
  const fresh = await repo.findConnectionById(ctx.db, conn.id);
  return {
    code: {
      id: `${current.plugin.id}@${current.version.version}`,
      source: current.version.code,
      className: current.plugin.className,
    },
    args: {
      credentials,
      state: fresh?.state ?? conn.state,
      configs: pluginConfigs(fresh?.configs ?? conn.configs),
    },
  };
}

function toItem(value: unknown): FetchedItem {
  const v = (value ?? {}) as { file_data?: unknown; filename?: unknown; metadata?: unknown };
  if (typeof v.file_data !== 'string' || typeof v.filename !== 'string')
    throw new PluginError('WrongReturnType', 'fetch yielded an item without file_data or filename');
  const metadata =
    v.metadata && typeof v.metadata === 'object' && !Array.isArray(v.metadata)
      ? (v.metadata as Record<string, unknown>)
      : {};
  const bytes = Buffer.from(v.file_data, 'base64');
  return { content: async () => bytes, filename: v.filename, metadata };
}

/**
 * Runs `fetch` of the connection's SourcePlugin. Items arrive while the plugin keeps running;
 * each is handed to `handle` strictly after the previous one finished. When the sync is aborted
 * (connection deleted, process stopping) or `handle` fails, the plugin call is cancelled at once
 * (the runtime's `cancel`; a plugin that does not stop within ~2 s has its process killed) and
 * later items are ignored; the items already handed over finish first.
 *
 * @throws the error of `handle`, or the PluginError of the call (not when aborted)
 */
async function runPluginFetch(
  ctx: Pick<AppContext, 'config' | 'db' | 'log' | 'plugins'>,
  conn: ConnectionRow,
  signal: AbortSignal,
  handle: ItemHandler,
  timeoutSeconds: number,
): Promise<void> {
  const { code, args } = await pluginInputs(ctx, conn);
  let chain: Promise<void> = Promise.resolve();
  let failed: unknown;
  const handlerFailed = new AbortController();
  const onItem = (value: unknown, state: unknown) => {
    chain = chain.then(async () => {
      if (failed !== undefined || signal.aborted) return;
      try {
        await handle(toItem(value), (state ?? {}) as Record<string, unknown>);
      } catch (err) {
        failed = err;
        handlerFailed.abort();
      }
    });
  };
  // Settles promptly after an abort: the cancelled call answers Cancelled (or is killed).
  const ended = await ctx.plugins
    .call(conn.organizationId, code, 'fetch', args, {
      onItem,
      timeoutSeconds,
      signal: AbortSignal.any([signal, handlerFailed.signal]),
      services: sourceServices(ctx),
      log: (level, message) => ctx.log.debug({ sourceId: conn.id, plugin: true, level }, message),
    })
    .then(
      () => ({ error: undefined as unknown }),
      (error: unknown) => ({ error }),
    );
  // The items already received are handled first, so their documents and states are saved
  // before the outcome is recorded.
  await chain;
  if (failed !== undefined) throw failed;
  if (signal.aborted) return;
  if (ended.error !== undefined) throw ended.error;
}

/** The services of a SourcePlugin's calls: `http_request` through the host's egress (docs/security.md). */
function sourceServices(ctx: Pick<AppContext, 'config'>) {
  return egressServices({
    ...DEFAULT_EGRESS,
    allow: ctx.config.pluginEgressAllow,
    allowPrivate: ctx.config.pluginEgressAllowPrivate,
  });
}

/**
 * Asks the connection's source whether a sync would find anything: `has_new_data` of the
 * SourcePlugin; OAuth listings are cheap deltas, so they always sync.
 */
export async function hasNewData(
  ctx: Pick<AppContext, 'config' | 'db' | 'plugins'>,
  conn: ConnectionRow,
): Promise<boolean> {
  if (conn.kind !== 'CUSTOM') return true;
  const { code, args } = await pluginInputs(ctx, conn);
  return (
    (await ctx.plugins.call(conn.organizationId, code, 'has_new_data', args, {
      timeoutSeconds: 120,
      services: sourceServices(ctx),
    })) === true
  );
}

/**
 * One pass of auto-sync polling (the scheduled task `source-poll`, jobs/workers.ts): claims the
 * due connections (one process wins each), asks `has_new_data`, and starts a sync when it
 * answers true. The next check is `interval_minutes` later.
 *
 * @returns how many syncs it started
 */
export async function pollDueSources(ctx: AppContext): Promise<number> {
  const now = new Date();
  let started = 0;
  for (const conn of await repo.dueConnections(ctx.db, now, 20)) {
    const next = new Date(now.getTime() + conn.syncIntervalMinutes * 60_000);
    if (!(await repo.claimDue(ctx.db, conn.id, now, next))) continue;
    if (registry(ctx).has(conn.id)) continue;
    try {
      if ((await hasNewData(ctx, conn)) && (await beginSync(ctx, conn, 'AUTO'))) started += 1;
    } catch (err) {
      const message = safeMessage(err);
      ctx.log.warn({ sourceId: conn.id, error: message }, 'auto-sync check failed');
      await repo.updateConnection(ctx.db, conn.id, { lastError: `auto-sync check failed: ${message}` });
    }
  }
  return started;
}
