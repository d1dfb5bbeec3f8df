import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { issueApiKeyForUser } from '../../src/api-keys/service.js';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { migrateDatabase, pgliteDatabase } from '../../src/db/client.js';
import { bootstrapSystemAdmin } from '../../src/users/service.js';

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * A real app on the run's PostgreSQL database (or an in-memory PGlite when SERVICE_TEST_DB=pglite),
 * with its own data directory so mail lands in `<dataDir>/mail`.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  opts: { logStream?: DestinationStream } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'service-test-'));
  const databaseUrl = inject('databaseUrl');
  const env = {
    SERVICE_DATA_DIR: dataDir,
    SERVICE_SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
    SERVICE_PUBLIC_URL: 'http://service.test',
    SERVICE_LOG_LEVEL: 'silent',
    ...(databaseUrl ? { SERVICE_DATABASE_URL: databaseUrl } : {}),
    ...overrides,
  };
  const config = loadConfig(env);
  let database: Awaited<ReturnType<typeof pgliteDatabase>> | undefined;
  if (!databaseUrl) {
    database = pgliteDatabase(await PGlite.create());
    await migrateDatabase(database);
  }
  const app = await buildApp(config, {
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
    ...(database ? { database } : {}),
  });
  await app.ready();
  return { app, dataDir, config };
}

let counter = 0;
/** A unique email for this test run. */
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
  personalOrgId: string;
  headers: Record<string, string>;
}

/** Signs in a new user through the local issuer (JIT provisioning) and returns its bearer header. */
export async function signUp(app: TestApp, email = uniqueEmail(), name?: string): Promise<TestUser> {
  const issuer = app.ctx.localIssuer;
  if (!issuer) throw new Error('the test app has no local issuer');
  const token = await issuer.sign({ sub: `test|${email}`, email, name }, 3600);
  const headers = { authorization: `Bearer ${token}` };
  const me = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers });
  if (me.statusCode !== 200) throw new Error(`sign-up failed: ${me.statusCode} ${me.body}`);
  const body = me.json() as { id: string; roles: { organization_id: string; role: string }[] };
  const personal = body.roles.find((r) => r.role === 'OWNER');
  if (!personal) throw new Error('a new user should own its personal organization');
  return { id: body.id, email, token, personalOrgId: personal.organization_id, headers };
}

/** A SYSTEM_ADMIN with an API key, as `admin bootstrap` makes one. */
export async function systemAdmin(app: TestApp): Promise<TestUser> {
  const email = uniqueEmail('admin');
  const user = await bootstrapSystemAdmin(app.ctx, email);
  const { key } = await issueApiKeyForUser(app.ctx, user.id, 'test');
  const headers = { authorization: `Bearer ${key}` };
  const me = (await app.inject({ method: 'GET', url: '/api/v1/users/me', headers })).json() as {
    roles: { organization_id: string; role: string }[];
  };
  const personal = me.roles.find((r) => r.role === 'OWNER');
  if (!personal) throw new Error('a bootstrapped admin should own its personal organization');
  return { id: user.id, email, token: key, personalOrgId: personal.organization_id, headers };
}

/** Creates a TEAM organization owned by `owner` and returns its id. */
export async function createTeam(
  app: TestApp,
  owner: TestUser,
  name = `Team ${uniqueEmail('t')}`,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: owner.headers,
    payload: { name },
  });
  if (res.statusCode !== 200) throw new Error(`create team failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/** Adds `user` to `orgId` with `role`, as the owner. */
export async function addMember(
  app: TestApp,
  owner: TestUser,
  orgId: string,
  user: TestUser,
  role: 'ADMIN' | 'MEMBER',
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${orgId}/members`,
    headers: owner.headers,
    payload: { user_id: user.id, role },
  });
  if (res.statusCode !== 200) throw new Error(`add member failed: ${res.statusCode} ${res.body}`);
}

/** Headers acting in organization `orgId`. */
export function inOrg(user: TestUser, orgId: string): Record<string, string> {
  return { ...user.headers, 'x-organization-id': orgId };
}
