import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of files on disk (the console, the guides' images): not an API request. */
    staticFiles?: boolean;
  }
}

/**
 * Registers `@fastify/static` with `opts` in a scope of its own whose routes declare `access`
 * (auth/access.ts; files are `PUBLIC`) and are marked `config.staticFiles`, so that the rate limits
 * (ratelimit/hooks.ts) do not count them: a page of the console loads a dozen hashed files, which
 * cost a file read each (docs/operations.md "Rate limits"). Prefix and not-found handling are the
 * caller's, as with a direct registration.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  opts: FastifyStaticOptions,
  access: NonNullable<FastifyContextConfig['access']>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: route.config?.access ?? access, staticFiles: true };
    });
    await scope.register(fastifyStatic, opts);
  });
}

/**
 * Whether `req` asks for a file rather than the API: a route of {@link registerStaticFiles} outside
 * `/api/`. The console's catch-all `/*` is one, so a browser navigation to a console page (answered
 * with index.html) and a file that does not exist (404) are file look-ups too; a path under `/api/`
 * that no route serves is not.
 */
export function isStaticFileRequest(req: FastifyRequest): boolean {
  return !!req.routeOptions.config?.staticFiles && !req.url.startsWith('/api/');
}
