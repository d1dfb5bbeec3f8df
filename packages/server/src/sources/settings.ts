import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../config.js';

const optionalPort = z.coerce.number().int().min(0).max(65535).optional();

/**
 * Settings of the sources domain, from the SERVICE_* environment:
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | SERVICE_EMAIL_DOMAIN | `inbound.localhost` | domain of the inbound forwarding addresses (its MX points at the SMTP listener) |
 * | SERVICE_SMTP_LISTEN_PORT | unset | port of the inbound SMTP listener; when set, `serve` starts it too (`service-server smtp` always does) |
 * | SERVICE_SMTP_LISTEN_HOST | `0.0.0.0` | interface of the listener |
 * | SERVICE_SMTP_MAX_MESSAGE_BYTES | 25 MiB | SIZE limit announced and enforced (RFC 1870) |
 * | SERVICE_SOURCES_SCHEDULER_SECONDS | `30` | period of the scheduled task `source-poll` that looks for due auto-sync connections, in whole minutes (at least one; jobs/workers.ts); 0 = off |
 * | SERVICE_SOURCES_SYNC_TIMEOUT_SECONDS | `1800` | wall-clock limit of one `fetch` |
 * | SERVICE_SOURCES_STALE_SYNC_SECONDS | `600` | a RUNNING sync without a heartbeat for this long is taken as dead |
 * | SERVICE_OAUTH_DEV_PROVIDER | `false` (`true` under `serve --demo`) | start the local OAuth development provider (src/sources/dev-provider.ts) |
 * | SERVICE_OAUTH_DEV_FILES_DIR | `../shared/corpus/agreements-md/commonpaper` | folder its file API serves |
 * | SERVICE_OAUTH_DEV_PORT | `0` (a free port) | its port on 127.0.0.1 |
 */
const sourcesEnvSchema = z.object({
  SERVICE_EMAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+$/, 'must be a domain name')
    .default('inbound.localhost'),
  SERVICE_SMTP_LISTEN_PORT: optionalPort,
  SERVICE_SMTP_LISTEN_HOST: z.string().default('0.0.0.0'),
  SERVICE_SMTP_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  SERVICE_SOURCES_SCHEDULER_SECONDS: z.coerce.number().min(0).default(30),
  SERVICE_SOURCES_SYNC_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(1800),
  SERVICE_SOURCES_STALE_SYNC_SECONDS: z.coerce.number().int().positive().default(600),
  SERVICE_OAUTH_DEV_PROVIDER: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default('false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  SERVICE_OAUTH_DEV_FILES_DIR: z
    .string()
    .min(1)
    .default(path.resolve(repoRoot, '..', 'shared', 'corpus', 'agreements-md', 'commonpaper')),
  SERVICE_OAUTH_DEV_PORT: z.coerce.number().int().min(0).max(65535).default(0),
});

export interface SourcesSettings {
  emailDomain: string;
  smtpListenPort: number | undefined;
  smtpListenHost: string;
  smtpMaxMessageBytes: number;
  schedulerSeconds: number;
  syncTimeoutSeconds: number;
  staleSyncSeconds: number;
  /** The local OAuth development provider: off, or the folder and port it serves. */
  devProvider: { filesDir: string; port: number } | undefined;
}

/**
 * Reads the sources settings from `env` (default `process.env`, read at call time so tests may
 * set variables before they build an app).
 *
 * @throws Error naming the first invalid variable
 */
export function loadSourcesSettings(env: NodeJS.ProcessEnv = process.env): SourcesSettings {
  const parsed = sourcesEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid setting ${String(issue?.path[0] ?? '')}: ${issue?.message ?? 'invalid'}`);
  }
  const e = parsed.data;
  return {
    emailDomain: e.SERVICE_EMAIL_DOMAIN,
    smtpListenPort: e.SERVICE_SMTP_LISTEN_PORT,
    smtpListenHost: e.SERVICE_SMTP_LISTEN_HOST,
    smtpMaxMessageBytes: e.SERVICE_SMTP_MAX_MESSAGE_BYTES,
    schedulerSeconds: e.SERVICE_SOURCES_SCHEDULER_SECONDS,
    syncTimeoutSeconds: e.SERVICE_SOURCES_SYNC_TIMEOUT_SECONDS,
    staleSyncSeconds: e.SERVICE_SOURCES_STALE_SYNC_SECONDS,
    devProvider: e.SERVICE_OAUTH_DEV_PROVIDER
      ? { filesDir: path.resolve(e.SERVICE_OAUTH_DEV_FILES_DIR), port: e.SERVICE_OAUTH_DEV_PORT }
      : undefined,
  };
}
