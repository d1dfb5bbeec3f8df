import type { FastifyBaseLogger } from 'fastify';
import type { LocalIssuer } from './auth/local-issuer.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './mail/mailer.js';

/** What every service function may need: settings, the database, the issuer, the mailer, a logger. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  localIssuer: LocalIssuer | undefined;
  mailer: Mailer;
  log: FastifyBaseLogger;
}
