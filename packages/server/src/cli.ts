import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import pino from 'pino';
import { reuseOrIssueApiKey } from './api-keys/service.js';
import { API_VERSION, type App, buildApp } from './app.js';
import { closeContext, createContext } from './app-context.js';
import { type Config, ConfigError, type Env, loadConfig } from './config.js';
import type { AppContext } from './context.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { DataDirInUseError, readDataDirOwner } from './db/data-dir-lock.js';
import { refreshStatistics } from './db/statistics.js';
import { DEMO_SLUG, DemoCorpusError, runDemo } from './demo/demo.js';
import { startWorkers } from './jobs/workers.js';
import { startMetricsListener } from './metrics/listener.js';
import { operatorCommands } from './operator/commands.js';
import { callOperatorSocket, operatorSocketPath, startOperatorSocket } from './operator/socket.js';
import { terminalIO } from './operator/terminal.js';
import { parseFileReport } from './parsing/report.js';
import { DEV_PROVIDER_ID } from './sources/dev-provider.js';
import { enabledProviders } from './sources/oauth.js';
import { bootstrapSystemAdmin } from './users/service.js';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError('must be an integer 0–65535');
  return n;
}

/**
 * The process's settings: the environment (with `env` over it), then `overrides` (the flags).
 * This and the logger below are the only readers of `process.env`: everything else gets the
 * Config passed down. Exits with status 2 naming each invalid variable.
 */
function config(overrides: Partial<Config> = {}, env: Env = {}): Config {
  try {
    return loadConfig({ ...process.env, ...env }, overrides);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

/**
 * Starts and warms the parser threads (ParserPool.warmUp) and logs what it cost. First a
 * memory-reducing full GC (V8's `gc()`, there when the launcher passes --expose-gc): the main
 * thread otherwise keeps what migrations left (~140 MiB of RSS on PGlite) for ~10 s, and the
 * threads' ~110 MiB on top of it passed the 400 MiB start-up budget (docs/performance.md, task 13d).
 */
async function warmParsers(ctx: AppContext): Promise<void> {
  const started = Date.now();
  const gc = (globalThis as { gc?: (options: object) => void }).gc;
  gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  const gcMs = Date.now() - started;
  const warm = await ctx.parsers.warmUp();
  ctx.log.info(
    {
      parserThreads: warm.threads,
      warmUpCpuMs: warm.cpuMs,
      errors: warm.errors,
      gcMs,
      ms: Date.now() - started,
    },
    'parser threads warm',
  );
  for (const error of warm.errors) ctx.log.warn(`a parser thread's warm-up failed: ${error}`);
}

const quietLog = pino({ level: process.env.SERVICE_LOG_LEVEL ?? 'warn' });

/**
 * Runs an operator command (src/operator/commands.ts). On the embedded database, when a server
 * already owns it, the command is handed to that server through its operator socket, so every
 * process works on one database; otherwise it opens the database itself.
 */
async function runOperator(name: string, args: Record<string, unknown>): Promise<void> {
  const cfg = config();
  const io = terminalIO();
  try {
    const owner = cfg.databaseUrl ? undefined : readDataDirOwner(cfg.dataDir);
    if (owner) {
      const socket = owner.operator_socket;
      try {
        if (!socket) throw new Error('it records no operator socket yet');
        process.exitCode = await callOperatorSocket(socket, name, args, io);
      } catch (err) {
        io.err(
          `error: the embedded database in ${cfg.dataDir}/pg belongs to process ${owner.pid}, whose operator socket ` +
            `${socket ?? ''} does not answer (${(err as Error).message}). If it is still starting, try again in a ` +
            'moment; otherwise stop that process, or point SERVICE_DATA_DIR at another directory.',
        );
        process.exitCode = 2;
      }
      return;
    }
    const ctx = await createContext(cfg, { log: quietLog });
    try {
      process.exitCode = await (operatorCommands[name] as (typeof operatorCommands)[string])(ctx, args, io);
    } finally {
      await closeContext(ctx);
    }
  } finally {
    io.stop();
  }
}

const program = new Command('service-server')
  .description('Document Intelligence Service: API server and operator commands')
  .version(API_VERSION);

program
  .command('serve')
  .description('run the HTTP API (migrates the database first)')
  .option('--host <host>', 'address to listen on (SERVICE_HOST, default 127.0.0.1)')
  .option('--port <port>', 'port to listen on (SERVICE_PORT, default 8080; 0 = any free port)', port)
  .option('--bootstrap-admin <email>', 'also make this user SYSTEM_ADMIN and print a new API key for it')
  .option(
    '--demo',
    'with --bootstrap-admin: ingest real documents (../shared/corpus when present, else demo-corpus/) into a demo organization',
  )
  .action(async (opts: { host?: string; port?: number; bootstrapAdmin?: string; demo?: boolean }) => {
    const demo = Boolean(opts.demo);
    const cfg = config(
      {
        ...(opts.host ? { host: opts.host } : {}),
        ...(opts.port !== undefined ? { port: opts.port } : {}),
        // The demo's tables are its output: request logs stay at warn unless SERVICE_LOG_LEVEL asks.
        ...(demo && !process.env.SERVICE_LOG_LEVEL ? { logLevel: 'warn' } : {}),
      },
      // The demo shows an OAuth connection end to end on the local development provider.
      demo && process.env.SERVICE_OAUTH_DEV_PROVIDER === undefined
        ? { SERVICE_OAUTH_DEV_PROVIDER: 'true' }
        : {},
    );
    const app = await buildApp(cfg);
    const address = await app.listen({ host: cfg.host, port: cfg.port });
    // Runtime processes with the built-in plugins loaded, before the first document needs one.
    if (cfg.workers > 0) void app.ctx.plugins.warmUp();
    // Parser threads too, after listening: start-up's peak memory (migrations) is behind us.
    if (cfg.workers > 0 && cfg.parser.warm) void warmParsers(app.ctx);
    // Links in mail point at the address really listened on (e.g. with --port 0).
    if (!cfg.publicUrlExplicit) app.ctx.config.publicUrl = address;
    const lines = [
      `Document Intelligence Service ${API_VERSION} listening on ${address}`,
      `  database: ${app.ctx.database.kind === 'pglite' ? `embedded PGlite in ${cfg.dataDir}/pg` : 'PostgreSQL'}`,
      `  API docs: ${address}/docs   OpenAPI: ${address}/openapi.json`,
    ];
    // Beside an embedded database, the CLI's operator commands are run here (src/operator/socket.ts).
    const lock = app.ctx.database.lock;
    const operator = lock ? await startOperatorSocket(app.ctx, operatorSocketPath(cfg.dataDir)) : undefined;
    if (operator) lock?.update({ url: address, operator_socket: operator.path });
    const dev = enabledProviders(cfg.oauth).find((p) => p.id === DEV_PROVIDER_ID);
    if (dev) {
      lines.push(
        `  OAuth development provider: ${new URL(dev.authorizationUrl).origin} (${dev.name}; approves every authorization: for trying connections only)`,
      );
    }
    const metrics =
      cfg.metrics.port === undefined
        ? undefined
        : await startMetricsListener(cfg.metrics.host, cfg.metrics.port);
    if (metrics) lines.push(`  metrics (Prometheus): ${metrics.url}/metrics`);
    if (opts.bootstrapAdmin) await bootstrapAdmin(app, cfg, address, opts.bootstrapAdmin, demo, lines);
    process.stdout.write(`${lines.join('\n')}\n`);
    const stop = async () => {
      await metrics?.close();
      await operator?.close();
      await app.close();
      process.exit(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });

/**
 * `serve --bootstrap-admin`: makes `email` SYSTEM_ADMIN, appends its API key and the console link
 * to the start-up `lines`, and with `--demo` runs the demo against the server once it listens.
 */
async function bootstrapAdmin(
  app: App,
  cfg: Config,
  address: string,
  email: string,
  demo: boolean,
  lines: string[],
): Promise<void> {
  const user = await bootstrapSystemAdmin(app.ctx, email);
  const { key, reused } = await reuseOrIssueApiKey(
    app.ctx,
    user.id,
    'serve --bootstrap-admin',
    path.join(cfg.dataDir, 'bootstrap-admin-key.json'),
  );
  // Scripts read the key after "API key: "; a reused key says so after it.
  lines.push(`  SYSTEM_ADMIN ${user.email} API key: ${key}${reused ? ' (the same as before)' : ''}`);
  lines.push(`  try: curl -H "Authorization: Bearer ${key}" ${address}/api/v1/users/me`);
  // The fragment never reaches the server; the console signs in with it and selects the demo.
  const consoleUrl = `${address}/#key=${key}${demo ? `&org=${DEMO_SLUG}` : ''}`;
  lines.push(`  console: ${consoleUrl}`);
  if (demo) {
    lines.push(`  request logs: ${cfg.logLevel} level (SERVICE_LOG_LEVEL=info shows every request)`);
    setImmediate(() => {
      const io = terminalIO();
      runDemo({
        baseUrl: address,
        apiKey: key,
        corpusDir: cfg.sources.demoCorpusDir,
        contracts: 20,
        waitSeconds: 900,
        out: io.out,
        progress: io.progress,
      })
        .catch((err: unknown) => io.err(`demo failed: ${(err as Error).message}`))
        .finally(() => {
          io.stop();
          // The demo's tables push the start-up lines off screen: what to open comes last.
          process.stdout.write(readyBanner(address, consoleUrl));
        });
    });
  }
}

/** The closing lines of `serve --demo`: where the console and the API are, framed to stand out. */
function readyBanner(address: string, consoleUrl: string): string {
  const rows = [
    'Ready. Open the web console (it signs in with the key in the address):',
    `  ${consoleUrl}`,
    `API docs: ${address}/docs     stop the server: Ctrl-C`,
  ];
  const rule = '─'.repeat(Math.min(100, Math.max(...rows.map((r) => r.length)) + 2));
  return `\n┌${rule}\n${rows.map((r) => `│ ${r}`).join('\n')}\n└${rule}\n`;
}

program
  .command('worker')
  .description(
    'run background workers against SERVICE_DATABASE_URL: the document pipeline, exports, source syncs, benchmark runs, webhook and event-handler deliveries, scheduled tasks',
  )
  .option('--concurrency <n>', 'documents processed at once (default 2)', port)
  .option(
    '--metrics-port <port>',
    'serve GET /metrics (Prometheus) on SERVICE_METRICS_HOST at this port (default SERVICE_METRICS_PORT; one per worker process on a host)',
    port,
  )
  .action(async (opts: { concurrency?: number; metricsPort?: number }) => {
    const cfg = config();
    if (!cfg.databaseUrl) {
      process.stderr.write(
        'error: `worker` needs SERVICE_DATABASE_URL (PostgreSQL). On the embedded database `serve` runs the workers itself.\n',
      );
      process.exit(2);
    }
    const log = pino({ level: cfg.logLevel });
    const ctx = await createContext(cfg, { log, queue: true });
    const stop = await startWorkers(ctx, opts.concurrency ?? 2);
    const metricsPort = opts.metricsPort ?? cfg.metrics.port;
    const metrics =
      metricsPort === undefined ? undefined : await startMetricsListener(cfg.metrics.host, metricsPort);
    if (cfg.parser.warm) void warmParsers(ctx);
    void ctx.plugins
      .warmUp()
      .then(() =>
        process.stdout.write(
          `worker ${process.pid}: warm pool ready (${ctx.plugins.warmProcesses} runtime processes)\n`,
        ),
      );
    process.stdout.write(
      `worker ${process.pid} processing documents (concurrency ${opts.concurrency ?? 2})${metrics ? `; metrics (Prometheus): ${metrics.url}/metrics` : ''}\n`,
    );
    const shutdown = async () => {
      await metrics?.close();
      await stop();
      await closeContext(ctx);
      process.exit(0);
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  });

program
  .command('demo')
  .description('create a demo organization on a running instance and ingest real documents from the corpus')
  .option(
    '--url <url>',
    'base URL of the instance, e.g. http://127.0.0.1:8080 (default: the server running on the embedded database of SERVICE_DATA_DIR)',
  )
  .requiredOption('--api-key <key>', 'an API key (e.g. from admin bootstrap)')
  .option(
    '--corpus <dir>',
    'corpus directory (default: SERVICE_DEMO_CORPUS, else ../shared/corpus when present, else demo-corpus/)',
  )
  .option('--contracts <n>', 'CUAD contract PDFs to upload', port, 20)
  .option('--wait <seconds>', 'how long to wait for processing', port, 900)
  .action(
    async (opts: { url?: string; apiKey: string; corpus?: string; contracts: number; wait: number }) => {
      const cfg = config();
      const url = opts.url ?? (cfg.databaseUrl ? undefined : readDataDirOwner(cfg.dataDir)?.url);
      if (!url) {
        process.stderr.write(
          `error: no --url given and no server runs on the embedded database in ${cfg.dataDir}: ` +
            'start `service-server serve` first, or pass --url of a running instance\n',
        );
        process.exit(2);
      }
      const io = terminalIO();
      const docs = await runDemo({
        baseUrl: url.replace(/\/$/, ''),
        apiKey: opts.apiKey,
        corpusDir: opts.corpus ?? cfg.sources.demoCorpusDir,
        contracts: opts.contracts,
        waitSeconds: opts.wait,
        out: io.out,
        progress: io.progress,
      }).finally(() => io.stop());
      process.exitCode = docs.every((d) => d.status === 'PROCESSED') ? 0 : 1;
    },
  );

program
  .command('parse <files...>')
  .description(
    'print, as one JSON line per file, the text and pages the pipeline gives plugins ' +
      '(OCR for scans as SERVICE_OCR_* configure it); exit status 1 when a file could not be parsed',
  )
  .option('--mime <type>', 'the media type an upload would declare')
  .action(async (files: string[], opts: { mime?: string }) => {
    const cfg = config();
    let failed = 0;
    for (const file of files) {
      const report = await parseFileReport(file, {
        archiveLimits: cfg.archiveLimits,
        ocr: cfg.ocr,
        ...(opts.mime ? { declaredMime: opts.mime } : {}),
      });
      if ('error' in report) failed++;
      process.stdout.write(`${JSON.stringify(report)}\n`);
    }
    process.exitCode = failed ? 1 : 0;
  });

program
  .command('migrate')
  .description('apply pending database migrations and exit')
  .action(async () => {
    const cfg = config();
    const database = await openDatabase(cfg);
    try {
      await migrateDatabase(database);
      process.stdout.write(`migrated ${database.kind === 'pglite' ? `${cfg.dataDir}/pg` : 'PostgreSQL'}\n`);
      // A bulk load before the next start is planned from real statistics (docs/performance.md).
      const analyzed = await refreshStatistics(database);
      process.stdout.write(
        `analyzed ${analyzed.length} tables whose planner statistics were missing or stale\n`,
      );
    } finally {
      await database.close();
    }
  });

const admin = program.command('admin').description('operator commands');
admin
  .command('bootstrap')
  .description('create or find a user, make it SYSTEM_ADMIN, and print a new API key (idempotent)')
  .requiredOption('--email <email>', 'email of the administrator')
  .option('--name <name>', 'display name')
  .option('--json', 'print {user_id, email, api_key} as JSON')
  .action(async (opts: { email: string; name?: string; json?: boolean }) => {
    if (!/^[^@\s]+@[^@\s]+$/.test(opts.email)) {
      process.stderr.write(`error: --email must be an email address, got "${opts.email}"\n`);
      process.exit(2);
    }
    await runOperator('admin bootstrap', opts);
  });

const auth = program.command('auth').description('local token issuer');
auth
  .command('token')
  .description('print a bearer token (JWT) from the local issuer; the user is provisioned on first use')
  .requiredOption('--email <email>', 'email claim')
  .option('--name <name>', 'name claim')
  .option('--subject <sub>', 'sub claim (default: local|<email>)')
  .option('--ttl <seconds>', 'lifetime in seconds (default SERVICE_AUTH_TOKEN_TTL_SECONDS, 3600)', port)
  .action(async (opts: { email: string; name?: string; subject?: string; ttl?: number }) => {
    await runOperator('auth token', opts);
  });

const marketplace = program.command('marketplace').description('cloud-marketplace entitlements');
marketplace
  .command('import <file>')
  .description(
    'register entitlements from a .json file (array or {"entitlements": [...]}) or a .csv file with a header row ' +
      '(entitlement_id, account_id, email, plan, status, starts_at, ends_at); known entitlement_ids are updated',
  )
  .option('--json', 'print one JSON outcome per record')
  .action(async (file: string, opts: { json?: boolean }) => {
    // An absolute path: a server on the embedded database may read it on the CLI's behalf.
    await runOperator('marketplace import', { ...opts, file: path.resolve(file) });
  });

program
  .command('import <archive>')
  .description(
    'restore an organization export (ZIP from GET /api/v1/exports/{id}/download) into an existing, empty organization',
  )
  .requiredOption('--organization <id-or-slug>', 'the organization to restore into')
  .option('--json', 'print the restored record counts as JSON')
  .action(async (archive: string, opts: { organization: string; json?: boolean }) => {
    await runOperator('import', { ...opts, archive: path.resolve(archive) });
  });

// Sources: vault key rotation and the inbound SMTP listener (src/vault, src/sources).
const vault = program.command('vault').description('credential vault');
vault
  .command('rotate')
  .description(
    're-wrap every data key under the current master key (SERVICE_VAULT_MASTER_KEY); keep the old keys in ' +
      'SERVICE_VAULT_MASTER_KEYS until this reports no failures',
  )
  .option('--json', 'print the report as JSON')
  .action(async (opts: { json?: boolean }) => {
    await runOperator('vault rotate', opts);
  });
program
  .command('smtp')
  .description('run the inbound SMTP listener of email forwarding (SERVICE_SMTP_LISTEN_PORT, default 2525)')
  .option('--port <port>', 'port to listen on', port)
  .option('--host <host>', 'address to listen on (SERVICE_SMTP_LISTEN_HOST, default 0.0.0.0)')
  .action(async (opts: { port?: number; host?: string }) => {
    const { startSmtpListener } = await import('./sources/smtp.js');
    const ctx = await createContext(config(), { log: quietLog, queue: true });
    const listener = await startSmtpListener(ctx, {
      ...(opts.port !== undefined ? { port: opts.port } : {}),
      ...(opts.host ? { host: opts.host } : {}),
    });
    process.stdout.write(`inbound SMTP listening on port ${listener.port}\n`);
    const stop = async () => {
      await listener.close();
      await closeContext(ctx);
      process.exit(0);
    };
    process.once('SIGINT', () => void stop());
    process.once('SIGTERM', () => void stop());
  });

/**
 * What to tell when an address could not be listened on (the API's, the metrics', the SMTP
 * listener's): Node's `listen` errors (EADDRINUSE, EACCES, EADDRNOTAVAIL) carry the address and
 * port; undefined for any other error.
 */
function listenFailure(err: unknown): string | undefined {
  const e = err as NodeJS.ErrnoException & { address?: string; port?: number };
  if (e?.syscall !== 'listen') return undefined;
  const where = `${e.address ?? ''}:${e.port ?? ''}`;
  const why =
    e.code === 'EADDRINUSE'
      ? 'another process already listens there'
      : e.code === 'EACCES'
        ? 'this user may not listen on that port'
        : e.code === 'EADDRNOTAVAIL'
          ? 'that address is not one of this host'
          : (e.code ?? e.message);
  return `cannot listen on ${where}: ${why}. Choose another with serve --host/--port (SERVICE_HOST, SERVICE_PORT), SERVICE_METRICS_HOST/SERVICE_METRICS_PORT or worker --metrics-port.`;
}

program.parseAsync(process.argv).catch((err: unknown) => {
  // A setting found wrong only once used (an unreachable SERVICE_REDIS_URL) stops like an invalid one.
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  if (err instanceof DataDirInUseError || err instanceof DemoCorpusError) {
    process.stderr.write(`error: ${err.message}\n`);
    process.exit(2);
  }
  const listen = listenFailure(err);
  if (listen) {
    process.stderr.write(`error: ${listen}\n`);
    process.exit(2);
  }
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
