import { Command, InvalidArgumentError } from 'commander';
import pino from 'pino';
import { issueApiKeyForUser } from './api-keys/service.js';
import { API_VERSION, buildApp, closeContext, createContext } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { DEMO_SLUG, defaultCorpusDir, runDemo } from './demo/demo.js';
import { startWorkers } from './jobs/workers.js';
import { bootstrapSystemAdmin } from './users/service.js';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError('must be an integer 0–65535');
  return n;
}

function config(overrides: Partial<Config> = {}): Config {
  try {
    return loadConfig(process.env, overrides);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

const quietLog = pino({ level: process.env.SERVICE_LOG_LEVEL ?? 'warn' });

/** Opens the context for a one-shot command, runs it, and closes the database. */
async function withContext<T>(
  fn: (ctx: Awaited<ReturnType<typeof createContext>>) => Promise<T>,
): Promise<T> {
  const ctx = await createContext(config(), { log: quietLog });
  try {
    return await fn(ctx);
  } finally {
    await closeContext(ctx);
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
    'with --bootstrap-admin: ingest real documents from ../shared/corpus into a demo organization',
  )
  .action(async (opts: { host?: string; port?: number; bootstrapAdmin?: string; demo?: boolean }) => {
    const cfg = config({
      ...(opts.host ? { host: opts.host } : {}),
      ...(opts.port !== undefined ? { port: opts.port } : {}),
    });
    const app = await buildApp(cfg);
    const address = await app.listen({ host: cfg.host, port: cfg.port });
    // Links in mail point at the address really listened on (e.g. with --port 0).
    if (!cfg.publicUrlExplicit) app.ctx.config.publicUrl = address;
    const lines = [
      `Document Intelligence Service ${API_VERSION} listening on ${address}`,
      `  database: ${app.ctx.database.kind === 'pglite' ? `embedded PGlite in ${cfg.dataDir}/pg` : 'PostgreSQL'}`,
      `  API docs: ${address}/docs   OpenAPI: ${address}/openapi.json`,
    ];
    if (opts.bootstrapAdmin) {
      const user = await bootstrapSystemAdmin(app.ctx, opts.bootstrapAdmin);
      const { key } = await issueApiKeyForUser(app.ctx, user.id, 'bootstrap');
      lines.push(`  SYSTEM_ADMIN ${user.email} API key: ${key}`);
      lines.push(`  try: curl -H "Authorization: Bearer ${key}" ${address}/api/v1/users/me`);
      // The fragment never reaches the server; the console signs in with it and selects the demo.
      lines.push(`  console: ${address}/#key=${key}${opts.demo ? `&org=${DEMO_SLUG}` : ''}`);
      if (opts.demo) {
        setImmediate(() => {
          runDemo({
            baseUrl: address,
            apiKey: key,
            corpusDir: defaultCorpusDir,
            contracts: 20,
            waitSeconds: 900,
            out: (line) => process.stdout.write(`${line}\n`),
          }).catch((err: unknown) => process.stderr.write(`demo failed: ${(err as Error).message}\n`));
        });
      }
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    const stop = async () => {
      await app.close();
      process.exit(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });

program
  .command('worker')
  .description(
    'run background workers against SERVICE_DATABASE_URL: the document pipeline, webhook and event-handler deliveries, scheduled scans',
  )
  .option('--concurrency <n>', 'documents processed at once (default 2)', port)
  .action(async (opts: { concurrency?: number }) => {
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
    process.stdout.write(
      `worker ${process.pid} processing documents (concurrency ${opts.concurrency ?? 2})\n`,
    );
    const shutdown = async () => {
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
  .requiredOption('--url <url>', 'base URL of the instance, e.g. http://127.0.0.1:8080')
  .requiredOption('--api-key <key>', 'an API key (e.g. from admin bootstrap)')
  .option('--corpus <dir>', 'corpus directory', defaultCorpusDir)
  .option('--contracts <n>', 'CUAD contract PDFs to upload', port, 20)
  .option('--wait <seconds>', 'how long to wait for processing', port, 900)
  .action(async (opts: { url: string; apiKey: string; corpus: string; contracts: number; wait: number }) => {
    const docs = await runDemo({
      baseUrl: opts.url.replace(/\/$/, ''),
      apiKey: opts.apiKey,
      corpusDir: opts.corpus,
      contracts: opts.contracts,
      waitSeconds: opts.wait,
      out: (line) => process.stdout.write(`${line}\n`),
    });
    process.exitCode = docs.every((d) => d.status === 'PROCESSED') ? 0 : 1;
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
    await withContext(async (ctx) => {
      const user = await bootstrapSystemAdmin(ctx, opts.email.toLowerCase(), opts.name);
      const { key } = await issueApiKeyForUser(ctx, user.id, 'bootstrap');
      process.stdout.write(
        opts.json
          ? `${JSON.stringify({ user_id: user.id, email: user.email, api_key: key })}\n`
          : `SYSTEM_ADMIN ${user.email} (${user.id})\nAPI key (shown once): ${key}\n`,
      );
    });
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
    await withContext(async (ctx) => {
      if (!ctx.localIssuer) {
        process.stderr.write('error: the local issuer is disabled (SERVICE_AUTH_LOCAL_ISSUER=false)\n');
        process.exit(2);
      }
      const email = opts.email.toLowerCase();
      const token = await ctx.localIssuer.sign(
        { sub: opts.subject ?? `local|${email}`, email, name: opts.name },
        opts.ttl ?? ctx.config.tokenTtlSeconds,
      );
      process.stdout.write(`${token}\n`);
    });
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
    const { importEntitlements } = await import('./marketplace/import.js');
    await withContext(async (ctx) => {
      const outcomes = await importEntitlements(ctx, file);
      for (const o of outcomes) {
        if (opts.json) process.stdout.write(`${JSON.stringify(o)}\n`);
        else if (o.result === 'error') process.stderr.write(`record ${o.record}: ${o.error}\n`);
      }
      const count = (r: string) => outcomes.filter((o) => o.result === r).length;
      process.stdout.write(
        `imported ${outcomes.length} records: ${count('created')} created, ${count('updated')} updated, ${count('error')} failed\n`,
      );
      if (count('error') > 0) process.exitCode = 1;
    });
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
    const { rotateVault } = await import('./vault/service.js');
    await withContext(async (ctx) => {
      const report = await rotateVault(ctx);
      process.stdout.write(
        opts.json
          ? `${JSON.stringify(report)}\n`
          : `current key ${report.current_key_id}: ${report.rewrapped} re-wrapped, ${report.already_current} already current, ${report.failed.length} failed\n`,
      );
      for (const f of report.failed) process.stderr.write(`secret ${f.id} (key ${f.key_id}): ${f.error}\n`);
      if (report.failed.length > 0) process.exitCode = 1;
    });
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

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
