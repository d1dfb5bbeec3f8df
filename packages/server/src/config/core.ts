import { z } from 'zod';
import { commaList, flag, section } from './env.js';

/**
 * The settings every process needs, grouped as docs/operations.md "Settings" lists them. Each
 * group is a shape of zod schemas, one per SERVICE_* variable; `coreSection` reads them all and
 * src/config.ts turns the values into the flat fields of `Config`.
 */

/** One trusted external token issuer (api-decisions §1). */
const issuerSchema = z.object({
  issuer: z.string().url(),
  jwks_uri: z.string().url(),
  audience: z.string().optional(),
});

export type AuthIssuer = z.infer<typeof issuerSchema>;

const server = {
  SERVICE_DATA_DIR: z.string().min(1).default('./data'),
  SERVICE_PUBLIC_URL: z.string().url().optional(),
  SERVICE_HOST: z.string().default('127.0.0.1'),
  SERVICE_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  SERVICE_TRUST_PROXY: z.string().default('false'),
  // Prometheus metrics on an address of their own (metrics/listener.ts); unset = not served.
  SERVICE_METRICS_HOST: z.string().default('127.0.0.1'),
  SERVICE_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // The time an API request's statements may take in all; then they are cancelled (db/cancel.ts).
  SERVICE_REQUEST_QUERY_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  SERVICE_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SERVICE_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
};

const database = {
  SERVICE_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
};

const auth = {
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
  SERVICE_AUTH_LOCAL_ISSUER: flag.default(true),
  SERVICE_AUTH_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  SERVICE_CONSOLE_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  SERVICE_CONSOLE_SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(168).default(12),
};

const mail = {
  SERVICE_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SERVICE_MAIL_FROM: z.string().default('Document Intelligence <no-reply@localhost>'),
};

const organizations = {
  SERVICE_INVITATION_TTL_DAYS: z.coerce.number().int().positive().default(7),
  SERVICE_MAX_ORGANIZATION_DEPTH: z.coerce.number().int().min(1).max(50).default(8),
};

const storage = {
  SERVICE_BLOB_STORE: z.enum(['local', 's3']).default('local'),
  SERVICE_S3_BUCKET: z.string().optional(),
  SERVICE_S3_PREFIX: z.string().default(''),
  SERVICE_S3_REGION: z.string().default('us-east-1'),
  SERVICE_S3_ENDPOINT: z.string().url().optional(),
  SERVICE_S3_FORCE_PATH_STYLE: flag.default(false),
  SERVICE_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  SERVICE_UPLOAD_ALLOWED_TYPES: z
    .string()
    .default('pdf,docx,html,markdown,text,email,image')
    .transform(commaList)
    .pipe(z.array(z.enum(['pdf', 'docx', 'html', 'markdown', 'text', 'email', 'image'])).min(1)),
};

const plugins = {
  SERVICE_PYTHON: z.string().optional(),
  SERVICE_PLUGINS_DIR: z.string().optional(),
  SERVICE_PLUGIN_SANDBOX: z.enum(['bwrap', 'none']).default('bwrap'),
  SERVICE_PLUGIN_CGROUP: z.enum(['auto', 'off']).default('auto'),
  SERVICE_PLUGIN_CPU_SECONDS: z.coerce.number().int().positive().default(120),
  SERVICE_PLUGIN_MEMORY_MB: z.coerce.number().int().min(64).default(2048),
  SERVICE_PLUGIN_TIMEOUT_SECONDS: z.coerce.number().positive().default(120),
  SERVICE_PLUGIN_POOL_SIZE: z.coerce.number().int().min(1).max(64).default(2),
  SERVICE_PLUGIN_WARM_PROCESSES: z.coerce.number().int().min(0).max(64).default(2),
  SERVICE_PLUGIN_RECYCLE_AFTER: z.coerce.number().int().positive().default(2000),
  SERVICE_PLUGIN_MAX_PROCESSES: z.coerce.number().int().min(4).max(4096).default(32),
  SERVICE_PLUGIN_EGRESS_ALLOW: z.string().default(''),
  SERVICE_PLUGIN_EGRESS_ALLOW_PRIVATE: flag.default(false),
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
  SERVICE_PLUGIN_QUARANTINE_AFTER: z.coerce.number().int().min(1).default(3),
  SERVICE_PLUGIN_QUARANTINE_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
};

const parsing = {
  SERVICE_PARSER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  SERVICE_PARSER_MEMORY_MB: z.coerce.number().int().min(64).default(512),
  SERVICE_PARSER_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  SERVICE_PARSER_WARM: flag.default(true),
  SERVICE_ARCHIVE_MAX_ENTRIES: z.coerce.number().int().positive().default(10_000),
  SERVICE_ARCHIVE_MAX_UNCOMPRESSED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024 * 1024),
  SERVICE_ARCHIVE_MAX_RATIO: z.coerce.number().positive().default(100),
  SERVICE_OCR_ENABLED: flag.default(true),
  SERVICE_OCR_LANGUAGES: z
    .string()
    .regex(/^[a-z_]{3,}(\+[a-z_]{3,})*$/, 'must be Tesseract language codes joined by +, e.g. eng+deu')
    .default('eng'),
  SERVICE_OCR_MAX_PAGES: z.coerce.number().int().min(1).max(2000).default(50),
  SERVICE_OCR_PAGE_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
};

/**
 * A cron expression of pg-boss (five fields, or six with seconds first; UTC), or `off`. pg-boss
 * starts at most one run per schedule and minute, so finer expressions still run once a minute.
 */
const cronSetting = z
  .string()
  .trim()
  .regex(/^(off|\S+( \S+){4,5})$/, 'must be a cron expression of 5 or 6 fields, or off');

/** A cron setting's schedule: `off` = none. */
export const cronOf = (v: string): string | undefined => (v === 'off' ? undefined : v);

const queue = {
  SERVICE_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  SERVICE_WORKERS_PER_ORGANIZATION: z.coerce.number().int().min(1).max(64).optional(),
  SERVICE_JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(3),
  SERVICE_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(5).default(900),
  SERVICE_JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).default(30),
  // Scheduled background work on pg-boss cron (docs/operations.md "Schedules")
  SERVICE_SCHEDULE_RENEWAL_SCAN: cronSetting.default('0 * * * *'),
  SERVICE_SCHEDULE_RETENTION: cronSetting.default('10 * * * *'),
  SERVICE_SCHEDULE_BENCHMARKS: cronSetting.default('20 * * * *'),
  SERVICE_SCHEDULE_STALLED_DOCUMENTS: cronSetting.default('* * * * *'),
  SERVICE_SCHEDULE_ANALYZE: cronSetting.default('*/10 * * * *'),
  SERVICE_SCHEDULE_CHECK_SECONDS: z.coerce.number().int().min(1).max(45).default(30),
  SERVICE_BENCHMARK_DEBOUNCE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
};

const llm = {
  SERVICE_LLM_PROVIDER: z.enum(['openai', 'anthropic']).optional(),
  SERVICE_LLM_BASE_URL: z.string().url().optional(),
  SERVICE_LLM_API_KEY: z.string().optional(),
  SERVICE_LLM_MODEL: z.string().optional(),
  SERVICE_LLM_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
};

/** Audit log and export retention (docs/audit.md, docs/export.md). */
const retention = {
  SERVICE_AUDIT_RETENTION_DAYS: z.coerce.number().int().min(0).default(365),
  SERVICE_EXPORT_RETENTION_DAYS: z.coerce.number().int().min(1).default(7),
};

/** Every core group's variables, validated; the values are mapped by src/config.ts. */
export const coreSection = section(
  z.object({
    ...server,
    ...database,
    ...auth,
    ...mail,
    ...organizations,
    ...storage,
    ...plugins,
    ...parsing,
    ...queue,
    ...llm,
    ...retention,
  }),
  (e, report) => {
    if (e.SERVICE_BLOB_STORE === 's3' && !e.SERVICE_S3_BUCKET) {
      report('SERVICE_S3_BUCKET', 'required when SERVICE_BLOB_STORE=s3');
    }
    return e;
  },
);

/** The validated values of the core variables. */
export type CoreValues = NonNullable<ReturnType<typeof coreSection.read>>;
