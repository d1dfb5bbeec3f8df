import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../src/db/client.js';

/**
 * Makes a fresh PostgreSQL database for this run (SERVICE_TEST_ADMIN_URL, default the local
 * server) and migrates it once; test files share it and isolate by creating their own tenants.
 * With SERVICE_TEST_DB=pglite each file uses its own in-memory PGlite instead.
 */
export default async function setup(project: TestProject) {
  if (process.env.SERVICE_TEST_DB === 'pglite') {
    project.provide('databaseUrl', '');
    return;
  }
  const adminUrl = process.env.SERVICE_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `service_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '/tmp' });
  await migrateDatabase(database);
  await database.close();
  project.provide('databaseUrl', url.toString());
  return async () => {
    if (process.env.SERVICE_TEST_KEEP_DB) return;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
