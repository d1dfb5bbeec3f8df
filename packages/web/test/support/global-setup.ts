/**
 * Builds the console and starts a real `service-server serve` for the end-to-end tests: on a fresh
 * PostgreSQL database when one is reachable (SERVICE_TEST_ADMIN_URL, default the local server),
 * else on the embedded PGlite in a temporary data directory. The server bootstraps a SYSTEM_ADMIN
 * whose key the tests sign in with.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

const web = path.resolve(import.meta.dirname, '..', '..');
const root = path.resolve(web, '..', '..');

async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const adminUrl = process.env.SERVICE_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `console_e2e_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Waits for the lines `listening on URL` and `API key: KEY` of `serve --bootstrap-admin`. */
function started(child: ChildProcess): Promise<{ baseUrl: string; apiKey: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in 240 s:\n${out}`)), 240_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      const key = /API key: (dis_\S+)/.exec(out)?.[1];
      if (url && key) {
        clearTimeout(timer);
        resolve({ baseUrl: url, apiKey: key });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

export default async function setup(project: TestProject) {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: the tests
  // drive (and measure) the console as `npm run build` ships it.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: web, logLevel: 'warn', mode: 'production' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  // A server already running with the demo (`make run`), for working on the tests.
  if (process.env.SERVICE_E2E_URL && process.env.SERVICE_E2E_KEY) {
    project.provide('baseUrl', process.env.SERVICE_E2E_URL);
    project.provide('apiKey', process.env.SERVICE_E2E_KEY);
    return;
  }
  const database = await freshDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-e2e-data-'));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'packages', 'server', 'src', 'cli.ts'),
      'serve',
      '--port',
      '0',
      '--bootstrap-admin',
      'console-admin@example.com',
      '--demo',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        SERVICE_DATA_DIR: dataDir,
        SERVICE_SECRET_KEY: 'console-e2e-secret-key-0123456789abcdefghij',
        SERVICE_LOG_LEVEL: 'warn',
        SERVICE_HOST: '127.0.0.1',
        ...(database ? { SERVICE_DATABASE_URL: database.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const { baseUrl, apiKey } = await started(child);
  project.provide('baseUrl', baseUrl);
  project.provide('apiKey', apiKey);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    apiKey: string;
  }
}
