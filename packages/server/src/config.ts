import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** One trusted external token issuer (api-decisions §1). */
const issuerSchema = z.object({
  issuer: z.string().url(),
  jwks_uri: z.string().url(),
  audience: z.string().optional(),
});

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * The SERVICE_* environment variables, validated. Every setting has a default that runs
 * locally on the embedded database, so `make run` needs no configuration.
 */
const envSchema = z.object({
  SERVICE_DATA_DIR: z.string().min(1).default('./data'),
  SERVICE_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SERVICE_PUBLIC_URL: z.string().url().optional(),
  SERVICE_HOST: z.string().default('127.0.0.1'),
  SERVICE_TRUST_PROXY: z.string().default('false'),
  SERVICE_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  SERVICE_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SERVICE_AUTH_ISSUERS: z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {issuer, jwks_uri, audience?}' });
        return z.NEVER;
      }
    })
    .pipe(z.array(issuerSchema))
    .optional(),
  SERVICE_AUTH_LOCAL_ISSUER: booleanString.default(true),
  SERVICE_AUTH_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  SERVICE_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SERVICE_MAIL_FROM: z.string().default('Document Intelligence <no-reply@localhost>'),
  SERVICE_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SERVICE_INVITATION_TTL_DAYS: z.coerce.number().int().positive().default(7),
  SERVICE_MAX_ORGANIZATION_DEPTH: z.coerce.number().int().min(1).max(50).default(8),
  SERVICE_BLOB_STORE: z.enum(['local', 's3']).default('local'),
  SERVICE_S3_BUCKET: z.string().optional(),
  SERVICE_S3_PREFIX: z.string().default(''),
  SERVICE_S3_REGION: z.string().default('us-east-1'),
  SERVICE_S3_ENDPOINT: z.string().url().optional(),
  SERVICE_S3_FORCE_PATH_STYLE: booleanString.default(false),
  SERVICE_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  SERVICE_UPLOAD_ALLOWED_TYPES: z
    .string()
    .default('pdf,docx,html,markdown,text,email,image')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(['pdf', 'docx', 'html', 'markdown', 'text', 'email', 'image'])).min(1)),
  SERVICE_PYTHON: z.string().optional(),
  SERVICE_PLUGINS_DIR: z.string().optional(),
  SERVICE_PLUGIN_CPU_SECONDS: z.coerce.number().int().positive().default(120),
  SERVICE_PLUGIN_MEMORY_MB: z.coerce.number().int().min(64).default(2048),
  SERVICE_PLUGIN_TIMEOUT_SECONDS: z.coerce.number().positive().default(120),
  SERVICE_PLUGIN_POOL_SIZE: z.coerce.number().int().min(1).max(64).default(2),
  SERVICE_PLUGIN_RECYCLE_AFTER: z.coerce.number().int().positive().default(200),
  SERVICE_PLUGIN_WARM_PROCESSES: z.coerce.number().int().min(0).max(64).default(2),
  SERVICE_PLUGIN_SANDBOX: z.enum(['bwrap', 'none']).default('bwrap'),
  SERVICE_PLUGIN_MAX_PROCESSES: z.coerce.number().int().min(4).max(4096).default(32),
  SERVICE_PLUGIN_EGRESS_ALLOW: z.string().default(''),
  SERVICE_PLUGIN_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(16 * 1024 * 1024),
  SERVICE_PLUGIN_MAX_CALL_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(256 * 1024 * 1024),
  SERVICE_PARSER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  SERVICE_PARSER_MEMORY_MB: z.coerce.number().int().min(64).default(512),
  SERVICE_PARSER_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  SERVICE_ARCHIVE_MAX_ENTRIES: z.coerce.number().int().positive().default(10_000),
  SERVICE_ARCHIVE_MAX_UNCOMPRESSED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024 * 1024),
  SERVICE_ARCHIVE_MAX_RATIO: z.coerce.number().positive().default(100),
  SERVICE_PLUGIN_QUARANTINE_AFTER: z.coerce.number().int().min(1).default(3),
  SERVICE_PLUGIN_QUARANTINE_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
  SERVICE_PLUGIN_EGRESS_ALLOW_PRIVATE: booleanString.default(false),
  SERVICE_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  SERVICE_WORKERS_PER_ORGANIZATION: z.coerce.number().int().min(1).max(64).optional(),
  SERVICE_JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(3),
  SERVICE_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(5).default(900),
  SERVICE_JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).default(30),
  SERVICE_LLM_PROVIDER: z.enum(['openai', 'anthropic']).optional(),
  SERVICE_LLM_BASE_URL: z.string().url().optional(),
  SERVICE_LLM_API_KEY: z.string().optional(),
  SERVICE_LLM_MODEL: z.string().optional(),
  SERVICE_LLM_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  // Audit log, export and OCR (docs/audit.md, docs/export.md, docs/pipeline.md#ocr)
  SERVICE_AUDIT_RETENTION_DAYS: z.coerce.number().int().min(0).default(365),
  SERVICE_EXPORT_RETENTION_DAYS: z.coerce.number().int().min(1).default(7),
  SERVICE_OCR_ENABLED: booleanString.default(true),
  SERVICE_OCR_LANGUAGES: z
    .string()
    .regex(/^[a-z_]{3,}(\+[a-z_]{3,})*$/, 'must be Tesseract language codes joined by +, e.g. eng+deu')
    .default('eng'),
  SERVICE_OCR_MAX_PAGES: z.coerce.number().int().min(1).max(2000).default(50),
  SERVICE_OCR_PAGE_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
});

export type AuthIssuer = z.infer<typeof issuerSchema>;

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
  /** Server-wide secret (HMAC key of API-key hashes, invitation token hashes). */
  secretKey: string;
  authIssuers: AuthIssuer[];
  localIssuerEnabled: boolean;
  tokenTtlSeconds: number;
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
  parser: { threads: number; memoryMb: number; timeoutMs: number };
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
}

/** The repository root (packages/server/src|dist/config.js → ../../..). */
export const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

function parseTrustProxy(raw: string): boolean | number | string[] {
  const v = raw.trim().toLowerCase();
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Raised when the environment does not hold valid settings; the message lists each bad variable. */
export class ConfigError extends Error {}

/**
 * Reads and validates the SERVICE_* settings.
 *
 * @param env the environment (defaults to `process.env`)
 * @param overrides values that win over the environment (used by tests and the CLI flags)
 * @throws ConfigError naming every invalid variable
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.SERVICE_DATA_DIR);
  const host = overrides.host ?? e.SERVICE_HOST;
  const port = overrides.port ?? e.SERVICE_PORT;
  const config: Config = {
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
    secretKey: e.SERVICE_SECRET_KEY ?? '',
    authIssuers: e.SERVICE_AUTH_ISSUERS ?? [],
    localIssuerEnabled: e.SERVICE_AUTH_LOCAL_ISSUER,
    tokenTtlSeconds: e.SERVICE_AUTH_TOKEN_TTL_SECONDS,
    smtpUrl: e.SERVICE_SMTP_URL,
    mailFrom: e.SERVICE_MAIL_FROM,
    logLevel: e.SERVICE_LOG_LEVEL,
    invitationTtlDays: e.SERVICE_INVITATION_TTL_DAYS,
    maxOrganizationDepth: e.SERVICE_MAX_ORGANIZATION_DEPTH,
    blobStore:
      e.SERVICE_BLOB_STORE === 's3'
        ? {
            kind: 's3',
            bucket: e.SERVICE_S3_BUCKET ?? '',
            prefix: e.SERVICE_S3_PREFIX,
            region: e.SERVICE_S3_REGION,
            endpoint: e.SERVICE_S3_ENDPOINT,
            forcePathStyle: e.SERVICE_S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local', root: path.join(dataDir, 'blobs') },
    uploadMaxBytes: e.SERVICE_UPLOAD_MAX_BYTES,
    uploadAllowedKinds: e.SERVICE_UPLOAD_ALLOWED_TYPES,
    python: e.SERVICE_PYTHON ?? path.join(repoRoot, '.venv', 'bin', 'python'),
    pluginsDir: path.resolve(e.SERVICE_PLUGINS_DIR ?? path.join(repoRoot, 'plugins')),
    pluginSandbox: e.SERVICE_PLUGIN_SANDBOX,
    pluginMaxProcesses: e.SERVICE_PLUGIN_MAX_PROCESSES,
    pluginEgressAllow: e.SERVICE_PLUGIN_EGRESS_ALLOW.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
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
    parser: {
      threads: e.SERVICE_PARSER_THREADS ?? availableParallelism(),
      memoryMb: e.SERVICE_PARSER_MEMORY_MB,
      timeoutMs: e.SERVICE_PARSER_TIMEOUT_SECONDS * 1000,
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
    // Embedded: three, so one organization runs two documents at once (parsing overlaps its plugin
    // calls) and one worker stays free for every other organization (docs/pipeline.md "Fairness").
    workers: e.SERVICE_WORKERS ?? (e.SERVICE_DATABASE_URL ? 1 : 3),
    workersPerOrganization: e.SERVICE_WORKERS_PER_ORGANIZATION,
    jobRetryLimit: e.SERVICE_JOB_RETRY_LIMIT,
    jobExpireSeconds: e.SERVICE_JOB_EXPIRE_SECONDS,
    jobSuperviseSeconds: e.SERVICE_JOB_SUPERVISE_SECONDS,
    llm: e.SERVICE_LLM_PROVIDER
      ? {
          provider: e.SERVICE_LLM_PROVIDER,
          baseUrl: (
            e.SERVICE_LLM_BASE_URL ??
            (e.SERVICE_LLM_PROVIDER === 'anthropic'
              ? 'https://api.anthropic.com'
              : 'https://api.openai.com/v1')
          ).replace(/\/$/, ''),
          apiKey: e.SERVICE_LLM_API_KEY,
          model:
            e.SERVICE_LLM_MODEL ??
            (e.SERVICE_LLM_PROVIDER === 'anthropic' ? 'claude-sonnet-4-5' : 'gpt-4o-mini'),
          timeoutSeconds: e.SERVICE_LLM_TIMEOUT_SECONDS,
        }
      : undefined,
    auditRetentionDays: e.SERVICE_AUDIT_RETENTION_DAYS,
    exportRetentionDays: e.SERVICE_EXPORT_RETENTION_DAYS,
    ocr: {
      enabled: e.SERVICE_OCR_ENABLED,
      languages: e.SERVICE_OCR_LANGUAGES,
      maxPages: e.SERVICE_OCR_MAX_PAGES,
      pageTimeoutSeconds: e.SERVICE_OCR_PAGE_TIMEOUT_SECONDS,
    },
    ...overrides,
  };
  if (config.blobStore.kind === 's3' && !config.blobStore.bucket) {
    throw new ConfigError('Invalid settings:\n  SERVICE_S3_BUCKET: required when SERVICE_BLOB_STORE=s3');
  }
  if (!config.secretKey) config.secretKey = readOrCreateSecret(dataDir);
  return config;
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
