/**
 * The composition root's context: `createContext` opens the database (migrating it), the local
 * issuer, the mailer, the blob store, the plugin host, the parser pool and, for the processes that
 * run jobs, the queue, and hands them to the services as one `AppContext`; `closeContext` stops
 * them. Used by app.ts (`buildApp`) and cli.ts. Split from app.ts (issue 34), which registers the
 * routes.
 */
import path from 'node:path';
import pino from 'pino';
import { findApiKeyByHash, findApiKeyById, recordApiKeyUses } from './api-keys/records.js';
import { openLocalIssuer } from './auth/local-issuer.js';
import { closePrincipalCache } from './auth/principal-cache.js';
import type { PrincipalDirectory } from './auth/principal-directory.js';
import { type BlobStore, localBlobStore, s3BlobStore } from './blobs/store.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { type Database, migrateDatabase, openDatabase } from './db/client.js';
import { refreshStatistics } from './db/statistics.js';
import { builtinPlugin, builtinWarmUpCalls } from './engine/builtin-plugins.js';
import { PluginHost } from './engine/plugin-host.js';
import { DEFAULT_SANDBOX_LIMITS, logSandbox, resolveSandbox } from './engine/sandbox.js';
import type { StandIns } from './invitations/stand-ins.js';
import { openQueue } from './jobs/queue.js';
import { REACTIONS } from './jobs/reactions.js';
import { createLlmProvider } from './llm/providers.js';
import { createMailer } from './mail/mailer.js';
import { findOrganizationRole, listMembershipSummaries } from './organizations/records.js';
import type { UserDirectory } from './organizations/user-directory.js';
import { ParserPool } from './parsing/pool.js';
import {
  countLiveUsers,
  deletePendingInvitees,
  findUserById,
  pendingInviteeIds,
  userIdsWithEmail,
} from './users/records.js';

/** organizations' port to the users it cannot import (it sits below users/): users/records.ts. */
export const USER_DIRECTORY: UserDirectory = { countLiveUsers, userIdsWithEmail };
/** invitations' port to the stand-in users it resolves (it sits below users/): users/records.ts. */
const STAND_INS: StandIns = { pendingInviteeIds, deletePendingInvitees };
/** auth's port to the keys, users and memberships it authenticates with (it sits below them all). */
const PRINCIPALS: PrincipalDirectory = {
  findApiKeyByHash,
  findApiKeyById,
  recordApiKeyUses,
  findUserById: (db, id) => findUserById(db, id),
  listMembershipSummaries,
  findOrganizationRole,
};

/**
 * Opens the database (migrating it when `migrate` is set) and the local issuer, and returns the
 * context the services share.
 */
export async function createContext(
  config: Config,
  opts: { database?: Database; migrate?: boolean; log: AppContext['log']; queue?: boolean },
): Promise<AppContext> {
  const database =
    opts.database ??
    (await openDatabase({
      ...config,
      onError: (err) => opts.log.warn({ err }, 'database connection lost; the next query reconnects'),
    }));
  if (opts.migrate !== false) {
    await migrateDatabase(database);
    // Tables a migration created or a bulk load filled are planned from real statistics.
    await refreshStatistics(database);
  }
  const localIssuer = config.localIssuerEnabled
    ? await openLocalIssuer(database.db, config.localIssuerId, config.secretKey)
    : undefined;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    mailDir: path.join(config.dataDir, 'mail'),
  });
  const blobs: BlobStore =
    config.blobStore.kind === 's3' ? s3BlobStore(config.blobStore) : localBlobStore(config.blobStore.root);
  const plugins = createPluginHost(config, opts.log);
  const parsers = new ParserPool({
    ...config.parser,
    onWorkerError: (error) =>
      opts.log.warn({ err: error }, 'a parser thread failed after its parse had ended; replaced'),
  });
  const queue = opts.queue
    ? await openQueue(database, {
        databaseUrl: config.databaseUrl,
        retryLimit: config.jobRetryLimit,
        expireSeconds: config.jobExpireSeconds,
        superviseSeconds: config.jobSuperviseSeconds,
        cronCheckSeconds: config.schedules.checkSeconds,
        onError: (err) => opts.log.error({ err }, 'job queue error'),
      })
    : undefined;
  return {
    config,
    database,
    db: database.db,
    localIssuer,
    mailer,
    log: opts.log,
    blobs,
    queue,
    plugins,
    parsers,
    llm: createLlmProvider(config.llm),
    reactions: REACTIONS,
    userDirectory: USER_DIRECTORY,
    standIns: STAND_INS,
    principals: PRINCIPALS,
  };
}

/**
 * The plugin host of the settings: its limits and warm pool, records logged to `log` with their
 * context, and the sandbox resolved on first use.
 */
/** The server log's level of a plugin record: errors and warnings as such, the rest as debug. */
function serverLevel(level: string): 'error' | 'warn' | 'debug' {
  return level === 'error' ? 'error' : level === 'warning' || level === 'warn' ? 'warn' : 'debug';
}

/** Whether a logger at `threshold` (a pino level name, or `silent`) writes a record at `level`. */
function writes(threshold: string, level: 'error' | 'warn' | 'debug'): boolean {
  const at = pino.levels.values[threshold];
  return at !== undefined && (pino.levels.values[level] ?? 0) >= at;
}

function createPluginHost(config: Config, log: AppContext['log']): PluginHost {
  return new PluginHost({
    python: config.python,
    limits: {
      cpuSeconds: config.pluginLimits.cpuSeconds,
      memoryMb: config.pluginLimits.memoryMb,
      maxOpenFiles: 256,
      timeoutSeconds: config.pluginLimits.timeoutSeconds,
      maxMessageBytes: config.pluginLimits.maxMessageBytes,
      maxCallBytes: config.pluginLimits.maxCallBytes,
    },
    poolSize: config.pluginLimits.poolSize,
    recycleAfter: config.pluginLimits.recycleAfter,
    // Plugin records arrive tagged with their organization, plugin and document, rate-limited
    // per plugin (engine/plugin-log.ts); the host's own records about runtimes have no context.
    log: (level, message, context) => log[serverLevel(level)]({ plugin: true, ...context }, message),
    logEnabled: (level) => writes(log.level, serverLevel(level)),
    docsBase: `${config.publicUrl}/guides/plugins#`,
    builtinsDir: config.pluginsDir,
    // Started by `serve` and `worker` (PluginHost.warmUp): the built-ins' imports are done before the first document.
    warm: {
      processes: config.pluginLimits.warmProcesses,
      plugins: () => [
        builtinPlugin(config.pluginsDir, 'classifier'),
        builtinPlugin(config.pluginsDir, 'contractExtractor'),
      ],
      calls: () => builtinWarmUpCalls(config.pluginsDir),
    },
    // Resolved (and logged) on first use: a server does so at start-up (buildApp), one-shot
    // commands that run no plugin never do.
    sandbox: () => {
      const sandbox = resolveSandbox(
        config.python,
        config.pluginSandbox,
        { ...DEFAULT_SANDBOX_LIMITS, maxProcesses: config.pluginMaxProcesses },
        config.pluginCgroup,
      );
      logSandbox(log, sandbox);
      return sandbox;
    },
  });
}

/** Stops the queue, the plugin runtimes and the database of a context. */
export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.queue?.stop();
  await ctx.plugins.close();
  await ctx.parsers.close();
  await closePrincipalCache(ctx.database);
  await ctx.database.close();
}
