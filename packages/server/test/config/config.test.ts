import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repoRoot } from '../../src/config.js';

const base = { SERVICE_SECRET_KEY: 'config-test-secret-that-is-long-enough-0123456789' };

/** The error loadConfig throws for `env`, or undefined when it is valid. */
function errorOf(env: Record<string, string>): ConfigError | undefined {
  try {
    loadConfig({ ...base, ...env });
    return undefined;
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
}

describe('loadConfig', () => {
  it('reads every section from one environment into one Config', () => {
    const config = loadConfig({
      ...base,
      SERVICE_PORT: '9090',
      SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE: '42',
      SERVICE_MARKETPLACE_EXPIRY_SCAN_SECONDS: '0',
      SERVICE_WEBHOOK_RETRY_SCHEDULE: '0, 1.5 ,2',
      SERVICE_SOURCES_SCHEDULER_SECONDS: '0',
      SERVICE_OAUTH_GENERIC_CLIENT_ID: 'id',
      SERVICE_OAUTH_GENERIC_CLIENT_SECRET: 'secret',
      SERVICE_OAUTH_GENERIC_AUTHORIZATION_URL: 'https://as.example/authorize',
      SERVICE_OAUTH_GENERIC_TOKEN_URL: 'https://as.example/token',
      SERVICE_OAUTH_GENERIC_API_BASE: 'https://as.example/api/',
      SERVICE_OAUTH_REDIRECT_ORIGINS: 'https://app.example/path, http://localhost:5173',
    });
    expect(config.port).toBe(9090);
    expect(config.rateLimit.principalPerMinute).toBe(42);
    expect(config.marketplace.expiryScanSeconds).toBe(0);
    expect(config.webhooks.retrySchedule).toEqual([0, 1.5, 2]);
    expect(config.sources.schedulerSeconds).toBe(0);
    expect(config.oauth.generic).toMatchObject({
      clientId: 'id',
      apiBase: 'https://as.example/api',
      scopes: ['files.read'],
    });
    expect(config.oauth.googleDrive).toBeUndefined();
    expect(config.oauth.redirectOrigins).toEqual(['https://app.example', 'http://localhost:5173']);
  });

  it('names every invalid variable of every section in one ConfigError', () => {
    const err = errorOf({
      SERVICE_PORT: 'eighty',
      SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE: 'lots',
      SERVICE_WEBHOOK_POLL_MS: '1',
      SERVICE_VAULT_MASTER_KEY: 'short',
      SERVICE_OAUTH_REDIRECT_ORIGINS: 'not a url',
      SERVICE_MARKETPLACE_WEBHOOK_SECRET: 'too-short',
    });
    expect(err?.issues.map((i) => i.variable).sort()).toEqual([
      'SERVICE_MARKETPLACE_WEBHOOK_SECRET',
      'SERVICE_OAUTH_REDIRECT_ORIGINS',
      'SERVICE_PORT',
      'SERVICE_RATE_LIMIT_PRINCIPAL_PER_MINUTE',
      'SERVICE_VAULT_MASTER_KEY',
      'SERVICE_WEBHOOK_POLL_MS',
    ]);
    expect(err?.message).toMatch(/^Invalid settings:\n/);
    expect(err?.message).toContain('  SERVICE_VAULT_MASTER_KEY: must be 32 bytes in base64');
  });

  it('reports settings that contradict each other, naming the variable', () => {
    expect(errorOf({ SERVICE_BLOB_STORE: 's3' })?.message).toContain(
      'SERVICE_S3_BUCKET: required when SERVICE_BLOB_STORE=s3',
    );
    expect(errorOf({ SERVICE_SERVER_PROCESSES: '2' })?.issues[0]?.variable).toBe('SERVICE_SERVER_PROCESSES');
    expect(errorOf({ SERVICE_RATE_LIMIT_STORE: 'redis' })?.issues[0]?.variable).toBe(
      'SERVICE_RATE_LIMIT_STORE',
    );
  });

  it('takes an empty value as unset, so the default applies', () => {
    const empty = loadConfig({
      ...base,
      SERVICE_PORT: '',
      SERVICE_WEBHOOK_CONCURRENCY: '',
      SERVICE_REDIS_URL: '',
    });
    expect(empty.port).toBe(8080);
    expect(empty.webhooks.concurrency).toBe(8);
    expect(empty.rateLimit.store).toBe('memory');
  });

  it('lets overrides (the CLI flags) win over the environment', () => {
    const config = loadConfig({ ...base, SERVICE_HOST: '0.0.0.0', SERVICE_PORT: '1' }, { port: 2 });
    expect(config).toMatchObject({ host: '0.0.0.0', port: 2, publicUrl: 'http://0.0.0.0:2' });
  });
});

describe('the source tree', () => {
  /** Files that build a child process's environment, and the CLI entry point that reads it for loadConfig. */
  const allowed = new Set(['cli.ts', 'engine/runtime-launch.ts', 'engine/sandbox.ts', 'parsing/ocr.ts']);

  it('reads process.env only at start-up and where a child process gets its environment', () => {
    const src = path.join(repoRoot, 'packages', 'server', 'src');
    const readers = (readdirSync(src, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts'))
      .filter((f) =>
        /process\.env\b/.test(
          readFileSync(path.join(src, f), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*/g, ''),
        ),
      )
      .filter((f) => !allowed.has(f.split(path.sep).join('/')));
    expect(readers).toEqual([]);
  });

  it('keeps the metrics address without a port, for `worker --metrics-port`, and serves nothing by default', () => {
    expect(loadConfig({ ...base }).metrics).toEqual({ host: '127.0.0.1', port: undefined });
    expect(loadConfig({ ...base, SERVICE_METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      host: '10.0.0.5',
      port: undefined,
    });
    expect(loadConfig({ ...base, SERVICE_METRICS_PORT: '9464' }).metrics).toEqual({
      host: '127.0.0.1',
      port: 9464,
    });
    expect(errorOf({ SERVICE_METRICS_PORT: '70000' })?.message).toContain('SERVICE_METRICS_PORT');
  });
});
