import path from 'node:path';
import { z } from 'zod';
import { flag, section } from './env.js';
import { defaultDemoCorpusDir } from './paths.js';

/** Settings of the sources domain (docs/sources.md, docs/operations.md "Settings"). */
export interface SourcesSettings {
  /** Domain of the inbound forwarding addresses (its MX points at the SMTP listener). */
  emailDomain: string;
  /** Port of the inbound SMTP listener; when set, `serve` starts it too. */
  smtpListenPort: number | undefined;
  smtpListenHost: string;
  /** SIZE limit announced and enforced (RFC 1870), in bytes. */
  smtpMaxMessageBytes: number;
  /** How often the auto-sync scheduler looks for due connections, in seconds; 0 = off. */
  schedulerSeconds: number;
  /** Wall-clock limit of one `fetch`, in seconds. */
  syncTimeoutSeconds: number;
  /** A RUNNING sync without a heartbeat for this long (seconds) is taken as dead. */
  staleSyncSeconds: number;
  /** The real documents `serve --demo` and `service-server demo` ingest (README "Which documents"). */
  demoCorpusDir: string;
  /** The local OAuth development provider: off, or the folder and port it serves. */
  devProvider: { filesDir: string; port: number } | undefined;
}

/** SERVICE_EMAIL_DOMAIN, SERVICE_SMTP_LISTEN_*, SERVICE_SOURCES_* and SERVICE_OAUTH_DEV_*. */
export const sourcesSection = section(
  z.object({
    SERVICE_EMAIL_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+$/, 'must be a domain name')
      .default('inbound.localhost'),
    SERVICE_SMTP_LISTEN_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    SERVICE_SMTP_LISTEN_HOST: z.string().default('0.0.0.0'),
    SERVICE_SMTP_MAX_MESSAGE_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(25 * 1024 * 1024),
    SERVICE_SOURCES_SCHEDULER_SECONDS: z.coerce.number().min(0).default(30),
    SERVICE_SOURCES_SYNC_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(1800),
    SERVICE_SOURCES_STALE_SYNC_SECONDS: z.coerce.number().int().positive().default(600),
    SERVICE_DEMO_CORPUS: z.string().min(1).optional(),
    SERVICE_OAUTH_DEV_PROVIDER: flag.default(false),
    SERVICE_OAUTH_DEV_FILES_DIR: z.string().min(1).optional(),
    SERVICE_OAUTH_DEV_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  }),
  (e): SourcesSettings => {
    const demoCorpusDir = e.SERVICE_DEMO_CORPUS
      ? path.resolve(e.SERVICE_DEMO_CORPUS)
      : defaultDemoCorpusDir();
    const devFilesDir =
      e.SERVICE_OAUTH_DEV_FILES_DIR ?? path.join(demoCorpusDir, 'agreements-md', 'commonpaper');
    return {
      emailDomain: e.SERVICE_EMAIL_DOMAIN,
      smtpListenPort: e.SERVICE_SMTP_LISTEN_PORT,
      smtpListenHost: e.SERVICE_SMTP_LISTEN_HOST,
      smtpMaxMessageBytes: e.SERVICE_SMTP_MAX_MESSAGE_BYTES,
      schedulerSeconds: e.SERVICE_SOURCES_SCHEDULER_SECONDS,
      syncTimeoutSeconds: e.SERVICE_SOURCES_SYNC_TIMEOUT_SECONDS,
      staleSyncSeconds: e.SERVICE_SOURCES_STALE_SYNC_SECONDS,
      demoCorpusDir,
      devProvider: e.SERVICE_OAUTH_DEV_PROVIDER
        ? { filesDir: path.resolve(devFilesDir), port: e.SERVICE_OAUTH_DEV_PORT }
        : undefined,
    };
  },
);
