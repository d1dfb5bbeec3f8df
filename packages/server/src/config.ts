import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { type AuthIssuer, type CoreValues, coreSection, cronOf } from './config/core.js';
import { ConfigError, type ConfigIssue, commaList, type Env, type Section } from './config/env.js';
import { type MarketplaceSettings, marketplaceSection } from './config/marketplace.js';
import { type OAuthSettings, oauthSection } from './config/oauth.js';
import { repoRoot } from './config/paths.js';
import { type RateLimitSettings, rateLimitSection } from './config/rate-limit.js';
import { type SourcesSettings, sourcesSection } from './config/sources.js';
import { type VaultSettings, vaultSection } from './config/vault.js';
import { type WebhookSettings, webhooksSection } from './config/webhooks.js';

export type { AuthIssuer, ConfigIssue, Env };
export { ConfigError, repoRoot };

/**
 * The one configuration of a process: every SERVICE_* environment variable, parsed and validated
 * once at start-up by `loadConfig` and passed down in the context (`ctx.config`). The variables
 * are declared by sections in src/config/ (one zod schema each); docs/operations.md lists them
 * all, which test/config/operations-doc.test.ts checks. Every setting has a default that runs
 * locally on the embedded database, so `make run` needs no configuration.
 *
 * A new setting: add its zod schema to the section it belongs to (src/config/*.ts), map it into
 * that section's settings (or, for the core groups, a field below), and add its row to
 * docs/operations.md; code reads it from `ctx.config`, never from `process.env`.
 */
/** Validated settings of one server or worker process. */
export interface Config {
  dataDir: string;
  /** `undefined` = embedded PGlite under `<dataDir>/pg`. */
  databaseUrl: string | undefined;
  /** External base URL; follows the real listening address when SERVICE_PUBLIC_URL is unset. */
  publicUrl: string;
  /** `iss` of the local token issuer: SERVICE_PUBLIC_URL when set, else a stable URN, so tokens survive port changes. */
  localIssuerId: string;
  publicUrlExplicit: boolean;
  host: string;
  port: number;
  /** Fastify trustProxy: false, true, a hop count or a list of proxy addresses/CIDRs (X-Forwarded-For is believed only from them). */
  trustProxy: boolean | number | string[];
  /**
   * Seconds an API request's database statements may take before they are cancelled (0 = no
   * limit); statements of a request whose client went away are cancelled at once (db/cancel.ts).
   */
  requestQueryTimeoutSeconds: number;
  /**
   * Where `GET /metrics` (Prometheus) is served, apart from the API (docs/operations.md
   * "Metrics"); `port` undefined = not served by `serve` and no request is measured (a `worker`
   * may still be given `--metrics-port`, on `host`).
   */
  metrics: { host: string; port: number | undefined };
  /** Server-wide secret (HMAC key of API-key hashes, invitation token hashes). */
  secretKey: string;
  authIssuers: AuthIssuer[];
  localIssuerEnabled: boolean;
  tokenTtlSeconds: number;
  /**
   * Console sessions (auth/console-sessions.ts): a session ends after `idleSeconds` without use
   * and at the latest `maxSeconds` after sign-in.
   */
  consoleSession: { idleSeconds: number; maxSeconds: number };
  /** `undefined` = write mail as `.eml` files under `<dataDir>/mail`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  invitationTtlDays: number;
  maxOrganizationDepth: number;
  blobStore:
    | { kind: 'local'; root: string }
    | {
        kind: 's3';
        bucket: string;
        prefix: string;
        region: string;
        endpoint: string | undefined;
        forcePathStyle: boolean;
      };
  uploadMaxBytes: number;
  uploadAllowedKinds: string[];
  /** Python of the plugin runtime's virtual environment. */
  python: string;
  /** Directory of the built-in plugins. */
  pluginsDir: string;
  /** `bwrap`: every plugin runtime in bubblewrap; `none`: unsandboxed (unsafe for third-party plugins). */
  pluginSandbox: 'bwrap' | 'none';
  /** `auto`: each sandboxed runtime in its own cgroup v2 where the host delegates one (engine/cgroup.ts); `off`: never. */
  pluginCgroup: 'auto' | 'off';
  /** RLIMIT_NPROC inside the sandbox. */
  pluginMaxProcesses: number;
  /** Hosts a SourcePlugin's `http_request` may reach (exact names or `*.suffix`); empty: none. */
  pluginEgressAllow: string[];
  /** Let `http_request` reach private and loopback addresses (SSRF guard off). */
  pluginEgressAllowPrivate: boolean;
  pluginLimits: {
    cpuSeconds: number;
    memoryMb: number;
    timeoutSeconds: number;
    poolSize: number;
    recycleAfter: number;
    /** Runtime processes `serve` and `worker` keep started with the built-in plugins loaded (warm pool). */
    warmProcesses: number;
    /** Largest protocol line read from a runtime, in bytes. */
    maxMessageBytes: number;
    /** Most protocol bytes one call may send back (items, logs, result), in bytes. */
    maxCallBytes: number;
  };
  /** Parser worker threads (parsing/pool.ts): count, heap limit (MiB) and time limit of one parse (ms). */
  /** `warm`: `serve` and `worker` start every parser thread after start-up, warm it on a real PDF and keep it. */
  parser: { threads: number; memoryMb: number; timeoutMs: number; warm: boolean };
  /** Bounds on ZIP-based files (.docx, .xlsx), checked from the central directory before expansion. */
  archiveLimits: { maxEntries: number; maxUncompressedBytes: number; maxRatio: number };
  /** A plugin breaking the runtime protocol `after` times within `windowSeconds` is quarantined. */
  pluginQuarantine: { after: number; windowSeconds: number };
  /** In-process pipeline workers of `serve`; 0 = none (use `service-server worker`). */
  workers: number;
  /**
   * Most pipeline jobs one organization may have active at once, across all processes;
   * `undefined` = one less than the process's workers (at least 1), so another tenant always has one.
   */
  workersPerOrganization: number | undefined;
  jobRetryLimit: number;
  jobExpireSeconds: number;
  /** How often the queue looks for expired jobs (of dead workers) to retry. */
  jobSuperviseSeconds: number;
  /**
   * Cron expressions (UTC) of the scheduled tasks run on the queue (jobs/workers.ts); `undefined`
   * = the task is not scheduled. `checkSeconds`: how often pg-boss looks whether a schedule is due.
   */
  schedules: {
    renewalScan: string | undefined;
    retention: string | undefined;
    benchmarks: string | undefined;
    stalledDocuments: string | undefined;
    /** Planner statistics of stale tables refreshed (db/statistics.ts). */
    analyze: string | undefined;
    checkSeconds: number;
  };
  /** Quiet time before a benchmark runs after an extraction of its organization, in seconds. */
  benchmarkDebounceSeconds: number;
  llm:
    | {
        provider: 'openai' | 'anthropic';
        baseUrl: string;
        apiKey: string | undefined;
        model: string;
        timeoutSeconds: number;
      }
    | undefined;
  /** Days audit entries are kept; 0 = forever. */
  auditRetentionDays: number;
  /** Days a finished export archive stays downloadable. */
  exportRetentionDays: number;
  /** OCR of pages without a text layer and of image uploads (Tesseract). */
  ocr: { enabled: boolean; languages: string; maxPages: number; pageTimeoutSeconds: number };
  /** Request rate limits and their counter store (SERVICE_RATE_LIMIT_*, SERVICE_REDIS_URL). */
  rateLimit: RateLimitSettings;
  /** Marketplace notifications and entitlement expiry (SERVICE_MARKETPLACE_*). */
  marketplace: MarketplaceSettings;
  /** Master keys of the secrets vault (SERVICE_VAULT_*). */
  vault: VaultSettings;
  /** Email forwarding, source syncs and the OAuth development provider. */
  sources: SourcesSettings;
  /** OAuth source providers and allowed redirect origins (SERVICE_OAUTH_*). */
  oauth: OAuthSettings;
  /** Webhook delivery and plugin event handlers (SERVICE_WEBHOOK_*). */
  webhooks: WebhookSettings;
}

/** Every section, in the order docs/operations.md presents them. */
export const SECTIONS = {
  core: coreSection,
  rateLimit: rateLimitSection,
  marketplace: marketplaceSection,
  vault: vaultSection,
  sources: sourcesSection,
  oauth: oauthSection,
  webhooks: webhooksSection,
} as const;

/** Every environment variable the Config reads. */
export function settingNames(): string[] {
  return Object.values(SECTIONS).flatMap((s: Section<unknown>) => [...s.variables]);
}

function parseTrustProxy(raw: string): boolean | number | string[] {
  const v = raw.trim().toLowerCase();
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^\d+$/.test(v)) return Number(v);
  return commaList(v);
}

/**
 * Reads and validates every SERVICE_* setting, all sections at once.
 *
 * @param env the environment: `process.env` at start-up (src/cli.ts), a plain object in tests
 * @param overrides values that win over the environment (the CLI flags, tests)
 * @throws ConfigError naming every invalid variable and what is wrong with it
 */
export function loadConfig(env: Env, overrides: Partial<Config> = {}): Config {
  const issues: ConfigIssue[] = [];
  const core = coreSection.read(env, issues);
  const rateLimit = rateLimitSection.read(env, issues);
  const marketplace = marketplaceSection.read(env, issues);
  const vault = vaultSection.read(env, issues);
  const sources = sourcesSection.read(env, issues);
  const oauth = oauthSection.read(env, issues);
  const webhooks = webhooksSection.read(env, issues);
  if (!core || !rateLimit || !marketplace || !vault || !sources || !oauth || !webhooks || issues.length) {
    throw new ConfigError(issues);
  }
  const config: Config = {
    ...coreConfig(core, overrides),
    rateLimit,
    marketplace,
    vault,
    sources,
    oauth,
    webhooks,
    ...overrides,
  };
  if (!config.secretKey) config.secretKey = readOrCreateSecret(config.dataDir);
  return config;
}

type CoreConfig = Omit<Config, 'rateLimit' | 'marketplace' | 'vault' | 'sources' | 'oauth' | 'webhooks'>;

/** The core settings as Config fields; `overrides` of the data directory, host and port shape the derived ones. */
function coreConfig(e: CoreValues, overrides: Partial<Config>): CoreConfig {
  const dataDir = path.resolve(overrides.dataDir ?? e.SERVICE_DATA_DIR);
  const host = overrides.host ?? e.SERVICE_HOST;
  const port = overrides.port ?? e.SERVICE_PORT;
  return {
    dataDir,
    databaseUrl: e.SERVICE_DATABASE_URL,
    publicUrl: (e.SERVICE_PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/$/, ''),
    localIssuerId: e.SERVICE_PUBLIC_URL
      ? e.SERVICE_PUBLIC_URL.replace(/\/$/, '')
      : 'urn:document-intelligence:local-issuer',
    publicUrlExplicit: e.SERVICE_PUBLIC_URL !== undefined,
    host,
    port,
    trustProxy: parseTrustProxy(e.SERVICE_TRUST_PROXY),
    requestQueryTimeoutSeconds: e.SERVICE_REQUEST_QUERY_TIMEOUT_SECONDS,
    metrics: { host: e.SERVICE_METRICS_HOST, port: e.SERVICE_METRICS_PORT },
    secretKey: e.SERVICE_SECRET_KEY ?? '',
    authIssuers: e.SERVICE_AUTH_ISSUERS ?? [],
    localIssuerEnabled: e.SERVICE_AUTH_LOCAL_ISSUER,
    tokenTtlSeconds: e.SERVICE_AUTH_TOKEN_TTL_SECONDS,
    consoleSession: {
      idleSeconds: e.SERVICE_CONSOLE_SESSION_IDLE_MINUTES * 60,
      maxSeconds: e.SERVICE_CONSOLE_SESSION_MAX_HOURS * 3600,
    },
    smtpUrl: e.SERVICE_SMTP_URL,
    mailFrom: e.SERVICE_MAIL_FROM,
    logLevel: e.SERVICE_LOG_LEVEL,
    invitationTtlDays: e.SERVICE_INVITATION_TTL_DAYS,
    maxOrganizationDepth: e.SERVICE_MAX_ORGANIZATION_DEPTH,
    blobStore: blobStoreConfig(e, dataDir),
    uploadMaxBytes: e.SERVICE_UPLOAD_MAX_BYTES,
    uploadAllowedKinds: e.SERVICE_UPLOAD_ALLOWED_TYPES,
    ...pluginSettings(e),
    parser: {
      threads: e.SERVICE_PARSER_THREADS ?? availableParallelism(),
      memoryMb: e.SERVICE_PARSER_MEMORY_MB,
      timeoutMs: e.SERVICE_PARSER_TIMEOUT_SECONDS * 1000,
      warm: e.SERVICE_PARSER_WARM,
    },
    archiveLimits: {
      maxEntries: e.SERVICE_ARCHIVE_MAX_ENTRIES,
      maxUncompressedBytes: e.SERVICE_ARCHIVE_MAX_UNCOMPRESSED_BYTES,
      maxRatio: e.SERVICE_ARCHIVE_MAX_RATIO,
    },
    pluginQuarantine: {
      after: e.SERVICE_PLUGIN_QUARANTINE_AFTER,
      windowSeconds: e.SERVICE_PLUGIN_QUARANTINE_WINDOW_SECONDS,
    },
    ...jobSettings(e),
    benchmarkDebounceSeconds: e.SERVICE_BENCHMARK_DEBOUNCE_SECONDS,
    llm: llmConfig(e),
    auditRetentionDays: e.SERVICE_AUDIT_RETENTION_DAYS,
    exportRetentionDays: e.SERVICE_EXPORT_RETENTION_DAYS,
    ocr: {
      enabled: e.SERVICE_OCR_ENABLED,
      languages: e.SERVICE_OCR_LANGUAGES,
      maxPages: e.SERVICE_OCR_MAX_PAGES,
      pageTimeoutSeconds: e.SERVICE_OCR_PAGE_TIMEOUT_SECONDS,
    },
  };
}

/** Where documents' bytes are kept: an S3 bucket, or `<dataDir>/blobs`. */
function blobStoreConfig(e: CoreValues, dataDir: string): Config['blobStore'] {
  return e.SERVICE_BLOB_STORE === 's3'
    ? {
        kind: 's3',
        bucket: e.SERVICE_S3_BUCKET ?? '',
        prefix: e.SERVICE_S3_PREFIX,
        region: e.SERVICE_S3_REGION,
        endpoint: e.SERVICE_S3_ENDPOINT,
        forcePathStyle: e.SERVICE_S3_FORCE_PATH_STYLE,
      }
    : { kind: 'local', root: path.join(dataDir, 'blobs') };
}

/** The plugin runtime's settings: interpreter, built-ins, sandbox, egress and limits. */
function pluginSettings(
  e: CoreValues,
): Pick<
  Config,
  | 'python'
  | 'pluginsDir'
  | 'pluginSandbox'
  | 'pluginCgroup'
  | 'pluginMaxProcesses'
  | 'pluginEgressAllow'
  | 'pluginEgressAllowPrivate'
  | 'pluginLimits'
> {
  return {
    python: e.SERVICE_PYTHON ?? path.join(repoRoot, '.venv', 'bin', 'python'),
    pluginsDir: path.resolve(e.SERVICE_PLUGINS_DIR ?? path.join(repoRoot, 'plugins')),
    pluginSandbox: e.SERVICE_PLUGIN_SANDBOX,
    pluginCgroup: e.SERVICE_PLUGIN_CGROUP,
    pluginMaxProcesses: e.SERVICE_PLUGIN_MAX_PROCESSES,
    pluginEgressAllow: commaList(e.SERVICE_PLUGIN_EGRESS_ALLOW.toLowerCase()),
    pluginEgressAllowPrivate: e.SERVICE_PLUGIN_EGRESS_ALLOW_PRIVATE,
    pluginLimits: {
      cpuSeconds: e.SERVICE_PLUGIN_CPU_SECONDS,
      memoryMb: e.SERVICE_PLUGIN_MEMORY_MB,
      timeoutSeconds: e.SERVICE_PLUGIN_TIMEOUT_SECONDS,
      poolSize: e.SERVICE_PLUGIN_POOL_SIZE,
      recycleAfter: e.SERVICE_PLUGIN_RECYCLE_AFTER,
      warmProcesses: e.SERVICE_PLUGIN_WARM_PROCESSES,
      maxMessageBytes: e.SERVICE_PLUGIN_MAX_MESSAGE_BYTES,
      maxCallBytes: e.SERVICE_PLUGIN_MAX_CALL_BYTES,
    },
  };
}

/** The document workers and the job queue's settings, with the scheduled tasks. */
function jobSettings(
  e: CoreValues,
): Pick<
  Config,
  | 'workers'
  | 'workersPerOrganization'
  | 'jobRetryLimit'
  | 'jobExpireSeconds'
  | 'jobSuperviseSeconds'
  | 'schedules'
> {
  return {
    // Embedded: four, so one organization runs three documents at once (parsing, the plugins and
    // the database overlap; three left a core idle 12-16 % of a run, decision 205) and one worker
    // stays free for every other organization (docs/pipeline.md "Fairness").
    workers: e.SERVICE_WORKERS ?? (e.SERVICE_DATABASE_URL ? 1 : 4),
    workersPerOrganization: e.SERVICE_WORKERS_PER_ORGANIZATION,
    jobRetryLimit: e.SERVICE_JOB_RETRY_LIMIT,
    jobExpireSeconds: e.SERVICE_JOB_EXPIRE_SECONDS,
    jobSuperviseSeconds: e.SERVICE_JOB_SUPERVISE_SECONDS,
    schedules: {
      renewalScan: cronOf(e.SERVICE_SCHEDULE_RENEWAL_SCAN),
      retention: cronOf(e.SERVICE_SCHEDULE_RETENTION),
      benchmarks: cronOf(e.SERVICE_SCHEDULE_BENCHMARKS),
      stalledDocuments: cronOf(e.SERVICE_SCHEDULE_STALLED_DOCUMENTS),
      analyze: cronOf(e.SERVICE_SCHEDULE_ANALYZE),
      checkSeconds: e.SERVICE_SCHEDULE_CHECK_SECONDS,
    },
  };
}

/** The LLM provider, with the provider's own base URL and model when those are unset. */
function llmConfig(e: CoreValues): Config['llm'] {
  if (!e.SERVICE_LLM_PROVIDER) return undefined;
  const anthropic = e.SERVICE_LLM_PROVIDER === 'anthropic';
  return {
    provider: e.SERVICE_LLM_PROVIDER,
    baseUrl: (
      e.SERVICE_LLM_BASE_URL ?? (anthropic ? 'https://api.anthropic.com' : 'https://api.openai.com/v1')
    ).replace(/\/$/, ''),
    apiKey: e.SERVICE_LLM_API_KEY,
    model: e.SERVICE_LLM_MODEL ?? (anthropic ? 'claude-sonnet-4-5' : 'gpt-4o-mini'),
    timeoutSeconds: e.SERVICE_LLM_TIMEOUT_SECONDS,
  };
}

/**
 * Without SERVICE_SECRET_KEY the secret lives in `<dataDir>/secret.key` (mode 0600), made once,
 * so the embedded default keeps working across restarts. Several servers sharing one
 * PostgreSQL must share SERVICE_SECRET_KEY instead (docs/operations.md).
 */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
