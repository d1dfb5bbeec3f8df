import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './cli.js';

const run = promisify(execFile);

/** The directory of initdb and pg_ctl: the newest Debian cluster version, as scripts/test-services.sh finds it. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions[versions.length - 1];
  return newest ? path.join(root, newest, 'bin') : undefined;
}

/**
 * A private throwaway PostgreSQL cluster (initdb + pg_ctl on a free port in a temporary
 * directory), for tests that restart or stop their database: never the machine's shared server.
 * As root it runs as the `postgres` system user (initdb refuses root), like scripts/test-services.sh.
 */
export interface PrivateCluster {
  url: string;
  /** `pg_ctl restart -m <mode>`; resolves once the server accepts connections again. */
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl stop -m <mode>` (fast: every connection is terminated, as on a restart). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl start`; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops the server and deletes its directory. */
  destroy(): Promise<void>;
}

export async function startPrivateCluster(bin: string): Promise<PrivateCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'service-pg-'));
  chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const root = process.getuid?.() === 0;
  const as = (cmd: string, args: string[]) =>
    root
      ? run('runuser', ['-u', 'postgres', '--', cmd, ...args], { cwd: '/' })
      : run(cmd, args, { cwd: '/' });
  if (root) await run('chown', ['postgres', dir]);
  await as(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const ctl = (args: string[]) =>
    as(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-w', '-t', '60', ...args]);
  const start = () => ctl(['-l', path.join(dir, 'log'), 'start']).then(() => undefined);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async (mode = 'fast') => {
      await ctl(['-l', path.join(dir, 'log'), '-m', mode, 'restart']);
    },
    stop: async (mode = 'fast') => {
      await ctl(['-m', mode, 'stop']);
    },
    start,
    destroy: async () => {
      await ctl(['-m', 'immediate', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
