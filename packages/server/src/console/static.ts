import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC } from '../auth/access.js';
import { repoRoot } from '../config.js';
import { registerStaticFiles } from '../http/static-files.js';

/** Where `npm run build` puts the web console (packages/web). */
export const consoleDist = path.join(repoRoot, 'packages', 'web', 'dist');

/** Answers a browser navigation with the console's index.html; false when it is not one. */
export type ConsoleFallback = (req: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * Serves the built web console at `/` (a catch-all GET route below every API, docs and guide route;
 * a file it lacks goes on to the not-found handler) and returns the SPA fallback for the not-found handler: a browser
 * navigation (GET, accepts HTML, outside `/api/`) to a console path such as `/documents/{id}`
 * gets `index.html`. Without a build there is no console and nothing changes.
 */
export async function registerConsole(app: FastifyInstance, dir = consoleDist): Promise<ConsoleFallback> {
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) return () => false;
  const index = readFileSync(indexFile, 'utf8');
  await registerStaticFiles(
    app,
    {
      root: dir,
      prefix: '/',
      // A file missing here falls through to the not-found handler (problem JSON, or the SPA fallback).
      wildcard: true,
      decorateReply: false,
      // The build writes each text file also as .br and .gz (packages/web/vite.config.ts): sent as
      // they are to a browser that accepts them, so no request compresses a file.
      preCompressed: true,
      // Vite names assets by content hash, so they never change under one URL.
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    },
    PUBLIC,
  );
  return (req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (req.method !== 'GET' || url.startsWith('/api/') || !req.headers.accept?.includes('text/html'))
      return false;
    void reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(index);
    return true;
  };
}
