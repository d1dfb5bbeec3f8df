import { createHash } from 'node:crypto';
import { chmodSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AppContext } from '../context.js';
import { type OperatorIO, operatorCommands } from './commands.js';

/**
 * The operator socket: while `serve` owns the embedded database (PGlite allows one process per
 * data directory), the CLI's operator commands (`admin bootstrap`, `auth token`, `marketplace
 * import`, `vault rotate`) are run by that server on the CLI's behalf, through a Unix socket
 * beside the database.
 *
 * Access is the socket file's permission (0600, the server's user), like the data directory
 * itself, which holds the server secret anyway.
 *
 * Protocol: HTTP/1.1 `POST /` with `{"command": "admin bootstrap", "args": {...}}`; the answer is
 * NDJSON, one event a line: `{"out": line}`, `{"err": line}`, `{"progress": {label, done, total}}`,
 * and last `{"exit": code}`.
 */

/** Path of the operator socket for a data directory (Unix socket paths are limited to ~107 bytes). */
export function operatorSocketPath(dataDir: string): string {
  const beside = path.join(dataDir, 'operator.sock');
  if (Buffer.byteLength(beside) <= 100) return beside;
  const digest = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `service-operator-${digest}.sock`);
}

type Event = { out: string } | { err: string } | { progress: { label: string; done: number; total: number } };

/** Starts the operator socket of a server; `close` stops it and removes the socket file. */
export async function startOperatorSocket(
  ctx: AppContext,
  socketPath: string,
): Promise<{ path: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      const send = (event: Event | { exit: number }) => res.write(`${JSON.stringify(event)}\n`);
      void runRequested(ctx, body, send).then((code) => res.end(`${JSON.stringify({ exit: code })}\n`));
    });
  });
  rmSync(socketPath, { force: true }); // left by a server that died; we hold the data-dir lock
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        rmSync(socketPath, { force: true });
      }),
  };
}

async function runRequested(ctx: AppContext, body: string, send: (e: Event) => void): Promise<number> {
  const io: OperatorIO = {
    out: (line) => send({ out: line }),
    err: (line) => send({ err: line }),
    progress: (label, done, total) => send({ progress: { label, done, total } }),
  };
  let request: { command?: unknown; args?: unknown };
  try {
    request = JSON.parse(body) as typeof request;
  } catch {
    io.err('error: the operator request is not JSON');
    return 2;
  }
  const command = typeof request.command === 'string' ? operatorCommands[request.command] : undefined;
  if (!command) {
    io.err(`error: this server does not run the operator command ${JSON.stringify(request.command)}`);
    return 2;
  }
  try {
    return await command(ctx, (request.args ?? {}) as Record<string, unknown>, io);
  } catch (err) {
    ctx.log.error({ err, command: request.command }, 'operator command failed');
    io.err(`error: ${(err as Error).message}`);
    return 1;
  }
}

/**
 * Runs an operator command in the server listening on `socketPath`, relaying its output to `io`.
 *
 * @returns the command's exit code
 * @throws when the socket does not answer (e.g. ECONNREFUSED, ENOENT)
 */
export function callOperatorSocket(
  socketPath: string,
  command: string,
  args: Record<string, unknown>,
  io: OperatorIO,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath, method: 'POST', path: '/', headers: { 'content-type': 'application/json' } },
      (res) => {
        let buffer = '';
        let exit = 1;
        res.setEncoding('utf8');
        const handle = (line: string) => {
          if (!line) return;
          const e = JSON.parse(line) as {
            out?: string;
            err?: string;
            progress?: { label: string; done: number; total: number };
            exit?: number;
          };
          if (typeof e.out === 'string') io.out(e.out);
          else if (typeof e.err === 'string') io.err(e.err);
          else if (e.progress) io.progress(e.progress.label, e.progress.done, e.progress.total);
          else if (typeof e.exit === 'number') exit = e.exit;
        };
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let nl = buffer.indexOf('\n');
          while (nl >= 0) {
            handle(buffer.slice(0, nl));
            buffer = buffer.slice(nl + 1);
            nl = buffer.indexOf('\n');
          }
        });
        res.on('end', () => {
          handle(buffer);
          resolve(exit);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ command, args }));
  });
}
