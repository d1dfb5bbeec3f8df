import type { FastifyBaseLogger } from 'fastify';
import type { LocalIssuer } from './auth/local-issuer.js';
import type { PrincipalDirectory } from './auth/principal-directory.js';
import type { BlobStore } from './blobs/store.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { PluginHost } from './engine/plugin-host.js';
import type { Reactions } from './events/reactions.js';
import type { StandIns } from './invitations/stand-ins.js';
import type { JobQueue } from './jobs/job-types.js';
import type { LlmProvider } from './llm/providers.js';
import type { Mailer } from './mail/mailer.js';
import type { UserDirectory } from './organizations/user-directory.js';
import type { ParserPool } from './parsing/pool.js';

/** What every service function may need: settings, the database, the issuer, the mailer, a logger. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  localIssuer: LocalIssuer | undefined;
  mailer: Mailer;
  log: FastifyBaseLogger;
  blobs: BlobStore;
  /** The task queue; undefined in one-shot CLI commands that enqueue nothing. */
  queue: JobQueue | undefined;
  plugins: PluginHost;
  /** Worker threads that parse documents off the event loop. */
  parsers: ParserPool;
  llm: LlmProvider;
  /** Who reacts to the domain events a service publishes (jobs/reactions.ts), in its transaction. */
  reactions: Reactions;
  /** The users look-ups of organizations (users/records.ts), which sits below users (issue 34). */
  userDirectory: UserDirectory;
  /** The pending invitees' stand-ins for invitations (users/records.ts), which sits below users. */
  standIns: StandIns;
  /** What authentication reads from the owners of keys, users and memberships (auth sits below them). */
  principals: PrincipalDirectory;
}
